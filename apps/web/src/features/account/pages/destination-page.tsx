import { Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AccountSummary } from '../components/account-summary';

/** Every destination path lands here until its real screen ships. */
export function DestinationPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h3" data-testid="current-path">
          <Code fz="inherit">{pathname}</Code>
        </Title>
        <Text c="dimmed">{t('destination.pending')}</Text>
      </div>
      <AccountSummary />
    </Stack>
  );
}

export default DestinationPage;
