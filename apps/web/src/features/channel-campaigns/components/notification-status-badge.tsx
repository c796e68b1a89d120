import { Badge } from '@mantine/core';
import type { NotificationStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import '../channel-campaigns-i18n';

export const STATUS_COLORS: Record<NotificationStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'cyan',
  delivered: 'teal',
  read: 'green',
  failed: 'red',
  expired: 'orange',
  canceled: 'gray',
  answered: 'green',
  busy: 'orange',
  no_answer: 'yellow',
};

export function NotificationStatusBadge({ status }: { status: NotificationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`channelCampaigns.statuses.${status}`)}
    </Badge>
  );
}
