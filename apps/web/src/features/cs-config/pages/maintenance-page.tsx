import '../automation-i18n';
import { Alert, Button, Group, NumberInput, Stack, Switch, Textarea } from '@mantine/core';
import type { Maintenance } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsConfigScreen } from '../components/cs-config-screen';

function MaintenanceForm(props: {
  initial: Maintenance;
  saving: boolean;
  readOnly: boolean;
  formError: string | null;
  onSubmit: (maintenance: Maintenance) => void;
}) {
  const { initial, saving, readOnly, formError, onSubmit } = props;
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [message, setMessage] = useState(initial.message);
  const [period, setPeriod] = useState<number | string>(initial.periodMinutes);
  const [tried, setTried] = useState(false);
  const problems = {
    message: !message.trim()
      ? t('automation.maintenance.message.required')
      : message.length > 4096
        ? t('automation.maintenance.message.tooLong')
        : null,
    period:
      typeof period !== 'number' || !Number.isInteger(period) || period < 1 || period > 43_200
        ? t('automation.maintenance.period.invalid')
        : null,
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (problems.message || problems.period) return;
    onSubmit({ enabled, message: message.trim(), periodMinutes: period as number });
  };
  return (
    <form aria-label={t('pages.maintenance')} onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        {readOnly ? <Alert color="gray">{t('automation.maintenance.readOnly')}</Alert> : null}
        {initial.enabled ? (
          <Alert color="orange" role="status">
            {t('automation.maintenance.on')}
          </Alert>
        ) : null}
        <Switch
          label={t('automation.maintenance.enabled.label')}
          checked={enabled}
          disabled={readOnly}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <Textarea
          label={t('automation.maintenance.message.label')}
          value={message}
          disabled={readOnly}
          autosize
          minRows={3}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={tried ? problems.message : undefined}
        />
        <NumberInput
          label={t('automation.maintenance.period.label')}
          description={t('automation.maintenance.period.help')}
          value={period}
          disabled={readOnly}
          onChange={setPeriod}
          min={1}
          max={43_200}
          allowDecimal={false}
          allowNegative={false}
          error={tried ? problems.period : undefined}
        />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <Group>
            <Button type="submit" loading={saving}>
              {t('automation.maintenance.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** `/config/maintenance`: the inbox's maintenance switch and the message customers get meanwhile. */
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <CsConfigScreen title={t('pages.maintenance')} description={t('automation.maintenance.description')}>
      {(data, editor) => (
        <MaintenanceForm
          key={editor.formKey(data.clientId)}
          initial={data.config.maintenance}
          saving={editor.saving}
          readOnly={editor.readOnly}
          formError={editor.formError}
          onSubmit={(maintenance) => editor.submit({ maintenance })}
        />
      )}
    </CsConfigScreen>
  );
}
