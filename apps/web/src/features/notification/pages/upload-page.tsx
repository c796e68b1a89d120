import '@mantine/dropzone/styles.css';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { BATCH_FILE_MAX_BYTES, type Campaign } from '@sapa/contracts';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useBatch, useUploadBatch } from '../api/batches-api';
import { useCampaigns } from '../api/campaigns-api';
import { BatchCounts } from '../components/batch-counts';
import { useCampaignArea } from '../components/campaign-area';
import { BatchStatusBadge } from '../components/status-badges';
import { type CsvPreview, PREVIEW_ROWS, readCsvPreview, UploadPreview } from '../components/upload-preview';
import { readXlsxPreview } from '../components/xlsx-preview';

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.csv'],
};
/** The first bytes of a CSV read for the preview: enough for its header and first rows. */
const PREVIEW_BYTES = 64 * 1024;

const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

/** The data rows of a CSV (lines after the header), counted as the file streams: the progress bar's total. */
async function countCsvRows(file: File): Promise<number> {
  const reader = file.stream().getReader();
  let lines = 0;
  let last = 10;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const byte of value) if (byte === 10) lines++;
    last = value[value.length - 1] ?? last;
  }
  // A last line without its newline still counts; the header does not.
  return Math.max(0, lines + (last === 10 ? 0 : 1) - 1);
}

/** The batch being read: a live progress bar, then its counts (issue 17 item 1). */
function IngestProgress({ batchId, totalRows }: { batchId: string; totalRows: number | null }) {
  const { t } = useTranslation();
  const area = useCampaignArea();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const batch = useBatch(clientId, batchId);
  if (batch.error && !batch.data)
    return (
      <Alert color="red" role="alert">
        {describeError(batch.error, t)}
      </Alert>
    );
  if (!batch.data) return <Progress value={100} animated aria-label={t('notification.upload.reading')} />;
  const data = batch.data;
  const reading = data.status === 'ingesting';
  const percent = reading
    ? totalRows
      ? Math.min(99, Math.round((data.rowsRead / totalRows) * 100))
      : 100
    : 100;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <BatchStatusBadge status={data.status} />
          <Text size="sm">
            {reading
              ? t('notification.upload.readingRows', { count: data.rowsRead, total: totalRows ?? '…' })
              : t('notification.upload.readRows', { count: data.rowsRead })}
          </Text>
        </Group>
        <Anchor component={Link} to={area.batchDetail(data.batchId)}>
          {t('notification.upload.openBatch')}
        </Anchor>
      </Group>
      <Progress
        value={percent}
        animated={reading}
        striped={reading && !totalRows}
        color={data.status === 'failed' ? 'red' : undefined}
        aria-label={t('notification.upload.progress')}
        aria-valuenow={percent}
      />
      {data.status === 'failed' ? (
        <Alert color="red" role="alert" title={t('notification.upload.failed')}>
          {data.statusNote}
        </Alert>
      ) : null}
      {reading ? null : <BatchCounts batch={data} />}
      {data.status === 'pending_approval' ? (
        <Alert color="yellow">{t('notification.upload.waitsForChecker')}</Alert>
      ) : null}
    </Stack>
  );
}

/**
 * `/notification/upload`: pick an active campaign, drop a CSV or XLSX file, see its first rows as the
 * campaign's param translator reads them, choose when it is sent, and follow the file as it is read.
 */
