import { Alert, Button, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Campaign } from '@sapa/contracts';
import { IconEdit, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useBatches } from '../api/batches-api';
import {
  type CampaignBatchesAction,
  type CampaignTransition,
  useCampaign,
  useCampaignBatchesAction,
  useCampaignTransition,
  useRetryPlans,
  useWindows,
} from '../api/campaigns-api';
import { BatchTable } from '../components/batch-table';
import { useCampaignArea } from '../components/campaign-area';
import { daysBefore, localDate } from '../components/local-date';
import { belongsToArea, OutsideArea } from '../components/outside-area';
import { RetryTimeline } from '../components/retry-timeline';
import { CampaignStatusBadge } from '../components/status-badges';
import { templateText } from '../components/upload-preview';
import { rangesToWeek, WeekGrid } from '../components/week-grid';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function CampaignDetails({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const area = useCampaignArea();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const windows = useWindows(clientId);
  const plans = useRetryPlans(clientId);
  const transition = useCampaignTransition(clientId);
  const batchesAction = useCampaignBatchesAction();
  const [confirm, setConfirm] = useState<CampaignBatchesAction | null>(null);
  const today = localDate(new Date(), session?.clientInfo.timezone || undefined);
  const [page, setPage] = useState(1);
  const batches = useBatches(clientId, {
    page,
    pageSize: 5,
    campaignId: campaign.campaignId,
    startDate: daysBefore(today, 30),
    endDate: today,
  });
  const window = windows.data?.items.find((item) => item.windowId === campaign.windowId);
  const plan = plans.data?.items.find((item) => item.retryPlanId === campaign.retryPlanId);
  const move = (to: CampaignTransition) =>
    transition.mutate(
      { campaignId: campaign.campaignId, transition: to },
      {
        onSuccess: (change) =>
          notifications.show({
            color: 'green',
            message: t(`notification.campaign.saved.${change.campaign.status}`, {
              code: change.campaign.code,
            }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
      },
    );
  const deletable = campaign.status === 'draft' || campaign.status === 'rejected';

  return (
    <Stack gap="lg">
      <Group>
        <CampaignStatusBadge status={campaign.status} />
        {campaign.statusNote ? (
          <Text size="sm">{t('notification.campaign.note', { note: campaign.statusNote })}</Text>
        ) : null}
        <Group gap="xs" ml="auto">
          {campaign.status === 'draft' || campaign.status === 'rejected' ? (
            <Button size="xs" loading={transition.isPending} onClick={() => move('submit')}>
              {t('notification.campaign.submit')}
            </Button>
          ) : null}
          {campaign.status === 'inactive' ? (
            <Button size="xs" loading={transition.isPending} onClick={() => move('activate')}>
              {t('notification.campaign.activate')}
            </Button>
          ) : null}
          {campaign.status === 'active' ? (
            <Button
              size="xs"
              variant="light"
              loading={transition.isPending}
              onClick={() => move('deactivate')}
            >
              {t('notification.campaign.deactivate')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} />}
            disabled={campaign.status !== 'active'}
            onClick={() => navigate(`/notification/upload?campaign=${encodeURIComponent(campaign.code)}`)}
          >
            {t('notification.actions.upload')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} />}
            onClick={() => navigate(area.edit(campaign.campaignId))}
          >
            {t('notification.actions.edit')}
          </Button>
          {deletable ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              onClick={() => navigate(`/notification/campaign/delete?campaignId=${campaign.campaignId}`)}
            >
              {t('notification.actions.delete')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {campaign.status === 'pending_approval' || campaign.pendingVersion !== null ? (
        <Alert color="yellow">{t('notification.campaign.waitsForChecker')}</Alert>
      ) : null}
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Field label={t('notification.fields.code')}>{campaign.code}</Field>
          <Field label={t('notification.fields.channel')}>
            {t(`notification.channels.${campaign.channel}`)}
          </Field>
          <Field label={t('notification.fields.type')}>{t(`notification.types.${campaign.type}`)}</Field>
          <Field label={t('notification.fields.sender')}>{campaign.sender ?? '—'}</Field>
          <Field label={t('notification.fields.version')}>{campaign.version}</Field>
          <Field label={t('notification.fields.createdBy')}>{campaign.createdBy}</Field>
          <Field label={t('notification.fields.createdAt')}>{formatDate(campaign.createdAt)}</Field>
          <Field label={t('notification.fields.updatedAt')}>{formatDate(campaign.updatedAt)}</Field>
          {campaign.reminderOffsets ? (
            <Field label={t('notification.form.offsets')}>{campaign.reminderOffsets.join(', ')}</Field>
          ) : null}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          {t('notification.form.message')}
        </Title>
        <Code block>{templateText(campaign.template)}</Code>
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          {t('notification.translator.title')}
        </Title>
        <Table aria-label={t('notification.translator.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('notification.translator.from')}</Table.Th>
              <Table.Th>{t('notification.translator.to')}</Table.Th>
              <Table.Th>{t('notification.translator.kind')}</Table.Th>
              <Table.Th>{t('notification.translator.default')}</Table.Th>
              <Table.Th>{t('notification.translator.required')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaign.paramTranslator.rules.map((rule) => (
              <Table.Tr key={rule.to}>
                <Table.Td>{rule.from}</Table.Td>
                <Table.Td>
                  {rule.to}
                  {rule.to === campaign.paramTranslator.recipient
                    ? ` (${t('notification.translator.isRecipient')})`
                    : ''}
                </Table.Td>
                <Table.Td>{t(`notification.kinds.${rule.kind}`)}</Table.Td>
                <Table.Td>{rule.default ?? '—'}</Table.Td>
                <Table.Td>
                  {rule.required || rule.to === campaign.paramTranslator.recipient ? '✓' : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            {window
              ? t('notification.campaign.windowNamed', { name: window.name, zone: window.timeZone })
              : t('notification.form.window')}
          </Title>
          {window ? (
            <WeekGrid value={rangesToWeek(window.ranges)} onChange={() => undefined} readOnly />
          ) : (
            <Text c="dimmed" size="sm">
              {t('notification.campaign.noWindow')}
            </Text>
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            {plan
              ? t('notification.campaign.planNamed', { name: plan.name })
              : t('notification.form.retryPlan')}
          </Title>
          {plan ? (
            <RetryTimeline plan={plan} channel={campaign.channel} />
          ) : (
            <Text c="dimmed" size="sm">
              {t('notification.campaign.noRetryPlan')}
            </Text>
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            {t('notification.campaign.batches')}
          </Title>
          <Group gap="xs">
            {(['pause', 'resume', 'cancel'] as const).map((action) => (
              <Button
                key={action}
                size="xs"
                variant="light"
                color={action === 'cancel' ? 'red' : undefined}
                onClick={() => setConfirm(action)}
              >
                {t(`notification.campaign.all.${action}`)}
              </Button>
            ))}
          </Group>
        </Group>
        <BatchTable
          rows={batches.data?.items}
          loading={batches.isPending}
          refreshing={batches.isFetching && !batches.isPending}
          error={batches.error}
          onRetry={() => void batches.refetch()}
          emptyText={t('notification.campaign.noBatches')}
          pagination={{ page, pageSize: 5, total: batches.data?.total ?? 0, onPageChange: setPage }}
        />
      </Card>
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm ? t(`notification.campaign.all.${confirm}`) : ''}
        message={confirm ? t(`notification.campaign.all.${confirm}Confirm`, { code: campaign.code }) : ''}
        loading={batchesAction.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          batchesAction.mutate(
            { campaignId: campaign.campaignId, action: confirm },
            {
              onSuccess: (result) => {
                setConfirm(null);
                notifications.show({
                  color: 'green',
                  message: t('notification.campaign.all.done', { count: result.batches }),
                });
              },
              onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
            },
          )
        }
      />
    </Stack>
  );
}

/** `/notification/campaign/show?campaignId=…`: the campaign, its window, retry plan and recent batches. */
export function CampaignShowPage() {
  const { t } = useTranslation();
  const campaignId = useSearchParams()[0].get('campaignId');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const campaign = useCampaign(clientId, campaignId);
  const area = useCampaignArea();
  return (
    <>
      <PageHeader
        title={campaign.data ? `${t('pages.campaignShow')}: ${campaign.data.name}` : t('pages.campaignShow')}
      />
      {campaignId ? (
        <QueryState
          data={campaign.data}
          loading={campaign.isPending}
          error={campaign.error}
          notFoundText={t('notification.campaign.notFound')}
          onRetry={() => void campaign.refetch()}
        >
          {(data) =>
            belongsToArea(area, [data.channel]) ? (
              <CampaignDetails campaign={data} />
            ) : (
              <OutsideArea area={area} text={t('notification.campaign.notFound')} />
            )
          }
        </QueryState>
      ) : (
        <Alert color="red" role="alert">
          {t('notification.campaign.notFound')}
        </Alert>
      )}
    </>
  );
}
