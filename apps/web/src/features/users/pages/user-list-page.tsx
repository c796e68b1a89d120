import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  isRoleCode,
  ROLE_CODES,
  type RoleCode,
  type User,
  type UserStatus,
  UserStatusSchema,
} from '@sapa/contracts';
import { IconChecklist, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useClientChoices } from '../../../entities/client';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useUserList } from '../api/users-api';
import { UserStatusBadge } from '../components/user-status-badge';
import '../users-i18n';

const PAGE_SIZE = 10;

/** `/users`: the users of the client the session acts for, filtered by role, state and a search. */
export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useDateTime();
  const sessionClientId = useSessionStore((state) => state.session?.clientId ?? '');
  const sessionClientName = useSessionStore((state) => state.session?.clientInfo.clientName ?? '');
  const isSuperAdmin = useSessionStore((state) => state.session?.role === 'SAD');
  const clients = useClientChoices(isSuperAdmin);
  const [chosenClient, setChosenClient] = useState<string | null>(null);
  const clientId = chosenClient ?? sessionClientId;
  const ownClient = clientId === sessionClientId;
  const clientName = ownClient
    ? sessionClientName
    : (clients.data?.find((client) => client.clientId === clientId)?.clientName ?? '');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<RoleCode | null>(null);
  const [status, setStatus] = useState<UserStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = useUserList(clientId, { q, role, status, page, pageSize: PAGE_SIZE }, sessionClientId);
  const filtered = Boolean(q || role || status);

  const columns: DataTableColumn<User>[] = [
    { key: 'name', header: t('users.fields.name'), render: (user) => user.name },
    { key: 'email', header: t('users.fields.email'), render: (user) => user.email },
    {
      key: 'role',
      header: t('users.fields.role'),
      render: (user) => `${user.role} · ${t(`roles.${user.role}`)}`,
    },
    {
      key: 'status',
      header: t('users.fields.status'),
      render: (user) => <UserStatusBadge status={user.status} />,
    },
    {
      key: 'lastLogin',
      header: t('users.fields.lastLoginAt'),
      render: (user) => formatDate(user.lastLoginAt),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.userList')}
        description={
          ownClient
            ? t('users.listHelp', { client: clientName })
            : t('users.otherClientHelp', { client: clientName })
        }
        actions={
          <>
            <Button
              component={Link}
              to="/users/tasks"
              variant="default"
              leftSection={<IconChecklist size={16} />}
            >
              {t('pages.userTasks')}
            </Button>
            <Button component={Link} to="/users/user" leftSection={<IconPlus size={16} />}>
              {t('users.new')}
            </Button>
          </>
        }
      />
      <DataTable
        label={t('pages.userList')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(user) => user.userId}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={filtered ? t('users.noMatch') : t('users.empty')}
        onRowClick={ownClient ? (user) => navigate(`/users/user/${user.userId}`) : undefined}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group gap="xs" wrap="wrap">
            {isSuperAdmin ? (
              <Select
                aria-label={t('users.fields.client')}
                data={(clients.data ?? []).map((client) => ({
                  value: client.clientId,
                  label: client.clientName,
                }))}
                value={clientId}
                onChange={(value) => {
                  setChosenClient(value);
                  setPage(1);
                }}
                searchable
                allowDeselect={false}
                w={220}
              />
            ) : null}
            <TextInput
              aria-label={t('users.search')}
              placeholder={t('users.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              w={280}
            />
            <Select
              aria-label={t('users.fields.role')}
              placeholder={t('users.allRoles')}
              data={ROLE_CODES.map((code) => ({ value: code, label: `${code} · ${t(`roles.${code}`)}` }))}
              value={role}
              onChange={(value) => {
                setRole(value && isRoleCode(value) ? value : null);
                setPage(1);
              }}
              clearable
              w={240}
            />
            <Select
              aria-label={t('users.fields.status')}
              placeholder={t('users.allStatuses')}
              data={UserStatusSchema.options.map((value) => ({ value, label: t(`users.status.${value}`) }))}
              value={status}
              onChange={(value) => {
                setStatus(value as UserStatus | null);
                setPage(1);
              }}
              clearable
              w={180}
            />
          </Group>
        }
      />
    </>
  );
}

export default UserListPage;