export function UploadPage() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [params] = useSearchParams();
  const campaigns = useCampaigns(clientId, { page: 1, pageSize: 100, status: 'active' });
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [totalRows, setTotalRows] = useState<number | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState(false);
  const [scheduledAt, setScheduledAt] = useState('');
  const [batchId, setBatchId] = useState<string | null>(null);
  const upload = useUploadBatch(clientId);
  const items = campaigns.data?.items ?? [];
  const campaign: Campaign | undefined = items.find((item) => item.campaignId === campaignId);

  // `?campaign=CODE` (from a campaign's page) picks it once the list is there.
  const wanted = params.get('campaign');
  useEffect(() => {
    if (!wanted || campaignId) return;
    const match = items.find((item) => item.code === wanted);
    if (match) setCampaignId(match.campaignId);
  }, [wanted, items, campaignId]);

  const choose = (chosen: File) => {
    setFile(chosen);
    setRejected(null);
    setBatchId(null);
    setPreview(null);
    setTotalRows(null);
    if (!isCsv(chosen)) {
      void readXlsxPreview(chosen, PREVIEW_ROWS).then((read) => setPreview(read ?? { header: [], rows: [] }));
      return;
    }
    void chosen
      .slice(0, PREVIEW_BYTES)
      .text()
      .then((text) => setPreview(readCsvPreview(text)));
    void countCsvRows(chosen).then(setTotalRows);
  };

  const scheduledTime = scheduled && scheduledAt ? new Date(scheduledAt).toISOString() : undefined;
  const send = () => {
    if (!campaign || !file) return;
    upload.mutate(
      { campaignName: campaign.code, scheduledTime, file },
      { onSuccess: (accepted) => setBatchId(accepted.batchId) },
    );
  };

  return (
    <>
      <PageHeader title={t('pages.upload')} description={t('notification.upload.help')} />
      <Stack gap="lg">
        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            {t('notification.upload.step1')}
          </Title>
          <Select
            label={t('notification.fields.campaign')}
            placeholder={
              campaigns.isPending
                ? t('notification.upload.loadingCampaigns')
                : t('notification.upload.pickCampaign')
            }
            searchable
            value={campaignId}
            onChange={(value) => {
              setCampaignId(value);
              setBatchId(null);
            }}
            nothingFoundMessage={t('notification.upload.noActiveCampaign')}
            data={items.map((item) => ({
              value: item.campaignId,
              label: `${item.code} — ${item.name} (${t(`notification.channels.${item.channel}`)})`,
            }))}
            error={campaigns.error ? describeError(campaigns.error, t) : undefined}
          />
          {campaigns.data && items.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('notification.upload.noActiveCampaign')}{' '}
              <Anchor component={Link} to="/notification/campaign/create?action=create">
                {t('notification.campaign.create')}
              </Anchor>
            </Text>
          ) : null}
        </Card>

        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            {t('notification.upload.step2')}
          </Title>
          <Dropzone
            onDrop={(files) => files[0] && choose(files[0])}
            onReject={(rejections) =>
              setRejected(rejections[0]?.errors[0]?.message ?? t('notification.upload.wrongFile'))
            }
            accept={ACCEPT}
            maxSize={BATCH_FILE_MAX_BYTES}
            maxFiles={1}
            multiple={false}
            aria-label={t('notification.upload.dropzone')}
          >
            <Group justify="center" gap="lg" mih={110} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={40} />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={40} />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileSpreadsheet size={40} />
              </Dropzone.Idle>
              <div>
                <Text size="lg">{file ? file.name : t('notification.upload.drop')}</Text>
                <Text size="sm" c="dimmed">
                  {file
                    ? t('notification.upload.fileSize', { size: (file.size / 1024).toFixed(1) })
                    : t('notification.upload.dropHelp')}
                </Text>
              </div>
            </Group>
          </Dropzone>
          {rejected ? (
            <Alert color="red" mt="sm" role="alert">
              {rejected}
            </Alert>
          ) : null}
        </Card>

        {file && campaign ? (
          <Card withBorder>
            <Title order={2} size="h5" mb="sm">
              {t('notification.upload.step3')}
            </Title>
            {preview === null ? (
              <Progress value={100} animated aria-label={t('notification.upload.reading')} />
            ) : preview.header.length === 0 && !isCsv(file) ? (
              <Text size="sm" c="dimmed">
                {t('notification.upload.xlsxNoPreview')}
              </Text>
            ) : (
              <UploadPreview
                translator={campaign.paramTranslator}
                template={campaign.template}
                preview={preview}
              />
            )}
          </Card>
        ) : null}

        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            {t('notification.upload.step4')}
          </Title>
          <Stack gap="sm">
            <Switch
              label={t('notification.upload.schedule')}
              checked={scheduled}
              onChange={(event) => setScheduled(event.currentTarget.checked)}
            />
            {scheduled ? (
              <TextInput
                type="datetime-local"
                label={t('notification.upload.scheduledAt')}
                description={t('notification.upload.scheduledHelp')}
                value={scheduledAt}
                onChange={(event) => setScheduledAt(event.currentTarget.value)}
                w={280}
              />
            ) : null}
            {upload.error ? (
              <Alert color="red" role="alert">
                {describeError(upload.error, t)}
              </Alert>
            ) : null}
            <Group>
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={!campaign || !file || (scheduled && !scheduledAt) || batchId !== null}
                loading={upload.isPending}
                onClick={send}
              >
                {t('notification.upload.send')}
              </Button>
            </Group>
          </Stack>
        </Card>

        {batchId ? (
          <Card withBorder>
            <Title order={2} size="h5" mb="sm">
              {t('notification.upload.step5')}
            </Title>
            <IngestProgress batchId={batchId} totalRows={totalRows} />
          </Card>
        ) : null}
      </Stack>
    </>
  );
}
