import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CAMPAIGN_CHANNELS,
  type Campaign,
  type CampaignChannel,
  CampaignContentSchema,
  type CampaignTemplate,
  CreateCampaignRequestSchema,
  campaignContentProblem,
  type RetryPlanInput,
  RetryPlanInputSchema,
  type WindowInput,
  WindowInputSchema,
} from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { useRetryPlans, useWindows } from '../api/campaigns-api';
import {
  EMPTY_RULE,
  ParamTranslatorEditor,
  type TranslatorDraft,
  translatorDraftOf,
  translatorOf,
} from './param-translator-editor';
import { RecordingPicker } from './recording-picker';
import { DEFAULT_RETRY_PLAN, RetryPlanEditor } from './retry-plan-editor';
import { RetryTimeline } from './retry-timeline';
import { rangesToWeek, WeekGrid } from './week-grid';
import { WindowEditor } from './window-editor';

/** A window or retry plan: none, one that exists, or a new one made with the campaign. */
type Choice = { mode: 'none' } | { mode: 'existing'; id: string } | { mode: 'new' };

/** What the form hands its page to save: the campaign and the window and plan to create first, if new. */
export type CampaignFormResult = {
  code: string;
  channel: CampaignChannel;
  content: ReturnType<typeof CampaignContentSchema.parse>;
  newWindow: WindowInput | null;
  newRetryPlan: RetryPlanInput | null;
  /** Submit right after saving (active, or pending a checker). */
  submit: boolean;
};

const DEFAULT_TEXT: Record<CampaignChannel, string> = {
  SMS: 'Hi {{name}}, your bill of {{amount}} is due.',
  TELEGRAM: 'Hi {{name}}, your bill of {{amount}} is due.',
  EMAIL: 'Your bill, {{name}}',
  WHATSAPP: '',
  VOICE: 'Hello {{name}}. Your bill is due.',
};

const RECIPIENT_COLUMN: Record<CampaignChannel, { column: string; kind: 'phone' | 'email' | 'text' }> = {
  SMS: { column: 'phone', kind: 'phone' },
  VOICE: { column: 'phone', kind: 'phone' },
  WHATSAPP: { column: 'phone', kind: 'phone' },
  EMAIL: { column: 'email', kind: 'email' },
  TELEGRAM: { column: 'chat_id', kind: 'text' },
};

function defaultTranslator(channel: CampaignChannel): TranslatorDraft {
  const { column, kind } = RECIPIENT_COLUMN[channel];
  return {
    recipient: column,
    rules: [
      { ...EMPTY_RULE, from: column, to: column, kind, required: true },
      { ...EMPTY_RULE, from: 'name', to: 'name' },
    ],
  };
}

type TemplateDraft = {
  text: string;
  subject: string;
  html: string;
  name: string;
  language: string;
  parameters: string;
  /** Voice: speak the script, or play a recording of the voice resources (its file id). */
  voiceSource: 'script' | 'recording';
  recordingFileId: string;
};

function templateDraftOf(template: CampaignTemplate | undefined, channel: CampaignChannel): TemplateDraft {
  const draft: TemplateDraft = {
    text: DEFAULT_TEXT[channel],
    subject: DEFAULT_TEXT.EMAIL,
    html: '<p>Hi {{name}},</p><p>your bill is due.</p>',
    name: '',
    language: channel === 'VOICE' ? 'id-ID' : 'id',
    parameters: '{{name}}',
    voiceSource: 'script',
    recordingFileId: '',
  };
  if (!template) return draft;
  switch (template.channel) {
    case 'SMS':
    case 'TELEGRAM':
      return { ...draft, text: template.text };
    case 'EMAIL':
      return { ...draft, subject: template.subject, html: template.html, text: template.text ?? '' };
    case 'WHATSAPP':
      return {
        ...draft,
        name: template.name,
        language: template.language,
        parameters: template.parameters.join('\n'),
      };
    case 'VOICE':
      return template.recordingFileId
        ? {
            ...draft,
            voiceSource: 'recording',
            recordingFileId: template.recordingFileId,
            language: template.language,
          }
        : { ...draft, text: template.script ?? '', language: template.language };
  }
}

