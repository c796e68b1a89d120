import { Badge } from '@mantine/core';
import type { ApprovalTask } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

const COLORS = { pending: 'yellow', approved: 'teal', rejected: 'red' } as const;

export function TaskStatusBadge({ status }: { status: ApprovalTask['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`approvals.status.${status}`)}
    </Badge>
  );
}
