import { internalChatOperations, roomsOperations } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callOperation } from '../../../lib/http';
import { realtime } from '../../../lib/realtime';

export const internalRoomKeys = {
  all: (clientId: string) => ['chatInternalRooms', clientId] as const,
};

/** The caller's internal rooms with their own unread counts; refreshed when the socket says one changed. */
export function useInternalRooms(clientId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: internalRoomKeys.all(clientId) });
    return realtime.subscribe({
      onEvent: (event) => {
        const room = (event as { chatroom?: { isInternal?: boolean } }).chatroom;
        if (room?.isInternal || event.typeNotif === 'ROOM_READ') refresh();
      },
      onReset: refresh,
    });
  }, [clientId, queryClient]);
  return useQuery({
    queryKey: internalRoomKeys.all(clientId),
    queryFn: ({ signal }) =>
      callOperation(internalChatOperations.listInternalRooms, { signal, query: { pageSize: 50 } }),
  });
}

/** Opens an internal room about a customer with a colleague (POST /chatRoomInternal). */
export function useOpenInternalRoom(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { customerPhoneNumber: string; toCsId?: string }) =>
      callOperation(roomsOperations.createInternalRoom, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internalRoomKeys.all(clientId) }),
  });
}
