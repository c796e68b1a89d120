import '../automation-i18n';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CsAvailability, CsAvailabilityCreate, CsAvailabilityUpdate } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useServerFieldErrors } from '../../../lib/forms/use-server-field-errors';
import { useSessionStore } from '../../../lib/session';
import {
  useAvailabilityPage,
  useCsAgents,
  useDeleteAvailability,
  useSaveAvailability,
} from '../api/cs-automation-api';
import { AvailabilityForm } from '../components/availability-form';
import { DayBar, hoursPerWeek, WEEK_ORDER } from '../components/week-editor';

const PAGE_SIZE = 10;

/** `/config/CSAvailability`: business hours and agents' schedules, each a week of periods with holidays. */
export function CsAvailabilityPage() {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const list = useAvailabilityPage(clientId, page, PAGE_SIZE);
  const agents = useCsAgents(clientId);
  const save = useSaveAvailability(clientId);
  const remove = useDeleteAvailability(clientId);
  const problems = useServerFieldErrors({ availability_exists: 'csId', agent_not_found: 'csId' });
  const [editing, setEditing] = useState<CsAvailability | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CsAvailability | null>(null);

  const items = list.data?.items ?? [];
  // The business schedule is listed first: on page one, if it exists.
  const hasBusiness = items.some((item) => item.scope === 'business');
  const taken = new Set(items.map((item) => item.csId));
  const open = (target: CsAvailability | 'new') => {
    problems.clear();
    setEditing(target);
  };

  const submit = (body: CsAvailabilityCreate | CsAvailabilityUpdate) => {
    problems.clear();
    save.mutate(body, {
      onSuccess: () => {
        setEditing(null);
        notifications.show({ color: 'green', message: t('automation.availability.saved') });
      },
      onError: (error) => problems.show(error),
    });
  };

  const columns: DataTableColumn<CsAvailability>[] = [
    { key: 'name', header: t('automation.availability.columns.name'), render: (row) => row.name },
    {
      key: 'for',
      header: t('automation.availability.columns.for'),
      render: (row) =>
        row.scope === 'business' ? t('automation.availability.scope.business') : (row.csName ?? row.csId),
    },
    {
      key: 'week',
      header: t('automation.availability.columns.week'),
      render: (row) => (
        <Stack gap={2}>
          {WEEK_ORDER.map((day) => (
            <Group key={day} gap={6} wrap="nowrap">
              <Text size="xs" w={28}>
                {t(`automation.days.${day}`).slice(0, 3)}
              </Text>
              <DayBar
                periods={row.periods.filter((p) => p.day === day)}
                label={`${row.name} ${t(`automation.days.${day}`)}`}
              />
            </Group>
          ))}
          <Text size="xs" c="dimmed">
            {t('automation.availability.hoursPerWeek', { hours: hoursPerWeek(row.periods) })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'holidays',
      header: t('automation.availability.columns.holidays'),
      render: (row) => (
        <Text size="sm">
          {row.holidays.map((h) => (h.name ? `${h.date} (${h.name})` : h.date)).join(', ') || '—'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('automation.availability.columns.status'),
      render: (row) => (
        <Badge color={row.enabled ? 'teal' : 'gray'} variant="light">
          {row.enabled ? t('automation.availability.on') : t('automation.availability.off')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('automation.availability.columns.actions'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => open(row)}>
            {t('automation.availability.edit')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(row)}>
            {t('automation.availability.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.csAvailability')}
        description={t('automation.availability.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => open('new')}>
            {t('automation.availability.add')}
          </Button>
        }
      />
      <DataTable
        label={t('pages.csAvailability')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('automation.availability.empty')}
        pagination={
          list.data ? { page, pageSize: PAGE_SIZE, total: list.data.total, onPageChange: setPage } : undefined
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('automation.availability.add') : t('automation.availability.edit')}
        size="xl"
      >
        {editing !== null ? (
          <AvailabilityForm
            initial={editing === 'new' ? null : editing}
            agents={(agents.data ?? [])
              .filter((agent) => agent.kind === 'cs' && !agent.deleted && !taken.has(agent.id))
              .map((agent) => ({ id: agent.id, name: agent.name }))}
            hasBusiness={hasBusiness}
            saving={save.isPending}
            formError={problems.formError}
            fieldErrors={problems.fieldErrors}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('automation.availability.deleteTitle')}
        message={t('automation.availability.deleteMessage', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        color="red"
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notifications.show({ color: 'green', message: t('automation.availability.deleted') });
            },
            onError: (error) => {
              setDeleting(null);
              notifications.show({ color: 'red', message: error.message });
            },
          })
        }
      />
    </>
  );
}
