import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/http';

export type DataTableColumn<Row> = {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
};

export type DataTablePagination = {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

export type DataTableProps<Row> = {
  columns: DataTableColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The first load: rows are not known yet. */
  loading?: boolean;
  /** A refetch with rows already shown: they stay, a small spinner says more is coming. */
  refreshing?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown when the list is empty; say why (no data yet, or no match for the filters). */
  emptyText: string;
  onRowClick?: (row: Row) => void;
  pagination?: DataTablePagination;
  /** Search, filters and actions above the table. */
  toolbar?: ReactNode;
  /** Keyset lists: a "load more" button under the rows. */
  loadMore?: { hasMore: boolean; loading: boolean; onLoadMore: () => void };
  /** Accessible name of the table. */
  label: string;
  minWidth?: number;
};

/** The one list of the portal: loading, error with retry, empty state, paging and row actions. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  refreshing = false,
  error,
  onRetry,
  emptyText,
  onRowClick,
  pagination,
  toolbar,
  loadMore,
  label,
  minWidth = 720,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const pageCount = pagination ? Math.max(1, Math.ceil(pagination.total / pagination.pageSize)) : 0;

  let body: ReactNode;
  if (error && !rows?.length) {
    body = (
      <Alert color="red" title={t('dataTable.errorTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{describeError(error, t)}</Text>
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('dataTable.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else if (loading && !rows) {
    body = (
      <Center py="xl" aria-busy="true">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (!rows?.length) {
    body = (
      <Center py="xl">
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      </Center>
    );
  } else {
    body = (
      <ScrollArea type="auto">
        <Table
          striped
          highlightOnHover={Boolean(onRowClick)}
          miw={minWidth}
          aria-label={label}
          aria-busy={refreshing || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.width} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }

  return (
    <Stack gap="sm">
      {toolbar}
      {body}
      {pagination && pagination.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('dataTable.range', {
              from: Math.min(pagination.total, (pagination.page - 1) * pagination.pageSize + 1),
              to: Math.min(pagination.total, pagination.page * pagination.pageSize),
              total: pagination.total,
            })}
          </Text>
          <Group gap="xs">
            {refreshing && <Loader size="xs" />}
            <Pagination
              total={pageCount}
              value={pagination.page}
              onChange={pagination.onPageChange}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': t(`dataTable.${control}`),
              })}
            />
          </Group>
        </Group>
      )}
      {loadMore?.hasMore && (
        <Center>
          <Button variant="default" size="xs" loading={loadMore.loading} onClick={loadMore.onLoadMore}>
            {t('dataTable.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
