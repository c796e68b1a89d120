import { groupsOperations, readInboxEvent } from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callOperation } from '../../../lib/http';
import { type RealtimeConnection, realtime } from '../../../lib/realtime';

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
  });
}

/**
 * The group screen, live: a group's new state (participants, WhatsApp sync) replaces its cached detail,
 * a message written in it refreshes its conversation, and the list follows; after a reconnect the
 * socket replays what was missed, or everything is fetched again.
 */
export function useChatGroupsLive(
  clientId: string,
  connection: Pick<RealtimeConnection, 'subscribe'> = realtime,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refreshList = () =>
      void queryClient.invalidateQueries({ queryKey: [...chatGroupKeys.all(clientId), 'list'] });
    return connection.subscribe({
      onEvent: (frame) => {
        const event = readInboxEvent(frame);
        if (event?.typeNotif === 'GROUP_UPDATED' && event.data) {
          queryClient.setQueryData(chatGroupKeys.detail(clientId, event.data.groupId), event.data.group);
          refreshList();
        } else if (event?.typeNotif === 'GROUP_MESSAGE' && event.data) {
          void queryClient.invalidateQueries({
            queryKey: chatGroupKeys.messages(clientId, event.data.groupId),
          });
          refreshList();
        }
      },
      onReset: () => void queryClient.invalidateQueries({ queryKey: chatGroupKeys.all(clientId) }),
    });
  }, [clientId, queryClient, connection]);
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
export const useRetryGroupSync = (clientId: string) =>
  useGroupMutation(clientId, (body: { groupId: string }) =>
    callOperation(groupsOperations.retryGroupSync, { body }),
  );
export const useMarkGroupRead = (clientId: string) =>
  useGroupMutation(clientId, (body: { groupId: string }) =>
    callOperation(groupsOperations.markGroupRead, { body }),
  );
