import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PAGE_SIZE } from '../api/analytics-api';

export type PagedTableProps<Row extends { id: string }> = {
  label: string;
  searchLabel: string;
  emptyText: string;
  columns: DataTableColumn<Row>[];
  list: UseQueryResult<{ items: Row[]; total: number }>;
  search: string;
  /** A new search starts again from the first page. */
  onSearch: (search: string) => void;
  page: number;
  onPageChange: (page: number) => void;
};

/** The analytics lists (dashboards, email pulses): a search by name over a paged table. */
export function PagedTable<Row extends { id: string }>({
  label,
  searchLabel,
  emptyText,
  columns,
  list,
  search,
  onSearch,
  page,
  onPageChange,
}: PagedTableProps<Row>) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={list.data?.items}
      rowKey={(row) => row.id}
      loading={list.isLoading}
      refreshing={list.isFetching}
      error={list.error}
      onRetry={() => list.refetch()}
      emptyText={emptyText}
      toolbar={
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={searchLabel}
          aria-label={searchLabel}
          value={search}
          maxLength={200}
          onChange={(event) => onSearch(event.currentTarget.value)}
          w={260}
        />
      }
      pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange }}
    />
  );
}
