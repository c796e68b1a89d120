import { ActionIcon, Alert, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  TEMPLATE_STATUSES,
  type TemplateStatus,
  WHATSAPP_TEMPLATE_WRITE_ROLES,
  type WhatsappTemplate,
} from '@sapa/contracts';
import { IconPlus, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useDeleteTemplate } from '../api/delete-template';
import { useWhatsappNumbers } from '../api/list-numbers';
import { useTemplates } from '../api/list-templates';
import { useSyncTemplates } from '../api/sync-templates';
import { TemplateStatusBadge } from '../components/template-status-badge';
import '../whatsapp-templates-i18n';

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

/** `/whatsapp/template`: every template of the client's numbers, its review status and why. */
export function TemplateListPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const admin = Boolean(
    session && (WHATSAPP_TEMPLATE_WRITE_ROLES as readonly string[]).includes(session.role),
  );
  const [channelId, setChannelId] = useState<string | null>(null);
  const [status, setStatus] = useState<TemplateStatus | null>(null);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<WhatsappTemplate | null>(null);
  const numbers = useWhatsappNumbers(clientId, admin);
  const list = useTemplates(clientId, {
    ...(channelId ? { channelId } : {}),
    ...(status ? { status } : {}),
    ...(search ? { search } : {}),
    page,
    pageSize: PAGE_SIZE,
  });
  const remove = useDeleteTemplate(clientId);
  const sync = useSyncTemplates(clientId);
  const filtered = Boolean(channelId || status || search);

  const startSync = async () => {
    const targets = channelId ? [channelId] : (numbers.data ?? []).map((number) => number.id);
    try {
      for (const target of targets) await sync.mutateAsync(target);
      notifications.show({ color: 'green', message: t('whatsappTemplates.list.syncQueued') });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('whatsappTemplates.list.syncFailed'),
        message: describeError(error, t),
      });
    }
  };
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('whatsappTemplates.list.deleted') }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('whatsappTemplates.list.deleteFailed'),
          message: describeError(error, t),
        }),
      onSettled: () => setRemoving(null),
    });
  };

  const columns: DataTableColumn<WhatsappTemplate>[] = [
    {
      key: 'name',
      header: t('whatsappTemplates.list.name'),
      render: (template) => (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {template.name}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('whatsappTemplates.list.status'),
      render: (template) => <TemplateStatusBadge status={template.status} />,
    },
    {
      key: 'category',
      header: t('whatsappTemplates.list.category'),
      render: (template) => t(`whatsappTemplates.categories.${template.category}`),
    },
    {
      key: 'language',
      header: t('whatsappTemplates.list.language'),
      render: (template) => template.language,
    },
    {
      key: 'number',
      header: t('whatsappTemplates.list.number'),
      render: (template) => template.displayPhoneNumber,
    },
    {
      key: 'reason',
      header: t('whatsappTemplates.list.reason'),
      render: (template) => (
        <Text size="sm" c={template.reason ? 'red.7' : 'dimmed'} maw={320}>
          {template.reason ?? '—'}
        </Text>
      ),
    },
    {
      key: 'updated',
      header: t('whatsappTemplates.list.updated'),
      render: (template) => formatDate(template.updatedAt),
    },
    ...(admin
      ? [
          {
            key: 'actions',
            header: '',
            align: 'right' as const,
            render: (template: WhatsappTemplate) => (
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={template.status === 'DELETING'}
                aria-label={t('whatsappTemplates.list.delete', { name: template.name })}
                onClick={() => setRemoving(template)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('pages.template')}
        description={t('whatsappTemplates.list.help')}
        actions={
          admin ? (
            <>
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => navigate('/whatsapp/createtemplate')}
              >
                {t('whatsappTemplates.list.create')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={sync.isPending}
                disabled={!numbers.data?.length}
                onClick={() => void startSync()}
              >
                {t('whatsappTemplates.list.sync')}
              </Button>
            </>
          ) : null
        }
      />
      {!admin ? (
        <Alert color="blue" mb="md">
          {t('whatsappTemplates.list.adminsOnly')}
        </Alert>
      ) : numbers.data && numbers.data.length === 0 ? (
        <Alert color="yellow" mb="md">
          {t('whatsappTemplates.list.noNumbers')}
        </Alert>
      ) : null}
      <DataTable
        label={t('pages.template')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(template) => template.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t(filtered ? 'whatsappTemplates.list.noMatch' : 'whatsappTemplates.list.empty')}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            {admin && (numbers.data?.length ?? 0) > 1 ? (
              <Select
                aria-label={t('whatsappTemplates.list.number')}
                placeholder={t('whatsappTemplates.list.allNumbers')}
                data={(numbers.data ?? []).map((number) => ({
                  value: number.id,
                  label: number.displayPhoneNumber,
                }))}
                value={channelId}
                onChange={(value) => {
                  setChannelId(value);
                  setPage(1);
                }}
                clearable
                w={200}
              />
            ) : null}
            <Select
              aria-label={t('whatsappTemplates.list.status')}
              placeholder={t('whatsappTemplates.list.allStatuses')}
              data={TEMPLATE_STATUSES.map((value) => ({
                value,
                label: t(`whatsappTemplates.statuses.${value}`),
              }))}
              value={status}
              onChange={(value) => {
                setStatus(value as TemplateStatus | null);
                setPage(1);
              }}
              clearable
              w={180}
            />
            <TextInput
              aria-label={t('whatsappTemplates.list.search')}
              placeholder={t('whatsappTemplates.list.search')}
              leftSection={<IconSearch size={14} />}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setPage(1);
              }}
              w={220}
            />
          </Group>
        }
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('whatsappTemplates.list.deleteTitle')}
        message={t('whatsappTemplates.list.deleteMessage', {
          name: removing?.name ?? '',
          language: removing?.language ?? '',
        })}
        confirmLabel={t('whatsappTemplates.list.deleteConfirm')}
        color="red"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
