import '../automation-i18n';
import { Badge } from '@mantine/core';
import type { ChannelSettings } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { useWhatsappNumbers } from '../api/cs-automation-api';

/** `/config/provider`: the client's WhatsApp numbers the inbox receives and answers on. */
export function CsProviderPage() {
  const { t, i18n } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const numbers = useWhatsappNumbers(clientId);
  const columns: DataTableColumn<ChannelSettings>[] = [
    {
      key: 'number',
      header: t('automation.provider.columns.number'),
      render: (row) => row.displayPhoneNumber,
    },
    {
      key: 'provider',
      header: t('automation.provider.columns.provider'),
      render: (row) => (
        <Badge variant="light" color={row.provider === 'cloud' ? 'green' : 'grape'}>
          {t(`automation.provider.providers.${row.provider}`)}
        </Badge>
      ),
    },
    {
      key: 'phoneNumberId',
      header: t('automation.provider.columns.phoneNumberId'),
      render: (row) => row.phoneNumberId,
    },
    {
      key: 'waba',
      header: t('automation.provider.columns.waba'),
      render: (row) => row.wabaId ?? t('automation.provider.none'),
    },
    {
      key: 'token',
      header: t('automation.provider.columns.token'),
      render: (row) =>
        row.provider === 'sandbox'
          ? t('automation.provider.none')
          : row.hasAccessToken
            ? t('automation.provider.tokenSet')
            : t('automation.provider.tokenMissing'),
    },
    {
      key: 'since',
      header: t('automation.provider.columns.since'),
      render: (row) => new Date(row.createdAt).toLocaleDateString(i18n.language === 'id' ? 'id-ID' : 'en-GB'),
    },
  ];
  return (
    <>
      <PageHeader title={t('pages.provider')} description={t('automation.provider.description')} />
      <DataTable
        label={t('pages.provider')}
        columns={columns}
        rows={numbers.data}
        rowKey={(row) => row.id}
        loading={numbers.isLoading}
        refreshing={numbers.isFetching && !numbers.isLoading}
        error={numbers.error}
        onRetry={() => void numbers.refetch()}
        emptyText={t('automation.provider.empty')}
      />
    </>
  );
}
