import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CreateRightRequestSchema,
  isRoleCode,
  RIGHT_CODES,
  type Right,
  RightFieldsSchema,
  ROLE_NAMES,
  type Role,
  UpdateRoleRequestSchema,
} from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import {
  useDeleteRight,
  useEditRole,
  useRightList,
  useRoleList,
  useRoleRights,
  useSaveRight,
  useSetRoleRights,
} from '../api/roles-api';
import { TextFieldsModal } from '../components/text-fields-modal';
import '../roles-i18n';

function RolesTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const roles = useRoleList();
  const edit = useEditRole();
  const roleName = useRoleName();
  const [editing, setEditing] = useState<Role | null>(null);
  const columns: DataTableColumn<Role>[] = [
    { key: 'code', header: t('rolesAdmin.roleCode'), render: (role) => role.roleCode, width: 100 },
    { key: 'name', header: t('rolesAdmin.roleName'), render: (role) => roleName(role) },
    {
      key: 'description',
      header: t('rolesAdmin.description'),
      render: (role) => role.roleDescription || '—',
    },
  ];
  return (
    <>
      <DataTable
        label={t('rolesAdmin.roles')}
        columns={columns}
        rows={roles.data}
        rowKey={(role) => role.roleCode}
        loading={roles.isLoading}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        emptyText={t('rolesAdmin.noRoles')}
        onRowClick={canEdit ? setEditing : undefined}
      />
      {editing ? (
        <TextFieldsModal
          opened
          title={t('rolesAdmin.editRole', { code: editing.roleCode })}
          code={{ value: editing.roleCode, editable: false, label: t('rolesAdmin.roleCode') }}
          initial={{ name: editing.roleName, description: editing.roleDescription }}
          labels={{ name: t('rolesAdmin.roleName'), description: t('rolesAdmin.description') }}
          schema={UpdateRoleRequestSchema}
          toBody={(values) => ({ roleName: values.name, roleDescription: values.description })}
          saving={edit.isPending}
          error={edit.error ? describeError(edit.error, t) : null}
          onClose={() => {
            edit.reset();
            setEditing(null);
          }}
          onSave={(values) =>
            edit.mutate(values, {
              onSuccess: () => {
                setEditing(null);
                notifications.show({ color: 'teal', message: t('rolesAdmin.saved') });
              },
            })
          }
        />
      ) : null}
    </>
  );
}

