import { parseRoomEvent } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

/**
 * What happened to a room (a `room_event` message: a transfer, a move to a tag's queue) in the
 * reader's language. Shared by the agents' conversation and the history transcript.
 */
export function useRoomEventText() {
  const { t } = useTranslation();
  return (content: string | null) => {
    const event = parseRoomEvent(content);
    if (!event) return t('roomEvent.unreadable');
    if (event.event === 'queued')
      return event.to
        ? t('roomEvent.queuedTaken', { tag: event.tag, by: event.by, to: event.to })
        : t('roomEvent.queued', { tag: event.tag, by: event.by });
    return event.from
      ? t('roomEvent.transferredFrom', { from: event.from, to: event.to, by: event.by })
      : t('roomEvent.transferred', { to: event.to, by: event.by });
  };
}
