import { Alert, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type RetryPlan, type RetryPlanInput, RetryPlanInputSchema } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useLocation } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  useCreateRetryPlan,
  useDeleteRetryPlan,
  useRetryPlans,
  useUpdateRetryPlan,
} from '../api/campaigns-api';
import { useCampaignArea } from '../components/campaign-area';
import { DeleteNamedDialog } from '../components/delete-named-dialog';
import { NamedRowActions } from '../components/named-row-actions';
import { DEFAULT_RETRY_PLAN, RetryPlanEditor } from '../components/retry-plan-editor';
import { formatOffset, retryTimeline } from '../components/retry-timeline';

const PAGE_SIZE = 10;

type Editing = { planId: string | null; value: RetryPlanInput };

/** A plan as its editor edits it (the stored one without its id and times). */
function inputOf(plan: RetryPlan): RetryPlanInput {
  return {
    name: plan.name,
    maxAttempts: plan.maxAttempts,
    delay: plan.delay,
    retryOn: plan.retryOn,
    fallbackChannels: plan.fallbackChannels,
  };
}

/** The editor of one plan, in a dialog: its fields beside the timeline they make. */
export function RetryPlanDialog({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const area = useCampaignArea();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const create = useCreateRetryPlan(clientId);
  const update = useUpdateRetryPlan(clientId);
  const [value, setValue] = useState<RetryPlanInput>(editing?.value ?? DEFAULT_RETRY_PLAN);
  const [problems, setProblems] = useState<string[]>([]);
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const save = () => {
    const parsed = RetryPlanInputSchema.safeParse(value);
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((issue) => issue.message));
      return;
    }
    setProblems([]);
    const done = (plan: RetryPlan) => {
      notifications.show({ color: 'green', message: t('notification.plans.saved', { name: plan.name }) });
      onClose();
    };
    if (editing?.planId)
      update.mutate({ retryPlanId: editing.planId, body: parsed.data }, { onSuccess: done });
    else create.mutate(parsed.data, { onSuccess: done });
  };
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      size="xl"
      title={editing?.planId ? t('notification.plans.edit') : t('notification.plans.create')}
    >
      <Stack>
        <RetryPlanEditor value={value} onChange={setValue} channel={area.channel ?? 'SMS'} />
        {problems.length > 0 ? (
          <Alert color="red" role="alert" title={t('notification.plans.fix')}>
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {describeError(error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('notification.actions.cancel')}
          </Button>
          <Button onClick={save} loading={saving}>
            {t('notification.plans.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * `/<channel>/campaign/retry-plan` and `/<channel>/campaign/retry-strategy`: the client's retry plans
 * (shared by every channel), created, changed and deleted here, the editor showing the timeline a plan
 * makes from this area's channel. The plan page lists each plan's attempt schedule; the strategy page
 * how it retries: the delay rule, the outcomes retried and the fallback channels (decision 0040).
 */
export function RetryPlansPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const area = useCampaignArea();
  const channel = area.channel ?? 'SMS';
  const strategies = useLocation().pathname.endsWith('/retry-strategy');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const plans = useRetryPlans(clientId);
  const remove = useDeleteRetryPlan(clientId);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<RetryPlan | null>(null);
  const units = {
    d: t('notification.units.d'),
    h: t('notification.units.h'),
    min: t('notification.units.min'),
    s: t('notification.units.s'),
  };
  const minutes = (seconds: number) => formatOffset(seconds, units);
  const delayOf = (plan: RetryPlan) =>
    plan.delay.kind === 'fixed'
      ? t('notification.plans.fixedDelay', { wait: minutes(plan.delay.seconds) })
      : t('notification.plans.growingDelay', {
          first: minutes(plan.delay.firstSeconds),
          factor: plan.delay.factor,
          max: minutes(plan.delay.maxSeconds),
        });
  const chainOf = (plan: RetryPlan) =>
    [channel, ...plan.fallbackChannels.filter((other) => other !== channel)]
      .map((each) => t(`notification.channels.${each}`))
      .join(' → ');
  const actions: DataTableColumn<RetryPlan> = {
    key: 'actions',
    header: '',
    align: 'right',
    render: (row) => (
      <NamedRowActions
        name={row.name}
        texts="notification.plans"
        onEdit={() => setEditing({ planId: row.retryPlanId, value: inputOf(row) })}
        onDelete={() => setDeleting(row)}
      />
    ),
  };
  const columns: DataTableColumn<RetryPlan>[] = strategies
    ? [
        { key: 'name', header: t('notification.retry.name'), render: (row) => row.name },
        { key: 'delay', header: t('notification.retry.delayKind'), render: delayOf },
        {
          key: 'retryOn',
          header: t('notification.retry.retryOn'),
          render: (row) =>
            row.retryOn.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('notification.plans.never')}
              </Text>
            ) : (
              <Group gap={4}>
                {row.retryOn.map((outcome) => (
                  <Badge key={outcome} variant="light" size="sm">
                    {t(`notification.outcomes.${outcome}`)}
                  </Badge>
                ))}
              </Group>
            ),
        },
        { key: 'chain', header: t('notification.plans.chain'), render: chainOf },
        actions,
      ]
    : [
        { key: 'name', header: t('notification.retry.name'), render: (row) => row.name },
        {
          key: 'attempts',
          header: t('notification.plans.attempts'),
          render: (row) => retryTimeline(row, channel).length,
        },
        {
          key: 'schedule',
          header: t('notification.plans.schedule'),
          render: (row) =>
            retryTimeline(row, channel)
              .map((step) => `+${minutes(step.offsetSeconds)}`)
              .join(', '),
        },
        {
          key: 'updatedAt',
          header: t('notification.fields.updatedAt'),
          render: (row) => formatDate(row.updatedAt),
        },
        actions,
      ];
  const rows = plans.data?.items;
  const title = strategies ? t('pages.retryStrategy') : t('pages.retryPlan');
  return (
    <>
      <PageHeader
        title={title}
        description={t(strategies ? 'notification.plans.strategyHelp' : 'notification.plans.help', {
          channel: t(`notification.channels.${channel}`),
        })}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ planId: null, value: DEFAULT_RETRY_PLAN })}
          >
            {t('notification.plans.create')}
          </Button>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        rows={rows?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        rowKey={(row) => row.retryPlanId}
        loading={plans.isPending}
        refreshing={plans.isFetching && !plans.isPending}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        emptyText={t('notification.plans.empty')}
        onRowClick={(row) => setEditing({ planId: row.retryPlanId, value: inputOf(row) })}
        pagination={{ page, pageSize: PAGE_SIZE, total: rows?.length ?? 0, onPageChange: setPage }}
      />
      {editing ? (
        <RetryPlanDialog key={editing.planId ?? 'new'} editing={editing} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteNamedDialog
        item={deleting}
        idOf={(item) => item.retryPlanId}
        remove={remove}
        texts="notification.plans"
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
