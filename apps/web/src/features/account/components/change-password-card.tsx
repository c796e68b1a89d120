import { Alert, Button, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PasswordPolicyChecklist,
  policyFieldErrors,
  policyKeyOfMessage,
} from '../../../components/password-policy-checklist';
import { fieldErrorsOfApiError } from '../../../lib/forms/schema-field-errors';
import { ApiError, describeError } from '../../../lib/http';
import { useChangePassword } from '../api/account-api';
import { SectionCard } from './section-card';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;
const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export type ChangePasswordFormProps = {
  /** The account's email: the policy refuses it as a password. */
  email: string;
};

/** Change password (old, new, confirm) with the password policy shown live as the user types. */
export function ChangePasswordForm({ email }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** The server's English policy messages, in the interface language when the web knows them. */
  const translated = (message: string) => {
    const key = policyKeyOfMessage(message);
    return key ? t(key) : message;
  };

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {
      ...(values.oldPassword === '' ? { oldPassword: t('passwordPolicy.oldRequired') } : {}),
      ...policyFieldErrors({ ...values, email }, t),
    };
    setFormError(null);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        notifications.show({ color: 'teal', message: t('passwordPolicy.changed') });
      },
      onError: (error) => {
        const fields: Errors = {};
        for (const [path, message] of Object.entries(fieldErrorsOfApiError(error))) {
          if (path === 'oldPassword' || path === 'newPassword' || path === 'confirmPassword')
            fields[path] = translated(message);
        }
        if (error instanceof ApiError && error.code === 'wrong_password')
          fields.oldPassword = translated(error.message);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFormError(describeError(error, t));
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('passwordPolicy.formTitle')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="sm">
          {formError ? (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          ) : null}
          <PasswordInput
            label={t('passwordPolicy.oldPassword')}
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={(event) => set('oldPassword', event.currentTarget.value)}
            error={errors.oldPassword}
          />
          <PasswordInput
            label={t('passwordPolicy.newPassword')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(event) => set('newPassword', event.currentTarget.value)}
            error={errors.newPassword}
          />
          <PasswordInput
            label={t('passwordPolicy.confirmPassword')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => set('confirmPassword', event.currentTarget.value)}
            error={errors.confirmPassword}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('passwordPolicy.change')}
          </Button>
        </Stack>
        <PasswordPolicyChecklist
          newPassword={values.newPassword}
          confirmPassword={values.confirmPassword}
          email={email}
          oldPassword={values.oldPassword}
        />
      </SimpleGrid>
    </form>
  );
}

export function ChangePasswordCard({ email }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="change-password"
      title={t('passwordPolicy.formTitle')}
      description={t('passwordPolicy.help')}
    >
      <ChangePasswordForm email={email} />
    </SectionCard>
  );
}
