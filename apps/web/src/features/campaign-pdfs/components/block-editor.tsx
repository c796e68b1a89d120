import {
  ActionIcon,
  Card,
  FileInput,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { PDF_ALIGNS, type PdfBlock } from '@sapa/contracts';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A key-value block as lines of `Label: value`. */
export const keyValueText = (rows: { label: string; value: string }[]) =>
  rows.map((row) => `${row.label}: ${row.value}`).join('\n');
export const keyValueRows = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0
        ? { label: line.trim(), value: '' }
        : { label: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });
/** A table as lines of cells separated by `|`, the first line being the column titles. */
export const tableText = (columns: string[], rows: string[][]) =>
  [columns, ...rows].map((cells) => cells.join(' | ')).join('\n');
export const tableOf = (text: string) => {
  const [head = '', ...lines] = text.split('\n').filter((line) => line.trim() !== '');
  const split = (line: string) => line.split('|').map((cell) => cell.trim());
  return { columns: split(head), rows: lines.map(split) };
};

async function fileAsBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export type BlockEditorProps = {
  block: PdfBlock;
  index: number;
  count: number;
  /** The server's or the shared check's message for this block, if any. */
  problems: string[];
  onChange: (block: PdfBlock) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One block of a PDF script with the fields of its kind. */
export function BlockEditor({ block, index, count, problems, onChange, onMove, onRemove }: BlockEditorProps) {
  const { t } = useTranslation();
  const alignSelect = (
    value: (typeof PDF_ALIGNS)[number],
    set: (align: (typeof PDF_ALIGNS)[number]) => void,
  ) => (
    <Select
      label={t('campaignPdfs.editor.align')}
      w={140}
      data={PDF_ALIGNS.map((align) => ({ value: align, label: t(`campaignPdfs.editor.aligns.${align}`) }))}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && set(next as (typeof PDF_ALIGNS)[number])}
    />
  );
  return (
    <Card withBorder padding="sm" aria-label={t('campaignPdfs.editor.blockLabel', { index: index + 1 })}>
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          {index + 1}. {t(`campaignPdfs.editor.kinds.${block.kind}`)}
        </Text>
        <Group gap={4}>
          <ActionIcon
            variant="subtle"
            aria-label={t('campaignPdfs.editor.moveUp')}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('campaignPdfs.editor.moveDown')}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('campaignPdfs.editor.remove')}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Stack gap="xs">
        {block.kind === 'heading' ? (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              flex={1}
              label={t('campaignPdfs.editor.text')}
              value={block.text}
              onChange={(event) => onChange({ ...block, text: event.currentTarget.value })}
            />
            <Select
              label={t('campaignPdfs.editor.level')}
              w={90}
              data={['1', '2', '3']}
              value={String(block.level)}
              allowDeselect={false}
              onChange={(next) => next && onChange({ ...block, level: Number(next) as 1 | 2 | 3 })}
            />
            {alignSelect(block.align, (align) => onChange({ ...block, align }))}
          </Group>
        ) : null}
        {block.kind === 'paragraph' ? (
          <>
            <Textarea
              label={t('campaignPdfs.editor.text')}
              rows={3}
              value={block.text}
              onChange={(event) => onChange({ ...block, text: event.currentTarget.value })}
            />
            {alignSelect(block.align, (align) => onChange({ ...block, align }))}
          </>
        ) : null}
        {block.kind === 'keyValue' ? (
          <Textarea
            label={t('campaignPdfs.editor.keyValue')}
            description={t('campaignPdfs.editor.keyValueHelp')}
            rows={3}
            defaultValue={keyValueText(block.rows)}
            onChange={(event) => onChange({ ...block, rows: keyValueRows(event.currentTarget.value) })}
          />
        ) : null}
        {block.kind === 'table' ? (
          <Textarea
            label={t('campaignPdfs.editor.table')}
            description={t('campaignPdfs.editor.tableHelp')}
            rows={3}
            defaultValue={tableText(block.columns, block.rows)}
            onChange={(event) => onChange({ ...block, ...tableOf(event.currentTarget.value) })}
          />
        ) : null}
        {block.kind === 'image' ? (
          <Group align="flex-end">
            <FileInput
              label={t('campaignPdfs.editor.image')}
              description={t('campaignPdfs.editor.imageHelp')}
              accept="image/png,image/jpeg"
              placeholder={
                block.data ? t('campaignPdfs.editor.imageChosen') : t('campaignPdfs.editor.imagePick')
              }
              onChange={(file) => {
                if (file) void fileAsBase64(file).then((data) => onChange({ ...block, data }));
              }}
            />
            <NumberInput
              label={t('campaignPdfs.editor.width')}
              w={120}
              min={16}
              max={500}
              value={block.width}
              onChange={(value) => onChange({ ...block, width: Number(value) || 120 })}
            />
            {alignSelect(block.align, (align) => onChange({ ...block, align }))}
          </Group>
        ) : null}
        {block.kind === 'divider' ? (
          <Text size="xs" c="dimmed">
            {t('campaignPdfs.editor.dividerHelp')}
          </Text>
        ) : null}
        {problems.map((problem) => (
          <Text key={problem} size="xs" c="red" role="alert">
            {problem}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
