import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type AvailabilityHoliday,
  type AvailabilityPeriod,
  type CsAvailability,
  type CsAvailabilityCreate,
  type CsAvailabilityUpdate,
  isKnownTimezone,
} from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { periodProblems, WeekEditor } from './week-editor';

type Values = {
  scope: 'business' | 'agent';
  csId: string | null;
  name: string;
  timezone: string;
  enabled: boolean;
  periods: AvailabilityPeriod[];
  /** Each row with a key of its own: rows are added and removed anywhere. */
  holidays: (AvailabilityHoliday & { key: number })[];
};

let holidayKeys = 0;
const keyed = (holiday: AvailabilityHoliday) => ({ ...holiday, key: ++holidayKeys });

const DATE = /^\d{4}-\d{2}-\d{2}$/;

type AvailabilityFormProps = {
  /** The schedule edited; absent: a new one. */
  initial: CsAvailability | null;
  /** Agents who may get a schedule (CS agents without one, plus the edited one's). */
  agents: { id: string; name: string }[];
  /** Whether the business already has its schedule (then a new one is an agent's). */
  hasBusiness: boolean;
  saving: boolean;
  formError: string | null;
  fieldErrors: Record<string, string>;
  onSubmit: (body: CsAvailabilityCreate | CsAvailabilityUpdate) => void;
  onCancel: () => void;
};

/** A schedule: for whom, its week of periods, its holidays, its time zone and its switch. */
export function AvailabilityForm(props: AvailabilityFormProps) {
  const { initial, agents, hasBusiness, saving, formError, fieldErrors, onSubmit, onCancel } = props;
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => ({
    scope: initial?.scope ?? (hasBusiness ? 'agent' : 'business'),
    csId: initial?.csId ?? null,
    name: initial?.name ?? '',
    timezone: initial?.timezone ?? '',
    enabled: initial?.enabled ?? true,
    periods: initial?.periods ?? [],
    holidays: (initial?.holidays ?? []).map(keyed),
  }));
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const problems = {
    name: values.name.trim() ? null : t('automation.availability.name.required'),
    csId: values.scope === 'agent' && !values.csId ? t('automation.availability.agent.required') : null,
    timezone:
      values.timezone.trim() && !isKnownTimezone(values.timezone.trim())
        ? t('automation.availability.timezone.invalid')
        : null,
    periods: periodProblems(values.periods).some(Boolean),
    holidays: values.holidays.map((holiday, index) =>
      !DATE.test(holiday.date)
        ? t('automation.availability.holidays.dateRequired')
        : values.holidays.findIndex((other) => other.date === holiday.date) !== index
          ? t('automation.availability.holidays.duplicate')
          : null,
    ),
  };
  const invalid =
    Boolean(problems.name || problems.csId || problems.timezone || problems.periods) ||
    problems.holidays.some(Boolean);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (invalid) return;
    const fields = {
      name: values.name.trim(),
      timezone: values.timezone.trim() || null,
      enabled: values.enabled,
      periods: values.periods,
      holidays: values.holidays.map((h) =>
        h.name?.trim() ? { date: h.date, name: h.name.trim() } : { date: h.date },
      ),
    };
    onSubmit(
      initial
        ? { id: initial.id, ...fields }
        : { scope: values.scope, ...(values.scope === 'agent' ? { csId: values.csId } : {}), ...fields },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={initial ? t('automation.availability.edit') : t('automation.availability.add')}
    >
      <Stack gap="md">
        {initial ? null : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('automation.availability.scope.label')}
            </Text>
            <SegmentedControl
              value={values.scope}
              onChange={(scope) => set({ scope: scope as Values['scope'] })}
              data={[
                {
                  value: 'business',
                  label: t('automation.availability.scope.business'),
                  disabled: hasBusiness,
                },
                { value: 'agent', label: t('automation.availability.scope.agent') },
              ]}
            />
          </Stack>
        )}
        {values.scope === 'agent' && !initial ? (
          <Select
            label={t('automation.availability.agent.label')}
            placeholder={t('automation.availability.agent.placeholder')}
            data={agents.map((agent) => ({ value: agent.id, label: agent.name }))}
            value={values.csId}
            onChange={(csId) => set({ csId })}
            searchable
            error={(tried && problems.csId) || fieldErrors.csId}
          />
        ) : null}
        <Group grow align="flex-start">
          <TextInput
            label={t('automation.availability.name.label')}
            value={values.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={(tried && problems.name) || fieldErrors.name}
            maxLength={100}
            required
          />
          <TextInput
            label={t('automation.availability.timezone.label')}
            description={t('automation.availability.timezone.help')}
            placeholder="Asia/Jakarta"
            value={values.timezone}
            onChange={(event) => set({ timezone: event.currentTarget.value })}
            error={(tried && problems.timezone) || fieldErrors.timezone}
          />
        </Group>
        <Switch
          label={t('automation.availability.enabled.label')}
          description={t('automation.availability.enabled.help')}
          checked={values.enabled}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
        <Fieldset legend={t('automation.availability.week.label')}>
          <Text size="xs" c="dimmed" mb="xs">
            {t('automation.availability.week.help')}
          </Text>
          <WeekEditor
            periods={values.periods}
            onChange={(periods) => set({ periods })}
            showProblems={tried}
          />
        </Fieldset>
        <Fieldset legend={t('automation.availability.holidays.label')}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('automation.availability.holidays.help')}
            </Text>
            {values.holidays.map((holiday, index) => (
              <Group key={holiday.key} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  type="date"
                  size="xs"
                  label={t('automation.availability.holidays.date')}
                  value={holiday.date}
                  error={tried ? problems.holidays[index] : undefined}
                  onChange={(event) => {
                    const date = event.currentTarget.value;
                    set({ holidays: values.holidays.map((h, i) => (i === index ? { ...h, date } : h)) });
                  }}
                />
                <TextInput
                  size="xs"
                  label={t('automation.availability.holidays.name')}
                  value={holiday.name ?? ''}
                  maxLength={100}
                  onChange={(event) => {
                    const name = event.currentTarget.value;
                    set({ holidays: values.holidays.map((h, i) => (i === index ? { ...h, name } : h)) });
                  }}
                />
                <ActionIcon
                  mt={22}
                  variant="subtle"
                  color="red"
                  aria-label={`${t('automation.availability.holidays.remove')} ${holiday.date}`}
                  onClick={() => set({ holidays: values.holidays.filter((_, i) => i !== index) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => set({ holidays: [...values.holidays, keyed({ date: '' })] })}
              >
                {t('automation.availability.holidays.add')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('automation.availability.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('automation.availability.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
