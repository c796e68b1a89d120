import { Badge, Button, Group, Modal, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { CsAgent } from '@sapa/contracts';
import { IconClock, IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { FileImportDialog } from '../../../components/file-import-dialog';
import { PageHeader } from '../../../components/page-header';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  type AgentAction,
  type AgentKind,
  canList,
  canManage,
  downloadAgentsCsv,
  reportOfAgents,
  uploadAgentImport,
  useAgentAction,
  useAgentList,
  useAgentTags,
  useSaveAgent,
} from '../api/cs-agents-api';
import { useTagNames } from '../api/cs-customers-api';
import { AgentForm, EMPTY_AGENT } from '../components/agent-form';
import { AgentLogDialog } from '../components/agent-log-dialog';
import '../cs-admin-i18n';

const TITLE: Record<AgentKind, string> = {
  cs: 'pages.manageAgents',
  manager: 'pages.manageSupervisors',
  internal: 'pages.manageInternalUsers',
};
const EMAIL_FIELD = { agent_exists: 'email', email_in_use: 'email' };

type Editing = { mode: 'create' } | { mode: 'edit'; agent: CsAgent };

/** The people of the inbox of one kind: search, paging, create, edit, (de)activate, delete, import, export. */
export function AgentsPage({ kind }: { kind: AgentKind }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const role = useSessionStore((state) => state.session?.role);
  const manage = canManage(kind, role);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useAgentList(kind, q, canList(kind, role));
  const agentTags = useAgentTags();
  const tagList = useTagNames();
  const save = useSaveAgent(kind);
  const act = useAgentAction(kind);
  const problems = useServerFieldErrors(EMAIL_FIELD);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<{ action: AgentAction; agent: CsAgent } | null>(null);
  const [importing, setImporting] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const rows = list.data?.pages.flatMap((page) => page.items);
  const suggestions = [...new Set([...(tagList.data ?? []), ...(agentTags.data ?? [])])].sort();

  const closeForm = () => {
    setEditing(null);
    problems.clear();
  };

  const confirm = async () => {
    if (!confirming) return;
    try {
      await act.mutateAsync(confirming);
      notifications.show({
        color: 'green',
        message: t(`csAdmin.done.${confirming.action}`, { name: confirming.agent.name }),
      });
      setConfirming(null);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('csAdmin.actionFailed'),
        message: describeError(error, t),
      });
    }
  };

  const columns: DataTableColumn<CsAgent>[] = [
    { key: 'name', header: t('csAdmin.fields.name'), render: (agent) => agent.name },
    { key: 'email', header: t('csAdmin.fields.email'), render: (agent) => agent.email },
    {
      key: 'tags',
      header: t('csAdmin.fields.tags'),
      render: (agent) =>
        agent.tags.length ? (
          <Group gap={4}>
            {agent.tags.map((tag) => (
              <Badge key={tag} variant="light" size="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : (
          '—'
        ),
    },
    ...(kind === 'cs'
      ? [
          {
            key: 'weight',
            header: t('csAdmin.fields.percentageWeight'),
            align: 'right' as const,
            render: (agent: CsAgent) => `${agent.percentageWeight}%`,
          },
          {
            key: 'status',
            header: t('agentStatus.label'),
            render: (agent: CsAgent) => t(`agentStatus.${agent.status}`),
          },
        ]
      : []),
    {
      key: 'state',
      header: t('csAdmin.fields.state'),
      width: 130,
      render: (agent) => (
        <Badge color={agent.deactivated ? 'gray' : 'green'} variant="light">
          {agent.deactivated ? t('csAdmin.state.deactivated') : t('csAdmin.state.active')}
        </Badge>
      ),
    },
    {
      key: 'lastLogin',
      header: t('csAdmin.fields.lastLogin'),
      render: (agent) => formatDate(agent.lastLogin ?? null),
    },
    ...(manage
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>{t('csAdmin.actions')}</VisuallyHidden>,
            render: (agent: CsAgent) => (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setEditing({ mode: 'edit', agent })}
                >
                  {t('csAdmin.edit')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color={agent.deactivated ? 'green' : 'orange'}
                  onClick={() =>
                    setConfirming({ action: agent.deactivated ? 'activate' : 'deactivate', agent })
                  }
                >
                  {agent.deactivated ? t('csAdmin.activate') : t('csAdmin.deactivate')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setConfirming({ action: 'delete', agent })}
                >
                  {t('csAdmin.delete')}
                </Button>
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t(TITLE[kind])}
        description={t(`csAdmin.${kind}.help`)}
        actions={
          manage ? (
            <>
              {kind === 'cs' ? (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconClock size={16} />}
                    onClick={() => setLogOpen(true)}
                  >
                    {t('csAdmin.log.open')}
                  </Button>
                  <DownloadButton
                    download={downloadAgentsCsv}
                    fileName="customer-service.csv"
                    label={t('csAdmin.exportCsv')}
                  />
                </>
              ) : null}
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} />}
                onClick={() => setImporting(true)}
              >
                {t('csAdmin.import')}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
                {t(`csAdmin.${kind}.new`)}
              </Button>
            </>
          ) : null
        }
      />
      {canList(kind, role) ? (
        <DataTable
          label={t(TITLE[kind])}
          columns={columns}
          rows={rows}
          rowKey={(agent) => agent.csId}
          loading={list.isLoading}
          refreshing={list.isFetching && !list.isLoading && !list.isFetchingNextPage}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={q ? t('csAdmin.noMatch') : t(`csAdmin.${kind}.empty`)}
          loadMore={{
            hasMore: Boolean(list.hasNextPage),
            loading: list.isFetchingNextPage,
            onLoadMore: () => void list.fetchNextPage(),
          }}
          toolbar={
            <TextInput
              aria-label={t('csAdmin.search')}
              placeholder={t('csAdmin.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={320}
            />
          }
        />
      ) : (
        <Text c="dimmed" size="sm">
          {t('csAdmin.notAllowed')}
        </Text>
      )}
      <Modal
        opened={editing !== null}
        onClose={closeForm}
        title={editing ? t(`csAdmin.${kind}.${editing.mode === 'create' ? 'new' : 'edit'}`) : ''}
        centered
      >
        {editing ? (
          <AgentForm
            kind={kind}
            mode={editing.mode}
            initial={
              editing.mode === 'create'
                ? EMPTY_AGENT
                : {
                    name: editing.agent.name,
                    email: editing.agent.email,
                    tags: editing.agent.tags,
                    percentageWeight: editing.agent.percentageWeight,
                    capacity: editing.agent.capacity,
                    activeBot: editing.agent.activeBot,
                    botName: editing.agent.botName ?? '',
                  }
            }
            tagSuggestions={suggestions}
            submitting={save.isPending}
            serverErrors={problems.fieldErrors}
            formError={problems.formError}
            onCancel={closeForm}
            onSubmit={(values) => {
              problems.clear();
              save.mutate(
                { mode: editing.mode, values },
                {
                  onSuccess: (agent) => {
                    notifications.show({
                      color: 'green',
                      message: t(editing.mode === 'create' ? 'csAdmin.done.create' : 'csAdmin.done.edit', {
                        name: agent.name,
                      }),
                    });
                    closeForm();
                  },
                  onError: (error) => problems.show(error),
                },
              );
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? t(`csAdmin.confirm.${confirming.action}Title`) : ''}
        message={
          confirming
            ? t(`csAdmin.confirm.${confirming.action}`, {
                name: confirming.agent.name,
                email: confirming.agent.email,
              })
            : ''
        }
        color={confirming?.action === 'activate' ? undefined : 'red'}
        loading={act.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
      <FileImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title={t(`csAdmin.${kind}.importTitle`)}
        description={t(`csAdmin.${kind}.importHelp`)}
        upload={(file) => uploadAgentImport(kind, file)}
        maxSizeMb={20}
        toReport={reportOfAgents}
        onImported={() => void list.refetch()}
      />
      {kind === 'cs' ? <AgentLogDialog opened={logOpen} onClose={() => setLogOpen(false)} /> : null}
    </>
  );
}

export function ManageAgentsPage() {
  return <AgentsPage kind="cs" />;
}
export function ManageSupervisorsPage() {
  return <AgentsPage kind="manager" />;
}
export function ManageInternalUsersPage() {
  return <AgentsPage kind="internal" />;
}
