import {
  type CheckerMakerChannel,
  CheckerMakerPageSchema,
  type CheckerMakerUpdate,
  CheckerMakerUserSchema,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

const CHECKER_MAKER_PATH = '/api/checker-maker';

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
    queryFn: async ({ signal }) =>
      CheckerMakerPageSchema.parse(
        await http.get(CHECKER_MAKER_PATH, { signal, query: { channel, pageSize, pageNumber: page - 1 } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCheckerMaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: CheckerMakerUpdate) =>
      CheckerMakerUserSchema.parse(await http.put(CHECKER_MAKER_PATH, update)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkerMakerKeys.all }),
  });
}

export function useRemoveCheckerMaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: { channel: CheckerMakerChannel; userId: string }) =>
      http.delete(CHECKER_MAKER_PATH, { query: target }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkerMakerKeys.all }),
  });
}
