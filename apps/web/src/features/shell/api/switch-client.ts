import { clientsOperations, identityOperations, type Session } from '@sapa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

export const clientKeys = {
  all: ['clients'] as const,
  mine: (userId: string) => [...clientKeys.all, 'mine', userId] as const,
};

/** `GET /api/clients/me`: the current client and, for a super admin, every client (listClientInfo). */
export async function getMyClients(signal?: AbortSignal) {
  return callOperation(clientsOperations.getMyClientInfo, { signal });
}

export function useMyClients(userId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: clientKeys.mine(userId),
      queryFn: ({ signal }) => getMyClients(signal),
      enabled,
    }),
  );
}

/** `PUT /api/users/ownClientId`: a super admin acts for another client; answers the new session state. */
export async function switchOwnClient(clientId: string): Promise<Session> {
  return callOperation(identityOperations.switchOwnClient, {
    body: { clientId },
    // The new state carries the key its own hash was made with.
    integrityKey: (answer) => (typeof answer.integrityKey === 'string' ? answer.integrityKey : null),
  });
}
