import { SegmentedControl } from '@mantine/core';
import type { ApprovalTask } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { TASK_LISTS, type TaskListName, useTaskList } from '../api/approvals-api';
import { TaskStatusBadge } from '../components/task-status-badge';

const PAGE_SIZE = 10;

const isTaskList = (value: string | null): value is TaskListName =>
  TASK_LISTS.includes(value as TaskListName);

/** `/users/tasks`: the maker-checker task lists of the client (spec §4 "Approval tasks"). */
export function TaskListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [params, setParams] = useSearchParams();
  const listParam = params.get('list');
  const list: TaskListName = isTaskList(listParam) ? listParam : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const tasks = useTaskList(clientId, list, page, PAGE_SIZE);

  const columns: DataTableColumn<ApprovalTask>[] = [
    { key: 'summary', header: t('approvals.summary'), render: (task) => task.summary },
    { key: 'maker', header: t('approvals.maker'), render: (task) => task.makerEmail },
    { key: 'created', header: t('approvals.createdAt'), render: (task) => formatDate(task.createdAt) },
    {
      key: 'status',
      header: t('approvals.statusLabel'),
      render: (task) => <TaskStatusBadge status={task.status} />,
    },
    { key: 'checker', header: t('approvals.checker'), render: (task) => task.checkerEmail ?? '—' },
    { key: 'decided', header: t('approvals.decidedAt'), render: (task) => formatDate(task.decidedAt) },
  ];

  return (
    <>
      <PageHeader title={t('pages.userTasks')} description={t('approvals.listHelp')} />
      <DataTable
        label={t(`approvals.lists.${list}`)}
        columns={columns}
        rows={tasks.data?.items}
        rowKey={(task) => task.taskId}
        loading={tasks.isLoading}
        refreshing={tasks.isFetching && !tasks.isLoading}
        error={tasks.error}
        onRetry={() => void tasks.refetch()}
        emptyText={t(`approvals.empty.${list}`)}
        onRowClick={(task) => navigate(`/users/tasks/${task.taskId}`)}
        pagination={{
          page,
          pageSize: PAGE_SIZE,
          total: tasks.data?.total ?? 0,
          onPageChange: (next) => setParams({ list, page: String(next) }),
        }}
        toolbar={
          <SegmentedControl
            aria-label={t('approvals.chooseList')}
            value={list}
            onChange={(value) => setParams({ list: value })}
            data={TASK_LISTS.map((name) => ({ value: name, label: t(`approvals.lists.${name}`) }))}
          />
        }
      />
    </>
  );
}

export default TaskListPage;
