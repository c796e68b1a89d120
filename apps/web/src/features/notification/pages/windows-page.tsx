import { Alert, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type CampaignWindow, type WindowInput, WindowInputSchema } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  useCreateWindow,
  useDeleteWindow,
  useUpdateWindow,
  useWindowNextOpening,
  useWindows,
} from '../api/campaigns-api';
import { DeleteNamedDialog } from '../components/delete-named-dialog';
import { NamedRowActions } from '../components/named-row-actions';
import { rangesToWeek, WeekGrid } from '../components/week-grid';
import { WindowEditor } from '../components/window-editor';

const PAGE_SIZE = 10;
const NEW_WINDOW: WindowInput = { name: '', timeZone: 'Asia/Jakarta', ranges: [], blackoutDates: [] };

type Editing = { windowId: string | null; value: WindowInput };

function inputOf(window: CampaignWindow): WindowInput {
  return {
    name: window.name,
    timeZone: window.timeZone,
    ranges: window.ranges,
    blackoutDates: window.blackoutDates,
  };
}

function WindowDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const create = useCreateWindow(clientId);
  const update = useUpdateWindow(clientId);
  const [value, setValue] = useState<WindowInput>(editing.value);
  const [problems, setProblems] = useState<string[]>([]);
  const error = create.error ?? update.error;
  const save = () => {
    const parsed = WindowInputSchema.safeParse(value);
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((issue) => issue.message));
      return;
    }
    setProblems([]);
    const done = (saved: CampaignWindow) => {
      notifications.show({ color: 'green', message: t('notification.windows.saved', { name: saved.name }) });
      onClose();
    };
    if (editing.windowId)
      update.mutate({ windowId: editing.windowId, body: parsed.data }, { onSuccess: done });
    else create.mutate(parsed.data, { onSuccess: done });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={editing.windowId ? t('notification.windows.edit') : t('notification.windows.create')}
    >
      <Stack>
        <WindowEditor value={value} onChange={setValue} />
        {problems.length > 0 ? (
          <Alert color="red" role="alert" title={t('notification.plans.fix')}>
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {describeError(error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('notification.actions.cancel')}
          </Button>
          <Button onClick={save} loading={create.isPending || update.isPending}>
            {t('notification.windows.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Whether a window is open now, and when it opens next (the server's answer, in the viewer's time). */
function OpenNow({ windowId }: { windowId: string }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const next = useWindowNextOpening(clientId, windowId);
  if (!next.data) return <Text size="sm">…</Text>;
  if (next.data.open)
    return (
      <Badge color="teal" variant="light">
        {t('notification.windows.openNow')}
      </Badge>
    );
  return (
    <Text size="sm">
      {next.data.nextOpening
        ? t('notification.windows.opensAt', { at: formatDate(next.data.nextOpening) })
        : t('notification.windows.never')}
    </Text>
  );
}

/**
 * `/<channel>/campaign/window`: the client's sending windows (every channel's campaigns may use one),
 * each a week of sending hours shown as a grid, in a time zone, with blackout dates; created, changed
 * and deleted here.
 */
export function WindowsPage() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const windows = useWindows(clientId);
  const remove = useDeleteWindow(clientId);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CampaignWindow | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const rows = windows.data?.items;
  const shownWindow = rows?.find((row) => row.windowId === shown);
  const columns: DataTableColumn<CampaignWindow>[] = [
    { key: 'name', header: t('notification.window.name'), render: (row) => row.name },
    { key: 'timeZone', header: t('notification.window.timeZone'), render: (row) => row.timeZone },
    {
      key: 'hours',
      header: t('notification.windows.hours'),
      render: (row) => t('notification.windows.hoursCount', { count: row.ranges.length }),
    },
    {
      key: 'blackout',
      header: t('notification.window.blackout'),
      render: (row) => row.blackoutDates.length,
    },
    {
      key: 'open',
      header: t('notification.windows.now'),
      render: (row) => <OpenNow windowId={row.windowId} />,
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (row) => (
        <NamedRowActions
          name={row.name}
          texts="notification.windows"
          onEdit={() => setEditing({ windowId: row.windowId, value: inputOf(row) })}
          onDelete={() => setDeleting(row)}
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('pages.callWindow')}
        description={t('notification.windows.help')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ windowId: null, value: NEW_WINDOW })}
          >
            {t('notification.windows.create')}
          </Button>
        }
      />
      <DataTable
        label={t('pages.callWindow')}
        columns={columns}
        rows={rows?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        rowKey={(row) => row.windowId}
        loading={windows.isPending}
        refreshing={windows.isFetching && !windows.isPending}
        error={windows.error}
        onRetry={() => void windows.refetch()}
        emptyText={t('notification.windows.empty')}
        onRowClick={(row) => setShown(row.windowId === shown ? null : row.windowId)}
        pagination={{ page, pageSize: PAGE_SIZE, total: rows?.length ?? 0, onPageChange: setPage }}
      />
      {shownWindow ? (
        <Stack gap="xs" mt="md">
          <Text fw={600}>{t('notification.windows.weekOf', { name: shownWindow.name })}</Text>
          <WeekGrid value={rangesToWeek(shownWindow.ranges)} onChange={() => undefined} readOnly />
        </Stack>
      ) : null}
      {editing ? (
        <WindowDialog key={editing.windowId ?? 'new'} editing={editing} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteNamedDialog
        item={deleting}
        idOf={(item) => item.windowId}
        remove={remove}
        texts="notification.windows"
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
