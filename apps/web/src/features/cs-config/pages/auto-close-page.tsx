import { Alert, Button, Fieldset, Group, NumberInput, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CS_CONFIG_ROLES, type CsConfig } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { useSessionStore } from '../../../lib/session';
import { useCsConfiguration, useSaveCsConfiguration } from '../api/cs-config-api';
import { AUTO_CLOSE_MAX_MINUTES, autoCloseMinutesProblem } from '../components/cs-config-form';

type AutoCloseFormProps = {
  initial: CsConfig['autoclose'];
  saving: boolean;
  readOnly: boolean;
  formError: string | null;
  onSubmit: (autoclose: CsConfig['autoclose']) => void;
};

function AutoCloseForm({ initial, saving, readOnly, formError, onSubmit }: AutoCloseFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = autoCloseMinutesProblem(values.minutes);
    setProblem(found);
    if (!found) onSubmit(values);
  };
  return (
    <form aria-label={t('pages.autoClose')} onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        <Fieldset legend={t('csConfig.groups.autoclose')}>
          <Stack gap="sm">
            <Switch
              label={t('csConfig.fields.autocloseEnabled.label')}
              description={t('csConfig.fields.autocloseEnabled.help')}
              checked={values.enabled}
              disabled={readOnly}
              onChange={(event) => {
                const enabled = event.currentTarget.checked;
                setValues((current) => ({ ...current, enabled }));
              }}
            />
            <NumberInput
              label={t('csConfig.fields.autocloseMinutes.label')}
              description={t('csConfig.fields.autocloseMinutes.help')}
              value={Number.isNaN(values.minutes) ? '' : values.minutes}
              onChange={(value) => {
                setProblem(null);
                setValues((current) => ({
                  ...current,
                  minutes: typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value),
                }));
              }}
              error={problem ? t(`csConfig.errors.${problem}`) : undefined}
              disabled={readOnly}
              min={1}
              max={AUTO_CLOSE_MAX_MINUTES}
              allowDecimal={false}
              allowNegative={false}
            />
          </Stack>
        </Fieldset>
        {formError ? (
          <Alert color="red" role="alert" title={t('csConfig.saveFailed')}>
            {formError}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <Group>
            <Button type="submit" loading={saving}>
              {t('csConfig.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** `/config/AutoClose`: when quiet conversations close by themselves (where the CS guard sends ADB). */
export function AutoClosePage() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const role = useSessionStore((state) => state.session?.role);
  const configuration = useCsConfiguration(clientId);
  const save = useSaveCsConfiguration(clientId);
  const problems = useServerFieldErrors();
  // Bumped by each save: the form starts again from what was stored, but a background refetch does
  // not throw away what the user is typing.
  const [saves, setSaves] = useState(0);
  return (
    <>
      <PageHeader title={t('pages.autoClose')} description={t('csConfig.groupHelp.autoclose')} />
      <QueryState
        data={configuration.data}
        loading={configuration.isLoading}
        error={configuration.error}
        onRetry={() => void configuration.refetch()}
      >
        {(data) => (
          <AutoCloseForm
            key={`${data.clientId}:${saves}`}
            initial={data.config.autoclose}
            saving={save.isPending}
            readOnly={!role || !CS_CONFIG_ROLES.includes(role)}
            formError={problems.formError}
            onSubmit={(autoclose) => {
              problems.clear();
              // Only this field: PUT merges it, so the rest of the configuration stays as stored.
              save.mutate(
                { autoclose },
                {
                  onSuccess: () => {
                    setSaves((count) => count + 1);
                    notifications.show({ color: 'green', message: t('csConfig.saved') });
                  },
                  onError: (error) => problems.show(error),
                },
              );
            }}
          />
        )}
      </QueryState>
    </>
  );
}
