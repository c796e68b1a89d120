import { Badge } from '@mantine/core';
import type { BatchStatus, CampaignStatus, NotificationStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

const CAMPAIGN_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray',
  pending_approval: 'yellow',
  active: 'green',
  inactive: 'gray',
  rejected: 'red',
};

const BATCH_COLORS: Record<BatchStatus, string> = {
  ingesting: 'blue',
  pending_approval: 'yellow',
  rejected: 'red',
  scheduled: 'cyan',
  running: 'blue',
  paused: 'orange',
  finished: 'green',
  canceled: 'gray',
  failed: 'red',
};

export const NOTIFICATION_COLORS: Record<NotificationStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'cyan',
  delivered: 'teal',
  read: 'green',
  answered: 'green',
  failed: 'red',
  expired: 'orange',
  canceled: 'gray',
  busy: 'orange',
  no_answer: 'yellow',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={CAMPAIGN_COLORS[status]} variant="light">
      {t(`notification.campaignStatuses.${status}`)}
    </Badge>
  );
}

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={BATCH_COLORS[status]} variant="light" data-testid="batch-status">
      {t(`notification.batchStatuses.${status}`)}
    </Badge>
  );
}

export function NotificationStatusBadge({ status }: { status: NotificationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={NOTIFICATION_COLORS[status]} variant="light">
      {t(`notification.statuses.${status}`)}
    </Badge>
  );
}
