import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RejectTaskRequestSchema } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OneTimeSecretNotice } from '../../../components/one-time-secret-notice';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useApproveTask, useMayApprove, useRejectTask, useTask } from '../api/approvals-api';
import { TaskChangeTable } from '../components/task-change-table';
import { TaskStatusBadge } from '../components/task-status-badge';

function Decision({ taskId, mine, pending }: { taskId: string; mine: boolean; pending: boolean }) {
  const { t } = useTranslation();
  const approve = useApproveTask(taskId);
  const reject = useRejectTask(taskId);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const secrets = approve.data?.oneTime ? Object.entries(approve.data.oneTime) : [];

  return (
    <Stack gap="sm">
      {secrets.map(([name, secret]) => (
        <OneTimeSecretNotice
          key={name}
          title={t('approvals.approvedTitle')}
          description={t('approvals.oneTimeHelp')}
          secretLabel={name === 'temporaryPassword' ? t('approvals.temporaryPassword') : name}
          secret={secret}
        />
      ))}
      {problem ? (
        <Alert color="red" role="alert" title={t('approvals.decisionFailed')}>
          {problem}
        </Alert>
      ) : null}
      {approve.data || !pending ? null : (
        <>
          {mine ? (
            <Text size="sm" c="dimmed">
              {t('approvals.yourOwn')}
            </Text>
          ) : null}
          <Group gap="xs">
            <Button color="teal" onClick={() => setConfirming(true)}>
              {t('approvals.approve')}
            </Button>
            <Button color="red" variant="light" onClick={() => setRejecting(true)}>
              {t('approvals.reject')}
            </Button>
          </Group>
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('approvals.approve')}
        message={t('approvals.confirmApprove')}
        loading={approve.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setProblem(null);
          approve.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ color: 'teal', message: t('approvals.approved') });
            },
            onError: (error) => {
              setConfirming(false);
              setProblem(describeError(error, t));
            },
          });
        }}
      />
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('approvals.reject')} centered>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = RejectTaskRequestSchema.safeParse({ note });
            if (!parsed.success) {
              setNoteError(t('approvals.noteRequired'));
              return;
            }
            setProblem(null);
            reject.mutate(parsed.data.note, {
              onSuccess: () => {
                setRejecting(false);
                notifications.show({ color: 'teal', message: t('approvals.rejected') });
              },
              onError: (error) => {
                setRejecting(false);
                setProblem(describeError(error, t));
              },
            });
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('approvals.note')}
              description={t('approvals.noteHelp')}
              withAsterisk
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(event) => {
                setNote(event.currentTarget.value);
                setNoteError(null);
              }}
              error={noteError}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setRejecting(false)} disabled={reject.isPending}>
                {t('confirm.cancel')}
              </Button>
              <Button type="submit" color="red" loading={reject.isPending}>
                {t('approvals.reject')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

/** `/users/tasks/:taskId`: a proposed change, before and after, approved or rejected by a checker. */
export function TaskDetailPage() {
  const { t } = useTranslation();
  const { taskId = '' } = useParams();
  const formatDate = useDateTime();
  const myId = useSessionStore((state) => state.session?.userId);
  const mayApprove = useMayApprove(myId ?? '');
  const query = useTask(taskId);

  return (
    <>
      <PageHeader
        title={query.data ? query.data.summary : t('pages.userTask')}
        description={
          <Anchor component={Link} to="/users/tasks" size="sm">
            {t('approvals.backToList')}
          </Anchor>
        }
        actions={query.data ? <TaskStatusBadge status={query.data.status} /> : null}
      />
      <QueryState
        data={query.data}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundText={t('approvals.notFound')}
      >
        {(task) => (
          <Stack gap="lg" maw={960}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Text size="sm">
                {t('approvals.maker')}: <b>{task.makerEmail}</b> · {formatDate(task.createdAt)}
              </Text>
              <Text size="sm">
                {t('approvals.checker')}: <b>{task.checkerEmail ?? '—'}</b>
                {task.decidedAt ? ` · ${formatDate(task.decidedAt)}` : ''}
              </Text>
              <Text size="sm">
                {t('approvals.type')}: {task.type}
              </Text>
              {task.note ? (
                <Text size="sm">
                  {t('approvals.note')}: {task.note}
                </Text>
              ) : null}
            </SimpleGrid>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                {t('approvals.change')}
              </Title>
              <TaskChangeTable payload={task.payload} />
            </Card>
            <Decision
              key={task.taskId}
              taskId={task.taskId}
              mine={task.makerUserId === myId}
              pending={task.status === 'pending' && mayApprove}
            />
            {task.status === 'pending' && !mayApprove ? (
              <Text size="sm" c="dimmed">
                {t('approvals.cannotApprove')}
              </Text>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </>
  );
}

export default TaskDetailPage;
