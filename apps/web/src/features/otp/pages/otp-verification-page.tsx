import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { useVerifyOtp } from '../api/otp-api';
import { CheckCodeForm } from '../components/check-code-form';

/** `/otp/otpVerification`: checks a code against any request of the client by its id. */
export function OtpVerificationPage() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const verify = useVerifyOtp(clientId);
  return (
    <>
      <PageHeader title={t('pages.otpVerification')} description={t('otp.check.help')} />
      <Card withBorder>
        <CheckCodeForm check={(input) => verify.mutateAsync(input)} />
      </Card>
    </>
  );
}
