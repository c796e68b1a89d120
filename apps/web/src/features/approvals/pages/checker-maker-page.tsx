import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CHECKER_MAKER_CHANNEL_OF_PATH,
  type CheckerMakerChannel,
  type CheckerMakerUser,
} from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useUserList } from '../../../entities/user';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useHasRight } from '../api/approvals-api';
import { useCheckerMakers, useRemoveCheckerMaker, useSaveCheckerMaker } from '../api/checker-maker-api';

const PAGE_SIZE = 10;

/** `/<channel>/manage`: who proposes and who decides the channel's changes (maker-checker). */
export function CheckerMakerPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const channel = CHECKER_MAKER_CHANNEL_OF_PATH[pathname.split('/')[1] ?? ''] ?? 'WHATSAPP';
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const mayManage = useHasRight(session?.userId ?? '', 'USER_MANAGE');
  const formatDate = useDateTime();
  const [page, setPage] = useState(1);
  const list = useCheckerMakers(clientId, channel, page, PAGE_SIZE);
  const save = useSaveCheckerMaker();
  const remove = useRemoveCheckerMaker();
  const [removing, setRemoving] = useState<CheckerMakerUser | null>(null);

  const change = (row: CheckerMakerUser, next: { maker: boolean; checker: boolean }) => {
    // Neither left: that is removing them, which is confirmed.
    if (!next.maker && !next.checker) {
      setRemoving(row);
      return;
    }
    save.mutate(
      { channel, userId: row.userId, ...next },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('checkerMaker.saveFailed'),
            message: describeError(error, t),
          }),
      },
    );
  };

  const columns: DataTableColumn<CheckerMakerUser>[] = [
    {
      key: 'user',
      header: t('checkerMaker.user'),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'role',
      header: t('checkerMaker.role'),
      render: (row) => `${row.role} · ${t(`roles.${row.role}`)}`,
    },
    {
      key: 'maker',
      header: t('checkerMaker.maker'),
      render: (row) => (
        <Switch
          aria-label={t('checkerMaker.makerOf', { name: row.name })}
          checked={row.maker}
          disabled={!mayManage || save.isPending}
          onChange={(event) => change(row, { maker: event.currentTarget.checked, checker: row.checker })}
        />
      ),
    },
    {
      key: 'checker',
      header: t('checkerMaker.checker'),
      render: (row) => (
        <Switch
          aria-label={t('checkerMaker.checkerOf', { name: row.name })}
          checked={row.checker}
          disabled={!mayManage || save.isPending}
          onChange={(event) => change(row, { maker: row.maker, checker: event.currentTarget.checked })}
        />
      ),
    },
    {
      key: 'updated',
      header: t('checkerMaker.updated'),
      render: (row) => (
        <Text size="xs">
          {formatDate(row.updatedAt)}
          {row.updatedByEmail ? ` · ${row.updatedByEmail}` : ''}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (row) =>
        mayManage ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(row)}>
            {t('checkerMaker.remove')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={`${t(`areas.${pathname.split('/')[1]}`)} · ${t('pages.checkerMakerUsers')}`}
        description={t('checkerMaker.help')}
      />
      <Stack gap="md">
        {mayManage ? <AddCheckerMaker channel={channel} clientId={clientId} /> : null}
        <DataTable
          label={t('pages.checkerMakerUsers')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.userId}
          loading={list.isLoading}
          refreshing={list.isFetching && !list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('checkerMaker.empty')}
          pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        />
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('checkerMaker.removeTitle')}
        message={t('checkerMaker.removeMessage', { name: removing?.name ?? '' })}
        loading={remove.isPending}
        color="red"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { channel, userId: removing.userId },
            {
              onSuccess: () => setRemoving(null),
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: t('checkerMaker.saveFailed'),
                  message: describeError(error, t),
                }),
            },
          );
        }}
      />
    </>
  );
}

function AddCheckerMaker({ channel, clientId }: { channel: CheckerMakerChannel; clientId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 300);
  const [userId, setUserId] = useState<string | null>(null);
  const [maker, setMaker] = useState(true);
  const [checker, setChecker] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const users = useUserList(
    clientId,
    { q: query, role: null, status: 'active', page: 1, pageSize: 20 },
    clientId,
  );
  const save = useSaveCheckerMaker();

  const submit = () => {
    if (!userId) return setProblem(t('checkerMaker.chooseUser'));
    if (!maker && !checker) return setProblem(t('checkerMaker.makerOrChecker'));
    setProblem(null);
    save.mutate(
      { channel, userId, maker, checker },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('checkerMaker.added', { name: saved.name }) });
          setUserId(null);
          setSearch('');
        },
        onError: (error) => setProblem(describeError(error, t)),
      },
    );
  };

  return (
    <Paper withBorder p="sm" radius="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('checkerMaker.addUser')}
          placeholder={t('checkerMaker.searchUser')}
          searchable
          clearable
          w={320}
          searchValue={search}
          onSearchChange={setSearch}
          value={userId}
          onChange={setUserId}
          nothingFoundMessage={users.isLoading ? t('queryState.loading') : t('checkerMaker.noUser')}
          data={(users.data?.items ?? []).map((user) => ({
            value: user.userId,
            label: `${user.name} · ${user.email}`,
          }))}
        />
        <Checkbox
          label={t('checkerMaker.maker')}
          checked={maker}
          onChange={(e) => setMaker(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('checkerMaker.checker')}
          checked={checker}
          onChange={(e) => setChecker(e.currentTarget.checked)}
        />
        <Button onClick={submit} loading={save.isPending}>
          {t('checkerMaker.add')}
        </Button>
      </Group>
      {problem ? (
        <Alert color="red" mt="sm" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Paper>
  );
}

export default CheckerMakerPage;
