import { Alert, Button, Fieldset, Group, Select, Stack, TextInput } from '@mantine/core';
import { ROLE_CODES, type RoleCode, type UpdateUserRequest, UpdateUserRequestSchema } from '@sapa/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldErrorsOfIssues } from '../../../lib/forms/schema-field-errors';
import { useSessionStore } from '../../../lib/session';
import '../users-i18n';

export type UserFieldsFormProps = {
  label: string;
  initial: { name: string; email: string; role: RoleCode | null };
  submitLabel: string;
  submitting: boolean;
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (body: UpdateUserRequest) => void;
  /** Fields after the role (the super admin's client choice). */
  extraFields?: ReactNode;
  actions?: ReactNode;
};

/** Name, email and role, checked with the contracts' rules before the server checks them again. */
export function UserFieldsForm({
  label,
  initial,
  submitLabel,
  submitting,
  serverErrors,
  formError,
  onSubmit,
  extraFields,
  actions,
}: UserFieldsFormProps) {
  const { t } = useTranslation();
  const myRole = useSessionStore((state) => state.session?.role);
  const [values, setValues] = useState(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors = { ...serverErrors, ...localErrors };
  // Only a super admin gives the super admin role; the server refuses the rest it cannot grant.
  const roles = ROLE_CODES.filter((code) => code !== 'SAD' || myRole === 'SAD' || values.role === 'SAD');

  const set = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setLocalErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = UpdateUserRequestSchema.safeParse(values);
    if (!parsed.success) {
      setLocalErrors(
        fieldErrorsOfIssues(parsed.error, (field, kind, fallback) =>
          t(`users.errors.${field}.${kind}`, { defaultValue: fallback }),
        ),
      );
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Fieldset variant="unstyled" disabled={submitting}>
        <Stack gap="md" maw={480}>
          {formError ? (
            <Alert color="red" role="alert" title={t('users.form.failed')}>
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label={t('users.fields.name')}
            withAsterisk
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label={t('users.fields.email')}
            withAsterisk
            type="email"
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
          />
          <Select
            label={t('users.fields.role')}
            withAsterisk
            placeholder={t('users.form.chooseRole')}
            data={roles.map((code) => ({ value: code, label: `${code} · ${t(`roles.${code}`)}` }))}
            value={values.role}
            onChange={(value) => set('role', value as RoleCode | null)}
            error={errors.role}
          />
          {extraFields}
          <Group gap="xs">
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
            {actions}
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
