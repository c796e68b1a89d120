import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Fields = Record<string, unknown>;

export const isPlainRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export type BeforeAfterTableProps = {
  label: string;
  /** Null: nothing existed before (a creation). */
  before: unknown;
  /** Null: nothing remains after (a deletion). */
  after: unknown;
};

/** A change field by field: what it was, what it became; changed fields stand out (tasks, audit trail). */
export function BeforeAfterTable({ label, before, after }: BeforeAfterTableProps) {
  const { t } = useTranslation();
  const was = isPlainRecord(before) ? before : before == null ? null : { value: before };
  const is = isPlainRecord(after) ? after : after == null ? null : { value: after };
  const fields = [...new Set([...Object.keys(was ?? {}), ...Object.keys(is ?? {})])];
  return (
    <Table withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('beforeAfter.field')}</Table.Th>
          <Table.Th>{t('beforeAfter.before')}</Table.Th>
          <Table.Th>{t('beforeAfter.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field}>
            <Table.Td>{field}</Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {was ? show(was[field]) : t('beforeAfter.new')}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={show(was?.[field]) !== show(is?.[field]) ? 600 : undefined}>
                {is ? show(is[field]) : t('beforeAfter.removed')}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
