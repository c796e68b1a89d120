import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { OTP_ADMIN_ROLES } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useSessionStore } from '../../../lib/session';
import { kindOfPath, useOtpSummary } from '../api/otp-api';
import { OtpSettingsDrawer } from '../components/otp-settings-drawer';
import { useOtpCountersLive } from '../live/otp-counters';

const PERIODS = { '24': 24, '168': 168, '720': 720 } as const;
/** The screen's name in the route map, by the path it is shown on. */
const TITLES: Record<string, string> = {
  '/dashboard/otp': 'pages.dashboardOtp',
  '/otp/dashboard': 'pages.otpDashboard',
  '/verify/dashboard': 'pages.verifyDashboard',
};

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid="stat-value">
        {value}
      </Text>
    </Card>
  );
}

/**
 * The OTP dashboard (`/dashboard/otp`, `/otp/dashboard`; `/verify/dashboard` for verifications sent):
 * success rate, sent and verified codes over a period, by channel and by hour, live from the socket.
 */
export function OtpDashboardPage() {
  const { t, i18n } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const role = useSessionStore((state) => state.session?.role);
  const isAdmin = role !== undefined && OTP_ADMIN_ROLES.includes(role);
  const [period, setPeriod] = useState<keyof typeof PERIODS>('24');
  const { pathname } = useLocation();
  const kind = kindOfPath(pathname);
  const summary = useOtpSummary(clientId, kind, PERIODS[period]);
  useOtpCountersLive(clientId);
  const hourLabel = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
  });
  return (
    <>
      <PageHeader
        title={t(TITLES[pathname] ?? 'pages.otpDashboard')}
        description={t('otp.dashboard.help')}
        actions={
          <Group gap="sm">
            <SegmentedControl
              value={period}
              onChange={(value) => setPeriod(value as keyof typeof PERIODS)}
              data={[
                { value: '24', label: t('otp.dashboard.last24h') },
                { value: '168', label: t('otp.dashboard.last7d') },
                { value: '720', label: t('otp.dashboard.last30d') },
              ]}
            />
            {isAdmin ? <OtpSettingsDrawer clientId={clientId} /> : null}
          </Group>
        }
      />
      <QueryState
        data={summary.data}
        loading={summary.isPending}
        error={summary.error}
        onRetry={() => void summary.refetch()}
      >
        {(data) => (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 2, md: 5 }}>
              <Stat label={t('otp.dashboard.successRate')} value={`${data.successRate}%`} />
              <Stat label={t('otp.dashboard.requested')} value={data.requested} />
              <Stat label={t('otp.dashboard.sent')} value={data.sent} />
              <Stat label={t('otp.dashboard.verified')} value={data.verified} />
              <Stat label={t('otp.dashboard.failedChecks')} value={data.failedChecks} />
            </SimpleGrid>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                {t('otp.dashboard.byHour')}
              </Title>
              {data.byHour.length === 0 ? (
                <Text c="dimmed">{t('otp.dashboard.empty')}</Text>
              ) : (
                <BarChart
                  h={260}
                  data={data.byHour.map((row) => ({ ...row, label: hourLabel.format(new Date(row.hour)) }))}
                  dataKey="label"
                  series={[
                    { name: 'sent', label: t('otp.dashboard.sent'), color: 'blue.6' },
                    { name: 'verified', label: t('otp.dashboard.verified'), color: 'teal.6' },
                  ]}
                  withLegend
                  aria-label={t('otp.dashboard.byHour')}
                />
              )}
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                {t('otp.dashboard.byChannel')}
              </Title>
              {data.byChannel.length === 0 ? (
                <Text c="dimmed">{t('otp.dashboard.empty')}</Text>
              ) : (
                <BarChart
                  h={220}
                  data={data.byChannel.map((row) => ({ ...row, label: t(`otp.channels.${row.channel}`) }))}
                  dataKey="label"
                  series={[
                    { name: 'sent', label: t('otp.dashboard.sent'), color: 'blue.6' },
                    { name: 'verified', label: t('otp.dashboard.verified'), color: 'teal.6' },
                  ]}
                  withLegend
                  aria-label={t('otp.dashboard.byChannel')}
                />
              )}
            </Card>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
