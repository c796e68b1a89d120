import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { type CsConfig, CsConfigSchema } from '@sapa/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../lib/forms/schema-field-errors';

type BooleanField = {
  [K in keyof CsConfig]: CsConfig[K] extends boolean ? K : never;
}[keyof CsConfig];
type ListField = {
  [K in keyof CsConfig]: CsConfig[K] extends string[] ? K : never;
}[keyof CsConfig];

/** Auto-close waits at most 30 days: a longer wait is a typo more often than a wish. */
export const AUTO_CLOSE_MAX_MINUTES = 43_200;
const FIELD_NAME_MAX = 100;
const LIST_MAX = 50;

/** What is wrong with an auto-close wait, as a key under `csConfig.errors`, or null. */
export function autoCloseMinutesProblem(minutes: number): string | null {
  if (!Number.isInteger(minutes) || minutes < 1) return 'minutesWhole';
  if (minutes > AUTO_CLOSE_MAX_MINUTES) return 'minutesTooLong';
  return null;
}

/**
 * Problems with the form as translation keys under `csConfig.errors`, keyed by field. The contract
 * checks the shapes; the rules here are the ones between fields the server takes on trust.
 */
export function validateCsConfig(values: CsConfig): FieldErrors {
  const errors: FieldErrors = {};
  const minutesProblem = autoCloseMinutesProblem(values.autoclose.minutes);
  if (minutesProblem) errors['autoclose.minutes'] = minutesProblem;
  if (!values.package.trim()) errors.package = 'packageRequired';
  if (values.initialState === 'bot' && !values.chatBot) errors.initialState = 'botNeedsChatBot';
  const lists: [ListField, BooleanField | null][] = [
    ['userDataDisplay', 'isDisplayingUserData'],
    ['userDataChatHistoryDisplay', 'isDisplayingUserDataChatHistory'],
    ['csDataDisplay', 'isDisplayingCsData'],
    ['userDataEditable', null],
  ];
  for (const [list, toggle] of lists) {
    const names = values[list];
    if (names.some((name) => name.length > FIELD_NAME_MAX)) errors[list] = 'fieldNameTooLong';
    else if (names.length > LIST_MAX) errors[list] = 'tooManyFields';
    else if (toggle && values[toggle] && names.length === 0) errors[list] = 'fieldsRequired';
  }
  if (Object.keys(errors).length === 0 && !CsConfigSchema.safeParse(values).success) errors.form = 'invalid';
  return errors;
}

export type CsConfigFormProps = {
  initial: CsConfig;
  saving: boolean;
  /** Read-only for roles that may look but not change (the server refuses them anyway). */
  readOnly?: boolean;
  formError: string | null;
  onSubmit: (config: CsConfig) => void;
};

