import { Alert, Button, Fieldset, Group, NumberInput, Stack, Switch } from '@mantine/core';
import type { CsConfig } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { AUTO_CLOSE_MAX_MINUTES, autoCloseMinutesProblem } from '../components/cs-config-form';
import { useCsConfigEditor } from '../hooks/use-cs-config-editor';

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
  const editor = useCsConfigEditor();
  const { configuration } = editor;
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
            key={editor.formKey(data.clientId)}
            initial={data.config.autoclose}
            saving={editor.saving}
            readOnly={editor.readOnly}
            formError={editor.formError}
            // Only this field: the rest of the configuration stays as stored.
            onSubmit={(autoclose) => editor.submit({ autoclose })}
          />
        )}
      </QueryState>
    </>
  );
}
