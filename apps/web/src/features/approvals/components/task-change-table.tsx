import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A task's proposed change as before and after. A payload carrying `before` is an edit (the rest is the
 * after, minus the id it targets); any other payload is something new, with nothing before it.
 */
export function changeOf(payload: unknown): { before: Fields | null; after: Fields } {
  if (!isRecord(payload)) return { before: null, after: { value: payload } };
  const { before, userId: _target, ...after } = payload;
  return { before: isRecord(before) ? before : null, after };
}

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Field by field: what it was and what the maker proposes; changed fields stand out. */
export function TaskChangeTable({ payload }: { payload: unknown }) {
  const { t } = useTranslation();
  const { before, after } = changeOf(payload);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])];
  return (
    <Table withTableBorder aria-label={t('approvals.change')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('approvals.field')}</Table.Th>
          <Table.Th>{t('approvals.before')}</Table.Th>
          <Table.Th>{t('approvals.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => {
          const changed = show(before?.[field]) !== show(after[field]);
          return (
            <Table.Tr key={field}>
              <Table.Td>{field}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {before ? show(before[field]) : t('approvals.new')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={changed ? 600 : undefined}>
                  {show(after[field])}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
