import { approvalsOperations, type CheckerMakerChannel, type CheckerMakerUpdate } from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

export const checkerMakerKeys = {
  all: ['checkerMaker'] as const,
  list: (clientId: string, channel: CheckerMakerChannel, page: number, pageSize: number) =>
    [...checkerMakerKeys.all, clientId, channel, page, pageSize] as const,
};

export function useCheckerMakers(
  clientId: string,
  channel: CheckerMakerChannel,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: checkerMakerKeys.list(clientId, channel, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(approvalsOperations.listCheckerMakers, {
        query: { channel, pageSize, pageNumber: page - 1 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCheckerMaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CheckerMakerUpdate) =>
      callOperation(approvalsOperations.saveCheckerMaker, { body: update }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkerMakerKeys.all }),
  });
}

export function useRemoveCheckerMaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { channel: CheckerMakerChannel; userId: string }) =>
      callOperation(approvalsOperations.removeCheckerMaker, { query: target }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkerMakerKeys.all }),
  });
}
