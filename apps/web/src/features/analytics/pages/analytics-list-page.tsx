import '../analytics-i18n';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  ANALYTICS_MAX_RANGE_DAYS,
  type AnalyticsDashboard,
  CS_SUPERVISOR_ROLES,
  DEFAULT_TIMEZONE,
} from '@sapa/contracts';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { DataTableColumn } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  type DateRange,
  useChatbotDashboard,
  useDashboards,
  useDashboardView,
  useDeleteDashboard,
  useSaveDashboard,
} from '../api/analytics-api';
import { DashboardForm } from '../components/dashboard-form';
import { PagedTable } from '../components/paged-table';
import { WidgetChart } from '../components/widget-chart';

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validRange(range: DateRange) {
  if (!DATE.test(range.from) || !DATE.test(range.to) || range.to < range.from) return false;
  return (Date.parse(range.to) - Date.parse(range.from)) / DAY + 1 <= ANALYTICS_MAX_RANGE_DAYS;
}

/** One saved dashboard with its charts, over each widget's own days or the days chosen here. */
function DashboardView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const timezone = useSessionStore((state) => state.session?.clientInfo.timezone) ?? DEFAULT_TIMEZONE;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: timezone });
  const [mode, setMode] = useState<'own' | 'chosen'>('own');
  const [draft, setDraft] = useState<DateRange>({ from: today, to: today });
  const range = mode === 'chosen' && validRange(draft) ? draft : null;
  const view = useDashboardView(id, range);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('analytics.list.back')}
        </Button>
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as 'own' | 'chosen')}
            data={[
              { value: 'own', label: t('analytics.list.ownRanges') },
              { value: 'chosen', label: t('analytics.list.chosenRange') },
            ]}
          />
          {mode === 'chosen' ? (
            <>
              <DateField
                label={t('analytics.list.from')}
                value={draft.from}
                max={today}
                onChange={(from) => setDraft({ ...draft, from })}
                w={160}
              />
              <DateField
                label={t('analytics.list.to')}
                value={draft.to}
                max={today}
                onChange={(to) => setDraft({ ...draft, to })}
                w={160}
              />
            </>
          ) : null}
        </Group>
      </Group>
      {mode === 'chosen' && !validRange(draft) ? (
        <Text size="xs" c="red" role="alert">
          {t('analytics.list.rangeInvalid')}
        </Text>
      ) : null}
      <QueryState
        data={view.data}
        loading={view.isLoading}
        error={view.error}
        onRetry={() => view.refetch()}
        notFoundText={t('analytics.list.notFound')}
      >
        {(data) => (
          <Stack gap="md">
            <div>
              <Text fw={700} size="lg">
                {data.dashboard?.name}
              </Text>
              {data.dashboard?.description ? (
                <Text size="sm" c="dimmed">
                  {data.dashboard.description}
                </Text>
              ) : null}
            </div>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {data.results.map((result, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: widgets are identified by their place
                <WidgetChart key={index} result={result} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/** The client's bot containment of the last 7 days, for clients with the chatbot dashboard. */
function ChatbotSummary() {
  const { t } = useTranslation();
  const chatbot = useChatbotDashboard(true);
  return (
    <QueryState
      data={chatbot.data}
      loading={chatbot.isLoading}
      error={chatbot.error}
      onRetry={() => chatbot.refetch()}
    >
      {(data) => (
        <WidgetChart
          result={{
            widget: { kind: 'botContainment', title: t('analytics.list.chatbotTitle'), rangeDays: 7 },
            from: data.from,
            to: data.to,
            timezone: data.timezone,
            data: { kind: 'botContainment', ...data },
          }}
        />
      )}
    </QueryState>
  );
}

type Editing = { mode: 'create' } | { mode: 'edit'; dashboard: AnalyticsDashboard };

/** `/analytics/list`: saved dashboards (list, create, edit, delete) and one dashboard's charts. */
export function AnalyticsListPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const session = useSessionStore((state) => state.session);
  const allowed = Boolean(session && CS_SUPERVISOR_ROLES.includes(session.role));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AnalyticsDashboard | null>(null);
  const list = useDashboards(page, q);
  const save = useSaveDashboard();
  const remove = useDeleteDashboard();

  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('analytics.list.failed'), message: describeError(error, t) });

  if (viewing)
    return (
      <>
        <PageHeader title={t('pages.analyticsList')} />
        <DashboardView id={viewing} onBack={() => setViewing(null)} />
      </>
    );

  const columns: DataTableColumn<AnalyticsDashboard>[] = [
    {
      key: 'name',
      header: t('analytics.list.name'),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          {row.description ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {row.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'widgets',
      header: t('analytics.list.widgets'),
      render: (row) =>
        row.widgets.map((widget) => widget.title || t(`analytics.kinds.${widget.kind}`)).join(', '),
    },
    { key: 'updated', header: t('analytics.list.updated'), render: (row) => formatDate(row.updatedAt) },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('analytics.list.actions')}</VisuallyHidden>,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="light" onClick={() => setViewing(row.id)}>
            {t('analytics.list.view')}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setEditing({ mode: 'edit', dashboard: row })}
          >
            {t('analytics.list.edit')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(row)}>
            {t('analytics.list.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.analyticsList')}
        description={t('analytics.list.intro')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ mode: 'create' })}
            disabled={!allowed}
          >
            {t('analytics.list.new')}
          </Button>
        }
      />
      <Stack gap="md">
        {session?.clientInfo.chatbotDashboard && allowed ? <ChatbotSummary /> : null}
        <PagedTable
          label={t('analytics.list.label')}
          searchLabel={t('analytics.list.search')}
          emptyText={t('analytics.list.empty')}
          columns={columns}
          list={list}
          search={search}
          onSearch={(next) => {
            setSearch(next);
            setPage(1);
          }}
          page={page}
          onPageChange={setPage}
        />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? t('analytics.form.editTitle') : t('analytics.form.createTitle')}
        size="xl"
      >
        {editing ? (
          <DashboardForm
            dashboard={editing.mode === 'edit' ? editing.dashboard : null}
            saving={save.isPending}
            onCancel={() => setEditing(null)}
            onSave={(body) =>
              save.mutate(
                { ...(editing.mode === 'edit' ? { id: editing.dashboard.id } : {}), body },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('analytics.list.saved') });
                    setEditing(null);
                  },
                  onError: failed,
                },
              )
            }
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('analytics.list.deleteTitle')}
        message={t('analytics.list.deleteMessage', { name: deleting?.name ?? '' })}
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('analytics.list.deleted') });
              setDeleting(null);
            },
            onError: failed,
          })
        }
      />
    </>
  );
}
