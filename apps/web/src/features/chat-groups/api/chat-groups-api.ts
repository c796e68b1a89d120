import { groupsOperations } from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

/** Group messages arrive from the channel's webhook; the open group refreshes this often. */
export const GROUP_POLL_MS = 5_000;

export const chatGroupKeys = {
  all: (clientId: string) => ['chatGroups', clientId] as const,
  list: (clientId: string, page: number, search: string) =>
    [...chatGroupKeys.all(clientId), 'list', page, search] as const,
  detail: (clientId: string, id: string) => [...chatGroupKeys.all(clientId), 'detail', id] as const,
  messages: (clientId: string, id: string) => [...chatGroupKeys.all(clientId), 'messages', id] as const,
};

export function useChatGroups(clientId: string, page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: chatGroupKeys.list(clientId, page, search),
    queryFn: ({ signal }) =>
      callOperation(groupsOperations.listGroups, {
        signal,
        query: { pageNumber: page, pageSize, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: GROUP_POLL_MS,
  });
}

export function useChatGroup(clientId: string, id: string | null) {
  return useQuery({
    queryKey: chatGroupKeys.detail(clientId, id ?? ''),
    queryFn: ({ signal }) => callOperation(groupsOperations.getGroup, { signal, query: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

export function useGroupMessages(clientId: string, id: string | null) {
  return useQuery({
    queryKey: chatGroupKeys.messages(clientId, id ?? ''),
    queryFn: ({ signal }) =>
      callOperation(groupsOperations.listGroupMessages, {
        signal,
        query: { groupId: id ?? '', pageSize: 50 },
      }),
    enabled: Boolean(id),
    refetchInterval: GROUP_POLL_MS,
  });
}

function useGroupMutation<Body>(clientId: string, run: (body: Body) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatGroupKeys.all(clientId) }),
  });
}

export const useCreateGroup = (clientId: string) =>
  useGroupMutation(clientId, (body: { subject: string; groupId?: string }) =>
    callOperation(groupsOperations.createGroup, { body }),
  );
export const useUpdateGroup = (clientId: string) =>
  useGroupMutation(clientId, (body: { id: string; subject: string; groupId?: string }) =>
    callOperation(groupsOperations.updateGroup, { body }),
  );
export const useAddParticipant = (clientId: string) =>
  useGroupMutation(clientId, (body: { groupId: string; customerPhoneNumber: string; isAdmin?: boolean }) =>
    callOperation(groupsOperations.addParticipant, { body }),
  );
export const useChangeParticipant = (clientId: string) =>
  useGroupMutation(
    clientId,
    (body: { groupId: string; customerPhoneNumber: string; isAdmin?: boolean; remove?: boolean }) =>
      callOperation(groupsOperations.updateParticipant, { body }),
  );
export const useSendGroupMessage = (clientId: string) =>
  useGroupMutation(clientId, (body: { groupId: string; content: string }) =>
    callOperation(groupsOperations.sendGroupMessage, { body }),
  );
export const useMarkGroupRead = (clientId: string) =>
  useGroupMutation(clientId, (body: { groupId: string }) =>
    callOperation(groupsOperations.markGroupRead, { body }),
  );
