import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { OTP_CHANNELS, type OtpChannel, type OtpSettings, OtpSettingsSchema } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { fieldErrorsOfIssues } from '../../../lib/forms/schema-field-errors';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { useOtpSettings, useUpdateOtpSettings } from '../api/otp-api';

type NumberField = Exclude<keyof OtpSettings, 'fallbackChannels' | 'defaultTemplate'>;
/** The limits in the order the form shows them, grouped as the decision describes them. */
const GROUPS: { title: string; fields: NumberField[] }[] = [
  { title: 'limits', fields: ['maxChecks', 'sendsPerWindow', 'windowSeconds', 'dailyCap'] },
  { title: 'fraudGuard', fields: ['prefixBurstPerMinute', 'prefixBlockSeconds'] },
  { title: 'fallback', fields: ['fallbackAfterSeconds'] },
];

function SettingsFields({ clientId, saved }: { clientId: string; saved: OtpSettings }) {
  const { t } = useTranslation();
  const update = useUpdateOtpSettings(clientId);
  const server = useServerFieldErrors();
  const [values, setValues] = useState<OtpSettings>(saved);
  const set = <K extends keyof OtpSettings>(key: K, value: OtpSettings[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    server.clear();
    // The same schema the server runs: a value out of range is said under its field before any call.
    const parsed = OtpSettingsSchema.safeParse(values);
    if (!parsed.success) {
      server.setFields(
        fieldErrorsOfIssues(parsed.error, (field) =>
          field === 'defaultTemplate'
            ? t('otp.settings.templateNeedsCode')
            : t('otp.settings.outOfRange', { field: t(`otp.settings.fields.${field}`) }),
        ),
      );
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (next) => {
        setValues(next);
        notifications.show({ color: 'teal', message: t('otp.settings.saved') });
      },
      onError: server.show,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {GROUPS.map((group) => (
          <Stack key={group.title} gap="xs">
            <Title order={3} size="h5">
              {t(`otp.settings.groups.${group.title}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {group.fields.map((field) => (
                <NumberInput
                  key={field}
                  label={t(`otp.settings.fields.${field}`)}
                  description={t(`otp.settings.help.${field}`)}
                  value={values[field]}
                  onChange={(value) => set(field, typeof value === 'number' ? value : Number.NaN)}
                  allowDecimal={false}
                  allowNegative={false}
                  error={server.fieldErrors[field] ?? server.fieldErrors[`body.${field}`]}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        <MultiSelect
          label={t('otp.settings.fields.fallbackChannels')}
          description={t('otp.settings.help.fallbackChannels')}
          value={values.fallbackChannels}
          onChange={(value) => set('fallbackChannels', value as OtpChannel[])}
          data={OTP_CHANNELS.map((value) => ({ value, label: t(`otp.channels.${value}`) }))}
          maxValues={5}
          clearable
        />
        <Text size="sm" c="dimmed" data-testid="fallback-order">
          {values.fallbackChannels.length === 0
            ? t('otp.settings.noFallback')
            : t('otp.settings.order', {
                channels: values.fallbackChannels.map((channel) => t(`otp.channels.${channel}`)).join(' → '),
              })}
        </Text>
        <Textarea
          label={t('otp.settings.fields.defaultTemplate')}
          description={t('otp.settings.help.defaultTemplate')}
          placeholder={t('otp.settings.templatePlaceholder')}
          value={values.defaultTemplate ?? ''}
          onChange={(event) =>
            set('defaultTemplate', event.currentTarget.value.trim() ? event.currentTarget.value : null)
          }
          rows={3}
          maxLength={1000}
          error={server.fieldErrors.defaultTemplate ?? server.fieldErrors['body.defaultTemplate']}
        />
        {server.formError ? (
          <Alert color="red" role="alert">
            {server.formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setValues(saved)} disabled={update.isPending}>
            {t('otp.settings.reset')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('otp.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The client's OTP limits, fraud guard and channel fallback (admins only; the server says so too). */
export function OtpSettingsForm({ clientId }: { clientId: string }) {
  const settings = useOtpSettings(clientId);
  return (
    <QueryState
      data={settings.data}
      loading={settings.isPending}
      error={settings.error}
      onRetry={() => void settings.refetch()}
    >
      {(saved) => <SettingsFields clientId={clientId} saved={saved} />}
    </QueryState>
  );
}
