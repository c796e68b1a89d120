import {
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ANALYTICS_WIDGET_KINDS,
  type AnalyticsWidgetKind,
  type EmailPulse,
  type EmailPulseSave,
  EmailPulseSaveSchema,
} from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Draft = {
  name: string;
  recipients: string[];
  widgets: AnalyticsWidgetKind[];
  frequency: 'daily' | 'weekly';
  dayOfWeek: string | null;
  hour: string;
};

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

function draftOf(pulse: EmailPulse | null): Draft {
  return {
    name: pulse?.name ?? '',
    recipients: pulse?.recipients ?? [],
    widgets: pulse?.widgets ?? ['conversationsByHour', 'firstResponseTime', 'resolutionTime'],
    frequency: pulse?.frequency ?? 'daily',
    dayOfWeek: pulse?.dayOfWeek === null || pulse?.dayOfWeek === undefined ? '1' : String(pulse.dayOfWeek),
    hour: String(pulse?.hour ?? 8),
  };
}

export type EmailPulseFormProps = {
  pulse: EmailPulse | null;
  timezone: string;
  saving: boolean;
  onSave: (body: EmailPulseSave) => void;
  onCancel: () => void;
};

/** An email pulse: name, recipients, figures, and when it leaves (daily or weekly, at a local hour). */
export function EmailPulseForm({ pulse, timezone, saving, onSave, onCancel }: EmailPulseFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(pulse));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const body = {
      name: draft.name,
      recipients: draft.recipients.map((address) => address.trim()),
      widgets: draft.widgets,
      frequency: draft.frequency,
      dayOfWeek: draft.frequency === 'weekly' && draft.dayOfWeek !== null ? Number(draft.dayOfWeek) : null,
      hour: Number(draft.hour),
    };
    const parsed = EmailPulseSaveSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'name') found.name = t('analytics.pulse.nameRequired');
        if (field === 'recipients') found.recipients = t('analytics.pulse.recipientsRequired');
        if (field === 'widgets') found.widgets = t('analytics.pulse.widgetsRequired');
        if (field === 'dayOfWeek') found.dayOfWeek = t('analytics.pulse.dayRequired');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSave(parsed.data);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('analytics.pulse.name')}
          required
          maxLength={100}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          error={errors.name}
        />
        <TagsInput
          label={t('analytics.pulse.recipients')}
          description={t('analytics.pulse.recipientsHelp')}
          required
          maxTags={20}
          splitChars={[',', ' ', ';']}
          value={draft.recipients}
          onChange={(recipients) => setDraft({ ...draft, recipients })}
          error={errors.recipients}
        />
        <Checkbox.Group
          label={t('analytics.pulse.figures')}
          required
          value={draft.widgets}
          onChange={(widgets) => setDraft({ ...draft, widgets: widgets as AnalyticsWidgetKind[] })}
          error={errors.widgets}
        >
          <Stack gap={6} mt={6}>
            {ANALYTICS_WIDGET_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                value={kind}
                label={t(`analytics.kinds.${kind}`)}
                description={t(`analytics.kindHelp.${kind}`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('analytics.pulse.frequency')}
          </Text>
          <SegmentedControl
            aria-label={t('analytics.pulse.frequency')}
            value={draft.frequency}
            onChange={(frequency) => setDraft({ ...draft, frequency: frequency as Draft['frequency'] })}
            data={[
              { value: 'daily', label: t('analytics.pulse.frequencyDaily') },
              { value: 'weekly', label: t('analytics.pulse.frequencyWeekly') },
            ]}
          />
        </Stack>
        <Group gap="sm" align="flex-start">
          {draft.frequency === 'weekly' ? (
            <Select
              label={t('analytics.pulse.dayOfWeek')}
              data={Array.from({ length: 7 }, (_, day) => ({
                value: String(day),
                label: t(`analytics.days.${day}`),
              }))}
              value={draft.dayOfWeek}
              onChange={(dayOfWeek) => setDraft({ ...draft, dayOfWeek })}
              error={errors.dayOfWeek}
              w={180}
            />
          ) : null}
          <Select
            label={t('analytics.pulse.hour', { timezone })}
            data={Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }))}
            value={draft.hour}
            allowDeselect={false}
            onChange={(hour) => hour && setDraft({ ...draft, hour })}
            w={180}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('analytics.pulse.periodHelp')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('analytics.pulse.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('analytics.pulse.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
