import { Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Delivery states of an outbound WhatsApp message; anything unknown shows as still waiting. */
export type TickStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

const KNOWN = new Set<string>(['pending', 'sent', 'delivered', 'read', 'failed']);

/**
 * WhatsApp's ticks: one grey (sent), two grey (delivered), two blue (read); a warning when it failed.
 * Shared by the sandbox customer phone and the agents' chat, which show the same provider statuses.
 */
export function MessageTicks({ status, errorTitle }: { status: string | null; errorTitle?: string | null }) {
  const { t } = useTranslation();
  const known: TickStatus = status && KNOWN.has(status) ? (status as TickStatus) : 'pending';
  const label = t(`messageTicks.${known}`);
  const icon =
    known === 'failed' ? (
      <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-hidden />
    ) : known === 'read' ? (
      <IconChecks size={14} color="var(--mantine-color-blue-6)" aria-hidden />
    ) : known === 'delivered' ? (
      <IconChecks size={14} color="var(--mantine-color-gray-6)" aria-hidden />
    ) : known === 'sent' ? (
      <IconCheck size={14} color="var(--mantine-color-gray-6)" aria-hidden />
    ) : (
      <IconClock size={14} color="var(--mantine-color-gray-5)" aria-hidden />
    );
  return (
    <Tooltip label={errorTitle ? `${label}: ${errorTitle}` : label}>
      <Text span role="img" aria-label={label} data-status={known} lh={1}>
        {icon}
      </Text>
    </Tooltip>
  );
}
