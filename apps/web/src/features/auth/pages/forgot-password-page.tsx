import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { describeError } from '../../../lib/http';
import { useRequestPasswordReset } from '../api/password-reset';
import { PublicCard } from '../components/public-card';

const EmailSchema = z.email().max(254);

/** `#/forgot-password` (public): asks for a reset link by email. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!value) return setEmailError(t('forgotPassword.emailRequired'));
    if (!EmailSchema.safeParse(value).success) return setEmailError(t('forgotPassword.emailInvalid'));
    setEmailError(null);
    request.mutate(value);
  }

  return (
    <PublicCard title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      {request.isSuccess ? (
        // The same answer whether or not the email has an account: nobody learns which emails exist.
        <Alert color="teal" role="status" title={t('forgotPassword.sentTitle')}>
          {t('forgotPassword.sent', { email: email.trim().toLowerCase() })}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-label={t('forgotPassword.title')}>
          <Stack gap="md">
            {request.isError ? (
              <Alert color="red" role="alert">
                {describeError(request.error, t)}
              </Alert>
            ) : null}
            <TextInput
              label={t('forgotPassword.email')}
              placeholder="name@company.com"
              type="email"
              autoComplete="email"
              leftSection={<IconMail size={16} />}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(null);
              }}
              error={emailError}
              autoFocus
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              {t('forgotPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}

export default ForgotPasswordPage;
