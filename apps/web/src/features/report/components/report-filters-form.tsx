import { Button, Group, Select, Stack } from '@mantine/core';
import {
  CAMPAIGN_CHANNELS,
  type CampaignChannel,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
} from '@sapa/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { type ReportForm, validateReportForm } from './report-filters';

export type CampaignChoice = { value: string; label: string };

/**
 * The filters that build a report (`/report/query`): channel, campaign, status, the days (today by
 * default) and the order ('Newest - Oldest' by default). The days are checked before anything is asked.
 */
export function ReportFiltersForm({
  initial,
  campaigns,
  today,
  actions,
}: {
  initial: ReportForm;
  /** The campaigns the reader may pick; null hides the choice (their list is not theirs to read). */
  campaigns: CampaignChoice[] | null;
  today: string;
  /** The buttons, each told the checked form: "show", "generate". */
  actions: {
    label: string;
    icon?: ReactNode;
    primary?: boolean;
    loading?: boolean;
    run: (form: ReportForm) => void;
  }[];
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ReportForm>(initial);
  const [checked, setChecked] = useState(false);
  const errors = checked ? validateReportForm(form) : {};
  const set = <Key extends keyof ReportForm>(key: Key, value: ReportForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const run = (action: (form: ReportForm) => void) => {
    setChecked(true);
    if (Object.keys(validateReportForm(form)).length === 0) action(form);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = actions.find((action) => action.primary) ?? actions[0];
    if (first) run(first.run);
  };
  const dateError = (field: 'startDate' | 'endDate') =>
    errors[field] ? t(`report.form.errors.${errors[field]}`) : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={t('report.form.label')}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label={t('report.fields.channel')}
            placeholder={t('report.form.anyChannel')}
            clearable
            value={form.channel}
            onChange={(value) => set('channel', value as CampaignChannel | null)}
            data={CAMPAIGN_CHANNELS.map((value) => ({ value, label: t(`report.channels.${value}`) }))}
            w={170}
          />
          {campaigns ? (
            <Select
              label={t('report.fields.campaign')}
              placeholder={t('report.form.anyCampaign')}
              clearable
              searchable
              value={form.campaignId}
              onChange={(value) => set('campaignId', value)}
              data={campaigns}
              nothingFoundMessage={t('report.form.noCampaign')}
              w={240}
            />
          ) : null}
          <Select
            label={t('report.fields.status')}
            placeholder={t('report.form.anyStatus')}
            clearable
            value={form.status}
            onChange={(value) => set('status', value as NotificationStatus | null)}
            data={NOTIFICATION_STATUSES.map((value) => ({ value, label: t(`report.statuses.${value}`) }))}
            w={170}
          />
          <DateField
            label={t('report.fields.startDate')}
            value={form.startDate}
            onChange={(value) => set('startDate', value)}
            max={today}
            error={dateError('startDate')}
            required
            w={170}
          />
          <DateField
            label={t('report.fields.endDate')}
            value={form.endDate}
            onChange={(value) => set('endDate', value)}
            max={today}
            error={dateError('endDate')}
            required
            w={170}
          />
          <Select
            label={t('report.fields.sort')}
            value={form.sort}
            allowDeselect={false}
            onChange={(value) => set('sort', value === 'oldest' ? 'oldest' : 'newest')}
            data={[
              { value: 'newest', label: t('report.form.newest') },
              { value: 'oldest', label: t('report.form.oldest') },
            ]}
            w={190}
          />
        </Group>
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.label}
              type={action.primary ? 'submit' : 'button'}
              variant={action.primary ? 'filled' : 'light'}
              leftSection={action.icon}
              loading={action.loading ?? false}
              onClick={action.primary ? undefined : () => run(action.run)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </form>
  );
}
