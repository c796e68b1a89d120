import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/http';

/** One row of an import's result, whatever the module calls its fields. */
export type ImportReportRow = { row: number; label: string | null; ok: boolean; error: string | null };
export type ImportReportView = { total: number; succeeded: number; failed: number; rows: ImportReportRow[] };

export type FileImportDialogProps<Result> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The columns the file must have, in words. */
  description: string;
  /** Sends the chosen file (an upload operation, through `callOperation`) and answers the result. */
  upload: (file: File) => Promise<Result>;
  maxSizeMb: number;
  /** Maps the endpoint's answer to the per-row report shown after the upload. */
  toReport: (result: Result) => ImportReportView;
  /** Called after a successful upload, e.g. to refresh the list. */
  onImported?: (result: Result) => void;
  /** Words for uploads that are not imports (a bulk delete): the badge of a good row, the summary line. */
  okLabel?: string;
  summary?: (report: ImportReportView) => string;
  /**
   * For uploads finished by a background job (a large customer import): the progress in percent while
   * it runs (null once finished), and how to read the job's state again. Polled every second.
   */
  follow?: { progressOf: (result: Result) => number | null; refresh: (result: Result) => Promise<Result> };
};

const POLL_MS = 1000;

/** Upload a CSV, then show what happened to every row; nothing is hidden when some rows fail. */
export function FileImportDialog<Result>({
  opened,
  onClose,
  title,
  description,
  upload,
  maxSizeMb,
  toReport,
  onImported,
  okLabel,
  summary,
  follow,
}: FileImportDialogProps<Result>) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReportView | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const close = () => {
    if (busy) return;
    setFile(null);
    setProblem(null);
    setReport(null);
    onClose();
  };

  const choose = (chosen: File | null) => {
    setReport(null);
    setProblem(null);
    if (chosen && !/\.csv$/i.test(chosen.name) && chosen.type !== 'text/csv') {
      setProblem(t('fileImport.wrongType'));
      setFile(null);
      return;
    }
    if (chosen && chosen.size > maxSizeMb * 1024 * 1024) {
      setProblem(t('fileImport.tooLarge', { size: maxSizeMb }));
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      let result = await upload(file);
      for (let percent = follow?.progressOf(result) ?? null; follow && percent !== null; ) {
        setProgress(percent);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        result = await follow.refresh(result);
        percent = follow.progressOf(result);
      }
      setProgress(null);
      setReport(toReport(result));
      onImported?.(result);
    } catch (error) {
      setProgress(null);
      setProblem(describeError(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <FileInput
          label={t('fileImport.chooseFile')}
          placeholder={t('fileImport.drop')}
          description={t('fileImport.maxSize', { size: maxSizeMb })}
          accept=".csv,text/csv"
          value={file}
          onChange={choose}
          leftSection={<IconFileTypeCsv size={16} />}
          clearable
          disabled={busy}
        />
        {problem ? (
          <Alert color="red" role="alert" title={t('fileImport.failed')}>
            {problem}
          </Alert>
        ) : null}
        {progress !== null ? (
          <Stack gap={4}>
            <Text size="sm" role="status">
              {t('fileImport.running', { progress })}
            </Text>
            <Progress value={progress} aria-label={t('fileImport.running', { progress })} animated />
          </Stack>
        ) : null}
        {report ? (
          <Stack gap="xs">
            <Text fw={500} role="status">
              {summary ? summary(report) : t('fileImport.summary', report)}
            </Text>
            <ScrollArea.Autosize mah={280}>
              <Table striped withTableBorder aria-label={t('fileImport.result')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fileImport.row')}</Table.Th>
                    <Table.Th />
                    <Table.Th>{t('fileImport.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rows.map((row) => (
                    <Table.Tr key={row.row}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td>{row.label ?? ''}</Table.Td>
                      <Table.Td>
                        {row.ok ? (
                          <Badge color="green" variant="light">
                            {okLabel ?? t('fileImport.ok')}
                          </Badge>
                        ) : (
                          <Text size="sm" c="red">
                            {row.error}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={busy}>
            {report ? t('fileImport.close') : t('fileImport.cancel')}
          </Button>
          {report ? null : (
            <Button onClick={() => void send()} loading={busy} disabled={!file}>
              {t('fileImport.upload')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
