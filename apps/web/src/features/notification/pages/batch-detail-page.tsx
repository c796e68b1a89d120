import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type Batch,
  type BatchProgress,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
} from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  type BatchAction,
  useBatch,
  useBatchAction,
  useBatchProgress,
  useBatchProgressEvents,
  useDecideBatch,
  useMayDecide,
} from '../api/batches-api';
import { BatchCounts } from '../components/batch-counts';
import { useCampaignArea } from '../components/campaign-area';
import { belongsToArea, OutsideArea } from '../components/outside-area';
import { BatchStatusBadge, NOTIFICATION_COLORS } from '../components/status-badges';

/** Notifications no longer waiting: the share of a batch that is done. */
const OPEN: readonly NotificationStatus[] = ['queued', 'sending'];

function LiveCounters({ progress }: { progress: BatchProgress }) {
  const { t } = useTranslation();
  const total = NOTIFICATION_STATUSES.reduce((sum, status) => sum + (progress.counts[status] ?? 0), 0);
  const open = OPEN.reduce((sum, status) => sum + (progress.counts[status] ?? 0), 0);
  const done = total === 0 ? 0 : Math.round(((total - open) / total) * 100);
  const present = NOTIFICATION_STATUSES.filter((status) => (progress.counts[status] ?? 0) > 0);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">{t('notification.batch.doneOf', { done: total - open, total })}</Text>
        <Text size="sm" fw={600} data-testid="batch-done-percent">
          {done}%
        </Text>
      </Group>
      <Progress.Root size="xl" aria-label={t('notification.batch.progress')}>
        {present.map((status) => (
          <Progress.Section
            key={status}
            value={total === 0 ? 0 : ((progress.counts[status] ?? 0) / total) * 100}
            color={NOTIFICATION_COLORS[status]}
            animated={status === 'sending'}
          >
            <Progress.Label>{progress.counts[status]}</Progress.Label>
          </Progress.Section>
        ))}
      </Progress.Root>
      <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs">
        {NOTIFICATION_STATUSES.map((status) => (
          <Card
            key={status}
            withBorder
            padding="xs"
            role="group"
            aria-label={t(`notification.statuses.${status}`)}
          >
            <Text size="xs" c="dimmed">
              {t(`notification.statuses.${status}`)}
            </Text>
            <Text fw={700} c={NOTIFICATION_COLORS[status]} data-testid={`live-${status}`}>
              {progress.counts[status] ?? 0}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {present.length > 0 ? (
        <BarChart
          h={180}
          data={present.map((status) => ({
            status: t(`notification.statuses.${status}`),
            count: progress.counts[status] ?? 0,
          }))}
          dataKey="status"
          series={[{ name: 'count', label: t('notification.batch.notifications'), color: 'blue.6' }]}
          aria-label={t('notification.batch.byStatus')}
        />
      ) : null}
    </Stack>
  );
}

function Controls({ batch, progress }: { batch: Batch; progress: BatchProgress | undefined }) {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const action = useBatchAction(clientId);
  const decide = useDecideBatch(clientId);
  const mayDecide = useMayDecide(session?.userId ?? '');
  const [confirm, setConfirm] = useState<BatchAction | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const status = progress?.status ?? batch.status;
  const failed =
    (progress?.counts.failed ?? 0) + (progress?.counts.busy ?? 0) + (progress?.counts.no_answer ?? 0);
  const run = (what: BatchAction) =>
    action.mutate(
      { batchId: batch.batchId, action: what },
      {
        onSuccess: (result) => {
          setConfirm(null);
          notifications.show({
            color: 'green',
            message: t(`notification.batch.did.${what}`, { count: result.changed }),
          });
        },
        onError: (error) => {
          setConfirm(null);
          notifications.show({ color: 'red', message: describeError(error, t) });
        },
      },
    );
  const decideWith = (decision: 'approve' | 'reject') =>
    batch.pendingTaskId &&
    decide.mutate(
      { taskId: batch.pendingTaskId, decision, note },
      {
        onSuccess: () => {
          setRejecting(false);
          notifications.show({ color: 'green', message: t(`notification.batch.decided.${decision}`) });
        },
        onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
      },
    );
  const mine = batch.createdBy === session?.email || batch.createdBy === session?.userId;

  return (
    <>
      <Group gap="xs">
        {status === 'pending_approval' && batch.pendingTaskId && mayDecide && !mine ? (
          <>
            <Button color="green" loading={decide.isPending} onClick={() => decideWith('approve')}>
              {t('notification.batch.approve')}
            </Button>
            <Button color="red" variant="light" onClick={() => setRejecting(true)}>
              {t('notification.batch.reject')}
            </Button>
          </>
        ) : null}
        {status === 'scheduled' || status === 'running' ? (
          <Button variant="light" loading={action.isPending} onClick={() => run('pause')}>
            {t('notification.batch.pause')}
          </Button>
        ) : null}
        {status === 'paused' ? (
          <Button variant="light" loading={action.isPending} onClick={() => run('resume')}>
            {t('notification.batch.resume')}
          </Button>
        ) : null}
        {status === 'scheduled' || status === 'running' || status === 'paused' ? (
          <Button variant="light" color="red" onClick={() => setConfirm('cancel')}>
            {t('notification.batch.cancel')}
          </Button>
        ) : null}
        {status === 'finished' && failed > 0 ? (
          <Button variant="light" color="orange" onClick={() => setConfirm('retry-failed')}>
            {t('notification.batch.retryFailed', { count: failed })}
          </Button>
        ) : null}
      </Group>
      {status === 'pending_approval' ? (
        <Alert color="yellow" mt="sm">
          {mine || !mayDecide ? t('notification.batch.waitsForChecker') : t('notification.batch.youDecide')}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm ? t(`notification.batch.confirm.${confirm}Title`) : ''}
        message={confirm ? t(`notification.batch.confirm.${confirm}`) : ''}
        color={confirm === 'cancel' ? 'red' : undefined}
        loading={action.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && run(confirm)}
      />
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('notification.batch.rejectTitle')}
      >
        <Stack>
          <Textarea
            label={t('notification.batch.note')}
            description={t('notification.batch.noteHelp')}
            value={note}
            required
            autosize
            minRows={3}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('notification.actions.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!note.trim()}
              loading={decide.isPending}
              onClick={() => decideWith('reject')}
            >
              {t('notification.batch.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function BatchView({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  const area = useCampaignArea();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const progress = useBatchProgress(clientId, batch.batchId, batch.status !== 'ingesting');
  useBatchProgressEvents(clientId, batch.batchId);
  const status = progress.data?.status ?? batch.status;
  const when = (value: string | null) => (value ? formatDate(value) : '—');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <BatchStatusBadge status={status} />
            {batch.campaignId ? (
              <Anchor component={Link} to={area.show(batch.campaignId)}>
                {batch.campaignCode}
              </Anchor>
            ) : null}
            <Text size="sm" c="dimmed">
              {batch.fileName ?? t(`notification.sources.${batch.source}`)} ·{' '}
              {t(`notification.channels.${batch.channel}`)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('notification.batch.times', {
              scheduled: when(progress.data?.scheduledAt ?? batch.scheduledAt),
              started: when(progress.data?.startedAt ?? batch.startedAt),
              finished: when(progress.data?.finishedAt ?? batch.finishedAt),
            })}
          </Text>
          {batch.statusNote ? (
            <Text size="sm">{t('notification.batch.note', { note: batch.statusNote })}</Text>
          ) : null}
        </Stack>
        <Controls batch={batch} progress={progress.data} />
      </Group>
      <BatchCounts batch={batch} />
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h5">
            {t('notification.batch.live')}
          </Title>
          <Group gap="xs">
            <Anchor component={Link} to={`/notification/batchInput?batchId=${batch.batchId}`} size="sm">
              {t('pages.batchInput')}
            </Anchor>
            <Anchor component={Link} to={`/notification/batchErrorInput?batchId=${batch.batchId}`} size="sm">
              {t('pages.batchErrorInput')}
            </Anchor>
          </Group>
        </Group>
        {batch.status === 'ingesting' ? (
          <Progress value={100} animated aria-label={t('notification.upload.reading')} />
        ) : (
          <QueryState
            data={progress.data}
            loading={progress.isPending}
            error={progress.error}
            onRetry={() => void progress.refetch()}
          >
            {(data) => <LiveCounters progress={data} />}
          </QueryState>
        )}
      </Card>
    </Stack>
  );
}

/** `/notification/campaign-batch-detail?batchId=…`: a batch's live counters and what may be done with it. */
export function BatchDetailPage() {
  const { t } = useTranslation();
  const batchId = useSearchParams()[0].get('batchId');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const batch = useBatch(clientId, batchId);
  const area = useCampaignArea();
  return (
    <>
      <PageHeader title={t('pages.campaignBatchDetail')} />
      {batchId ? (
        <QueryState
          data={batch.data}
          loading={batch.isPending}
          error={batch.error}
          notFoundText={t('notification.batch.notFound')}
          onRetry={() => void batch.refetch()}
        >
          {(data) =>
            belongsToArea(area, [data.channel]) ? (
              <BatchView batch={data} />
            ) : (
              <OutsideArea area={area} text={t('notification.batch.notFound')} />
            )
          }
        </QueryState>
      ) : (
        <Alert color="red" role="alert">
          {t('notification.batch.notFound')}
        </Alert>
      )}
    </>
  );
}
