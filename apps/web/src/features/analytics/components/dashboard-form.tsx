import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_WIDGET_KINDS,
  type AnalyticsDashboard,
  type AnalyticsDashboardSave,
  AnalyticsDashboardSaveSchema,
  type AnalyticsWidgetKind,
} from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type WidgetDraft = { key: number; kind: AnalyticsWidgetKind; title: string; rangeDays: number | string };

let nextKey = 0;
const widgetKey = () => ++nextKey;
type Draft = { name: string; description: string; widgets: WidgetDraft[] };

const MAX_WIDGETS = 12;

function draftOf(dashboard: AnalyticsDashboard | null): Draft {
  if (!dashboard)
    return {
      name: '',
      description: '',
      widgets: [
        { key: widgetKey(), kind: 'conversationsByHour', title: '', rangeDays: 7 },
        { key: widgetKey(), kind: 'firstResponseTime', title: '', rangeDays: 7 },
      ],
    };
  return {
    name: dashboard.name,
    description: dashboard.description ?? '',
    widgets: dashboard.widgets.map((widget) => ({
      key: widgetKey(),
      kind: widget.kind,
      title: widget.title ?? '',
      rangeDays: widget.rangeDays,
    })),
  };
}

export type DashboardFormProps = {
  dashboard: AnalyticsDashboard | null;
  saving: boolean;
  onSave: (body: AnalyticsDashboardSave) => void;
  onCancel: () => void;
};

/** A dashboard's name, description and widgets (a chart each, with its last N days). */
export function DashboardForm({ dashboard, saving, onSave, onCancel }: DashboardFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(dashboard));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setWidget = (index: number, patch: Partial<WidgetDraft>) =>
    setDraft((current) => ({
      ...current,
      widgets: current.widgets.map((widget, i) => (i === index ? { ...widget, ...patch } : widget)),
    }));

  const submit = () => {
    const body = {
      name: draft.name,
      ...(draft.description.trim() ? { description: draft.description } : {}),
      widgets: draft.widgets.map((widget) => ({
        kind: widget.kind,
        ...(widget.title.trim() ? { title: widget.title } : {}),
        rangeDays: Number(widget.rangeDays),
      })),
    };
    const parsed = AnalyticsDashboardSaveSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [field, index, key] = issue.path;
        if (field === 'name') found.name = t('analytics.form.nameRequired');
        else if (field === 'widgets' && key === 'rangeDays')
          found[`rangeDays.${String(index)}`] = t('analytics.form.rangeDaysInvalid');
        else if (field === 'widgets') found.widgets = t('analytics.form.widgetsRequired');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSave(body);
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
          label={t('analytics.form.name')}
          required
          maxLength={100}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          error={errors.name}
        />
        <Textarea
          label={t('analytics.form.description')}
          maxLength={500}
          rows={2}
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.currentTarget.value })}
        />
        <Text fw={500} size="sm">
          {t('analytics.form.widgets')}
        </Text>
        {draft.widgets.map((widget, index) => (
          <Group
            key={widget.key}
            align="flex-start"
            gap="xs"
            wrap="nowrap"
            role="group"
            aria-label={`${t('analytics.form.kind')} ${index + 1}`}
          >
            <Select
              label={t('analytics.form.kind')}
              data={ANALYTICS_WIDGET_KINDS.map((kind) => ({
                value: kind,
                label: t(`analytics.kinds.${kind}`),
              }))}
              value={widget.kind}
              allowDeselect={false}
              onChange={(kind) => kind && setWidget(index, { kind: kind as AnalyticsWidgetKind })}
              w={200}
            />
            <TextInput
              label={t('analytics.form.title')}
              maxLength={100}
              value={widget.title}
              onChange={(event) => setWidget(index, { title: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <NumberInput
              label={t('analytics.form.rangeDays')}
              min={1}
              max={ANALYTICS_MAX_RANGE_DAYS}
              allowDecimal={false}
              value={widget.rangeDays}
              onChange={(rangeDays) => setWidget(index, { rangeDays })}
              error={errors[`rangeDays.${index}`]}
              w={110}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={t('analytics.form.removeWidget')}
              disabled={draft.widgets.length === 1}
              onClick={() => setDraft({ ...draft, widgets: draft.widgets.filter((_, i) => i !== index) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {errors.widgets ? (
          <Text size="xs" c="red" role="alert">
            {errors.widgets}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={draft.widgets.length >= MAX_WIDGETS}
            onClick={() =>
              setDraft({
                ...draft,
                widgets: [...draft.widgets, { key: widgetKey(), kind: 'agentLoad', title: '', rangeDays: 7 }],
              })
            }
          >
            {t('analytics.form.addWidget')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t('analytics.form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('analytics.form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
