import { Badge, Text } from '@mantine/core';
import type { ChatRoom } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { useNow } from './window-countdown';

/** The priorities the workspace offers; the API stores priority as a free string (spec §5). */
export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
const COLORS: Record<string, string> = { low: 'gray', medium: 'blue', high: 'orange', urgent: 'red' };

export function PriorityBadge({ priority }: { priority: string | null }) {
  const { t } = useTranslation();
  if (!priority) return null;
  const known = (PRIORITIES as readonly string[]).includes(priority);
  return (
    <Badge size="xs" color={COLORS[priority] ?? 'gray'} variant="light">
      {known ? t(`chat.priority.${priority}`) : priority}
    </Badge>
  );
}

/** How long the customer has been waiting: since their last message when no agent answered it yet. */
export function WaitingTime({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const since =
    room.lastMessage && !room.lastMessage.fromCs
      ? room.lastMessage.at
      : room.status === 'queued'
        ? room.createdAt
        : null;
  const now = useNow(30_000);
  if (!since) return null;
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  const label =
    minutes < 60
      ? t('chat.waiting.minutes', { count: minutes })
      : t('chat.waiting.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return (
    <Text
      size="xs"
      c={minutes >= 15 ? 'red' : 'dimmed'}
      aria-label={t('chat.waiting.label', { time: label })}
    >
      {label}
    </Text>
  );
}
