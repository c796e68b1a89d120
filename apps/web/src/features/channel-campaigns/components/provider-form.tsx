import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { Provider, ProviderInput, ProviderTypeInfo } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../channel-providers-i18n';
import { describeError } from '../../../lib/http';

/** One plain setting of a provider type, read from the JSON Schema the server answers. */
export type SettingField = {
  name: string;
  kind: 'string' | 'integer' | 'number' | 'boolean';
  required: boolean;
  nullable: boolean;
  default: unknown;
  min?: number | undefined;
  max?: number | undefined;
};

type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** The settings fields of a provider type, in the order the server declares them. */
export function settingFieldsOf(info: ProviderTypeInfo): SettingField[] {
  const schema = info.settingsSchema as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const variants = property.anyOf ?? [property];
    const typed = variants.find((variant) => variant.type && variant.type !== 'null') ?? property;
    const kind = (['integer', 'number', 'boolean'] as const).find((each) => each === typed.type) ?? 'string';
    return {
      name,
      kind,
      required: required.has(name),
      nullable: variants.some((variant) => variant.type === 'null'),
      default: property.default,
      min: typed.minimum,
      max: typed.maximum,
    };
  });
}

type Values = Record<string, string | boolean>;

function initialValues(fields: SettingField[], settings: Record<string, unknown> | undefined): Values {
  return Object.fromEntries(
    fields.map((field) => {
      const value = settings && field.name in settings ? settings[field.name] : field.default;
      if (field.kind === 'boolean') return [field.name, value === true];
      return [field.name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** The settings to submit, or the fields the person must fix first. */
function settingsOf(
  fields: SettingField[],
  values: Values,
  messages: { required: string; number: string; range: (min?: number, max?: number) => string },
): { settings: Record<string, unknown>; errors: Record<string, string> } {
  const settings: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'boolean') {
      settings[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (field.required) errors[field.name] = messages.required;
      else if (field.nullable) settings[field.name] = null;
      continue;
    }
    if (field.kind === 'string') {
      settings[field.name] = text;
      continue;
    }
    const number = Number(text);
    if (!Number.isFinite(number) || (field.kind === 'integer' && !Number.isInteger(number)))
      errors[field.name] = messages.number;
    else if (
      (field.min !== undefined && number < field.min) ||
      (field.max !== undefined && number > field.max)
    )
      errors[field.name] = messages.range(field.min, field.max);
    else settings[field.name] = number;
  }
  return { settings, errors };
}

export type ProviderFormProps = {
  types: ProviderTypeInfo[];
  /** Edit: the provider as the server shows it (secrets only as masked hints). Add: absent. */
  provider?: Provider | undefined;
  saving: boolean;
  error: unknown;
  onSave: (body: ProviderInput) => void;
  onCancel: () => void;
};

/**
 * A provider account of one channel: its type, a name, the type's settings (fields, defaults and bounds
 * from the server's own rules) and its credentials. Credentials are write-only: an edit never shows
 * them back, only the stored hint, and a field left empty keeps the stored value.
 */
export function ProviderForm({ types, provider, saving, error, onSave, onCancel }: ProviderFormProps) {
  const { t } = useTranslation();
  const [type, setType] = useState(provider?.type ?? types[0]?.type ?? '');
  const info = types.find((each) => each.type === type);
  const fields = info ? settingFieldsOf(info) : [];
  const [name, setName] = useState(provider?.name ?? '');
  const [values, setValues] = useState<Values>(() => initialValues(fields, provider?.settings));
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [isDefault, setIsDefault] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const label = (field: string) => t(`channelProviders.fields.${field}`, { defaultValue: field });

  const changeType = (next: string) => {
    setType(next);
    const nextInfo = types.find((each) => each.type === next);
    setValues(initialValues(nextInfo ? settingFieldsOf(nextInfo) : [], undefined));
    setSecrets({});
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = settingsOf(fields, values, {
      required: t('channelProviders.form.required'),
      number: t('channelProviders.form.number'),
      range: (min, max) => t('channelProviders.form.range', { min: min ?? '…', max: max ?? '…' }),
    });
    const found = { ...read.errors };
    if (name.trim() === '') found.name = t('channelProviders.form.required');
    for (const field of info?.secretFields ?? [])
      if (!provider && !secrets[field]) found[`secret:${field}`] = t('channelProviders.form.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const given = Object.fromEntries(Object.entries(secrets).filter(([, value]) => value !== ''));
    onSave({
      type,
      name: name.trim(),
      settings: read.settings,
      secrets: given,
      ...(isDefault ? { isDefault: true } : {}),
    });
  };

  return (
    <form onSubmit={submit} aria-label={t('channelProviders.form.label')} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('channelProviders.form.type')}
            value={type}
            allowDeselect={false}
            disabled={Boolean(provider)}
            onChange={(next) => next && changeType(next)}
            data={types.map((each) => ({
              value: each.type,
              label: t(`channelProviders.types.${each.type}`, { defaultValue: each.type }),
            }))}
          />
          <TextInput
            label={t('channelProviders.form.name')}
            required
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((field) => {
            const common = {
              label: label(field.name),
              required: field.required,
              error: errors[field.name],
            };
            if (field.kind === 'boolean')
              return (
                <Switch
                  key={field.name}
                  label={common.label}
                  mt="lg"
                  checked={values[field.name] === true}
                  onChange={(event) => setValues({ ...values, [field.name]: event.currentTarget.checked })}
                />
              );
            if (field.kind === 'string')
              return (
                <TextInput
                  key={field.name}
                  {...common}
                  value={String(values[field.name] ?? '')}
                  onChange={(event) => setValues({ ...values, [field.name]: event.currentTarget.value })}
                />
              );
            return (
              <NumberInput
                key={field.name}
                {...common}
                min={field.min}
                max={field.max}
                allowDecimal={field.kind === 'number'}
                value={String(values[field.name] ?? '')}
                onChange={(next) => setValues({ ...values, [field.name]: String(next) })}
              />
            );
          })}
        </SimpleGrid>
        {(info?.secretFields.length ?? 0) > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {info?.secretFields.map((field) => {
              const stored = provider?.secrets[field];
              return (
                <PasswordInput
                  key={field}
                  label={label(field)}
                  required={!provider}
                  autoComplete="new-password"
                  description={
                    stored
                      ? t('channelProviders.form.storedSecret', { hint: stored })
                      : t('channelProviders.form.writeOnly')
                  }
                  error={errors[`secret:${field}`]}
                  value={secrets[field] ?? ''}
                  onChange={(event) => setSecrets({ ...secrets, [field]: event.currentTarget.value })}
                />
              );
            })}
          </SimpleGrid>
        ) : null}
        {provider?.isDefault ? null : (
          <Checkbox
            label={t('channelProviders.form.makeDefault')}
            checked={isDefault}
            onChange={(event) => setIsDefault(event.currentTarget.checked)}
          />
        )}
        {error ? (
          <Alert color="red" role="alert">
            {describeError(error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('channelProviders.actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('channelProviders.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
