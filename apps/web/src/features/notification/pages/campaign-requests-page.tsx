import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApprovalTask } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { Link } from 'react-router';
import { BeforeAfterTable } from '../../../components/before-after-table';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DecisionPanel } from '../../../components/decision-panel';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useCampaignRequests, useDecideCampaignRequest } from '../api/campaign-requests-api';
import { useCampaign, useCampaignVersions } from '../api/campaigns-api';
import { useCampaignArea } from '../components/campaign-area';

const PAGE_SIZE = 10;

type RequestPayload = { campaignId: string; code: string; version: number };

const payloadOf = (task: ApprovalTask): RequestPayload | null => {
  const payload = task.payload as Partial<RequestPayload> | null;
  return payload && typeof payload.campaignId === 'string' && typeof payload.version === 'number'
    ? { campaignId: payload.campaignId, code: String(payload.code ?? ''), version: payload.version }
    : null;
};

/** What a request changes: the version that runs beside the one proposed (a new campaign: nothing before). */
function RequestChange({ task }: { task: ApprovalTask }) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const payload = payloadOf(task);
  const campaign = useCampaign(clientId, payload?.campaignId ?? null);
  const versions = useCampaignVersions(clientId, payload?.campaignId ?? null);
  const proposed = versions.data?.items.find((version) => version.version === payload?.version);
  const running =
    task.type === 'campaign.edit'
      ? versions.data?.items.find((version) => version.version === campaign.data?.version)
      : undefined;
  return (
    <QueryState
      data={versions.data}
      loading={versions.isPending}
      error={versions.error}
      notFoundText={t('notification.campaign.notFound')}
      onRetry={() => void versions.refetch()}
    >
      {() =>
        proposed ? (
          <BeforeAfterTable
            label={t('notification.requests.change', { code: payload?.code })}
            before={running?.content ?? null}
            after={proposed.content}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('notification.requests.gone')}
          </Text>
        )
      }
    </QueryState>
  );
}

/** One request opened: what changes, and the checker's approve, or reject with a note. */
function RequestReview({ task, onDone }: { task: ApprovalTask; onDone: () => void }) {
  const { t } = useTranslation();
  const area = useCampaignArea();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const decide = useDecideCampaignRequest(clientId);
  const payload = payloadOf(task);
  const reject = (note: string) =>
    decide.mutate(
      { taskId: task.taskId, decision: 'reject', note },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('notification.requests.rejected', { code: payload?.code }),
          });
          onDone();
        },
      },
    );
  const approve = () =>
    decide.mutate(
      { taskId: task.taskId, decision: 'approve' },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('notification.requests.approved', { code: payload?.code }),
          });
          onDone();
        },
      },
    );
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {task.summary}
          </Title>
          {payload ? (
            <Anchor component={Link} to={area.show(payload.campaignId)} size="sm">
              {t('notification.requests.openCampaign')}
            </Anchor>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('notification.requests.by', { email: task.makerEmail })}
        </Text>
        <RequestChange task={task} />
        <DecisionPanel
          labels={{
            note: t('notification.requests.note'),
            noteHelp: t('notification.requests.noteHelp'),
            approve: t('notification.requests.approve'),
            reject: t('notification.requests.reject'),
          }}
          pending={decide.isPending ? (decide.variables?.decision ?? null) : null}
          error={decide.error}
          onApprove={approve}
          onReject={reject}
        />
      </Stack>
    </Card>
  );
}

/**
 * `/<channel>/campaign/campaign-request`: the channel's campaign requests waiting for a checker — new
 * campaigns to activate and edits of running ones — with what each changes; a checker approves, or
 * rejects with a note. The server decides who may (the channel's checkers, never the maker).
 */
export function CampaignRequestsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const area = useCampaignArea();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const requests = useCampaignRequests(clientId, area.channel, { page, pageSize: PAGE_SIZE });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = requests.data?.items.find((task) => task.taskId === openId);
  const columns: DataTableColumn<ApprovalTask>[] = [
    {
      key: 'kind',
      header: t('notification.requests.kind'),
      render: (row) => (
        <Badge variant="light" color={row.type === 'campaign.edit' ? 'blue' : 'grape'}>
          {t(row.type === 'campaign.edit' ? 'notification.requests.edit' : 'notification.requests.activate')}
        </Badge>
      ),
    },
    { key: 'code', header: t('notification.fields.code'), render: (row) => payloadOf(row)?.code ?? '—' },
    { key: 'summary', header: t('notification.requests.summary'), render: (row) => row.summary },
    { key: 'maker', header: t('notification.requests.maker'), render: (row) => row.makerEmail },
    { key: 'createdAt', header: t('notification.requests.at'), render: (row) => formatDate(row.createdAt) },
  ];
  return (
    <>
      <PageHeader title={t('pages.campaignRequest')} description={t('notification.requests.help')} />
      <Stack gap="lg">
        <DataTable
          label={t('pages.campaignRequest')}
          columns={columns}
          rows={requests.data?.items}
          rowKey={(row) => row.taskId}
          loading={requests.isPending}
          refreshing={requests.isFetching && !requests.isPending}
          error={requests.error}
          onRetry={() => void requests.refetch()}
          emptyText={t('notification.requests.empty')}
          onRowClick={(row) => setOpenId(row.taskId)}
          pagination={{ page, pageSize: PAGE_SIZE, total: requests.data?.total ?? 0, onPageChange: setPage }}
        />
        {open ? <RequestReview key={open.taskId} task={open} onDone={() => setOpenId(null)} /> : null}
      </Stack>
    </>
  );
}
