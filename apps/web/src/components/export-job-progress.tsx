import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { Export } from '@sapa/contracts';
import { DownloadButton, type DownloadButtonProps } from './download-button';

const COLORS: Record<Export['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** The words a feature gives the progress of its export job (its own namespace). */
export type ExportJobLabels = {
  status: string;
  /** "n of m rows", when the job knows its total. */
  rows: string;
  download: string;
  progress: string;
};

/**
 * An export job (decision 0030) as it is built: its state, a progress bar with the rows so far, then
 * its file. One display for every feature's exports; each brings its words and its download.
 */
export function ExportJobProgress({
  item,
  labels,
  download,
  fallbackFileName,
  testId,
}: {
  item: Export;
  labels: ExportJobLabels;
  download: DownloadButtonProps['download'];
  fallbackFileName: string;
  testId: string;
}) {
  const unfinished = item.status === 'queued' || item.status === 'running';
  return (
    <Stack gap={4} miw={200} data-testid={testId}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Badge color={COLORS[item.status]} variant="light">
            {labels.status}
          </Badge>
          <Text size="xs" c="dimmed">
            {item.total === null ? `${item.progress}%` : labels.rows}
          </Text>
        </Group>
        {item.status === 'done' ? (
          <DownloadButton
            size="xs"
            download={download}
            fileName={item.fileName ?? fallbackFileName}
            label={labels.download}
          />
        ) : null}
      </Group>
      <Progress
        value={item.progress}
        color={COLORS[item.status]}
        animated={unfinished}
        aria-label={labels.progress}
        size="sm"
      />
      {item.error ? (
        <Text size="xs" c="red">
          {item.error}
        </Text>
      ) : null}
    </Stack>
  );
}
