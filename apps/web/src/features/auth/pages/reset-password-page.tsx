import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PasswordPolicyChecklist,
  policyFieldErrors,
  policyKeyOfMessage,
} from '../../../components/password-policy-checklist';
import { fieldErrorsOfApiError } from '../../../lib/forms/schema-field-errors';
import { ApiError, describeError } from '../../../lib/http';
import { useResetPassword } from '../api/password-reset';
import { PublicCard } from '../components/public-card';

type Errors = Partial<Record<'newPassword' | 'confirmPassword', string>>;

/** Codes of a link that cannot be used (again): the page then offers a new link instead of the form. */
const DEAD_LINK_CODES = new Set(['reset_token_invalid', 'reset_token_used', 'reset_token_expired']);

/** `#/reset-password?token=` (public): a new password with the mailed single-use token. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});

  const deadLink = reset.error instanceof ApiError && DEAD_LINK_CODES.has(reset.error.code);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = policyFieldErrors(values, t);
    if (Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => {
          const fields: Errors = {};
          for (const [path, message] of Object.entries(fieldErrorsOfApiError(error))) {
            if (path !== 'newPassword' && path !== 'confirmPassword') continue;
            const key = policyKeyOfMessage(message);
            fields[path] = key ? t(key) : message;
          }
          setErrors(fields);
        },
      },
    );
  }

  if (!token) {
    return (
      <PublicCard title={t('resetPassword.title')}>
        <Alert color="red" role="alert" title={t('resetPassword.linkProblem')}>
          {t('resetPassword.noToken')}
        </Alert>
        <Anchor href="#/forgot-password">{t('resetPassword.askNew')}</Anchor>
      </PublicCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <PublicCard title={t('resetPassword.title')}>
        <Alert color="teal" role="status" title={t('resetPassword.doneTitle')}>
          {t('resetPassword.done')}
        </Alert>
        <Button component="a" href="#/">
          {t('resetPassword.toLogin')}
        </Button>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      {deadLink ? (
        <Stack gap="sm">
          {/* The server's own sentence: used, expired or unknown link, each said plainly. */}
          <Alert color="red" role="alert" title={t('resetPassword.linkProblem')}>
            {t(`resetPassword.codes.${(reset.error as ApiError).code}`, {
              defaultValue: (reset.error as ApiError).message,
            })}
          </Alert>
          <Anchor href="#/forgot-password">{t('resetPassword.askNew')}</Anchor>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-label={t('resetPassword.title')}>
          <Stack gap="md">
            {reset.isError && Object.keys(errors).length === 0 ? (
              <Alert color="red" role="alert">
                {describeError(reset.error, t)}
              </Alert>
            ) : null}
            <PasswordInput
              label={t('passwordPolicy.newPassword')}
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(event) => {
                const newPassword = event.currentTarget.value;
                setValues((current) => ({ ...current, newPassword }));
                setErrors((current) => ({ ...current, newPassword: undefined }));
              }}
              error={errors.newPassword}
              autoFocus
            />
            <PasswordInput
              label={t('passwordPolicy.confirmPassword')}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(event) => {
                const confirmPassword = event.currentTarget.value;
                setValues((current) => ({ ...current, confirmPassword }));
                setErrors((current) => ({ ...current, confirmPassword: undefined }));
              }}
              error={errors.confirmPassword}
            />
            <PasswordPolicyChecklist {...values} />
            <Button type="submit" fullWidth loading={reset.isPending}>
              {t('resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}

export default ResetPasswordPage;
