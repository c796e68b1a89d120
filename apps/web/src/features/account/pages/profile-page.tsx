import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountSummary } from '../components/account-summary';

/** Edit profile: the account as the server knows it; editing arrives with the account-security work. */
export function ProfilePage() {
  const { t } = useTranslation();
  const area = t('areas.settings');
  const page = t('pages.editProfile');
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h3">
          {t('notAvailable.title', { area: page })}
        </Title>
        <Text c="dimmed">{t('notAvailable.body', { area, page })}</Text>
      </div>
      <AccountSummary />
    </Stack>
  );
}

export default ProfilePage;
