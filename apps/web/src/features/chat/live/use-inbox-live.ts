import type { ChatMessage } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type RealtimeConnection, realtime } from '../../../lib/realtime';
import { chatKeys } from '../api/chat-keys';
import { applyInboxEvent } from './inbox-cache';

/**
 * Keeps the workspace live: every inbox event of the socket goes into the query cache (the socket
 * replays what was missed after a reconnect and drops what was already seen); when the server cannot
 * replay the gap, everything the workspace shows is fetched again.
 */
export function useInboxLive(
  onCustomerMessage?: (message: ChatMessage) => void,
  connection: RealtimeConnection = realtime,
) {
  const queryClient = useQueryClient();
  const callback = useRef(onCustomerMessage);
  callback.current = onCustomerMessage;
  useEffect(
    () =>
      connection.subscribe({
        onEvent: (event) => {
          const arrived = applyInboxEvent(queryClient, event);
          if (arrived) callback.current?.(arrived);
        },
        onReset: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
      }),
    [connection, queryClient],
  );
}
