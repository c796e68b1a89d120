import {
  type TicketCreate,
  type TicketListQuery,
  type TicketUpdate,
  ticketsOperations,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

export const ticketKeys = {
  all: (clientId: string) => ['tickets', clientId] as const,
  list: (clientId: string, query: TicketListQuery) => [...ticketKeys.all(clientId), 'list', query] as const,
  detail: (clientId: string, id: string) => [...ticketKeys.all(clientId), 'detail', id] as const,
  daily: (clientId: string, from: string, to: string) =>
    [...ticketKeys.all(clientId), 'daily', from, to] as const,
};

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
