import { Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import type { ChannelSettings } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useWhatsAppNumbers } from '../api/providers-api';
import { ChannelPageHeader } from '../components/channel-page-header';
import { NumberReadState, NumberRefreshButton } from '../components/number-refresh';
import { isRefused, RefusedNotice } from '../components/refused-notice';
import '../whatsapp-numbers-i18n';

const QUALITY_COLOR: Record<string, string> = { GREEN: 'teal', YELLOW: 'yellow', RED: 'red' };

/**
 * `/whatsapp/phoneNumber`: the client's WhatsApp business numbers as Meta describes them (verified
 * name and its review, quality rating, messaging limit tier, throughput, registration), when that was
 * last read, and "refresh from WhatsApp" (a job reading Graph; decision 0051).
 */
export function WhatsAppNumbersPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const numbers = useWhatsAppNumbers(clientId);
  const known = (key: string, value: string | null) =>
    value ? t(`whatsappNumbers.${key}.${value}`, { defaultValue: value }) : t('whatsappNumbers.notRead');
  const columns: DataTableColumn<ChannelSettings>[] = [
    {
      key: 'number',
      header: t('whatsappNumbers.columns.number'),
      render: (row) => (
        <Text size="sm" fw={500}>
          {row.displayPhoneNumber}
        </Text>
      ),
    },
    {
      key: 'verifiedName',
      header: t('whatsappNumbers.columns.verifiedName'),
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm">{row.verifiedName ?? t('whatsappNumbers.notRead')}</Text>
          {row.nameStatus ? (
            <Text size="xs" c="dimmed">
              {t('whatsappNumbers.nameStatus', { status: row.nameStatus })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'quality',
      header: t('whatsappNumbers.columns.quality'),
      render: (row) =>
        row.qualityRating ? (
          <Badge color={QUALITY_COLOR[row.qualityRating] ?? 'gray'} variant="light">
            {known('quality', row.qualityRating)}
          </Badge>
        ) : (
          t('whatsappNumbers.notRead')
        ),
    },
    {
      key: 'limit',
      header: t('whatsappNumbers.columns.limit'),
      render: (row) => row.messagingLimitTier ?? t('whatsappNumbers.notRead'),
    },
    {
      key: 'throughput',
      header: t('whatsappNumbers.columns.throughput'),
      render: (row) => row.throughputLevel ?? t('whatsappNumbers.notRead'),
    },
    {
      key: 'registered',
      header: t('whatsappNumbers.columns.registered'),
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm">{known('registered', row.platformType)}</Text>
          {row.codeVerificationStatus ? (
            <Text size="xs" c="dimmed">
              {t('whatsappNumbers.codeVerification', { status: row.codeVerificationStatus })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'provider',
      header: t('whatsappNumbers.columns.provider'),
      render: (row) => (
        <Badge variant="light" color={row.provider === 'cloud' ? 'green' : 'grape'}>
          {t(`whatsappNumbers.providers.${row.provider}`)}
        </Badge>
      ),
    },
    {
      key: 'lastRead',
      header: t('whatsappNumbers.columns.lastRead'),
      render: (row) => (
        <Tooltip label={row.graphReadAt ? formatDate(row.graphReadAt) : t('whatsappNumbers.never')}>
          <div>
            <NumberReadState number={row} />
          </div>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      header: t('whatsappNumbers.columns.actions'),
      render: (row) => <NumberRefreshButton number={row} label="refresh" />,
    },
  ];
  return (
    <>
      <ChannelPageHeader
        channel="WHATSAPP"
        page="phoneNumber"
        description={t('whatsappNumbers.description')}
        actions={
          <Button component={Link} to="/whatsapp/provider" variant="subtle" size="sm">
            {t('whatsappNumbers.providerLink')}
          </Button>
        }
      />
      {isRefused(numbers.error) ? (
        <RefusedNotice error={numbers.error} />
      ) : (
        <DataTable
          label={t('pages.phoneNumber')}
          columns={columns}
          rows={numbers.data}
          rowKey={(row) => row.id}
          loading={numbers.isLoading}
          refreshing={numbers.isFetching && !numbers.isLoading}
          error={numbers.error}
          onRetry={() => void numbers.refetch()}
          emptyText={t('whatsappNumbers.empty')}
        />
      )}
    </>
  );
}
