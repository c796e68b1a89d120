import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CHANNEL_RESOURCE_TYPES,
  RESOURCE_MAX_BYTES,
  RESOURCE_MEDIA_TYPES,
  RESOURCE_UPLOAD_MAX_BYTES,
  type Resource,
  type ResourceChannel,
  type ResourceKind,
  ResourceNameSchema,
} from '@sapa/contracts';
import {
  IconDownload,
  IconPencil,
  IconPhoto,
  IconSearch,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError, saveDownloadedFile } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useDeleteResource } from '../api/delete-resource';
import { downloadResource } from '../api/download-resource';
import { useResources } from '../api/list-resources';
import { useRenameResource } from '../api/rename-resource';
import { useUploadResource } from '../api/upload-resource';
import { ResourcePreview } from '../components/resource-preview';
import '../resources-i18n';

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

/** The area a path belongs to: `/whatsapp/resources` is WhatsApp's library. */
export function resourceChannelOfPath(pathname: string): ResourceChannel {
  const segment = pathname.split('/').filter(Boolean)[0]?.toUpperCase();
  const known = Object.keys(CHANNEL_RESOURCE_TYPES) as ResourceChannel[];
  const channel = known.find((one) => one === segment);
  if (!channel) throw new Error('The resources screen was mounted outside a channel area');
  return channel;
}

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
export const formatDuration = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * `/whatsapp/resources`, `/sms/resources`, `/email/resources` (and `/voice/resources` for recordings):
 * the area's files, dropped in to upload (the server reads their type from their bytes), searched and
 * filtered by kind, previewed, renamed, downloaded and deleted (refused while something uses them).
 */
export function ResourcesPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const channel = resourceChannelOfPath(useLocation().pathname);
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const accepted = CHANNEL_RESOURCE_TYPES[channel];
  const kinds = [...new Set(accepted.map((type) => RESOURCE_MEDIA_TYPES[type]!.kind))];
  const [kind, setKind] = useState<ResourceKind | 'all'>('all');
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState<Resource | null>(null);
  const [newName, setNewName] = useState('');
  const [removing, setRemoving] = useState<Resource | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const query = {
    channel,
    ...(kind === 'all' ? {} : { kind }),
    ...(search ? { search } : {}),
    page,
    pageSize: PAGE_SIZE,
  };
  const list = useResources(clientId, query);
  const upload = useUploadResource(clientId);
  const rename = useRenameResource(clientId);
  const remove = useDeleteResource(clientId);
  const labels = accepted.map((type) => RESOURCE_MEDIA_TYPES[type]!.label).join(', ');
  const nameProblem = renaming ? ResourceNameSchema.safeParse(newName).error?.issues[0]?.message : undefined;

  const send = (files: File[]) => {
    setRejected(null);
    for (const file of files) {
      upload.mutate(
        { channel, file },
        {
          onSuccess: (resource) =>
            notifications.show({ color: 'green', message: t('resources.uploaded', { name: resource.name }) }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: t('resources.uploadFailed', { name: file.name }),
              message: describeError(error, t),
            }),
        },
      );
    }
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('resources.deleted', { name: removing.name }) });
        setRemoving(null);
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: t('resources.deleteFailed'),
          message: describeError(error, t),
        });
        setRemoving(null);
      },
    });
  };

  const saveName = () => {
    if (!renaming || nameProblem) return;
    rename.mutate(
      { resourceId: renaming.id, name: newName.trim() },
      {
        onSuccess: () => setRenaming(null),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('resources.renameFailed'),
            message: describeError(error, t),
          }),
      },
    );
  };

  const download = async (resource: Resource) => {
    try {
      saveDownloadedFile(await downloadResource(resource.id), resource.name);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('resources.downloadFailed'),
        message: describeError(error, t),
      });
    }
  };

  const columns: DataTableColumn<Resource>[] = [
    {
      key: 'preview',
      header: t('resources.preview.column'),
      render: (r) => <ResourcePreview clientId={clientId} resource={r} />,
    },
    { key: 'name', header: t('resources.name'), render: (r) => r.name },
    {
      key: 'kind',
      header: t('resources.kind'),
      render: (r) => (
        <Badge variant="light">
          {t(`resources.kinds.${r.kind}`)} · {RESOURCE_MEDIA_TYPES[r.mimeType]?.label ?? r.mimeType}
        </Badge>
      ),
    },
    { key: 'size', header: t('resources.size'), render: (r) => formatBytes(r.size) },
    {
      key: 'duration',
      header: t('resources.duration'),
      render: (r) => (r.durationMs === null ? '—' : formatDuration(r.durationMs)),
    },
    { key: 'at', header: t('resources.createdAt'), render: (r) => formatDate(r.createdAt) },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('resources.download', { name: r.name })}
            onClick={() => download(r)}
          >
            <IconDownload size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('resources.rename', { name: r.name })}
            onClick={() => {
              setRenaming(r);
              setNewName(r.name);
            }}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('resources.delete', { name: r.name })}
            onClick={() => setRemoving(r)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t(`resources.title.${channel}`)}
        description={t('resources.help', { types: labels })}
      />
      <Dropzone
        onDrop={send}
        onReject={(rejections) => setRejected(rejections[0]?.errors[0]?.message ?? t('resources.wrongFile'))}
        accept={[...accepted]}
        maxSize={RESOURCE_UPLOAD_MAX_BYTES}
        loading={upload.isPending}
        aria-label={t('resources.dropzone')}
      >
        <Group justify="center" gap="lg" mih={90} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={36} />
          </Dropzone.Idle>
          <div>
            <Text size="lg">{t('resources.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('resources.limits', {
                types: labels,
                limits: kinds
                  .map((one) => `${t(`resources.kinds.${one}`)} ${formatBytes(RESOURCE_MAX_BYTES[one])}`)
                  .join(', '),
              })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {rejected ? (
        <Text size="sm" c="red" role="alert">
          {rejected}
        </Text>
      ) : null}
      <DataTable
        label={t(`resources.title.${channel}`)}
        columns={columns}
        rows={list.data?.items}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        refreshing={list.isFetching}
        error={list.error}
        onRetry={() => list.refetch()}
        emptyText={search || kind !== 'all' ? t('resources.noMatch') : t('resources.empty')}
        toolbar={
          <Group gap="sm" wrap="wrap">
            <TextInput
              leftSection={<IconSearch size={14} />}
              placeholder={t('resources.search')}
              aria-label={t('resources.search')}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setPage(1);
              }}
            />
            <SegmentedControl
              aria-label={t('resources.kind')}
              value={kind}
              onChange={(value) => {
                setKind(value as ResourceKind | 'all');
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('resources.kinds.all') },
                ...kinds.map((one) => ({ value: one, label: t(`resources.kinds.${one}`) })),
              ]}
            />
          </Group>
        }
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
      />
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('resources.renameTitle')}>
        <Stack>
          <TextInput
            label={t('resources.name')}
            value={newName}
            error={nameProblem}
            onChange={(event) => setNewName(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRenaming(null)}>
              {t('resources.cancel')}
            </Button>
            <Button onClick={saveName} loading={rename.isPending} disabled={Boolean(nameProblem)}>
              {t('resources.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={t('resources.deleteTitle')}
        message={t('resources.deleteConfirm', { name: removing?.name ?? '' })}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        loading={remove.isPending}
        color="red"
      />
    </Stack>
  );
}
