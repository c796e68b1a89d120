import { Badge } from '@mantine/core';
import type { UserStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import '../users-i18n';

const COLORS: Record<UserStatus, string> = {
  active: 'teal',
  pending: 'yellow',
  locked: 'red',
  deactivated: 'gray',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`users.status.${status}`)}
    </Badge>
  );
}
