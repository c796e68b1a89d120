import { Alert, Badge, Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProviderChannel, ProviderEditRequest } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../channel-providers-i18n';
import { BeforeAfterTable } from '../../../components/before-after-table';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DecisionPanel } from '../../../components/decision-panel';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useDecideProviderRequest, useProviderEditRequests, useProviders } from '../api/providers-api';
import { providerChannelOf, useChannelArea } from '../channel-area';
import { ChannelPageHeader } from '../components/channel-page-header';
import { isRefused, RefusedNotice } from '../components/refused-notice';

const PAGE_SIZE = 10;

/** A request as a checker compares it: the provider as it runs, and what the request would make it. */
function RequestReview({
  channel,
  request,
  onDone,
}: {
  channel: ProviderChannel;
  request: ProviderEditRequest;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const providers = useProviders(clientId, channel);
  const decide = useDecideProviderRequest(clientId, channel);
  const running = providers.data?.items.find((provider) => provider.id === request.providerId);
  const view = (fields: {
    name: string;
    type: string;
    settings: object;
    secrets: object;
    isDefault: boolean;
  }) => ({
    name: fields.name,
    type: fields.type,
    ...fields.settings,
    ...fields.secrets,
    isDefault: fields.isDefault,
  });
  const after =
    request.action === 'delete'
      ? null
      : request.action === 'default' && running
        ? view({ ...running, isDefault: true })
        : view(request);
  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    onDone();
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(`channelProviders.requests.actions.${request.action}`, { name: request.name })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('channelProviders.requests.by', { email: request.createdBy })}
        </Text>
        <BeforeAfterTable
          label={t('channelProviders.requests.change', { name: request.name })}
          before={running ? view(running) : null}
          after={after}
        />
        <DecisionPanel
          labels={{
            note: t('channelProviders.requests.note'),
            noteHelp: t('channelProviders.requests.noteHelp'),
            approve: t('channelProviders.requests.approve'),
            reject: t('channelProviders.requests.reject'),
          }}
          pending={decide.isPending ? (decide.variables?.decision ?? null) : null}
          error={decide.error}
          disabled={!request.taskId}
          onApprove={() =>
            request.taskId &&
            decide.mutate(
              { taskId: request.taskId, decision: 'approve' },
              { onSuccess: () => done(t('channelProviders.requests.approved', { name: request.name })) },
            )
          }
          onReject={(note) =>
            request.taskId &&
            decide.mutate(
              { taskId: request.taskId, decision: 'reject', note },
              { onSuccess: () => done(t('channelProviders.requests.rejected', { name: request.name })) },
            )
          }
        />
      </Stack>
    </Card>
  );
}

function Requests({ channel }: { channel: ProviderChannel }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const requests = useProviderEditRequests(clientId, channel, page, PAGE_SIZE);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = requests.data?.items.find((request) => request.requestId === openId);
  if (isRefused(requests.error)) return <RefusedNotice error={requests.error} />;
  const columns: DataTableColumn<ProviderEditRequest>[] = [
    {
      key: 'action',
      header: t('channelProviders.requests.kind'),
      render: (row) => <Badge variant="light">{t(`channelProviders.requests.kinds.${row.action}`)}</Badge>,
    },
    { key: 'name', header: t('channelProviders.form.name'), render: (row) => row.name },
    {
      key: 'type',
      header: t('channelProviders.form.type'),
      render: (row) => t(`channelProviders.types.${row.type}`, { defaultValue: row.type }),
    },
    { key: 'maker', header: t('channelProviders.requests.maker'), render: (row) => row.createdBy },
    { key: 'at', header: t('channelProviders.requests.at'), render: (row) => formatDate(row.createdAt) },
  ];
  return (
    <Stack gap="lg">
      <DataTable
        label={t('channelProviders.requests.list')}
        columns={columns}
        rows={requests.data?.items}
        rowKey={(row) => row.requestId}
        loading={requests.isPending}
        refreshing={requests.isFetching && !requests.isPending}
        error={requests.error}
        onRetry={() => void requests.refetch()}
        emptyText={t('channelProviders.requests.empty')}
        onRowClick={(row) => setOpenId(row.requestId)}
        pagination={{ page, pageSize: PAGE_SIZE, total: requests.data?.total ?? 0, onPageChange: setPage }}
      />
      {open ? (
        <RequestReview key={open.requestId} channel={channel} request={open} onDone={() => setOpenId(null)} />
      ) : null}
    </Stack>
  );
}

/**
 * `/<channel>/configuration/edit-request`: the provider changes of the channel waiting for a checker,
 * each compared with what runs (secrets only as hints), approved or rejected with a note. The server
 * decides who may (the channel's checkers, never the maker). WhatsApp numbers change at once.
 */
export function ProviderRequestsPage() {
  const { t } = useTranslation();
  const channel = useChannelArea();
  const providerChannel = providerChannelOf(channel);
  return (
    <>
      <ChannelPageHeader
        channel={channel}
        page="configurationEditRequest"
        description={t('channelProviders.requests.help')}
      />
      {providerChannel ? (
        <Requests key={providerChannel} channel={providerChannel} />
      ) : (
        <Alert color="gray">{t('channelProviders.requests.whatsapp')}</Alert>
      )}
    </>
  );
}
