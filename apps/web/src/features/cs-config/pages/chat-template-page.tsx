import { ActionIcon, Badge, Button, Group, Menu, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { CHAT_TEMPLATE_ROLES, type ChatTemplate, type ChatTemplateSave } from '@sapa/contracts';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useChatTemplateAction, useChatTemplates, useSaveChatTemplate } from '../api/cs-config-api';
import { ChatTemplateForm } from '../components/chat-template-form';

const PAGE_SIZE = 10;
/** The server's duplicate-name answer belongs under the name field. */
const NAME_FIELD = { template_exists: 'name' };

type Editing = { template: ChatTemplate | null; key: number } | null;

/** `/config/chatTemplate`: the replies agents pick from, and the closing remarks; create, edit, switch off, delete. */
export function ChatTemplatePage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const role = useSessionStore((state) => state.session?.role);
  const canEdit = Boolean(role && CHAT_TEMPLATE_ROLES.includes(role));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useChatTemplates(clientId, { search: q, page, pageSize: PAGE_SIZE });
  const save = useSaveChatTemplate(clientId);
  const action = useChatTemplateAction(clientId);
  const problems = useServerFieldErrors(NAME_FIELD);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ChatTemplate | null>(null);

  const open = (template: ChatTemplate | null) => {
    problems.clear();
    setEditing({ template, key: Date.now() });
  };
  const submit = (body: ChatTemplateSave) => {
    problems.clear();
    save.mutate(body, {
      onSuccess: (saved) => {
        setEditing(null);
        notifications.show({ color: 'green', message: t('chatTemplates.saved', { name: saved.name }) });
      },
      onError: (error) => problems.show(error),
    });
  };
  const run = (kind: 'activate' | 'deactivate' | 'delete', template: ChatTemplate) =>
    action.mutate(
      { action: kind, ids: [template.id] },
      {
        onSuccess: () => {
          setDeleting(null);
          notifications.show({
            color: 'green',
            message: t(`chatTemplates.done.${kind}`, { name: template.name }),
          });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('chatTemplates.actionFailed'),
            message: describeError(error, t),
          }),
      },
    );

  const columns: DataTableColumn<ChatTemplate>[] = [
    { key: 'name', header: t('chatTemplates.fields.name'), render: (row) => row.name },
    {
      key: 'content',
      header: t('chatTemplates.fields.content'),
      render: (row) => (
        <Text size="sm" lineClamp={2} maw={420}>
          {row.content}
        </Text>
      ),
    },
    { key: 'shortcut', header: t('chatTemplates.fields.shortcut'), render: (row) => row.shortcut ?? '—' },
    {
      key: 'use',
      header: t('chatTemplates.fields.use'),
      render: (row) =>
        row.isClosingRemark ? t('chatTemplates.use.closingRemark') : t('chatTemplates.use.reply'),
    },
    {
      key: 'active',
      header: t('chatTemplates.fields.status'),
      render: (row) => (
        <Badge color={row.active ? 'green' : 'gray'} variant="light">
          {row.active ? t('chatTemplates.status.active') : t('chatTemplates.status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'updated',
      header: t('chatTemplates.fields.updatedAt'),
      render: (row) => formatDate(row.updatedAt),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>{t('chatTemplates.actions')}</VisuallyHidden>,
      align: 'right',
      render: (row) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('chatTemplates.actionsFor', { name: row.name })}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => open(row)}>{t('chatTemplates.edit')}</Menu.Item>
            <Menu.Item onClick={() => run(row.active ? 'deactivate' : 'activate', row)}>
              {row.active ? t('chatTemplates.deactivate') : t('chatTemplates.activate')}
            </Menu.Item>
            <Menu.Item color="red" onClick={() => setDeleting(row)}>
              {t('chatTemplates.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('pages.chatTemplate')}
        description={t('chatTemplates.help.page')}
        actions={
          canEdit ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
              {t('chatTemplates.new')}
            </Button>
          ) : null
        }
      />
      <DataTable
        label={t('pages.chatTemplate')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={q ? t('chatTemplates.noMatch') : t('chatTemplates.empty')}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group>
            <TextInput
              aria-label={t('chatTemplates.search')}
              placeholder={t('chatTemplates.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              w={280}
            />
          </Group>
        }
      />
      {editing ? (
        <ChatTemplateForm
          key={editing.key}
          opened
          template={editing.template}
          saving={save.isPending}
          serverErrors={problems.fieldErrors}
          formError={problems.formError}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('chatTemplates.deleteTitle')}
        message={t('chatTemplates.deleteMessage', { name: deleting?.name ?? '' })}
        loading={action.isPending}
        color="red"
        onConfirm={() => deleting && run('delete', deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
