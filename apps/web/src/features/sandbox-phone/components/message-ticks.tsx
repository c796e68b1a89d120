import { Text, Tooltip } from '@mantine/core';
import type { SandboxMessage } from '@sapa/contracts';
import { IconAlertTriangle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** WhatsApp's ticks: one grey (sent), two grey (delivered), two blue (read); a warning when it failed. */
export function MessageTicks({ status, errorTitle }: Pick<SandboxMessage, 'status' | 'errorTitle'>) {
  const { t } = useTranslation();
  const label = t(`sandboxPhone.status.${status ?? 'pending'}`);
  const icon =
    status === 'failed' ? (
      <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-hidden />
    ) : status === 'read' ? (
      <IconChecks size={14} color="var(--mantine-color-blue-6)" aria-hidden />
    ) : status === 'delivered' ? (
      <IconChecks size={14} color="var(--mantine-color-gray-6)" aria-hidden />
    ) : status === 'sent' ? (
      <IconCheck size={14} color="var(--mantine-color-gray-6)" aria-hidden />
    ) : (
      <IconClock size={14} color="var(--mantine-color-gray-5)" aria-hidden />
    );
  return (
    <Tooltip label={errorTitle ? `${label}: ${errorTitle}` : label}>
      <Text span role="img" aria-label={label} data-status={status ?? 'pending'} lh={1}>
        {icon}
      </Text>
    </Tooltip>
  );
}
