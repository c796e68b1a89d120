import { Badge } from '@mantine/core';
import type { TemplateStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TemplateStatus, string> = {
  SUBMITTING: 'gray',
  PENDING: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
  PAUSED: 'orange',
  DISABLED: 'dark',
  IN_APPEAL: 'violet',
  FAILED: 'red',
  DELETING: 'gray',
};

export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]}>
      {t(`whatsappTemplates.statuses.${status}`)}
    </Badge>
  );
}
