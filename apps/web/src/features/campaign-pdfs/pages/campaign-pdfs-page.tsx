import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type CampaignChannel, PDF_KEEP_DAYS_AFTER_LINK, type PdfCampaign } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { downloadBatchPdf } from '../api/download-batch-pdf';
import { BATCH_PDF_PAGE_SIZE, useBatchPdfs } from '../api/list-batch-pdfs';
import { PDF_CAMPAIGN_PAGE_SIZE, usePdfCampaigns } from '../api/list-pdf-campaigns';
import '../campaign-pdfs-i18n';

const CHANNEL_OF_SEGMENT: Readonly<Record<string, CampaignChannel>> = {
  whatsapp: 'WHATSAPP',
  sms: 'SMS',
  email: 'EMAIL',
  telegram: 'TELEGRAM',
};

type PdfBatch = PdfCampaign['batches'][number];
type BatchPdf = {
  notificationId: string;
  rowNo: number;
  recipient: string;
  fileName: string;
  size: number;
  createdAt: string;
};

const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} kB`;

/**
 * `/whatsapp/pdf`, `/sms/pdf`, `/email/pdf` (decision 0046): the area's campaigns that send a PDF, their
 * latest batches with the PDFs made for each, and each recipient's PDF to download.
 */
export function CampaignPdfsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const segment = useLocation().pathname.split('/').filter(Boolean)[0] ?? '';
  const channel = CHANNEL_OF_SEGMENT[segment] ?? 'EMAIL';
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<{ campaign: PdfCampaign; batch: PdfBatch } | null>(null);
  const [pdfPage, setPdfPage] = useState(1);
  const campaigns = usePdfCampaigns(clientId, channel, page);
  const pdfs = useBatchPdfs(clientId, selected?.batch.batchId ?? null, pdfPage);
  const channelName = t(`campaignPdfs.channels.${channel}`);

  const columns: DataTableColumn<PdfCampaign>[] = [
    {
      key: 'code',
      header: t('campaignPdfs.fields.campaign'),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.code}
          </Text>
          <Text size="xs" c="dimmed">
            {row.name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('campaignPdfs.fields.status'),
      render: (row) => (
        <Badge variant="light">{t(`campaignPdfs.campaignStatuses.${row.status}`, row.status)}</Badge>
      ),
    },
    { key: 'file', header: t('campaignPdfs.fields.fileName'), render: (row) => row.fileName },
    {
      key: 'count',
      header: t('campaignPdfs.fields.pdfCount'),
      render: (row) => row.pdfCount,
      align: 'right',
    },
    {
      key: 'batches',
      header: t('campaignPdfs.fields.batches'),
      render: (row) =>
        row.batches.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('campaignPdfs.noBatches')}
          </Text>
        ) : (
          <Stack gap={2}>
            {row.batches.map((batch) => (
              <Anchor
                key={batch.batchId}
                component="button"
                type="button"
                size="xs"
                ta="left"
                onClick={() => {
                  setSelected({ campaign: row, batch });
                  setPdfPage(1);
                }}
              >
                {t('campaignPdfs.batchLine', {
                  date: formatDate(batch.createdAt),
                  file: batch.fileName ?? t('campaignPdfs.noFileName'),
                  count: batch.pdfCount,
                  total: batch.validCount,
                })}
              </Anchor>
            ))}
          </Stack>
        ),
    },
    {
      key: 'edit',
      header: '',
      render: (row) => (
        <Anchor component={Link} to={`/email/pdf-script/${encodeURIComponent(row.code)}`} size="sm">
          {t('campaignPdfs.editScript')}
        </Anchor>
      ),
    },
  ];

  const pdfColumns: DataTableColumn<BatchPdf>[] = [
    { key: 'row', header: t('campaignPdfs.fields.row'), render: (row) => row.rowNo, align: 'right' },
    { key: 'recipient', header: t('campaignPdfs.fields.recipient'), render: (row) => row.recipient },
    { key: 'file', header: t('campaignPdfs.fields.fileName'), render: (row) => row.fileName },
    {
      key: 'size',
      header: t('campaignPdfs.fields.size'),
      render: (row) => kilobytes(row.size),
      align: 'right',
    },
    {
      key: 'created',
      header: t('campaignPdfs.fields.createdAt'),
      render: (row) => formatDate(row.createdAt),
    },
    {
      key: 'download',
      header: '',
      render: (row) =>
        selected ? (
          <DownloadButton
            size="xs"
            label={t('campaignPdfs.download')}
            fileName={row.fileName}
            download={() => downloadBatchPdf(selected.batch.batchId, row.notificationId)}
          />
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('campaignPdfs.title', { channel: channelName })}
        description={t('campaignPdfs.description', { channel: channelName })}
      />
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('campaignPdfs.retention', { days: PDF_KEEP_DAYS_AFTER_LINK })}
        </Text>
        <DataTable
          label={t('campaignPdfs.campaignsLabel')}
          columns={columns}
          rows={campaigns.data?.items}
          rowKey={(row) => row.campaignId}
          loading={campaigns.isPending}
          refreshing={campaigns.isFetching && !campaigns.isPending}
          error={campaigns.error}
          onRetry={() => void campaigns.refetch()}
          emptyText={t('campaignPdfs.empty', { channel: channelName })}
          pagination={
            campaigns.data
              ? {
                  page,
                  pageSize: PDF_CAMPAIGN_PAGE_SIZE,
                  total: campaigns.data.total,
                  onPageChange: setPage,
                }
              : undefined
          }
        />
        {selected ? (
          <Card withBorder>
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {t('campaignPdfs.batchTitle', {
                  code: selected.campaign.code,
                  date: formatDate(selected.batch.createdAt),
                })}
              </Title>
              <Anchor component="button" type="button" size="sm" onClick={() => setSelected(null)}>
                {t('campaignPdfs.close')}
              </Anchor>
            </Group>
            <DataTable
              label={t('campaignPdfs.pdfsLabel')}
              columns={pdfColumns}
              rows={pdfs.data?.items}
              rowKey={(row) => row.notificationId}
              loading={pdfs.isPending}
              refreshing={pdfs.isFetching && !pdfs.isPending}
              error={pdfs.error}
              onRetry={() => void pdfs.refetch()}
              emptyText={t('campaignPdfs.noPdfs')}
              pagination={
                pdfs.data
                  ? {
                      page: pdfPage,
                      pageSize: BATCH_PDF_PAGE_SIZE,
                      total: pdfs.data.total,
                      onPageChange: setPdfPage,
                    }
                  : undefined
              }
            />
          </Card>
        ) : null}
      </Stack>
    </>
  );
}