/** Every field of spec §3's configuration, in groups, each with a line saying what it does. */
export function CsConfigForm({ initial, saving, readOnly = false, formError, onSubmit }: CsConfigFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CsConfig>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState(false);

  const update = (next: CsConfig, ...fields: string[]) => {
    setValues(next);
    setTouched(true);
    setErrors((current) => {
      const rest = { ...current };
      for (const field of fields) delete rest[field];
      delete rest.form;
      return rest;
    });
  };
  const set = <K extends keyof CsConfig>(field: K, value: CsConfig[K]) =>
    update({ ...values, [field]: value }, field);
  const errorOf = (field: string) => (errors[field] ? t(`csConfig.errors.${errors[field]}`) : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCsConfig(values);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSubmit({
        ...values,
        package: values.package.trim(),
      });
    }
  };

  const toggle = (field: BooleanField, extraClears: string[] = []) => (
    <Switch
      key={field}
      label={t(`csConfig.fields.${field}.label`)}
      description={t(`csConfig.fields.${field}.help`)}
      checked={values[field]}
      disabled={readOnly}
      onChange={(event) => update({ ...values, [field]: event.currentTarget.checked }, field, ...extraClears)}
    />
  );
  const list = (field: ListField) => (
    <TagsInput
      key={field}
      label={t(`csConfig.fields.${field}.label`)}
      description={t(`csConfig.fields.${field}.help`)}
      placeholder={readOnly ? undefined : t('csConfig.listPlaceholder')}
      value={values[field]}
      onChange={(names) => set(field, names.map((name) => name.trim()).filter(Boolean))}
      error={errorOf(field)}
      disabled={readOnly}
      clearable
      splitChars={[',']}
    />
  );

  return (
    <form aria-label={t('csConfig.formLabel')} onSubmit={submit} noValidate>
      <Stack gap="md" maw={960}>
        <ConfigGroup name="features">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {toggle('featureCs')}
            {toggle('featureManager')}
            {toggle('featureCsManager')}
            {toggle('chatBot', ['initialState'])}
            {toggle('openAPI')}
            <TextInput
              label={t('csConfig.fields.package.label')}
              description={t('csConfig.fields.package.help')}
              value={values.package}
              onChange={(event) => set('package', event.currentTarget.value)}
              error={errorOf('package')}
              disabled={readOnly}
              maxLength={100}
              required
            />
          </SimpleGrid>
        </ConfigGroup>

        <ConfigGroup name="routing">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="cs-config-initial-state">
              {t('csConfig.fields.initialState.label')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('csConfig.fields.initialState.help')}
            </Text>
            <SegmentedControl
              aria-labelledby="cs-config-initial-state"
              value={values.initialState}
              onChange={(value) => set('initialState', value as CsConfig['initialState'])}
              disabled={readOnly}
              data={[
                { value: 'queue', label: t('csConfig.initialState.queue') },
                { value: 'bot', label: t('csConfig.initialState.bot') },
              ]}
              w="fit-content"
            />
            {errors.initialState ? (
              <Text size="xs" c="red" role="alert">
                {errorOf('initialState')}
              </Text>
            ) : null}
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {toggle('autoAssignTicket')}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="cs-config-strategy">
                {t('csConfig.fields.strategy.label')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('csConfig.fields.strategy.help')}
              </Text>
              <SegmentedControl
                aria-labelledby="cs-config-strategy"
                value={values.strategy}
                onChange={(value) => set('strategy', value as CsConfig['strategy'])}
                disabled={readOnly || !values.autoAssignTicket}
                data={[
                  { value: 'weighted', label: t('csConfig.strategy.weighted') },
                  { value: 'roundRobin', label: t('csConfig.strategy.roundRobin') },
                  { value: 'leastBusy', label: t('csConfig.strategy.leastBusy') },
                ]}
                w="fit-content"
              />
            </Stack>
            {toggle('isMultilayerEscalation')}
            {toggle('isSpvShowByTags')}
            {toggle('csatEnabled')}
            <NumberInput
              label={t('csConfig.fields.presenceGraceSeconds.label')}
              description={t('csConfig.fields.presenceGraceSeconds.help')}
              value={Number.isNaN(values.presenceGraceSeconds) ? '' : values.presenceGraceSeconds}
              onChange={(value) => set('presenceGraceSeconds', numberOf(value))}
              error={errorOf('presenceGraceSeconds')}
              disabled={readOnly}
              min={1}
              max={3600}
              allowDecimal={false}
              allowNegative={false}
            />
          </SimpleGrid>
        </ConfigGroup>

        <ConfigGroup name="autoclose">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Switch
              label={t('csConfig.fields.autocloseEnabled.label')}
              description={t('csConfig.fields.autocloseEnabled.help')}
              checked={values.autoclose.enabled}
              disabled={readOnly}
              onChange={(event) =>
                update(
                  { ...values, autoclose: { ...values.autoclose, enabled: event.currentTarget.checked } },
                  'autoclose.minutes',
                )
              }
            />
            <NumberInput
              label={t('csConfig.fields.autocloseMinutes.label')}
              description={t('csConfig.fields.autocloseMinutes.help')}
              value={Number.isNaN(values.autoclose.minutes) ? '' : values.autoclose.minutes}
              onChange={(value) =>
                update(
                  {
                    ...values,
                    autoclose: {
                      ...values.autoclose,
                      minutes: numberOf(value),
                    },
                  },
                  'autoclose.minutes',
                )
              }
              error={errorOf('autoclose.minutes')}
              disabled={readOnly}
              min={1}
              max={AUTO_CLOSE_MAX_MINUTES}
              allowDecimal={false}
              allowNegative={false}
            />
          </SimpleGrid>
        </ConfigGroup>

        <ConfigGroup name="closing">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {toggle('mandatoryRemarksTemplate')}
            {toggle('showTemplateClosingRemarks')}
            {toggle('mandatoryCategory')}
          </SimpleGrid>
        </ConfigGroup>

        <ConfigGroup name="display">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {toggle('isDisplayingUserData', ['userDataDisplay'])}
            {list('userDataDisplay')}
            {toggle('isDisplayingUserDataChatHistory', ['userDataChatHistoryDisplay'])}
            {list('userDataChatHistoryDisplay')}
            {toggle('isDisplayingCsData', ['csDataDisplay'])}
            {list('csDataDisplay')}
            {list('userDataEditable')}
            {toggle('isInfinityScroll')}
          </SimpleGrid>
        </ConfigGroup>

        {errors.form ? (
          <Alert color="red" role="alert">
            {t('csConfig.errors.invalid')}
          </Alert>
        ) : Object.keys(errors).length > 0 ? (
          <Alert color="red" role="alert">
            {t('csConfig.errors.summary')}
          </Alert>
        ) : null}
        {formError ? (
          <Alert color="red" role="alert" title={t('csConfig.saveFailed')}>
            {formError}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <Group gap="xs">
            <Button type="submit" loading={saving}>
              {t('csConfig.save')}
            </Button>
            <Button
              variant="default"
              disabled={!touched || saving}
              onClick={() => {
                setValues(initial);
                setErrors({});
                setTouched(false);
              }}
            >
              {t('csConfig.reset')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** A group of the form: its title, a line saying what it is for, then its fields. */
function ConfigGroup({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t(`csConfig.groups.${name}`)}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`csConfig.groupHelp.${name}`)}
        </Text>
        {children}
      </Stack>
    </Fieldset>
  );
}

/** A number field's value: an emptied field is NaN, so validation says so instead of keeping the old value. */
function numberOf(value: string | number): number {
  return typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value);
}
