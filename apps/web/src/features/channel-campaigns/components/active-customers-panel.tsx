import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CampaignChannel } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useActiveCustomers } from '../api/get-active-customers';
import { isRefused, RefusedNotice } from './refused-notice';
import { StatCard } from './stat-card';
import '../channel-campaigns-i18n';

/**
 * Monthly and daily active customers (spec §1, §2; decision 0047): distinct recipients reached on the
 * channel, today and this month as figures, the last days and months as charts.
 */
export function ActiveCustomersPanel({
  clientId,
  channel,
}: {
  clientId: string;
  channel: CampaignChannel | null;
}) {
  const { t, i18n } = useTranslation();
  const active = useActiveCustomers(clientId, channel);
  const language = i18n.resolvedLanguage ?? 'en';
  const dayLabel = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const monthLabel = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  if (isRefused(active.error)) return <RefusedNotice error={active.error} />;
  return (
    <QueryState
      data={active.data}
      loading={active.isPending}
      error={active.error}
      onRetry={() => void active.refetch()}
    >
      {(data) => {
        const none =
          data.daily.every((day) => day.customers === 0) &&
          data.monthly.every((month) => month.customers === 0);
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <StatCard
                label={t('channelCampaigns.active.daily')}
                value={data.today}
                help={t('channelCampaigns.active.dailyHelp')}
              />
              <StatCard
                label={t('channelCampaigns.active.monthly')}
                value={data.thisMonth}
                help={t('channelCampaigns.active.monthlyHelp')}
              />
            </SimpleGrid>
            {none ? (
              <Text c="dimmed">{t('channelCampaigns.active.none')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Card withBorder>
                  <Title order={3} size="h5" mb="sm">
                    {t('channelCampaigns.active.dailyChart', { count: data.daily.length })}
                  </Title>
                  <AreaChart
                    h={220}
                    data={data.daily.map((day) => ({
                      ...day,
                      label: dayLabel.format(new Date(`${day.date}T00:00:00Z`)),
                    }))}
                    dataKey="label"
                    series={[
                      { name: 'customers', label: t('channelCampaigns.active.customers'), color: 'teal.6' },
                    ]}
                    curveType="monotone"
                    aria-label={t('channelCampaigns.active.dailyChart', { count: data.daily.length })}
                  />
                </Card>
                <Card withBorder>
                  <Title order={3} size="h5" mb="sm">
                    {t('channelCampaigns.active.monthlyChart', { count: data.monthly.length })}
                  </Title>
                  <BarChart
                    h={220}
                    data={data.monthly.map((month) => ({
                      ...month,
                      label: monthLabel.format(new Date(`${month.month}-01T00:00:00Z`)),
                    }))}
                    dataKey="label"
                    series={[
                      { name: 'customers', label: t('channelCampaigns.active.customers'), color: 'blue.6' },
                    ]}
                    aria-label={t('channelCampaigns.active.monthlyChart', { count: data.monthly.length })}
                  />
                </Card>
              </SimpleGrid>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
