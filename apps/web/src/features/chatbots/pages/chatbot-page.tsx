import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Menu,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BOT_SCHEDULES,
  BOT_VALIDATION_RULES,
  BOT_WAITING_ACTIONS,
  BotActionInputSchema,
  type BotValidation,
  type BotValidationRule,
  type ChatBot,
} from '@sapa/contracts';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  type ChatBotFields,
  useBotValidations,
  useChatBots,
  useDeleteBotValidation,
  useDeleteChatBot,
  useSaveBotFlow,
  useSaveBotValidation,
  useSaveChatBot,
  useSetDefaultBot,
} from '../api/chatbots-api';
import { type FlowDraftAction, FlowEditor, flowProblems } from '../components/flow-editor';
import '../chatbots-i18n';

const PAGE_SIZE = 10;

/** `/config/chatbot`: the client's bots; create one, set its schedule, build its flow and checks, make it the default. */
export function ChatbotPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const list = useChatBots(clientId, page, PAGE_SIZE);
  const remove = useDeleteChatBot(clientId);
  const setDefault = useSetDefaultBot(clientId);
  const [editing, setEditing] = useState<{ bot: ChatBot | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<ChatBot | null>(null);
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('chatbots.failed'), message: describeError(error, t) });

  const columns: DataTableColumn<ChatBot>[] = [
    {
      key: 'name',
      header: t('chatbots.fields.botName'),
      render: (row) => (
        <Group gap="xs">
          <Text size="sm">{row.botName}</Text>
          {row.isDefault ? <Badge variant="light">{t('chatbots.default')}</Badge> : null}
          {row.active ? null : (
            <Badge color="gray" variant="light">
              {t('chatbots.fields.active')}: ✕
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'schedule',
      header: t('chatbots.fields.schedule'),
      render: (row) => t(`chatbots.schedule.${row.schedule}`),
    },
    { key: 'kind', header: t('chatbots.fields.kind'), render: (row) => t(`chatbots.kind.${row.kind}`) },
    { key: 'actions', header: t('chatbots.fields.actions'), render: (row) => row.actions.length },
    { key: 'updated', header: t('chatbots.fields.updatedAt'), render: (row) => formatDate(row.updatedAt) },
    {
      key: 'menu',
      header: <VisuallyHidden>{t('chatbots.actionsFor', { name: '' })}</VisuallyHidden>,
      align: 'right',
      render: (row) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('chatbots.actionsFor', { name: row.botName })}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setEditing({ bot: row, key: Date.now() })}>
              {t('chatbots.edit')}
            </Menu.Item>
            <Menu.Item
              disabled={row.isDefault || !row.active}
              onClick={() =>
                setDefault.mutate(row.id, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      message: t('chatbots.defaultSet', { name: row.botName }),
                    }),
                  onError: failed,
                })
              }
            >
              {t('chatbots.setDefault')}
            </Menu.Item>
            <Menu.Item color="red" onClick={() => setDeleting(row)}>
              {t('chatbots.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.chatbot')}
        description={t('chatbots.help')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ bot: null, key: Date.now() })}
          >
            {t('chatbots.new')}
          </Button>
        }
      />
      <DataTable
        label={t('pages.chatbot')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('chatbots.empty')}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
      />
      {editing ? (
        <BotEditor
          key={editing.key}
          clientId={clientId}
          bot={editing.bot}
          onSaved={(bot) => setEditing({ bot, key: editing.key })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('chatbots.deleteTitle')}
        message={t('chatbots.deleteMessage', { name: deleting?.botName ?? '' })}
        loading={remove.isPending}
        color="red"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.botName, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: t('chatbots.deleted', { name: deleting.botName }),
              });
              setDeleting(null);
            },
            onError: failed,
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

function draftOf(bot: ChatBot | null): FlowDraftAction[] {
  return (bot?.actions ?? []).map((action) => ({
    botActionName: action.botActionName,
    type: action.type,
    text: action.text,
    imageUrl: action.imageUrl,
    options: action.options,
    branches: action.branches,
    saveAs: action.saveAs,
    next: action.next,
    handOffTag: action.handOffTag,
    handOffCsId: action.handOffCsId,
    template: action.template,
  }));
}

