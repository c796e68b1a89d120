import { notifications } from '@mantine/notifications';
import { type ChatMessage, readInboxEvent } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const callback = useRef(onCustomerMessage);
  callback.current = onCustomerMessage;
  const translate = useRef(t);
  translate.current = t;
  useEffect(
    () =>
      connection.subscribe({
        onEvent: (event) => {
          const arrived = applyInboxEvent(queryClient, event);
          if (arrived) callback.current?.(arrived);
          const mention = readInboxEvent(event);
          // A colleague's @mention in a private note: said at once, whatever room is open.
          if (mention?.typeNotif === 'NOTE_MENTION' && mention.data)
            notifications.show({
              id: `mention-${mention.messageId}`,
              color: 'yellow',
              title: translate.current('chat.note.mentioned', {
                name: mention.data.by,
                room: mention.data.shortId,
              }),
              message: mention.chat?.content ?? '',
              autoClose: 10_000,
            });
        },
        onReset: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
      }),
    [connection, queryClient],
  );
}
