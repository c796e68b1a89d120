import { Badge, Button, Drawer, Group, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  OTP_CHANNELS,
  OTP_STATUSES,
  type OtpChannel,
  type OtpRequestRow,
  type OtpStatus,
} from '@sapa/contracts';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  downloadOtpExport,
  kindOfPath,
  useOtpExports,
  useOtpRequest,
  useOtpRequests,
  useRequestOtpExport,
} from '../api/otp-api';
import { OtpStatusBadge } from '../components/otp-status-badge';

const PAGE_SIZE = 10;

/** `/otp/otpDetails` and `/verify/details`: every request with its sends and checks (never its code). */
export function OtpDetailsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OtpStatus | undefined>();
  const [channel, setChannel] = useState<OtpChannel | undefined>();
  const [open, setOpen] = useState<string | null>(null);
  const kind = kindOfPath(useLocation().pathname);
  const list = useOtpRequests(clientId, { kind, page, pageSize: PAGE_SIZE, status, channel });
  const detail = useOtpRequest(clientId, open);
  const exportsList = useOtpExports(clientId);
  const requestExport = useRequestOtpExport(clientId);
  const exportCsv = () =>
    // The screen's own kind: /otp/otpDetails exports bare OTPs, /verify/details verifications.
    requestExport.mutate(
      { kind, status, channel },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('otp.details.exportRequested') }),
        onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
      },
    );

  const columns: DataTableColumn<OtpRequestRow>[] = [
    { key: 'createdAt', header: t('otp.fields.createdAt'), render: (row) => formatDate(row.createdAt) },
    { key: 'destination', header: t('otp.fields.destination'), render: (row) => row.destination },
    { key: 'channel', header: t('otp.fields.channel'), render: (row) => t(`otp.channels.${row.channel}`) },
    {
      key: 'status',
      header: t('otp.fields.status'),
      render: (row) => <OtpStatusBadge status={row.status} />,
    },
    { key: 'sends', header: t('otp.fields.sends'), align: 'right', render: (row) => row.sends },
    { key: 'attempts', header: t('otp.fields.attempts'), align: 'right', render: (row) => row.attempts },
    { key: 'by', header: t('otp.fields.requestedBy'), render: (row) => row.requestedBy },
  ];

  return (
    <>
      <PageHeader
        title={t(kind === 'verify' ? 'pages.verifyDetails' : 'pages.otpDetails')}
        description={t('otp.details.help')}
        actions={
          <Button
            leftSection={<IconFileExport size={16} />}
            loading={requestExport.isPending}
            onClick={exportCsv}
          >
            {t('otp.details.export')}
          </Button>
        }
      />
      {exportsList.data?.items.length ? (
        <Stack gap={4} mb="md" aria-label={t('otp.details.exports')}>
          {exportsList.data.items.map((item) => (
            <Group key={item.id} gap="xs">
              <Text size="sm">{formatDate(item.createdAt)}</Text>
              <Badge variant="light">{t(`otp.details.exportStatuses.${item.status}`)}</Badge>
              {item.status === 'done' ? (
                <DownloadButton
                  size="xs"
                  download={() => downloadOtpExport(item.id)}
                  fileName={item.fileName ?? 'otp-requests.csv'}
                  label={t('otp.details.download')}
                />
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
      <DataTable
        label={t('otp.details.title')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.requestId}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={status || channel ? t('otp.details.noMatch') : t('otp.details.empty')}
        onRowClick={(row) => setOpen(row.requestId)}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group>
            <Select
              aria-label={t('otp.fields.status')}
              placeholder={t('otp.details.anyStatus')}
              clearable
              value={status ?? null}
              onChange={(value) => {
                setStatus((value as OtpStatus | null) ?? undefined);
                setPage(1);
              }}
              data={OTP_STATUSES.map((value) => ({ value, label: t(`otp.statuses.${value}`) }))}
            />
            <Select
              aria-label={t('otp.fields.channel')}
              placeholder={t('otp.details.anyChannel')}
              clearable
              value={channel ?? null}
              onChange={(value) => {
                setChannel((value as OtpChannel | null) ?? undefined);
                setPage(1);
              }}
              data={OTP_CHANNELS.map((value) => ({ value, label: t(`otp.channels.${value}`) }))}
            />
          </Group>
        }
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={t('otp.details.request')}
      >
        <QueryState data={detail.data} loading={detail.isPending} error={detail.error}>
          {(request) => (
            <Stack>
              <Group>
                <OtpStatusBadge status={request.status} />
                <Text size="sm">{request.destination}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t('otp.details.expiresAt', { at: formatDate(request.expiresAt) })}
              </Text>
              <Table aria-label={t('otp.details.sendLog')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('otp.fields.createdAt')}</Table.Th>
                    <Table.Th>{t('otp.fields.channel')}</Table.Th>
                    <Table.Th>{t('otp.fields.state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {request.sendLog.map((send) => (
                    <Table.Tr key={send.id}>
                      <Table.Td>{formatDate(send.createdAt)}</Table.Td>
                      <Table.Td>{t(`otp.channels.${send.channel}`)}</Table.Td>
                      <Table.Td>{send.error ?? t(`otp.sendStates.${send.state}`)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text fw={600}>{t('otp.details.checks', { count: request.checks.length })}</Text>
              {request.checks.map((check) => (
                <Text key={check.id} size="sm">
                  {formatDate(check.createdAt)} — {check.valid ? t('otp.check.right') : t('otp.check.wrong')}
                </Text>
              ))}
            </Stack>
          )}
        </QueryState>
      </Drawer>
    </>
  );
}
