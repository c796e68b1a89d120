import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { AccountSummary } from '../components/account-summary';
import { ApiSecretCard } from '../components/api-secret-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { ConsentCard } from '../components/consent-card';
import { MfaCard } from '../components/mfa-card';
import { ProfileNameCard } from '../components/profile-name-card';

/** `/settings/editProfile`: the signed-in user's account and its security (spec §2, issue 4). */
export function ProfilePage() {
  const { t } = useTranslation();
  const email = useSessionStore((state) => state.session?.email ?? '');
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('pages.editProfile')} description={t('profileForm.pageHelp')} />
      <AccountSummary />
      <ProfileNameCard />
      <ChangePasswordCard email={email} />
      <MfaCard />
      <ApiSecretCard />
      <ConsentCard />
    </Stack>
  );
}

export default ProfilePage;
