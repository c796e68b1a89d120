import { Badge } from '@mantine/core';
import type { TicketPriority, TicketStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import '../tickets-i18n';

const STATUS_COLOR: Record<TicketStatus, string> = { open: 'blue', pending: 'yellow', resolved: 'green' };
const PRIORITY_COLOR: Record<TicketPriority, string> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  return (
    <Badge color={PRIORITY_COLOR[priority]} variant="outline">
      {t(`tickets.priority.${priority}`)}
    </Badge>
  );
}
