import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type AdminClient,
  type CreateClientRequest,
  CreateClientRequestSchema,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_COUNTRY_PHONE,
  DEFAULT_TIMEZONE,
  FEATURE_FLAGS,
  type FeatureFlag,
  LOG_TYPES,
  type LogType,
} from '@sapa/contracts';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldErrorsOfIssues } from '../../../lib/forms/schema-field-errors';
import '../clients-i18n';

export type ClientFormValues = {
  clientName: string;
  abbreviatedClientName: string;
  clientBizType: string;
  clientAddress: string;
  clientPhoneNumber: string;
  clientMobileNumber: string;
  timezone: string;
  countryCode: string;
  countryPhone: string;
  logTypes: LogType[];
  chatbotDashboard: boolean;
  features: FeatureFlag[];
  mainFeature: FeatureFlag | null;
  approvalRequired: boolean;
  adminName: string;
  adminEmail: string;
};

/** `logTypes` comes back as JSON text; anything unreadable counts as none. */
function parseLogTypes(text: string): LogType[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is LogType => LOG_TYPES.includes(item)) : [];
  } catch {
    return [];
  }
}

export function formValuesOf(client: AdminClient | undefined): ClientFormValues {
  return {
    clientName: client?.clientName ?? '',
    abbreviatedClientName: client?.abbreviatedClientName ?? '',
    clientBizType: client?.clientBizType ?? '',
    clientAddress: client?.clientAddress ?? '',
    clientPhoneNumber: client?.clientPhoneNumber ?? '',
    clientMobileNumber: client?.clientMobileNumber ?? '',
    timezone: client?.timezone ?? DEFAULT_TIMEZONE,
    countryCode: client?.countryCode ?? DEFAULT_COUNTRY_CODE,
    countryPhone: client?.countryPhone ?? DEFAULT_COUNTRY_PHONE,
    logTypes: client ? parseLogTypes(client.logTypes) : [],
    chatbotDashboard: client?.chatbotDashboard ?? false,
    features: client?.features ?? [],
    mainFeature: (client?.mainFeature as FeatureFlag | null | undefined) ?? null,
    approvalRequired: client?.approvalRequired ?? false,
    adminName: '',
    adminEmail: '',
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

/** The request body of the form's values; the first admin only when one was named. */
export function requestOf(values: ClientFormValues, withAdmin: boolean) {
  const { adminName, adminEmail, ...fields } = values;
  const admin =
    withAdmin && (adminName.trim() !== '' || adminEmail.trim() !== '')
      ? { adminName, adminEmail }
      : undefined;
  return {
    ...fields,
    abbreviatedClientName: blankToNull(fields.abbreviatedClientName),
    clientAddress: blankToNull(fields.clientAddress),
    clientPhoneNumber: blankToNull(fields.clientPhoneNumber),
    clientMobileNumber: blankToNull(fields.clientMobileNumber),
    ...(admin ? { admin } : {}),
  };
}

/** The client's time zones: the browser's list, with the current value kept even if the browser lacks it. */
function useTimezones(current: string): string[] {
  return useMemo(() => {
    const zones =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIMEZONE];
    return zones.includes(current) ? zones : [current, ...zones];
  }, [current]);
}

export type ClientFormProps = {
  mode: 'create' | 'edit';
  initial: ClientFormValues;
  submitting: boolean;
  /** Problems the server found, keyed like the form's fields (`admin.adminEmail` → adminEmail). */
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (body: CreateClientRequest) => void;
  /** Extra buttons beside the save button. */
  actions?: ReactNode;
};

/** Spec §3 client fields, the feature bitmask as named toggles, and (on creation) the first admin. */
export function ClientForm({
  mode,
  initial,
  submitting,
  serverErrors,
  formError,
  onSubmit,
  actions,
}: ClientFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ClientFormValues>(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const timezones = useTimezones(values.timezone);
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const errorOf = (field: string) => errors[field] ?? errors[`admin.${field}`];

  const set = <K extends keyof ClientFormValues>(field: K, value: ClientFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // The main feature must stay one of the chosen features.
      if (field === 'features' && next.mainFeature && !next.features.includes(next.mainFeature)) {
        next.mainFeature = null;
      }
      return next;
    });
    setLocalErrors((current) => {
      const { [field]: _cleared, [`admin.${field}`]: _clearedAdmin, ...rest } = current;
      return rest;
    });
  };

  const text = (field: keyof ClientFormValues, label: string, options: { required?: boolean } = {}) => (
    <TextInput
      label={label}
      withAsterisk={options.required}
      value={values[field] as string}
      onChange={(event) => set(field, event.currentTarget.value as never)}
      error={errorOf(field)}
    />
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = requestOf(values, mode === 'create');
    const parsed = CreateClientRequestSchema.safeParse(body);
    const problems = parsed.success
      ? {}
      : fieldErrorsOfIssues(parsed.error, (field, kind, fallback) =>
          t(`clients.errors.${field}.${kind}`, { defaultValue: fallback }),
        );
    if (values.mainFeature && !values.features.includes(values.mainFeature)) {
      problems.mainFeature = t('clients.form.mainFeatureNotChosen');
    }
    if (mode === 'create' && body.admin) {
      if (!body.admin.adminName.trim()) problems['admin.adminName'] = t('clients.form.adminBoth');
      if (!body.admin.adminEmail.trim()) problems['admin.adminEmail'] = t('clients.form.adminBoth');
    }
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0 || !parsed.success) return;
    onSubmit(parsed.data);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t(mode === 'create' ? 'pages.clientCreate' : 'pages.clientEdit')}
    >
      <Fieldset variant="unstyled" disabled={submitting}>
        <Stack gap="lg" maw={960}>
          {formError ? (
            <Alert color="red" role="alert" title={t('clients.form.failed')}>
              {formError}
            </Alert>
          ) : null}
          <Fieldset legend={t('clients.form.info')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('clientName', t('clients.fields.clientName'), { required: true })}
              {text('abbreviatedClientName', t('clients.fields.abbreviatedClientName'))}
              {text('clientBizType', t('clients.fields.clientBizType'), { required: true })}
              {text('clientAddress', t('clients.fields.clientAddress'))}
              {text('clientPhoneNumber', t('clients.fields.clientPhoneNumber'))}
              {text('clientMobileNumber', t('clients.fields.clientMobileNumber'))}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('clients.form.region')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('clients.fields.timezone')}
                data={timezones}
                value={values.timezone}
                onChange={(value) => set('timezone', value ?? DEFAULT_TIMEZONE)}
                searchable
                allowDeselect={false}
                error={errorOf('timezone')}
              />
              {text('countryCode', t('clients.fields.countryCode'))}
              {text('countryPhone', t('clients.fields.countryPhone'))}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('clients.form.features')}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 2, sm: 4 }} role="group" aria-label={t('clients.fields.features')}>
                {FEATURE_FLAGS.map((flag) => (
                  <Switch
                    key={flag}
                    label={t(`features.${flag}`)}
                    checked={values.features.includes(flag)}
                    onChange={(event) =>
                      set(
                        'features',
                        event.currentTarget.checked
                          ? FEATURE_FLAGS.filter((f) => f === flag || values.features.includes(f))
                          : values.features.filter((f) => f !== flag),
                      )
                    }
                  />
                ))}
              </SimpleGrid>
              {errorOf('features') ? (
                <Text c="red" size="sm">
                  {errorOf('features')}
                </Text>
              ) : null}
              <Select
                label={t('clients.fields.mainFeature')}
                description={t('clients.form.mainFeatureHelp')}
                placeholder={t('clients.form.noMainFeature')}
                data={values.features.map((flag) => ({ value: flag, label: t(`features.${flag}`) }))}
                value={values.mainFeature}
                onChange={(value) => set('mainFeature', value as FeatureFlag | null)}
                clearable
                maw={320}
                error={errorOf('mainFeature')}
              />
              <Switch
                label={t('clients.fields.chatbotDashboard')}
                checked={values.chatbotDashboard}
                onChange={(event) => set('chatbotDashboard', event.currentTarget.checked)}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t('clients.form.logsAndApproval')}>
            <Stack gap="sm">
              <Checkbox.Group
                label={t('clients.fields.logTypes')}
                value={values.logTypes}
                onChange={(value) => set('logTypes', value as LogType[])}
                error={errorOf('logTypes')}
              >
                <Group gap="md" mt={4}>
                  {LOG_TYPES.map((type) => (
                    <Checkbox key={type} value={type} label={type} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Switch
                label={t('clients.fields.approvalRequired')}
                description={t('clients.form.approvalHelp')}
                checked={values.approvalRequired}
                onChange={(event) => set('approvalRequired', event.currentTarget.checked)}
              />
            </Stack>
          </Fieldset>
          {mode === 'create' ? (
            <Fieldset legend={t('clients.form.firstAdmin')}>
              <Text size="sm" c="dimmed" mb="xs">
                {t('clients.form.firstAdminHelp')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('adminName', t('clients.fields.adminName'))}
                {text('adminEmail', t('clients.fields.adminEmail'))}
              </SimpleGrid>
            </Fieldset>
          ) : null}
          <Group gap="xs">
            <Button type="submit" loading={submitting}>
              {t(mode === 'create' ? 'clients.form.create' : 'clients.form.save')}
            </Button>
            {actions}
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