/** A bot's settings, then (once it exists) its flow and the checks of the actions that wait. */
function BotEditor({
  clientId,
  bot,
  onSaved,
  onClose,
}: {
  clientId: string;
  bot: ChatBot | null;
  onSaved: (bot: ChatBot) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveChatBot(clientId);
  const saveFlow = useSaveBotFlow(clientId);
  const [fields, setFields] = useState<ChatBotFields>({
    botName: bot?.botName ?? '',
    description: bot?.description ?? '',
    schedule: bot?.schedule ?? 'always',
    kind: bot?.kind ?? 'flow',
    projectId: bot?.projectId ?? null,
    active: bot?.active ?? true,
  });
  const [flow, setFlow] = useState<FlowDraftAction[]>(() => draftOf(bot));
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [savedFlow, setSavedFlow] = useState<FlowDraftAction[]>(() => draftOf(bot));

  const submitBot = () => {
    setError(null);
    if (!fields.botName.trim()) {
      setError(`${t('chatbots.fields.botName')}: ✕`);
      return;
    }
    save.mutate(
      { ...fields, ...(bot ? { id: bot.id } : {}) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('chatbots.saved', { name: saved.botName }) });
          onSaved(saved);
        },
        onError: (failure) => setError(describeError(failure, t)),
      },
    );
  };
  const submitFlow = () => {
    if (!bot) return;
    setError(null);
    const found = flowProblems(
      flow,
      (action) => {
        const result = BotActionInputSchema.safeParse(action);
        return result.success
          ? { success: true }
          : { success: false, message: result.error.issues[0]!.message };
      },
      t,
    );
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    saveFlow.mutate(
      { botName: bot.botName, actions: flow },
      {
        onSuccess: () => {
          setSavedFlow(flow);
          notifications.show({ color: 'green', message: t('chatbots.flowSaved', { name: bot.botName }) });
        },
        onError: (failure) => setError(describeError(failure, t)),
      },
    );
  };

  return (
    <Modal
      opened
      size="xl"
      onClose={onClose}
      title={bot ? t('chatbots.editTitle', { name: bot.botName }) : t('chatbots.createTitle')}
    >
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group grow align="flex-start">
          <TextInput
            label={t('chatbots.fields.botName')}
            required
            value={fields.botName}
            maxLength={60}
            onChange={(event) => setFields({ ...fields, botName: event.currentTarget.value })}
          />
          <Select
            label={t('chatbots.fields.schedule')}
            data={BOT_SCHEDULES.map((value) => ({ value, label: t(`chatbots.schedule.${value}`) }))}
            value={fields.schedule}
            allowDeselect={false}
            onChange={(value) =>
              value && setFields({ ...fields, schedule: value as ChatBotFields['schedule'] })
            }
          />
          <Select
            label={t('chatbots.fields.kind')}
            data={(['flow', 'external'] as const).map((value) => ({
              value,
              label: t(`chatbots.kind.${value}`),
            }))}
            value={fields.kind}
            allowDeselect={false}
            onChange={(value) => value && setFields({ ...fields, kind: value as ChatBotFields['kind'] })}
          />
        </Group>
        <Textarea
          label={t('chatbots.fields.description')}
          value={fields.description}
          maxLength={500}
          onChange={(event) => setFields({ ...fields, description: event.currentTarget.value })}
        />
        {fields.kind === 'external' ? (
          <TextInput
            label={t('chatbots.fields.projectId')}
            description={t('chatbots.externalHelp')}
            value={fields.projectId ?? ''}
            onChange={(event) => setFields({ ...fields, projectId: event.currentTarget.value || null })}
          />
        ) : null}
        <Switch
          label={t('chatbots.fields.active')}
          checked={fields.active}
          onChange={(event) => setFields({ ...fields, active: event.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button onClick={submitBot} loading={save.isPending}>
            {t('chatbots.saveBot')}
          </Button>
        </Group>
        {fields.kind === 'flow' ? (
          <>
            <Divider />
            <Title order={3} size="h4">
              {t('chatbots.flow.title')}
            </Title>
            {bot ? (
              <>
                <Text size="sm" c="dimmed">
                  {t('chatbots.flow.help')}
                </Text>
                <FlowEditor clientId={clientId} actions={flow} onChange={setFlow} problems={problems} />
                <Group justify="flex-end">
                  <Button onClick={submitFlow} loading={saveFlow.isPending}>
                    {t('chatbots.saveFlow')}
                  </Button>
                </Group>
                <Divider />
                <ValidationsPanel clientId={clientId} botId={bot.id} actions={savedFlow} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('chatbots.flowAfterCreate')}
              </Text>
            )}
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}

/** The answer check of each saved action that waits for an answer (spec: bot validation by botId and stateName). */
function ValidationsPanel({
  clientId,
  botId,
  actions,
}: {
  clientId: string;
  botId: string;
  actions: FlowDraftAction[];
}) {
  const { t } = useTranslation();
  const list = useBotValidations(clientId, botId);
  const waiting = actions.filter((action) => BOT_WAITING_ACTIONS.includes(action.type));
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('chatbots.validation.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('chatbots.validation.help')}
      </Text>
      {list.error ? (
        <Alert color="red" role="alert">
          {describeError(list.error, t)}
        </Alert>
      ) : null}
      {waiting.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('chatbots.validation.none')}
        </Text>
      ) : null}
      {list.isLoading
        ? null
        : waiting.map((action) => (
            <ValidationRow
              key={action.botActionName}
              clientId={clientId}
              botId={botId}
              stateName={action.botActionName}
              current={list.data?.items.find((item) => item.stateName === action.botActionName) ?? null}
            />
          ))}
    </Stack>
  );
}

function ValidationRow({
  clientId,
  botId,
  stateName,
  current,
}: {
  clientId: string;
  botId: string;
  stateName: string;
  current: BotValidation | null;
}) {
  const { t } = useTranslation();
  const save = useSaveBotValidation(clientId);
  const remove = useDeleteBotValidation(clientId);
  const [rule, setRule] = useState<BotValidationRule>(current?.rule ?? 'text');
  const [min, setMin] = useState<number | string>(current?.min ?? '');
  const [max, setMax] = useState<number | string>(current?.max ?? '');
  const [values, setValues] = useState((current?.values ?? []).join(', '));
  const [errorMessage, setErrorMessage] = useState(current?.errorMessage ?? '');
  const [maxRetries, setMaxRetries] = useState<number | string>(current?.maxRetries ?? 2);
  const [problem, setProblem] = useState<string | null>(null);
  const number = (value: number | string) => (value === '' ? null : Number(value));
  const submit = () => {
    setProblem(null);
    save.mutate(
      {
        botId,
        stateName,
        rule,
        min: number(min),
        max: number(max),
        values: values
          .split(',')
          .map((value) => value.trim())
          .filter(Boolean),
        errorMessage: errorMessage.trim(),
        maxRetries: Number(maxRetries),
      },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('chatbots.validation.saved') }),
        onError: (failure) => setProblem(describeError(failure, t)),
      },
    );
  };
  return (
    <Stack
      gap={4}
      p="xs"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
    >
      <Text size="sm" fw={600}>
        {t('chatbots.validation.state', { name: stateName })}
      </Text>
      <Group align="flex-end" wrap="wrap" gap="xs">
        <Select
          label={t('chatbots.validation.rule')}
          data={BOT_VALIDATION_RULES.map((value) => ({
            value,
            label: t(`chatbots.validation.rules.${value}`),
          }))}
          value={rule}
          allowDeselect={false}
          onChange={(value) => value && setRule(value as BotValidationRule)}
          w={200}
        />
        {rule === 'text' || rule === 'number' ? (
          <>
            <NumberInput label={t('chatbots.validation.min')} value={min} onChange={setMin} min={0} w={110} />
            <NumberInput label={t('chatbots.validation.max')} value={max} onChange={setMax} min={0} w={110} />
          </>
        ) : null}
        {rule === 'oneOf' ? (
          <TextInput
            label={t('chatbots.validation.values')}
            value={values}
            onChange={(event) => setValues(event.currentTarget.value)}
            w={260}
          />
        ) : null}
        <NumberInput
          label={t('chatbots.validation.maxRetries')}
          value={maxRetries}
          onChange={setMaxRetries}
          min={0}
          max={10}
          w={170}
        />
      </Group>
      <TextInput
        label={t('chatbots.validation.errorMessage')}
        required
        value={errorMessage}
        maxLength={500}
        onChange={(event) => setErrorMessage(event.currentTarget.value)}
      />
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="xs">
        {current ? (
          <Button
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { botId, stateName },
                {
                  onSuccess: () =>
                    notifications.show({ color: 'green', message: t('chatbots.validation.removed') }),
                  onError: (failure) => setProblem(describeError(failure, t)),
                },
              )
            }
          >
            {t('chatbots.validation.remove')}
          </Button>
        ) : null}
        <Button variant="light" onClick={submit} loading={save.isPending} disabled={!errorMessage.trim()}>
          {t('chatbots.validation.save')}
        </Button>
      </Group>
    </Stack>
  );
}
