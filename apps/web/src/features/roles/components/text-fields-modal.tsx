import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FieldErrors, fieldErrorsOfIssues } from '../../../lib/forms/schema-field-errors';
import '../roles-i18n';

export type TextFieldsModalProps = {
  opened: boolean;
  title: string;
  /** Shown and editable only when creating (right codes); roles keep their spec codes. */
  code: { value: string; editable: boolean; label: string };
  initial: { name: string; description: string };
  labels: { name: string; description: string };
  /** The contracts' schema of the body, to check before sending; keys: code, name, description. */
  schema: z.ZodType;
  toBody: (values: { code: string; name: string; description: string }) => unknown;
  saving: boolean;
  error: string | null;
  onSave: (values: { code: string; name: string; description: string }) => void;
  onClose: () => void;
};

/** A code, a name and a description: the shape of both roles and rights. */
export function TextFieldsModal({
  opened,
  title,
  code,
  initial,
  labels,
  schema,
  toBody,
  saving,
  error,
  onSave,
  onClose,
}: TextFieldsModalProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ code: code.value, ...initial });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(toBody(values));
    if (!parsed.success) {
      // Body keys (rightCode, roleName…) map back to the three inputs by their ending.
      const found = fieldErrorsOfIssues(parsed.error);
      setErrors(
        Object.fromEntries(
          Object.entries(found).map(([key, message]) => [
            key.endsWith('Code') ? 'code' : key.endsWith('Name') ? 'name' : 'description',
            message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    onSave(values);
  };
  const set = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label={code.label}
            value={values.code}
            readOnly={!code.editable}
            withAsterisk={code.editable}
            onChange={(event) => set('code', event.currentTarget.value.toUpperCase())}
            error={errors.code}
          />
          <TextInput
            label={labels.name}
            withAsterisk
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            label={labels.description}
            rows={3}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('rolesAdmin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
