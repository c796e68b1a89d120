import { Alert, Anchor, Button, Fieldset, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { LoginRequestSchema, type MfaChallenge } from '@sapa/contracts';
import { IconAlertCircle, IconLock, IconUser } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { describeError } from '../../../lib/http';
import { canEncryptPassword } from '../api/encrypt-password';
import { loadPublicKey } from '../api/get-public-key';
import { isMfaChallenge, useLogin } from '../api/login';
import { MfaCodeStep } from './mfa-code-step';

type Field = 'username' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/** Translation keys of the contracts' login rules, so the messages follow the chosen locale. */
function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field !== 'username' && field !== 'password') || errors[field]) continue;
    if (issue.code === 'too_big') errors[field] = `validation.${field}TooLong`;
    else if (issue.code === 'too_small' || issue.code === 'custom')
      errors[field] = `validation.${field}Required`;
    else errors[field] = 'validation.invalid';
  }
  return errors;
}

export type LoginFormProps = {
  /** Called as valid credentials go to the server: what follows a sign-in can start loading. */
  onSignInStart?: () => void;
};

export function LoginForm({ onSignInStart }: LoginFormProps) {
  const { t } = useTranslation();
  // The key the password is encrypted with is read while the user types, not after the click.
  useEffect(() => {
    if (canEncryptPassword()) loadPublicKey().catch(() => undefined);
  }, []);
  const loginMutation = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const submitting = loginMutation.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const parsed = LoginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    onSignInStart?.();
    loginMutation.mutate(
      { username: parsed.data.username, password },
      { onSuccess: (answer) => setChallenge(isMfaChallenge(answer) ? answer : null) },
    );
  }

  if (challenge) {
    return (
      <MfaCodeStep
        challenge={challenge}
        onBack={() => {
          setChallenge(null);
          setPassword('');
          loginMutation.reset();
        }}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={submitting} aria-label={t('login.title')}>
      <Fieldset variant="unstyled" disabled={submitting}>
        <Stack gap="md">
          {loginMutation.isError && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              title={t('login.failedTitle')}
              icon={<IconAlertCircle size={18} />}
            >
              {describeError(loginMutation.error, t)}
            </Alert>
          )}
          <TextInput
            label={t('login.username')}
            placeholder={t('login.usernamePlaceholder')}
            name="username"
            autoComplete="username"
            leftSection={<IconUser size={16} />}
            value={username}
            onChange={(event) => {
              setUsername(event.currentTarget.value);
              setErrors((current) => ({ ...current, username: undefined }));
            }}
            error={errors.username ? t(errors.username) : undefined}
            data-autofocus
            autoFocus
          />
          <PasswordInput
            label={t('login.password')}
            placeholder={t('login.passwordPlaceholder')}
            name="password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password ? t(errors.password) : undefined}
          />
          <Button type="submit" fullWidth loading={submitting}>
            {t('login.submit')}
          </Button>
          {/* Plain hash links: the login page also renders outside the router (its tests). */}
          <Group justify="space-between" gap="xs">
            <Anchor href="#/forgot-password" size="sm">
              {t('login.forgotPassword')}
            </Anchor>
            <Anchor href="#/sso" size="sm">
              {t('login.sso')}
            </Anchor>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
