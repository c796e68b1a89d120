import {
  readInboxEvent,
  type TicketCreate,
  type TicketListQuery,
  type TicketUpdate,
  ticketsOperations,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callOperation } from '../../../lib/http';
import { type RealtimeConnection, realtime } from '../../../lib/realtime';

export const ticketKeys = {
  all: (clientId: string) => ['tickets', clientId] as const,
  list: (clientId: string, query: TicketListQuery) => [...ticketKeys.all(clientId), 'list', query] as const,
  detail: (clientId: string, id: string) => [...ticketKeys.all(clientId), 'detail', id] as const,
  daily: (clientId: string, from: string, to: string) =>
    [...ticketKeys.all(clientId), 'daily', from, to] as const,
};

/**
 * The ticket screens, live: any ticket change the socket tells of refreshes the lists, the open ticket
 * and the daily figures (the server sends it only to those allowed to see the ticket).
 */
export function useTicketsLive(
  clientId: string,
  connection: Pick<RealtimeConnection, 'subscribe'> = realtime,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all(clientId) });
    return connection.subscribe({
      onEvent: (frame) => {
        if (readInboxEvent(frame)?.typeNotif === 'TICKET_UPDATED') refresh();
      },
      onReset: refresh,
    });
  }, [clientId, queryClient, connection]);
}

export function useTickets(clientId: string, query: TicketListQuery) {
  return useQuery({
    queryKey: ticketKeys.list(clientId, query),
    queryFn: ({ signal }) => callOperation(ticketsOperations.listTickets, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(clientId: string, id: string) {
  return useQuery({
    queryKey: ticketKeys.detail(clientId, id),
    queryFn: ({ signal }) => callOperation(ticketsOperations.getTicket, { signal, query: { id } }),
  });
}

export function useDailyTickets(clientId: string, from: string, to: string) {
  return useQuery({
    queryKey: ticketKeys.daily(clientId, from, to),
    queryFn: ({ signal }) => callOperation(ticketsOperations.dailyTickets, { signal, query: { from, to } }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateTicket(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketCreate) => callOperation(ticketsOperations.createTicket, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all(clientId) }),
  });
}

export function useUpdateTicket(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketUpdate) => callOperation(ticketsOperations.updateTicket, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all(clientId) }),
  });
}
