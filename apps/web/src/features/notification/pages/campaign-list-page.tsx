import { ActionIcon, Button, Group, Menu, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CAMPAIGN_CHANNELS,
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignChannel,
  type CampaignStatus,
} from '@sapa/contracts';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useLocation, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useCampaigns } from '../api/campaigns-api';
import { useCampaignArea } from '../components/campaign-area';
import { CampaignStatusBadge } from '../components/status-badges';
import { StatusFilter } from '../components/status-filter';

const PAGE_SIZE = 10;

/**
 * `/notification/campaign`: the client's campaigns, searched by code or name, newest first. In a channel
 * area (`/sms/campaign/list`) only that channel's; on a `collection-reminder` page only collection
 * reminders, and "create" starts one.
 */
export function CampaignListPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const area = useCampaignArea();
  const reminders = useLocation().pathname.endsWith('/collection-reminder');
  const type = reminders ? ('collection_reminder' as const) : undefined;
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [chosenChannel, setChannel] = useState<CampaignChannel | undefined>();
  const channel = area.channel ?? chosenChannel;
  const [status, setStatus] = useState<CampaignStatus | undefined>();
  const list = useCampaigns(clientId, { page, pageSize: PAGE_SIZE, q, channel, status, type });
  const show = (campaign: Campaign) => navigate(area.show(campaign.campaignId));
  const title = reminders ? t('pages.collectionReminder') : t('pages.campaignList');

  const columns: DataTableColumn<Campaign>[] = [
    { key: 'code', header: t('notification.fields.code'), render: (row) => row.code },
    { key: 'name', header: t('notification.fields.name'), render: (row) => row.name },
    {
      key: 'channel',
      header: t('notification.fields.channel'),
      render: (row) => t(`notification.channels.${row.channel}`),
    },
    {
      key: 'type',
      header: t('notification.fields.type'),
      render: (row) => t(`notification.types.${row.type}`),
    },
    {
      key: 'status',
      header: t('notification.fields.status'),
      render: (row) => <CampaignStatusBadge status={row.status} />,
    },
    {
      key: 'updatedAt',
      header: t('notification.fields.updatedAt'),
      render: (row) => formatDate(row.updatedAt),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (row) => (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              aria-label={t('notification.campaign.actionsOf', { code: row.code })}
              onClick={(event) => event.stopPropagation()}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
            <Menu.Item onClick={() => show(row)}>{t('notification.actions.show')}</Menu.Item>
            <Menu.Item onClick={() => navigate(area.edit(row.campaignId))}>
              {t('notification.actions.edit')}
            </Menu.Item>
            <Menu.Item onClick={() => navigate(area.create(`action=copy&campaignId=${row.campaignId}`))}>
              {t('notification.actions.copy')}
            </Menu.Item>
            <Menu.Item
              onClick={() => navigate(`/notification/upload?campaign=${encodeURIComponent(row.code)}`)}
            >
              {t('notification.actions.upload')}
            </Menu.Item>
            {row.status === 'draft' || row.status === 'rejected' ? (
              <Menu.Item
                color="red"
                onClick={() => navigate(`/notification/campaign/delete?campaignId=${row.campaignId}`)}
              >
                {t('notification.actions.delete')}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const filtered = Boolean(q || chosenChannel || status);
  return (
    <>
      <PageHeader
        title={title}
        description={t(reminders ? 'notification.campaign.remindersHelp' : 'notification.campaign.listHelp')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              navigate(
                area.create(
                  `action=create&clientId=${clientId}${reminders ? '&type=collection_reminder' : ''}`,
                ),
              )
            }
          >
            {t('notification.campaign.create')}
          </Button>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.campaignId}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={
          filtered
            ? t('notification.campaign.noMatch')
            : t(reminders ? 'notification.campaign.noReminders' : 'notification.campaign.empty')
        }
        onRowClick={show}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group>
            <TextInput
              leftSection={<IconSearch size={14} />}
              aria-label={t('notification.campaign.search')}
              placeholder={t('notification.campaign.search')}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
            {area.channel ? null : (
              <Select
                aria-label={t('notification.fields.channel')}
                placeholder={t('notification.campaign.anyChannel')}
                clearable
                value={chosenChannel ?? null}
                onChange={(value) => {
                  setChannel((value as CampaignChannel | null) ?? undefined);
                  setPage(1);
                }}
                data={CAMPAIGN_CHANNELS.map((value) => ({
                  value,
                  label: t(`notification.channels.${value}`),
                }))}
              />
            )}
            <StatusFilter
              statuses={CAMPAIGN_STATUSES}
              labels="notification.campaignStatuses"
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
