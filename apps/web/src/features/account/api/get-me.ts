import { identityOperations, type Me } from '@sapa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';

export const accountKeys = {
  all: ['account'] as const,
  me: (userId: string, clientId: string) => [...accountKeys.all, 'me', userId, clientId] as const,
};

/** `GET /api/users/me`: the signed-in user as the server sees them now. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  return callOperation(identityOperations.getMe, { signal });
}

export function meQueryOptions(userId: string, clientId: string) {
  return queryOptions({ queryKey: accountKeys.me(userId, clientId), queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  const userId = useSessionStore((state) => state.session?.userId ?? '');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  return useQuery({ ...meQueryOptions(userId, clientId), enabled: userId !== '' });
}
