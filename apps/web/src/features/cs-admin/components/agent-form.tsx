import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type FieldErrors, fieldErrorsOfIssues } from '../../../lib/forms/schema-field-errors';
import type { AgentFormValues, AgentKind } from '../api/cs-agents-api';
import '../cs-admin-i18n';

/** The bounds the server checks (agents.routes.ts), checked here first so mistakes show under the field. */
export const AgentFormSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email(),
  tags: z.array(z.string().trim().min(1).max(100)).max(50),
  percentageWeight: z.number().int().min(0).max(100),
  capacity: z.number().int().min(1).max(1000).nullable(),
  activeBot: z.boolean(),
  botName: z.string().max(200),
});

export type AgentFormProps = {
  kind: AgentKind;
  mode: 'create' | 'edit';
  initial: AgentFormValues;
  tagSuggestions: string[];
  submitting: boolean;
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (values: AgentFormValues) => void;
  onCancel: () => void;
};

export const EMPTY_AGENT: AgentFormValues = {
  name: '',
  email: '',
  tags: [],
  percentageWeight: 100,
  capacity: null,
  activeBot: false,
  botName: '',
};

/** Name, email and tags for every kind; routing weight, capacity and bot for agents (spec §7 create). */
export function AgentForm({
  kind,
  mode,
  initial,
  tagSuggestions,
  submitting,
  serverErrors,
  formError,
  onSubmit,
  onCancel,
}: AgentFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors = { ...serverErrors, ...localErrors };

  const set = <K extends keyof AgentFormValues>(field: K, value: AgentFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setLocalErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = AgentFormSchema.safeParse({ ...values, email: values.email.trim() });
    if (!parsed.success) {
      const found = fieldErrorsOfIssues(parsed.error, (field, kindOfIssue) =>
        t(`csAdmin.errors.${/^\d+$/.test(field) ? 'tags' : field}.${kindOfIssue}`),
      );
      // A bad tag is reported under the tags field, whichever tag it is.
      for (const key of Object.keys(found))
        if (key.startsWith('tags.')) {
          found.tags ??= found[key] ?? '';
          delete found[key];
        }
      setLocalErrors(found);
      return;
    }
    setLocalErrors({});
    onSubmit({ ...parsed.data, email: parsed.data.email.toLowerCase() });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t(`csAdmin.${kind}.${mode === 'create' ? 'new' : 'edit'}`)}
    >
      <Fieldset variant="unstyled" disabled={submitting}>
        <Stack gap="sm">
          {formError ? (
            <Alert color="red" role="alert" title={t('csAdmin.form.failed')}>
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label={t('csAdmin.fields.name')}
            withAsterisk
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label={t('csAdmin.fields.email')}
            description={mode === 'edit' ? t('csAdmin.form.emailFixed') : undefined}
            withAsterisk
            type="email"
            readOnly={mode === 'edit'}
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
          />
          <TagsInput
            label={t('csAdmin.fields.tags')}
            description={t('csAdmin.form.tagsHelp')}
            data={tagSuggestions}
            value={values.tags}
            onChange={(tags) => set('tags', tags)}
            error={errors.tags}
            clearable
          />
          {kind === 'cs' ? (
            <>
              <NumberInput
                label={t('csAdmin.fields.percentageWeight')}
                description={t('csAdmin.form.weightHelp')}
                withAsterisk
                min={0}
                max={100}
                allowDecimal={false}
                value={values.percentageWeight}
                onChange={(value) => set('percentageWeight', typeof value === 'number' ? value : Number.NaN)}
                error={errors.percentageWeight}
              />
              <NumberInput
                label={t('csAdmin.fields.capacity')}
                description={t('csAdmin.form.capacityHelp')}
                min={1}
                max={1000}
                allowDecimal={false}
                value={values.capacity ?? ''}
                onChange={(value) => set('capacity', typeof value === 'number' ? value : null)}
                error={errors.capacity}
              />
              <Switch
                label={t('csAdmin.fields.activeBot')}
                checked={values.activeBot}
                onChange={(event) => set('activeBot', event.currentTarget.checked)}
              />
              {values.activeBot ? (
                <TextInput
                  label={t('csAdmin.fields.botName')}
                  value={values.botName}
                  onChange={(event) => set('botName', event.currentTarget.value)}
                  error={errors.botName}
                />
              ) : null}
            </>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('csAdmin.form.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {mode === 'create' ? t('csAdmin.form.create') : t('csAdmin.form.save')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
