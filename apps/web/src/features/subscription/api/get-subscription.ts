import { type Subscription, subscriptionOperations } from '@sapa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  mine: (clientId: string) => [...subscriptionKeys.all, clientId] as const,
};

/** `GET /api/cs/subscriptions/me`: the trial state of the session's client. */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return callOperation(subscriptionOperations.getMySubscription, { signal });
}

export function subscriptionQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.mine(clientId),
    queryFn: ({ signal }) => getSubscription(signal),
  });
}

export function useSubscription(clientId: string) {
  return useQuery({ ...subscriptionQueryOptions(clientId), staleTime: 0 });
}

/** How long the route guard trusts what it read: the server enforces the trial on every call anyway. */
const GUARD_CACHE_MS = 60_000;
let cached: { clientId: string; at: number; value: Subscription | null } | null = null;

let pending: { clientId: string; value: Promise<Subscription | null> } | null = null;

/**
 * The subscription the route guard checks, read at most once a minute per client (one read at a time:
 * a sign-in starts it before the guard asks). When it cannot be read the guard lets the user through;
 * the server answers feature calls with `trial_expired` and the shell then goes to `/subscription`.
 */
export function loadSubscriptionForGuard(clientId: string): Promise<Subscription | null> {
  if (cached && cached.clientId === clientId && Date.now() - cached.at < GUARD_CACHE_MS)
    return Promise.resolve(cached.value);
  if (pending?.clientId === clientId) return pending.value;
  const value = getSubscription().catch(() => null);
  const read = { clientId, value };
  pending = read;
  void value.then((subscription) => {
    if (pending !== read) return;
    pending = null;
    cached = { clientId, at: Date.now(), value: subscription };
  });
  return value;
}

/** Forgets the guard's copy (client switch, logout, a `trial_expired` answer, a renewal). */
export function forgetGuardSubscription(): void {
  cached = null;
  pending = null;
}
