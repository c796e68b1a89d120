import { Badge } from '@mantine/core';
import type { OtpStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OtpStatus, string> = {
  pending: 'blue',
  approved: 'green',
  canceled: 'gray',
  expired: 'yellow',
  max_attempts_reached: 'red',
  failed: 'red',
};

export function OtpStatusBadge({ status }: { status: OtpStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`otp.statuses.${status}`)}
    </Badge>
  );
}
