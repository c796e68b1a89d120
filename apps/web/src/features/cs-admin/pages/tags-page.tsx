import { Alert, Button, Group, Modal, Stack, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { CLIENT_ADMIN_ROLES, type CsTag } from '@sapa/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useDeleteTag, useSaveTag, useTagList } from '../api/cs-customers-api';
import '../cs-admin-i18n';

const PAGE_SIZE = 10;
/** The server lets the client admins change the tag list (inbox.access.ts CS_ADMINS). */
const TAG_ADMINS = CLIENT_ADMIN_ROLES;

function TagFormModal({ tag, opened, onClose }: { tag: CsTag | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTag();
  const problems = useServerFieldErrors({ tag_exists: 'name' });
  const [name, setName] = useState(tag?.name ?? '');
  const [description, setDescription] = useState(tag?.description ?? '');
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t('csAdmin.errors.name.required'));
    if (trimmed.length > 100) return setNameError(t('csAdmin.errors.tags.tooLong'));
    problems.clear();
    save.mutate(
      { ...(tag ? { id: tag.id } : {}), name: trimmed, description: description.trim() || null },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(tag ? 'csAdmin.tags.renamed' : 'csAdmin.tags.created', { name: saved.name }),
          });
          onClose();
        },
        onError: (error) => problems.show(error),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tag ? t('csAdmin.tags.edit') : t('csAdmin.tags.new')}
      centered
    >
      <form onSubmit={submit} noValidate aria-label={tag ? t('csAdmin.tags.edit') : t('csAdmin.tags.new')}>
        <Stack gap="sm">
          {problems.formError ? (
            <Alert color="red" role="alert" title={t('csAdmin.form.failed')}>
              {problems.formError}
            </Alert>
          ) : null}
          <TextInput
            label={t('csAdmin.tags.name')}
            withAsterisk
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError ?? problems.fieldErrors.name}
          />
          <Textarea
            label={t('csAdmin.tags.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={500}
            rows={3}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('csAdmin.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tag ? t('csAdmin.form.save') : t('csAdmin.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** `/tag`: the client's tag list (suggestions for customers and agents): search, add, rename, delete. */
export function TagsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const role = useSessionStore((state) => state.session?.role);
  const manage = Boolean(role && TAG_ADMINS.includes(role));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useTagList(q, page, PAGE_SIZE);
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<{ tag: CsTag | null } | null>(null);
  const [deleting, setDeleting] = useState<CsTag | null>(null);

  const columns: DataTableColumn<CsTag>[] = [
    { key: 'name', header: t('csAdmin.tags.name'), render: (tag) => tag.name },
    { key: 'description', header: t('csAdmin.tags.description'), render: (tag) => tag.description ?? '—' },
    { key: 'createdAt', header: t('csAdmin.tags.createdAt'), render: (tag) => formatDate(tag.createdAt) },
    ...(manage
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>{t('csAdmin.actions')}</VisuallyHidden>,
            render: (tag: CsTag) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ tag })}>
                  {t('csAdmin.tags.rename')}
                </Button>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(tag)}>
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
        title={t('pages.tags')}
        description={t('csAdmin.tags.help')}
        actions={
          manage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ tag: null })}>
              {t('csAdmin.tags.new')}
            </Button>
          ) : null
        }
      />
      <DataTable
        label={t('pages.tags')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(tag) => tag.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={q ? t('csAdmin.noMatch') : t('csAdmin.tags.empty')}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <TextInput
            aria-label={t('csAdmin.tags.search')}
            placeholder={t('csAdmin.tags.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={300}
          />
        }
      />
      {editing ? (
        <TagFormModal
          key={editing.tag?.id ?? 'new'}
          tag={editing.tag}
          opened
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('csAdmin.tags.deleteTitle')}
        message={t('csAdmin.tags.deleteMessage', { name: deleting?.name ?? '' })}
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (tag) => {
              notifications.show({ color: 'green', message: t('csAdmin.tags.deleted', { name: tag.name }) });
              setDeleting(null);
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: t('csAdmin.actionFailed'),
                message: describeError(error, t),
              }),
          });
        }}
      />
    </>
  );
}