function templateOf(channel: CampaignChannel, draft: TemplateDraft): unknown {
  switch (channel) {
    case 'SMS':
    case 'TELEGRAM':
      return { channel, text: draft.text };
    case 'EMAIL':
      return {
        channel,
        subject: draft.subject,
        html: draft.html,
        ...(draft.text ? { text: draft.text } : {}),
      };
    case 'WHATSAPP':
      return {
        channel,
        name: draft.name,
        language: draft.language,
        parameters: draft.parameters
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      };
    case 'VOICE':
      return draft.voiceSource === 'recording'
        ? { channel, recordingFileId: draft.recordingFileId || undefined, language: draft.language }
        : { channel, script: draft.text, language: draft.language };
  }
}

const choiceOf = (id: string | null | undefined): Choice =>
  id ? { mode: 'existing', id } : { mode: 'none' };
const choiceValue = (choice: Choice) => (choice.mode === 'existing' ? choice.id : choice.mode);
const choiceFrom = (value: string | null): Choice =>
  value === 'none' || value === null
    ? { mode: 'none' }
    : value === 'new'
      ? { mode: 'new' }
      : { mode: 'existing', id: value };

export type CampaignFormProps = {
  clientId: string;
  /** Edit: the campaign as it is (its code and channel never change). Create: absent, or a copy's source. */
  initial?: Campaign | undefined;
  editing: boolean;
  /** A channel area's form: the campaign is of this channel, and it cannot be changed. */
  fixedChannel?: CampaignChannel | null | undefined;
  /** A new campaign's type to start with (a collection-reminder page starts one). */
  initialType?: 'blast' | 'collection_reminder' | undefined;
  saving: boolean;
  error: unknown;
  onSave: (result: CampaignFormResult) => void;
  onCancel: () => void;
};

