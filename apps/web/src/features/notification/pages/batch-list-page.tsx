import { Group, Select, TextInput } from '@mantine/core';
import { BATCH_STATUSES, type BatchStatus, CAMPAIGN_CHANNELS, type CampaignChannel } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { useBatches } from '../api/batches-api';
import { BatchTable } from '../components/batch-table';
import { localDate } from '../components/local-date';
import { StatusFilter } from '../components/status-filter';

const PAGE_SIZE = 10;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The channel an `appType` path segment names (`sms`, `email`, …), or undefined for every channel. */
export function channelOfAppType(appType: string | undefined): CampaignChannel | undefined {
  const upper = appType?.toUpperCase();
  return CAMPAIGN_CHANNELS.find((channel) => channel === upper);
}

/**
 * `/notification/message/batch/:appType?/:date?`: the batches uploaded on a day (today by default), of
 * one channel (`appType`, e.g. `sms`) or all, newest first; the path keeps the filters for sharing.
 */
export function BatchListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appType, date: dateParam } = useParams();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = localDate(new Date(), session?.clientInfo.timezone || undefined);
  const channel = channelOfAppType(appType);
  const date = dateParam && DATE.test(dateParam) ? dateParam : today;
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<BatchStatus | undefined>();
  const list = useBatches(clientId, {
    page,
    pageSize: PAGE_SIZE,
    channel,
    status,
    startDate: date,
    endDate: date,
  });
  const go = (nextChannel: CampaignChannel | undefined, nextDate: string) => {
    setPage(1);
    navigate(`/notification/message/batch/${nextChannel ? nextChannel.toLowerCase() : 'all'}/${nextDate}`);
  };
  return (
    <>
      <PageHeader title={t('pages.messageBatch')} description={t('notification.batch.listHelp')} />
      <BatchTable
        rows={list.data?.items}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('notification.batch.empty', { date })}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group>
            <Select
              aria-label={t('notification.fields.channel')}
              placeholder={t('notification.campaign.anyChannel')}
              clearable
              value={channel ?? null}
              onChange={(value) => go((value as CampaignChannel | null) ?? undefined, date)}
              data={CAMPAIGN_CHANNELS.map((value) => ({ value, label: t(`notification.channels.${value}`) }))}
            />
            <TextInput
              type="date"
              aria-label={t('notification.batch.date')}
              value={date}
              max={today}
              onChange={(event) =>
                DATE.test(event.currentTarget.value) && go(channel, event.currentTarget.value)
              }
            />
            <StatusFilter
              statuses={BATCH_STATUSES}
              labels="notification.batchStatuses"
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
            />
          </Group>
        }
      />
    </>
  );
}
