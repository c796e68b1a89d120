import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CampaignChannel, NOTIFICATION_STATUSES } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useCampaignSummary } from '../api/get-campaign-summary';
import { STATUS_COLORS } from './notification-status-badge';
import { isRefused, RefusedNotice } from './refused-notice';
import { StatCard } from './stat-card';
import '../channel-campaigns-i18n';

/** Seconds as the dashboard reads them: 1 h 02 m 05 s, 3 m 20 s, 45 s. */
export function formatSeconds(total: number): string {
  const seconds = Math.round(total);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} m ${String(s).padStart(2, '0')} s`;
  if (m > 0) return `${m} m ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

export type CampaignSummaryPanelProps = {
  clientId: string;
  channel: CampaignChannel;
  range: { startDate: string; endDate: string };
};

/**
 * A channel's usage summary (spec §1 "notification summary", "call durations"): the server's counts by
 * status, its success rate, the notifications per day as a chart, and for voice the call durations.
 */
export function CampaignSummaryPanel({ clientId, channel, range }: CampaignSummaryPanelProps) {
  const { t, i18n } = useTranslation();
  const summary = useCampaignSummary(clientId, channel, range);
  const dayLabel = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  if (isRefused(summary.error)) return <RefusedNotice error={summary.error} />;
  return (
    <QueryState
      data={summary.data}
      loading={summary.isPending}
      error={summary.error}
      onRetry={() => void summary.refetch()}
    >
      {(data) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <StatCard label={t('channelCampaigns.dashboard.total')} value={data.total} />
            <StatCard
              label={t('channelCampaigns.dashboard.successRate')}
              value={data.successRate === null ? '—' : `${data.successRate}%`}
              help={t('channelCampaigns.dashboard.successRateHelp')}
            />
            {data.calls ? (
              <>
                <StatCard
                  label={t('channelCampaigns.dashboard.callDuration')}
                  value={formatSeconds(data.calls.durationSeconds)}
                  help={t('channelCampaigns.dashboard.answeredCalls', { count: data.calls.answered })}
                />
                <StatCard
                  label={t('channelCampaigns.dashboard.averageDuration')}
                  value={data.calls.averageSeconds === null ? '—' : formatSeconds(data.calls.averageSeconds)}
                />
                <StatCard
                  label={t('channelCampaigns.dashboard.chargedDuration')}
                  value={formatSeconds(data.calls.chargedSeconds)}
                />
              </>
            ) : null}
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('channelCampaigns.dashboard.byStatus')}
            </Title>
            {data.total === 0 ? (
              <Text c="dimmed">{t('channelCampaigns.dashboard.nothingSent')}</Text>
            ) : (
              <Group gap="xs">
                {NOTIFICATION_STATUSES.filter((status) => data.counts[status] > 0).map((status) => (
                  <Badge key={status} variant="light" size="lg" tt="none" color={STATUS_COLORS[status]}>
                    {t(`channelCampaigns.statuses.${status}`)}: {data.counts[status]}
                  </Badge>
                ))}
              </Group>
            )}
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('channelCampaigns.dashboard.perDay')}
            </Title>
            {data.days.length === 0 ? (
              <Text c="dimmed">{t('channelCampaigns.dashboard.nothingSent')}</Text>
            ) : (
              <BarChart
                h={260}
                data={data.days.map((day) => ({
                  ...day,
                  label: dayLabel.format(new Date(`${day.date}T00:00:00Z`)),
                }))}
                dataKey="label"
                series={[
                  { name: 'total', label: t('channelCampaigns.dashboard.total'), color: 'gray.5' },
                  { name: 'reached', label: t('channelCampaigns.dashboard.reached'), color: 'teal.6' },
                  { name: 'failed', label: t('channelCampaigns.dashboard.failed'), color: 'red.6' },
                ]}
                withLegend
                aria-label={t('channelCampaigns.dashboard.perDay')}
              />
            )}
          </Card>
        </Stack>
      )}
    </QueryState>
  );
}
