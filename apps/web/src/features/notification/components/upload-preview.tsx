import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import type { CampaignTemplate, ParamTranslator } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

/** How many data rows the preview shows. */
export const PREVIEW_ROWS = 5;

export type CsvPreview = { header: string[]; rows: string[][] };

/**
 * The header and first rows of a CSV text (RFC 4180 quotes, CRLF or LF, a BOM dropped). The separator
 * is the one of `,` and `;` the header line holds more of, as spreadsheets write either.
 */
export function readCsvPreview(text: string, maxRows = PREVIEW_ROWS): CsvPreview {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(cell);
    cell = '';
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  while (i < source.length && records.length <= maxRows) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      i++;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\n') endRecord();
    else if (char !== '\r') cell += char;
    i++;
  }
  if (records.length <= maxRows && (cell !== '' || record.length > 0)) endRecord();
  const [header = [], ...rows] = records;
  return { header: header.map((column) => column.trim()), rows: rows.slice(0, maxRows) };
}

export type PreviewRow =
  | { rowNo: number; ok: true; recipient: string; params: Record<string, string>; message: string }
  | { rowNo: number; ok: false; reason: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;

/** Fills `{{param}}` placeholders; an unknown one stays as written so the gap shows. */
export function renderTemplate(text: string, params: Record<string, string>): string {
  return text.replace(
    /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g,
    (whole, name: string) => params[name] ?? whole,
  );
}

/** The text a template shows in the preview: the message, the subject, or the template's parameters. */
export function templateText(template: CampaignTemplate): string {
  switch (template.channel) {
    case 'SMS':
    case 'TELEGRAM':
      return template.text;
    case 'EMAIL':
      return template.subject;
    case 'WHATSAPP':
      return `${template.name}(${template.parameters.join(', ')})`;
    case 'VOICE':
      return template.script ?? '♪';
  }
}

/** The columns a translator needs that the header lacks (the recipient's and required ones without a default). */
export function missingColumns(translator: ParamTranslator, header: readonly string[]): string[] {
  const columns = new Set(header.map((column) => column.trim().toLowerCase()));
  return translator.rules
    .filter((rule) => (rule.to === translator.recipient || rule.required) && rule.default === undefined)
    .filter((rule) => !columns.has(rule.from.trim().toLowerCase()))
    .map((rule) => rule.from);
}

/**
 * The first rows as the param translator reads them: each column rule fills its parameter (trimmed,
 * the default when empty), an empty recipient or required cell refuses the row, and the message is
 * rendered. Phone numbers, dates and amounts are only roughly checked here: the server reads them exactly.
 */
export function translatePreview(
  translator: ParamTranslator,
  template: CampaignTemplate,
  preview: CsvPreview,
): PreviewRow[] {
  const indexOf = new Map(preview.header.map((column, index) => [column.toLowerCase(), index]));
  return preview.rows.map((cells, index): PreviewRow => {
    const rowNo = index + 2;
    const params: Record<string, string> = {};
    for (const rule of translator.rules) {
      const column = indexOf.get(rule.from.trim().toLowerCase());
      const written = column === undefined ? '' : (cells[column] ?? '');
      let value = rule.trim ? written.trim() : written;
      if (value === '' && rule.default !== undefined) value = rule.default;
      const isRecipient = rule.to === translator.recipient;
      if (value === '' && (isRecipient || rule.required))
        return { rowNo, ok: false, reason: `${rule.from}: is empty` };
      if (value !== '' && rule.kind === 'email' && !EMAIL.test(value))
        return { rowNo, ok: false, reason: `${rule.from}: "${value}" is not an email address` };
      if (value !== '' && rule.kind === 'phone' && !PHONE.test(value))
        return { rowNo, ok: false, reason: `${rule.from}: "${value}" is not a phone number` };
      if (value !== '' && rule.kind === 'email') value = value.toLowerCase();
      params[rule.to] = value;
    }
    return {
      rowNo,
      ok: true,
      recipient: params[translator.recipient] ?? '',
      params,
      message: renderTemplate(templateText(template), params),
    };
  });
}

export type UploadPreviewProps = {
  translator: ParamTranslator;
  template: CampaignTemplate;
  preview: CsvPreview;
};

/** The first rows of a file as the campaign's param translator reads them, before anything is sent. */
export function UploadPreview({ translator, template, preview }: UploadPreviewProps) {
  const { t } = useTranslation();
  const missing = missingColumns(translator, preview.header);
  const rows = translatePreview(translator, template, preview);
  const parameters = translator.rules.map((rule) => rule.to);
  return (
    <Stack gap="xs">
      {missing.length > 0 ? (
        <Alert color="red" role="alert" title={t('notification.upload.missingTitle')}>
          {t('notification.upload.missingColumns', { columns: missing.join(', ') })}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Text c="dimmed">{t('notification.upload.noRows')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('notification.upload.preview')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notification.fields.rowNo')}</Table.Th>
                {parameters.map((name) => (
                  <Table.Th key={name}>{name}</Table.Th>
                ))}
                <Table.Th>{t('notification.upload.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.rowNo}>
                  <Table.Td>{row.rowNo}</Table.Td>
                  {row.ok ? (
                    <>
                      {parameters.map((name) => (
                        <Table.Td key={name}>{row.params[name]}</Table.Td>
                      ))}
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                          {row.message}
                        </Text>
                      </Table.Td>
                    </>
                  ) : (
                    <Table.Td colSpan={parameters.length + 1}>
                      <Badge color="red" variant="light" mr="xs">
                        {t('notification.rejectKinds.invalid')}
                      </Badge>
                      <Text span size="sm">
                        {row.reason}
                      </Text>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed">
        {t('notification.upload.previewNote')}
      </Text>
    </Stack>
  );
}
