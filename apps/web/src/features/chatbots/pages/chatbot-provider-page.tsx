import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BOT_PROVIDERS,
  type BotProject,
  BotProjectInputSchema,
  BotProviderConnectSchema,
} from '@sapa/contracts';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  type ProjectFields,
  useBotProjects,
  useBotProvider,
  useConnectBotProvider,
  useSaveBotProject,
} from '../api/chatbots-api';
import '../chatbots-i18n';

const PAGE_SIZE = 10;

/** `/config/ChatBotProvider/:provider/:name`: connect a Kata-style NLU service, and its projects. */
export function ChatbotProviderPage() {
  const { t } = useTranslation();
  const params = useParams();
  const provider = BOT_PROVIDERS.find((known) => known === params.provider);
  const name = params.name ?? '';
  if (!provider) {
    return (
      <>
        <PageHeader title={t('pages.chatbotProvider')} />
        <Alert color="red" role="alert">
          {params.provider}: ✕ ({BOT_PROVIDERS.join(', ')})
        </Alert>
      </>
    );
  }
  return <ProviderScreen reference={{ provider, name }} />;
}

function ProviderScreen({ reference }: { reference: { provider: 'kata'; name: string } }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const status = useBotProvider(clientId, reference);
  const connection = useConnectBotProvider(clientId, reference);
  const [webhookUrl, setWebhookUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [page, setPage] = useState(1);
  const projects = useBotProjects(clientId, reference, page, PAGE_SIZE);
  const [editing, setEditing] = useState<{ project: BotProject | null; key: number } | null>(null);
  const label = `${reference.provider}/${reference.name}`;

  const connect = () => {
    setProblem(null);
    const parsed = BotProviderConnectSchema.safeParse({ webhookUrl: webhookUrl.trim(), secret });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join('; '));
      return;
    }
    connection.mutate(parsed.data, {
      onSuccess: () => {
        setSecret('');
        notifications.show({ color: 'green', message: t('chatbots.provider.didConnect', { name: label }) });
      },
      onError: (failure) => setProblem(describeError(failure, t)),
    });
  };

  const columns: DataTableColumn<BotProject>[] = [
    {
      key: 'projectName',
      header: t('chatbots.provider.fields.projectName'),
      render: (row) => row.projectName,
    },
    {
      key: 'projectDesc',
      header: t('chatbots.provider.fields.projectDesc'),
      render: (row) => row.projectDesc || '—',
    },
    {
      key: 'kata',
      header: t('chatbots.provider.fields.kata_ai_projectId'),
      render: (row) => row.kata_ai_projectId,
    },
    {
      key: 'id',
      header: t('chatbots.provider.fields.id'),
      render: (row) => (
        <Text size="xs" ff="monospace">
          {row.id}
        </Text>
      ),
    },
    {
      key: 'edit',
      header: <VisuallyHidden>{t('chatbots.provider.editProject')}</VisuallyHidden>,
      align: 'right',
      render: (row) => (
        <ActionIcon
          variant="subtle"
          aria-label={`${t('chatbots.provider.editProject')} ${row.projectName}`}
          onClick={() => setEditing({ project: row, key: Date.now() })}
        >
          <IconPencil size={16} />
        </ActionIcon>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={`${t('pages.chatbotProvider')} · ${label}`}
        description={t('chatbots.provider.help')}
      />
      <Stack gap="lg">
        <Card withBorder>
          <QueryState
            data={status.data}
            loading={status.isLoading}
            error={status.error}
            onRetry={() => void status.refetch()}
          >
            {(current) => (
              <Stack gap="sm">
                <Group gap="xs">
                  <Text fw={600}>{t('chatbots.provider.status')}</Text>
                  <Badge color={current.connected ? 'green' : 'gray'} variant="light">
                    {current.connected
                      ? t('chatbots.provider.connected')
                      : t('chatbots.provider.disconnected')}
                  </Badge>
                </Group>
                {current.connected && current.connectedAt ? (
                  <Text size="sm" c="dimmed">
                    {t('chatbots.provider.connectedAt', {
                      at: formatDate(current.connectedAt),
                      url: current.webhookUrl ?? '',
                    })}
                  </Text>
                ) : null}
                <TextInput
                  label={t('chatbots.provider.webhookUrl')}
                  placeholder="https://nlu.example.com/webhook"
                  value={webhookUrl}
                  onChange={(event) => setWebhookUrl(event.currentTarget.value)}
                />
                <PasswordInput
                  label={t('chatbots.provider.secret')}
                  value={secret}
                  autoComplete="new-password"
                  onChange={(event) => setSecret(event.currentTarget.value)}
                />
                {problem ? (
                  <Text size="sm" c="red" role="alert">
                    {problem}
                  </Text>
                ) : null}
                <Group justify="flex-end">
                  {current.connected ? (
                    <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                      {t('chatbots.provider.disconnect')}
                    </Button>
                  ) : null}
                  <Button onClick={connect} loading={connection.isPending}>
                    {current.connected ? t('chatbots.provider.reconnect') : t('chatbots.provider.connect')}
                  </Button>
                </Group>
              </Stack>
            )}
          </QueryState>
        </Card>
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('chatbots.provider.projects')}
            </Title>
            <Button
              leftSection={<IconPlus size={16} />}
              variant="light"
              onClick={() => setEditing({ project: null, key: Date.now() })}
            >
              {t('chatbots.provider.newProject')}
            </Button>
          </Group>
          <DataTable
            label={t('chatbots.provider.projects')}
            columns={columns}
            rows={projects.data?.items}
            rowKey={(row) => row.id}
            loading={projects.isLoading}
            refreshing={projects.isFetching && !projects.isLoading}
            error={projects.error}
            onRetry={() => void projects.refetch()}
            emptyText={t('chatbots.provider.projectsEmpty')}
            pagination={{
              page,
              pageSize: PAGE_SIZE,
              total: projects.data?.total ?? 0,
              onPageChange: setPage,
            }}
          />
        </Stack>
      </Stack>
      {editing ? (
        <ProjectForm
          key={editing.key}
          clientId={clientId}
          reference={reference}
          project={editing.project}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('chatbots.provider.disconnectTitle')}
        message={t('chatbots.provider.disconnectMessage', { name: label })}
        loading={connection.isPending}
        color="red"
        onConfirm={() =>
          connection.mutate(null, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({
                color: 'green',
                message: t('chatbots.provider.didDisconnect', { name: label }),
              });
            },
            onError: (failure) => {
              setConfirming(false);
              setProblem(describeError(failure, t));
            },
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function ProjectForm({
  clientId,
  reference,
  project,
  onClose,
}: {
  clientId: string;
  reference: { provider: 'kata'; name: string };
  project: BotProject | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBotProject(clientId, reference);
  const [fields, setFields] = useState<ProjectFields>({
    projectName: project?.projectName ?? '',
    projectDesc: project?.projectDesc ?? '',
    kata_ai_projectId: project?.kata_ai_projectId ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    setProblem(null);
    const parsed = BotProjectInputSchema.safeParse(fields);
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join('; '));
      return;
    }
    save.mutate(
      { ...parsed.data, ...(project ? { id: project.id } : {}) },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t('chatbots.provider.projectSaved', { name: saved.projectName }),
          });
          onClose();
        },
        onError: (failure) => setProblem(describeError(failure, t)),
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={project ? t('chatbots.provider.editProject') : t('chatbots.provider.newProject')}
    >
      <Stack gap="sm">
        <TextInput
          label={t('chatbots.provider.fields.projectName')}
          required
          maxLength={120}
          value={fields.projectName}
          onChange={(event) => setFields({ ...fields, projectName: event.currentTarget.value })}
        />
        <Textarea
          label={t('chatbots.provider.fields.projectDesc')}
          maxLength={500}
          value={fields.projectDesc}
          onChange={(event) => setFields({ ...fields, projectDesc: event.currentTarget.value })}
        />
        <TextInput
          label={t('chatbots.provider.fields.kata_ai_projectId')}
          required
          maxLength={120}
          value={fields.kata_ai_projectId}
          onChange={(event) => setFields({ ...fields, kata_ai_projectId: event.currentTarget.value })}
        />
        {problem ? (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onClose}>
            {t('chatbots.provider.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('chatbots.provider.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
