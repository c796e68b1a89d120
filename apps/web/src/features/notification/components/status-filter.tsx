import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list's status filter: any status when cleared; `labels` is the key prefix of each status's name. */
export function StatusFilter<T extends string>({
  statuses,
  labels,
  value,
  onChange,
}: {
  statuses: readonly T[];
  labels: 'notification.campaignStatuses' | 'notification.batchStatuses' | 'notification.statuses';
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('notification.fields.status')}
      placeholder={t('notification.campaign.anyStatus')}
      clearable
      value={value ?? null}
      onChange={(next) => onChange((next as T | null) ?? undefined)}
      data={statuses.map((status) => ({ value: status, label: t(`${labels}.${status}`) }))}
    />
  );
}
