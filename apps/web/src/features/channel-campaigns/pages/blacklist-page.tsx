import { ActionIcon, Badge, Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type BlacklistEntry, type BlacklistMediaType, CLIENT_ADMIN_ROLES } from '@sapa/contracts';
import { IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { FileImportDialog } from '../../../components/file-import-dialog';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { channelCampaignKeys } from '../api/channel-campaign-keys';
import { useDeleteBlacklistEntry } from '../api/delete-blacklist-entry';
import { exportBlacklist } from '../api/export-blacklist';
import { importBlacklist } from '../api/import-blacklist';
import { useBlacklist } from '../api/list-blacklist';
import { useChannelArea } from '../channel-area';
import { BlacklistEntryModal } from '../components/blacklist-entry-modal';
import { ChannelPageHeader } from '../components/channel-page-header';
import { isRefused, RefusedNotice } from '../components/refused-notice';
import '../channel-campaigns-i18n';

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;
const IMPORT_MAX_MB = 20;
/** The entries a channel's list shows: its own, those blocking every channel, or both. */
type Scope = 'channel' | 'ALL' | 'both';

/** `/<channel>/blacklist`: the numbers (and addresses) the client may not send to; admins only (server rule). */
export function BlacklistPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const channel = useChannelArea();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const admin = Boolean(session && CLIENT_ADMIN_ROLES.includes(session.role));
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<Scope>('channel');
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<BlacklistEntry | null>(null);
  const mediaType: BlacklistMediaType | undefined =
    scope === 'channel' ? channel : scope === 'ALL' ? 'ALL' : undefined;
  const filters = { ...(mediaType ? { mediaType } : {}), ...(search ? { search } : {}) };
  const list = useBlacklist(clientId, { ...filters, page, pageSize: PAGE_SIZE }, admin);
  const remove = useDeleteBlacklistEntry(clientId);

  if (!admin)
    return (
      <>
        <ChannelPageHeader channel={channel} page="blacklist" />
        <RefusedNotice message={t('channelCampaigns.blacklist.adminsOnly')} />
      </>
    );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('channelCampaigns.blacklist.removed') });
        setRemoving(null);
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: t('channelCampaigns.blacklist.removeFailed'),
          message: describeError(error, t),
        });
        setRemoving(null);
      },
    });
  };

  const columns: DataTableColumn<BlacklistEntry>[] = [
    {
      key: 'address',
      header: t('channelCampaigns.blacklist.address'),
      render: (entry) => entry.intlPhoneNumber ?? entry.email ?? '—',
    },
    {
      key: 'mediaType',
      header: t('channelCampaigns.blacklist.mediaType'),
      render: (entry) => (
        <Badge variant="light" color={entry.mediaType === 'ALL' ? 'dark' : 'blue'}>
          {entry.mediaType === 'ALL'
            ? t('channelCampaigns.blacklist.everyChannel')
            : t(`channelCampaigns.channels.${entry.mediaType}`)}
        </Badge>
      ),
    },
    { key: 'reason', header: t('channelCampaigns.blacklist.reason'), render: (entry) => entry.reason ?? '—' },
    { key: 'by', header: t('channelCampaigns.blacklist.createdBy'), render: (entry) => entry.createdBy },
    {
      key: 'at',
      header: t('channelCampaigns.blacklist.createdAt'),
      render: (entry) => formatDate(entry.createdAt),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (entry) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('channelCampaigns.blacklist.remove', {
            address: entry.intlPhoneNumber ?? entry.email,
          })}
          onClick={() => setRemoving(entry)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    },
  ];

  return (
    <>
      <ChannelPageHeader
        channel={channel}
        page="blacklist"
        description={t('channelCampaigns.blacklist.help')}
        actions={
          <>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('channelCampaigns.blacklist.add')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setImporting(true)}
            >
              {t('channelCampaigns.blacklist.import')}
            </Button>
            <DownloadButton
              download={() => exportBlacklist(filters)}
              fileName="blacklist.csv"
              label={t('channelCampaigns.blacklist.export')}
            />
          </>
        }
      />
      {isRefused(list.error) ? (
        <RefusedNotice error={list.error} />
      ) : (
        <DataTable
          label={t('pages.blacklist')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(entry) => `${entry.mediaType}:${entry.intlPhoneNumber ?? entry.email}`}
          loading={list.isLoading}
          refreshing={list.isFetching && !list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t(search ? 'channelCampaigns.blacklist.noMatch' : 'channelCampaigns.blacklist.empty')}
          toolbar={
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SegmentedControl
                aria-label={t('channelCampaigns.blacklist.scope')}
                value={scope}
                onChange={(value) => {
                  setScope(value as Scope);
                  setPage(1);
                }}
                data={[
                  { value: 'channel', label: t(`channelCampaigns.channels.${channel}`) },
                  { value: 'ALL', label: t('channelCampaigns.blacklist.everyChannel') },
                  { value: 'both', label: t('channelCampaigns.blacklist.allEntries') },
                ]}
              />
              <TextInput
                aria-label={t('channelCampaigns.blacklist.search')}
                placeholder={t('channelCampaigns.blacklist.search')}
                leftSection={<IconSearch size={14} />}
                value={text}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  setPage(1);
                }}
                w={240}
              />
            </Group>
          }
          pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        />
      )}
      <BlacklistEntryModal
        opened={adding}
        onClose={() => setAdding(false)}
        clientId={clientId}
        channel={channel}
        onAdded={(added) =>
          notifications.show({
            color: added ? 'green' : 'blue',
            message: t(
              added ? 'channelCampaigns.blacklist.added' : 'channelCampaigns.blacklist.alreadyListed',
            ),
          })
        }
      />
      <FileImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title={t('channelCampaigns.blacklist.importTitle')}
        description={t('channelCampaigns.blacklist.importHelp')}
        upload={importBlacklist}
        maxSizeMb={IMPORT_MAX_MB}
        toReport={(result) => ({
          total: result.added + result.unchanged + result.refusedCount,
          succeeded: result.added + result.unchanged,
          failed: result.refusedCount,
          rows: result.refused.map((row) => ({ row: row.row, label: null, ok: false, error: row.reason })),
        })}
        summary={(report) =>
          t('channelCampaigns.blacklist.importSummary', {
            total: report.total,
            succeeded: report.succeeded,
            failed: report.failed,
          })
        }
        onImported={() =>
          void queryClient.invalidateQueries({ queryKey: channelCampaignKeys.blacklist(clientId) })
        }
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('channelCampaigns.blacklist.removeTitle')}
        message={t('channelCampaigns.blacklist.removeConfirm', {
          address: removing?.intlPhoneNumber ?? removing?.email ?? '',
        })}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        loading={remove.isPending}
        color="red"
      />
    </>
  );
}
