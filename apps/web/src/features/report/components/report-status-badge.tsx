import { Badge } from '@mantine/core';
import type { NotificationStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<NotificationStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'cyan',
  delivered: 'green',
  read: 'teal',
  answered: 'green',
  failed: 'red',
  expired: 'orange',
  canceled: 'gray',
  busy: 'orange',
  no_answer: 'yellow',
};

export const STATUS_COLORS = COLORS;

export function ReportStatusBadge({ status }: { status: NotificationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`report.statuses.${status}`)}
    </Badge>
  );
}
