import type { RealtimeEvent } from '@sapa/contracts/realtime';
import { type Query, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { realtime } from './index';

export type LiveRefetchOptions = {
  /** A burst of events refetches once, this long after the first of them. */
  delayMs?: number;
  /** Narrows which queries under the key are read again. */
  predicate?: (query: Query) => boolean;
};

/**
 * Reads the queries under `queryKey` again when the live socket reports an event `matters` accepts, or
 * a gap it cannot replay; screens keep their poll only as the fallback for readers the socket misses.
 */
export function useLiveRefetch(
  queryKey: QueryKey,
  matters: (event: RealtimeEvent) => boolean,
  { delayMs = 1_000, predicate }: LiveRefetchOptions = {},
) {
  const queryClient = useQueryClient();
  // The latest filters without re-subscribing on every render.
  const latest = useRef({ matters, predicate });
  latest.current = { matters, predicate };
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    const key = JSON.parse(keyText) as QueryKey;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        const narrowed = latest.current.predicate;
        void queryClient.invalidateQueries({ queryKey: key, ...(narrowed ? { predicate: narrowed } : {}) });
      }, delayMs);
    };
    const unsubscribe = realtime.subscribe({
      onEvent: (event) => {
        if (latest.current.matters(event)) refresh();
      },
      onReset: refresh,
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [keyText, delayMs, queryClient]);
}
