import { ActionIcon, Button, Group, Modal, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CS_CONFIG_ROLES, type RoomCategory, RoomCategoryNameSchema } from '@sapa/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ApiError, describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useDeleteRoomCategory, useRoomCategories, useSaveRoomCategory } from '../api/cs-config-api';

type Editing = { category: RoomCategory | null; name: string; error: string | null } | null;

/** `/config/roomCategory`: the categories agents file a conversation under (required to close when configured). */
export function RoomCategoryPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const role = useSessionStore((state) => state.session?.role);
  // The server lets the CS admins change categories; everyone with CS may read them.
  const canEdit = Boolean(role && CS_CONFIG_ROLES.includes(role));
  const list = useRoomCategories(clientId);
  const save = useSaveRoomCategory(clientId);
  const remove = useDeleteRoomCategory(clientId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RoomCategory | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) return;
    const parsed = RoomCategoryNameSchema.safeParse(editing.name);
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
      setEditing({
        ...editing,
        error: t(tooLong ? 'roomCategories.nameTooLong' : 'roomCategories.nameRequired'),
      });
      return;
    }
    save.mutate(
      { id: editing.category?.id, name: parsed.data },
      {
        onSuccess: (saved) => {
          setEditing(null);
          notifications.show({ color: 'green', message: t('roomCategories.saved', { name: saved.name }) });
        },
        onError: (error) =>
          setEditing(
            (current) =>
              current && {
                ...current,
                error:
                  error instanceof ApiError && error.code === 'category_exists'
                    ? t('roomCategories.nameTaken')
                    : describeError(error, t),
              },
          ),
      },
    );
  };

  const columns: DataTableColumn<RoomCategory>[] = [
    { key: 'name', header: t('roomCategories.name'), render: (row) => row.name },
    { key: 'created', header: t('roomCategories.createdAt'), render: (row) => formatDate(row.createdAt) },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>{t('roomCategories.actions')}</VisuallyHidden>,
      align: 'right',
      render: (row) => (
        <Group gap={4} justify="flex-end">
          <ActionIcon
            variant="subtle"
            aria-label={t('roomCategories.renameOf', { name: row.name })}
            onClick={() => setEditing({ category: row, name: row.name, error: null })}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('roomCategories.deleteOf', { name: row.name })}
            onClick={() => setDeleting(row)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('pages.roomCategory')}
        description={t('roomCategories.help')}
        actions={
          canEdit ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ category: null, name: '', error: null })}
            >
              {t('roomCategories.new')}
            </Button>
          ) : null
        }
      />
      <DataTable
        label={t('pages.roomCategory')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('roomCategories.empty')}
        minWidth={480}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.category ? t('roomCategories.renameTitle') : t('roomCategories.newTitle')}
      >
        <form
          aria-label={editing?.category ? t('roomCategories.renameTitle') : t('roomCategories.newTitle')}
          onSubmit={submit}
          noValidate
        >
          <Stack gap="sm">
            <TextInput
              label={t('roomCategories.name')}
              description={t('roomCategories.nameHelp')}
              value={editing?.name ?? ''}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setEditing((current) => current && { ...current, name, error: null });
              }}
              error={editing?.error}
              required
              maxLength={200}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('confirm.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('roomCategories.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('roomCategories.deleteTitle')}
        message={t('roomCategories.deleteMessage', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        color="red"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: t('roomCategories.deleted', { name: deleting.name }),
              });
              setDeleting(null);
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: t('roomCategories.deleteFailed'),
                message: describeError(error, t),
              }),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
