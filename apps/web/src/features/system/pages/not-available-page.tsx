import { Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What each dashboard will show (spec §1, §2), named in the user's language. */
const DASHBOARD_SECTIONS: Record<string, readonly string[]> = {
  dashboardOtp: ['otpSuccess', 'verifySent', 'usageSummary', 'dailyCampaignProgress'],
  dashboardCustomerService: [
    'activeCs',
    'totalConversations',
    'openConversations',
    'closedConversations',
    'monthlyActiveCustomers',
    'dailyActiveCustomers',
    'dailyActiveTickets',
  ],
  dashboardWhatsapp: [
    'whatsappSent',
    'usageSummary',
    'realtimeStatus',
    'realtimeConnection',
    'dailyCampaignProgress',
  ],
  dashboardVoice: [
    'callDurationTotal',
    'callDurationAverage',
    'callDurationCharged',
    'dailyCampaignProgress',
  ],
  dashboardSms: ['usageSummary', 'notificationSummary', 'dailyCampaignProgress'],
  dashboardEmail: ['usageSummary', 'notificationSummary', 'dailyCampaignProgress'],
  dashboardInternal: ['usageSummary', 'realtimeStatus', 'realtimeConnection', 'notificationSummary'],
  dashboardNotification: ['notificationSummary', 'realtimeStatus', 'dailyCampaignProgress'],
};

/**
 * The plain page of a screen a later release builds (issue 3 §6): it names the area and the screen,
 * and is not counted as built. The app passes the route table's entry of the screen being shown.
 */
export function NotAvailablePage({
  entry,
  headingOrder = 1,
}: {
  entry: { area: string; page: string } | undefined;
  /** 2 when the page sits under another page's title (the start page's welcome). */
  headingOrder?: 1 | 2;
}) {
  const { t } = useTranslation();
  const area = entry ? t(`areas.${entry.area}`) : '';
  const page = entry ? (entry.page === 'index' ? area : t(`pages.${entry.page}`)) : '';
  const sections = entry ? DASHBOARD_SECTIONS[entry.page] : undefined;
  return (
    <Card withBorder padding="xl" maw={720} data-testid="not-available">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconHourglassHigh size={28} />
        </ThemeIcon>
        <Title order={headingOrder} size="h3">
          {t('notAvailable.title', { area })}
        </Title>
        <Text c="dimmed">{t('notAvailable.body', { area, page })}</Text>
        {sections && (
          <div>
            <Text fw={600} size="sm">
              {t('notAvailable.dashboardIntro')}
            </Text>
            <List size="sm" mt={4}>
              {sections.map((key) => (
                <List.Item key={key}>{t(`dashboardTexts.${key}`)}</List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </Card>
  );
}

export default NotAvailablePage;
