import { Alert, Button, Fieldset, Stack, Text, TextInput, Title } from '@mantine/core';
import { type MfaChallenge, MfaTokenRequestSchema } from '@sapa/contracts';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { useLoginWithCode } from '../api/login';

export type MfaCodeStepProps = {
  challenge: MfaChallenge;
  /** Back to username and password (e.g. when the step expired). */
  onBack: () => void;
};

/** The second login step of an account with MFA: the 6-digit code of the authenticator app. */
export function MfaCodeStep({ challenge, onBack }: MfaCodeStepProps) {
  const { t } = useTranslation();
  const verify = useLoginWithCode();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const submitting = verify.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const parsed = MfaTokenRequestSchema.safeParse({ token: code });
    if (!parsed.success) {
      setCodeError(t('mfaLogin.codeInvalid'));
      return;
    }
    setCodeError(null);
    verify.mutate(
      { challenge: challenge.challenge, token: parsed.data.token },
      // A refused code is gone: the field empties for the next one from the app.
      { onError: () => setCode('') },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={submitting} aria-label={t('mfaLogin.title')}>
      <Fieldset variant="unstyled" disabled={submitting}>
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              {t('mfaLogin.title')}
            </Title>
            <Text size="sm">{t('mfaLogin.help')}</Text>
          </div>
          {verify.isError && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              title={t('mfaLogin.failedTitle')}
              icon={<IconAlertCircle size={18} />}
            >
              {describeError(verify.error, t)}
            </Alert>
          )}
          <TextInput
            label={t('mfaLogin.code')}
            placeholder="123456"
            name="token"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            leftSection={<IconShieldLock size={16} />}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value.replace(/\D/g, ''));
              setCodeError(null);
            }}
            error={codeError}
            data-autofocus
            autoFocus
          />
          <Button type="submit" fullWidth loading={submitting}>
            {t('mfaLogin.submit')}
          </Button>
          <Button variant="subtle" fullWidth onClick={onBack}>
            {t('mfaLogin.back')}
          </Button>
        </Stack>
      </Fieldset>
    </form>
  );
}
