import '../automation-i18n';
import { Alert, Button, Group, Radio, Stack, Switch } from '@mantine/core';
import { type CsConfig, ROUTING_STRATEGIES, type RoutingStrategy } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsConfigScreen } from '../components/cs-config-screen';

type Routing = Pick<CsConfig, 'autoAssignTicket' | 'strategy'>;

function StrategiesForm(props: {
  initial: Routing;
  saving: boolean;
  readOnly: boolean;
  formError: string | null;
  onSubmit: (routing: Routing) => void;
}) {
  const { initial, saving, readOnly, formError, onSubmit } = props;
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form aria-label={t('pages.strategies')} onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        {readOnly ? <Alert color="gray">{t('automation.strategies.readOnly')}</Alert> : null}
        <Switch
          label={t('automation.strategies.autoAssign.label')}
          description={t('automation.strategies.autoAssign.help')}
          checked={values.autoAssignTicket}
          disabled={readOnly}
          onChange={(event) => {
            const autoAssignTicket = event.currentTarget.checked;
            setValues((current) => ({ ...current, autoAssignTicket }));
          }}
        />
        <Radio.Group
          label={t('automation.strategies.strategy')}
          value={values.strategy}
          onChange={(strategy) =>
            setValues((current) => ({ ...current, strategy: strategy as RoutingStrategy }))
          }
        >
          <Stack gap="sm" mt="xs">
            {ROUTING_STRATEGIES.map((strategy) => (
              <Radio
                key={strategy}
                value={strategy}
                disabled={readOnly}
                label={t(`automation.strategies.${strategy}.label`)}
                description={t(`automation.strategies.${strategy}.help`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <Group>
            <Button type="submit" loading={saving}>
              {t('automation.strategies.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** `/config/strategies`: automatic assignment and its strategy (weighted, round robin, least busy). */
export function StrategiesPage() {
  const { t } = useTranslation();
  return (
    <CsConfigScreen title={t('pages.strategies')} description={t('automation.strategies.description')}>
      {(data, editor) => (
        <StrategiesForm
          key={editor.formKey(data.clientId)}
          initial={{ autoAssignTicket: data.config.autoAssignTicket, strategy: data.config.strategy }}
          saving={editor.saving}
          readOnly={editor.readOnly}
          formError={editor.formError}
          onSubmit={(routing) => editor.submit(routing)}
        />
      )}
    </CsConfigScreen>
  );
}