/** Create or edit a campaign: channel, template with parameters, window, retry plan and param translator. */
export function CampaignForm({
  clientId,
  initial,
  editing,
  fixedChannel,
  initialType,
  saving,
  error,
  onSave,
  onCancel,
}: CampaignFormProps) {
  const startChannel = initial?.channel ?? fixedChannel ?? 'SMS';
  const { t } = useTranslation();
  const windows = useWindows(clientId);
  const plans = useRetryPlans(clientId);
  const [code, setCode] = useState(editing ? (initial?.code ?? '') : '');
  const [channel, setChannel] = useState<CampaignChannel>(startChannel);
  const [name, setName] = useState(initial ? `${initial.name}${editing ? '' : ' (copy)'}` : '');
  const [type, setType] = useState<'blast' | 'collection_reminder'>(
    (initial?.type ?? initialType) === 'collection_reminder' ? 'collection_reminder' : 'blast',
  );
  const [sender, setSender] = useState(initial?.sender ?? '');
  const [template, setTemplate] = useState(templateDraftOf(initial?.template, startChannel));
  const [translator, setTranslator] = useState<TranslatorDraft>(
    initial ? translatorDraftOf(initial.paramTranslator) : defaultTranslator(startChannel),
  );
  const [offsets, setOffsets] = useState((initial?.reminderOffsets ?? [-3, -1, 0]).join(', '));
  const [windowChoice, setWindowChoice] = useState<Choice>(choiceOf(initial?.windowId));
  const [newWindow, setNewWindow] = useState<WindowInput>({
    name: '',
    timeZone: 'Asia/Jakarta',
    ranges: [],
    blackoutDates: [],
  });
  const [planChoice, setPlanChoice] = useState<Choice>(choiceOf(initial?.retryPlanId));
  const [newPlan, setNewPlan] = useState<RetryPlanInput>(DEFAULT_RETRY_PLAN);
  const [problems, setProblems] = useState<string[]>([]);

  const changeChannel = (next: CampaignChannel) => {
    setChannel(next);
    setTemplate(templateDraftOf(undefined, next));
    setTranslator(defaultTranslator(next));
  };
  const parameters = translator.rules.map((rule) => rule.to).filter(Boolean);
  const selectedWindow =
    windowChoice.mode === 'existing'
      ? windows.data?.items.find((w) => w.windowId === windowChoice.id)
      : undefined;
  const selectedPlan =
    planChoice.mode === 'existing'
      ? plans.data?.items.find((p) => p.retryPlanId === planChoice.id)
      : undefined;

  const save = (submit: boolean) => {
    const found: string[] = [];
    const content = {
      name,
      type,
      sender: sender.trim() || null,
      template: templateOf(channel, template),
      paramTranslator: translatorOf(translator),
      reminderOffsets:
        type === 'collection_reminder'
          ? offsets
              .split(/[,\s]+/)
              .filter(Boolean)
              .map(Number)
          : null,
      windowId: windowChoice.mode === 'existing' ? windowChoice.id : null,
      retryPlanId: planChoice.mode === 'existing' ? planChoice.id : null,
    };
    const parsed = editing
      ? CampaignContentSchema.safeParse(content)
      : CreateCampaignRequestSchema.safeParse({ ...content, code, channel });
    if (!parsed.success) found.push(...parsed.error.issues.map((issue) => issue.message));
    const windowParsed = windowChoice.mode === 'new' ? WindowInputSchema.safeParse(newWindow) : null;
    if (windowParsed && !windowParsed.success)
      found.push(
        ...windowParsed.error.issues.map((issue) => `${t('notification.form.window')}: ${issue.message}`),
      );
    const planParsed = planChoice.mode === 'new' ? RetryPlanInputSchema.safeParse(newPlan) : null;
    if (planParsed && !planParsed.success)
      found.push(
        ...planParsed.error.issues.map((issue) => `${t('notification.form.retryPlan')}: ${issue.message}`),
      );
    if (parsed.success) {
      const problem = campaignContentProblem(parsed.data);
      if (problem) found.push(problem);
    }
    setProblems(found);
    if (found.length > 0 || !parsed.success) return;
    onSave({
      code,
      channel,
      content: CampaignContentSchema.parse(content),
      newWindow: windowParsed?.success ? windowParsed.data : null,
      newRetryPlan: planParsed?.success ? planParsed.data : null,
      submit,
    });
  };

  const insert = (parameter: string) =>
    setTemplate({ ...template, text: `${template.text}{{${parameter}}}` });

  return (
    <Stack gap="lg">
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('notification.form.general')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('notification.fields.code')}
            description={t('notification.form.codeHelp')}
            value={code}
            disabled={editing}
            required
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <TextInput
            label={t('notification.fields.name')}
            value={name}
            required
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select
            label={t('notification.fields.channel')}
            value={channel}
            disabled={editing || Boolean(fixedChannel)}
            allowDeselect={false}
            onChange={(value) => value && changeChannel(value as CampaignChannel)}
            data={CAMPAIGN_CHANNELS.map((value) => ({ value, label: t(`notification.channels.${value}`) }))}
          />
          <Select
            label={t('notification.fields.type')}
            value={type}
            allowDeselect={false}
            onChange={(value) => value && setType(value as typeof type)}
            data={[
              { value: 'blast', label: t('notification.types.blast') },
              { value: 'collection_reminder', label: t('notification.types.collection_reminder') },
            ]}
          />
          <TextInput
            label={t('notification.fields.sender')}
            value={sender}
            onChange={(event) => setSender(event.currentTarget.value)}
          />
          {type === 'collection_reminder' ? (
            <TextInput
              label={t('notification.form.offsets')}
              description={t('notification.form.offsetsHelp')}
              value={offsets}
              onChange={(event) => setOffsets(event.currentTarget.value)}
            />
          ) : null}
        </SimpleGrid>
      </Card>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('notification.form.message')}
        </Title>
        <Stack gap="sm">
          {channel === 'EMAIL' ? (
            <>
              <TextInput
                label={t('notification.form.subject')}
                value={template.subject}
                onChange={(event) => setTemplate({ ...template, subject: event.currentTarget.value })}
              />
              <Textarea
                label={t('notification.form.html')}
                autosize
                minRows={4}
                value={template.html}
                onChange={(event) => setTemplate({ ...template, html: event.currentTarget.value })}
              />
            </>
          ) : channel === 'WHATSAPP' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('notification.form.templateName')}
                value={template.name}
                onChange={(event) => setTemplate({ ...template, name: event.currentTarget.value })}
              />
              <TextInput
                label={t('notification.form.language')}
                value={template.language}
                onChange={(event) => setTemplate({ ...template, language: event.currentTarget.value })}
              />
              <Textarea
                label={t('notification.form.templateParameters')}
                description={t('notification.form.templateParametersHelp', { example: '{{name}}' })}
                autosize
                minRows={2}
                value={template.parameters}
                onChange={(event) => setTemplate({ ...template, parameters: event.currentTarget.value })}
              />
            </SimpleGrid>
          ) : (
            <>
              {channel === 'VOICE' ? (
                <SegmentedControl
                  aria-label={t('notification.form.voiceSource')}
                  value={template.voiceSource}
                  onChange={(value) =>
                    setTemplate({ ...template, voiceSource: value as 'script' | 'recording' })
                  }
                  data={[
                    { value: 'script', label: t('notification.form.voiceScript') },
                    { value: 'recording', label: t('notification.form.voiceRecording') },
                  ]}
                />
              ) : null}
              {channel === 'VOICE' && template.voiceSource === 'recording' ? (
                <RecordingPicker
                  clientId={clientId}
                  value={template.recordingFileId}
                  onChange={(recordingFileId) => setTemplate({ ...template, recordingFileId })}
                />
              ) : (
                <Textarea
                  label={channel === 'VOICE' ? t('notification.form.script') : t('notification.form.text')}
                  autosize
                  minRows={3}
                  value={template.text}
                  onChange={(event) => setTemplate({ ...template, text: event.currentTarget.value })}
                />
              )}
            </>
          )}
          {channel === 'SMS' ||
          channel === 'TELEGRAM' ||
          (channel === 'VOICE' && template.voiceSource === 'script') ? (
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {t('notification.form.insertParameter')}
              </Text>
              {parameters.map((parameter) => (
                <Button key={parameter} size="compact-xs" variant="light" onClick={() => insert(parameter)}>
                  {`{{${parameter}}}`}
                </Button>
              ))}
            </Group>
          ) : null}
        </Stack>
      </Card>

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t('notification.translator.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('notification.translator.help')}
        </Text>
        <ParamTranslatorEditor value={translator} onChange={setTranslator} />
      </Card>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('notification.form.window')}
        </Title>
        <Stack gap="sm">
          <Select
            label={t('notification.form.windowChoice')}
            value={choiceValue(windowChoice)}
            allowDeselect={false}
            onChange={(value) => setWindowChoice(choiceFrom(value))}
            data={[
              { value: 'none', label: t('notification.form.noWindow') },
              { value: 'new', label: t('notification.form.newWindow') },
              ...(windows.data?.items ?? []).map((window) => ({
                value: window.windowId,
                label: window.name,
              })),
            ]}
          />
          {windowChoice.mode === 'new' ? <WindowEditor value={newWindow} onChange={setNewWindow} /> : null}
          {selectedWindow ? (
            <WeekGrid value={rangesToWeek(selectedWindow.ranges)} onChange={() => undefined} readOnly />
          ) : null}
        </Stack>
      </Card>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('notification.form.retryPlan')}
        </Title>
        <Stack gap="sm">
          <Select
            label={t('notification.form.retryChoice')}
            value={choiceValue(planChoice)}
            allowDeselect={false}
            onChange={(value) => setPlanChoice(choiceFrom(value))}
            data={[
              { value: 'none', label: t('notification.form.noRetryPlan') },
              { value: 'new', label: t('notification.form.newRetryPlan') },
              ...(plans.data?.items ?? []).map((plan) => ({ value: plan.retryPlanId, label: plan.name })),
            ]}
          />
          {planChoice.mode === 'new' ? (
            <RetryPlanEditor value={newPlan} onChange={setNewPlan} channel={channel} />
          ) : null}
          {selectedPlan ? <RetryTimeline plan={selectedPlan} channel={channel} /> : null}
        </Stack>
      </Card>

      {problems.length > 0 ? (
        <Alert color="red" role="alert" title={t('notification.form.problems')}>
          <Stack gap={2}>
            {problems.map((problem) => (
              <Text key={problem} size="sm">
                {problem}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {describeError(error, t)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('notification.actions.cancel')}
        </Button>
        <Button variant="light" loading={saving} onClick={() => save(false)}>
          {editing ? t('notification.form.saveChanges') : t('notification.form.saveDraft')}
        </Button>
        {editing && initial?.status !== 'draft' && initial?.status !== 'rejected' ? null : (
          <Button loading={saving} onClick={() => save(true)}>
            {t('notification.form.saveAndSubmit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
