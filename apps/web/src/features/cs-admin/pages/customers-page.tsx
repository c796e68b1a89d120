import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { CsCustomer } from '@sapa/contracts';
import { IconFileImport, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { FileImportDialog } from '../../../components/file-import-dialog';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import {
  downloadCustomersCsv,
  followCustomerImport,
  reportOfCustomers,
  uploadCustomerDeletion,
  uploadCustomerImport,
  useCustomerList,
  useCustomerTags,
  useSaveCustomerTags,
  useTagNames,
} from '../api/cs-customers-api';
import '../cs-admin-i18n';

function EditTagsModal({
  customer,
  suggestions,
  onClose,
}: {
  customer: CsCustomer | null;
  suggestions: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCustomerTags();
  const [tags, setTags] = useState<string[]>(customer?.tags ?? []);
  const tooLong = tags.some((tag) => tag.length > 100);
  return (
    <Modal
      opened={customer !== null}
      onClose={onClose}
      title={t('csAdmin.customers.editTagsTitle', { name: customer?.name ?? customer?.phoneNumber ?? '' })}
      centered
    >
      {customer ? (
        <form
          aria-label={t('csAdmin.customers.editTags')}
          onSubmit={(event) => {
            event.preventDefault();
            if (tooLong) return;
            save.mutate(
              { phoneNumber: customer.phoneNumber, before: customer.tags, after: tags },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t('csAdmin.customers.tagsSaved') });
                  onClose();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            {save.isError ? (
              <Alert color="red" role="alert" title={t('csAdmin.form.failed')}>
                {describeError(save.error, t)}
              </Alert>
            ) : null}
            <TagsInput
              label={t('csAdmin.fields.tags')}
              description={t('csAdmin.form.tagsHelp')}
              data={suggestions}
              value={tags}
              onChange={setTags}
              error={tooLong ? t('csAdmin.errors.tags.tooLong') : undefined}
              clearable
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                {t('csAdmin.form.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('csAdmin.form.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

/** `/customers`: the client's customers, by search or tags; tags edited here; import, bulk delete, export. */
export function CustomersPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [tags, setTags] = useState<string[]>([]);
  const list = useCustomerList(q, tags);
  const customerTags = useCustomerTags();
  const tagNames = useTagNames();
  const [editing, setEditing] = useState<CsCustomer | null>(null);
  const [dialog, setDialog] = useState<'import' | 'delete' | null>(null);
  const rows = list.data?.pages.flatMap((page) => page.items);
  const suggestions = [...new Set([...(tagNames.data ?? []), ...(customerTags.data ?? [])])].sort();

  const columns: DataTableColumn<CsCustomer>[] = [
    { key: 'name', header: t('csAdmin.fields.name'), render: (customer) => customer.name ?? '—' },
    { key: 'phone', header: t('csAdmin.customers.phoneNumber'), render: (customer) => customer.phoneNumber },
    {
      key: 'platform',
      header: t('csAdmin.customers.mediaPlatform'),
      render: (customer) => customer.mediaPlatform,
    },
    {
      key: 'tags',
      header: t('csAdmin.fields.tags'),
      render: (customer) =>
        customer.tags.length ? (
          <Group gap={4}>
            {customer.tags.map((tag) => (
              <Badge key={tag} variant="light" size="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : (
          '—'
        ),
    },
    {
      key: 'updatedAt',
      header: t('csAdmin.customers.updatedAt'),
      render: (customer) => formatDate(customer.updatedAt),
    },
    {
      key: 'actions',
      header: t('csAdmin.actions'),
      render: (customer) => (
        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(customer)}>
          {t('csAdmin.customers.editTags')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.customerList')}
        description={t('csAdmin.customers.help')}
        actions={
          <>
            <DownloadButton
              download={downloadCustomersCsv}
              fileName="customers.csv"
              label={t('csAdmin.exportCsv')}
            />
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDialog('delete')}
            >
              {t('csAdmin.customers.bulkDelete')}
            </Button>
            <Button leftSection={<IconFileImport size={16} />} onClick={() => setDialog('import')}>
              {t('csAdmin.import')}
            </Button>
          </>
        }
      />
      <DataTable
        label={t('pages.customerList')}
        columns={columns}
        rows={rows}
        rowKey={(customer) => customer.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading && !list.isFetchingNextPage}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={q || tags.length ? t('csAdmin.noMatch') : t('csAdmin.customers.empty')}
        loadMore={{
          hasMore: Boolean(list.hasNextPage),
          loading: list.isFetchingNextPage,
          onLoadMore: () => void list.fetchNextPage(),
        }}
        toolbar={
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <TextInput
                aria-label={t('csAdmin.customers.search')}
                placeholder={t('csAdmin.customers.search')}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                disabled={tags.length > 0}
                w={300}
              />
              <MultiSelect
                aria-label={t('csAdmin.customers.filterTags')}
                placeholder={tags.length ? undefined : t('csAdmin.customers.filterTags')}
                data={customerTags.data ?? []}
                value={tags}
                onChange={setTags}
                searchable
                clearable
                w={300}
              />
            </Group>
            {tags.length ? (
              <Text size="xs" c="dimmed">
                {t('csAdmin.customers.tagFilterHelp')}
              </Text>
            ) : null}
          </Stack>
        }
      />
      <EditTagsModal
        key={editing?.id ?? 'none'}
        customer={editing}
        suggestions={suggestions}
        onClose={() => setEditing(null)}
      />
      <FileImportDialog
        opened={dialog === 'import'}
        onClose={() => setDialog(null)}
        title={t('csAdmin.customers.importTitle')}
        description={t('csAdmin.customers.importHelp')}
        upload={uploadCustomerImport}
        maxSizeMb={20}
        toReport={reportOfCustomers}
        follow={followCustomerImport}
        onImported={() => void list.refetch()}
      />
      <FileImportDialog
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={t('csAdmin.customers.deleteTitle')}
        description={t('csAdmin.customers.deleteHelp')}
        upload={uploadCustomerDeletion}
        maxSizeMb={20}
        toReport={reportOfCustomers}
        okLabel={t('csAdmin.customers.deleted')}
        summary={(report) => t('csAdmin.customers.deleteSummary', report)}
        onImported={() => void list.refetch()}
      />
    </>
  );
}