function RightsTab() {
  const { t } = useTranslation();
  const rights = useRightList(true);
  const save = useSaveRight();
  const remove = useDeleteRight();
  const [editing, setEditing] = useState<{ right: Right | null } | null>(null);
  const [deleting, setDeleting] = useState<Right | null>(null);
  const columns: DataTableColumn<Right>[] = [
    { key: 'code', header: t('rolesAdmin.rightCode'), render: (right) => right.rightCode },
    { key: 'name', header: t('rolesAdmin.rightName'), render: (right) => right.rightName },
    {
      key: 'description',
      header: t('rolesAdmin.description'),
      render: (right) => right.rightDescription || '—',
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (right) =>
        (RIGHT_CODES as string[]).includes(right.rightCode) ? (
          <Text size="xs" c="dimmed">
            {t('rolesAdmin.checkedByServer')}
          </Text>
        ) : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={(event) => {
              event.stopPropagation();
              setDeleting(right);
            }}
          >
            {t('rolesAdmin.delete')}
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ right: null })}>
          {t('rolesAdmin.newRight')}
        </Button>
      </Group>
      <DataTable
        label={t('rolesAdmin.rights')}
        columns={columns}
        rows={rights.data}
        rowKey={(right) => right.rightCode}
        loading={rights.isLoading}
        error={rights.error}
        onRetry={() => void rights.refetch()}
        emptyText={t('rolesAdmin.noRights')}
        onRowClick={(right) => setEditing({ right })}
      />
      {editing ? (
        <TextFieldsModal
          opened
          title={
            editing.right
              ? t('rolesAdmin.editRight', { code: editing.right.rightCode })
              : t('rolesAdmin.newRight')
          }
          code={{
            value: editing.right?.rightCode ?? '',
            editable: !editing.right,
            label: t('rolesAdmin.rightCode'),
          }}
          initial={{
            name: editing.right?.rightName ?? '',
            description: editing.right?.rightDescription ?? '',
          }}
          labels={{ name: t('rolesAdmin.rightName'), description: t('rolesAdmin.description') }}
          schema={editing.right ? RightFieldsSchema : CreateRightRequestSchema}
          toBody={(values) => ({
            rightCode: values.code,
            rightName: values.name,
            rightDescription: values.description,
          })}
          saving={save.isPending}
          error={save.error ? describeError(save.error, t) : null}
          onClose={() => {
            save.reset();
            setEditing(null);
          }}
          onSave={(values) =>
            save.mutate(
              { ...values, isNew: !editing.right },
              {
                onSuccess: () => {
                  setEditing(null);
                  notifications.show({ color: 'teal', message: t('rolesAdmin.saved') });
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('rolesAdmin.delete')}
        message={t('rolesAdmin.confirmDelete', { code: deleting?.rightCode ?? '' })}
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.rightCode, {
            onSettled: () => setDeleting(null),
            onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
          })
        }
      />
    </Stack>
  );
}

function MappingEditor({ roleCode, rights }: { roleCode: string; rights: Right[] }) {
  const { t } = useTranslation();
  const mapping = useRoleRights(roleCode);
  const save = useSetRoleRights(roleCode);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const current = chosen ?? mapping.data?.rights.map((right) => right.rightCode) ?? [];
  return (
    <QueryState
      data={mapping.data}
      loading={mapping.isLoading}
      error={mapping.error}
      onRetry={() => void mapping.refetch()}
    >
      {() => (
        <Stack gap="sm">
          {save.error ? (
            <Alert color="red" role="alert">
              {describeError(save.error, t)}
            </Alert>
          ) : null}
          <Checkbox.Group
            value={current}
            onChange={setChosen}
            label={t('rolesAdmin.rightsOf', { code: roleCode })}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {rights.map((right) => (
                <Checkbox
                  key={right.rightCode}
                  value={right.rightCode}
                  label={`${right.rightCode} · ${right.rightName}`}
                  description={right.rightDescription}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group>
            <Button
              loading={save.isPending}
              disabled={chosen === null}
              onClick={() =>
                save.mutate(current, {
                  onSuccess: () => {
                    setChosen(null);
                    notifications.show({
                      color: 'teal',
                      message: t('rolesAdmin.mappingSaved', { code: roleCode }),
                    });
                  },
                })
              }
            >
              {t('rolesAdmin.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </QueryState>
  );
}

/**
 * A role's name as people read it: the portal's own name in the reader's language while it is the
 * default one, or the name the super admin gave it.
 */
function useRoleName() {
  const { t } = useTranslation();
  return (role: Pick<Role, 'roleCode' | 'roleName'>) =>
    isRoleCode(role.roleCode) && role.roleName === ROLE_NAMES[role.roleCode]
      ? t(`roles.${role.roleCode}`)
      : role.roleName;
}

function MappingTab() {
  const { t } = useTranslation();
  const roles = useRoleList();
  const rights = useRightList(true);
  const [roleCode, setRoleCode] = useState<string | null>('ADC');
  const roleName = useRoleName();
  return (
    <Stack gap="md">
      <Select
        label={t('rolesAdmin.role')}
        data={(roles.data ?? []).map((role) => ({
          value: role.roleCode,
          label: `${role.roleCode} · ${roleName(role)}`,
        }))}
        value={roleCode}
        onChange={setRoleCode}
        allowDeselect={false}
        w={320}
      />
      <QueryState
        data={rights.data}
        loading={rights.isLoading}
        error={rights.error}
        onRetry={() => void rights.refetch()}
      >
        {(all) => (roleCode ? <MappingEditor key={roleCode} roleCode={roleCode} rights={all} /> : null)}
      </QueryState>
    </Stack>
  );
}

/** `/users/roles`: roles, rights and which rights each role has; the super admin edits, admins read. */
export function RolesPage() {
  const { t } = useTranslation();
  const canEdit = useSessionStore((state) => state.session?.role === 'SAD');
  return (
    <>
      <PageHeader
        title={t('pages.userRoles')}
        description={canEdit ? t('rolesAdmin.help') : t('rolesAdmin.readOnly')}
      />
      {canEdit ? (
        <Tabs defaultValue="roles" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="roles">{t('rolesAdmin.roles')}</Tabs.Tab>
            <Tabs.Tab value="rights">{t('rolesAdmin.rights')}</Tabs.Tab>
            <Tabs.Tab value="mapping">{t('rolesAdmin.mapping')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="roles">
            <RolesTab canEdit />
          </Tabs.Panel>
          <Tabs.Panel value="rights">
            <RightsTab />
          </Tabs.Panel>
          <Tabs.Panel value="mapping">
            <MappingTab />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <RolesTab canEdit={false} />
      )}
    </>
  );
}

export default RolesPage;
