import '../analytics-i18n';
import { Badge, Button, Group, Modal, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DEFAULT_TIMEZONE, type EmailPulse } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useChangeEmailPulseStatus, useEmailPulses, useSaveEmailPulse } from '../api/analytics-api';
import { EmailPulseForm } from '../components/email-pulse-form';
import { PagedTable } from '../components/paged-table';

type Editing = { mode: 'create' } | { mode: 'edit'; pulse: EmailPulse };

/** `/analytics/email-pulse` (super admin): scheduled email digests, with pause and resume. */
export function EmailPulsePage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const timezone = useSessionStore((state) => state.session?.clientInfo.timezone) ?? DEFAULT_TIMEZONE;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [pausing, setPausing] = useState<EmailPulse | null>(null);
  const list = useEmailPulses(page, q);
  const save = useSaveEmailPulse();
  const status = useChangeEmailPulseStatus();

  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: t('analytics.pulse.failed'),
      message: describeError(error, t),
    });
  const changeStatus = (pulse: EmailPulse, next: 'active' | 'paused') =>
    status.mutate(
      { id: pulse.id, status: next },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t(next === 'paused' ? 'analytics.pulse.pausedDone' : 'analytics.pulse.resumedDone'),
          });
          setPausing(null);
        },
        onError: failed,
      },
    );

  const schedule = (pulse: EmailPulse) => {
    const hour = `${String(pulse.hour).padStart(2, '0')}:00`;
    return pulse.frequency === 'daily'
      ? t('analytics.pulse.daily', { hour })
      : t('analytics.pulse.weekly', { hour, day: t(`analytics.days.${pulse.dayOfWeek ?? 1}`) });
  };

  const columns: DataTableColumn<EmailPulse>[] = [
    { key: 'name', header: t('analytics.pulse.name'), render: (row) => row.name },
    { key: 'schedule', header: t('analytics.pulse.schedule'), render: schedule },
    {
      key: 'recipients',
      header: t('analytics.pulse.recipients'),
      render: (row) => (
        <Text size="sm" lineClamp={2}>
          {row.recipients.join(', ')}
        </Text>
      ),
    },
    {
      key: 'figures',
      header: t('analytics.pulse.figures'),
      render: (row) => row.widgets.map((kind) => t(`analytics.kinds.${kind}`)).join(', '),
    },
    {
      key: 'status',
      header: t('analytics.pulse.status'),
      render: (row) => (
        <Badge color={row.status === 'active' ? 'green' : 'gray'} variant="light">
          {t(`analytics.pulse.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'next',
      header: t('analytics.pulse.nextRun'),
      render: (row) => (row.nextRunAt ? formatDate(row.nextRunAt) : '—'),
    },
    {
      key: 'last',
      header: t('analytics.pulse.lastSent'),
      render: (row) => (row.lastSentAt ? formatDate(row.lastSentAt) : '—'),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('analytics.pulse.actions')}</VisuallyHidden>,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ mode: 'edit', pulse: row })}>
            {t('analytics.pulse.edit')}
          </Button>
          {row.status === 'active' ? (
            <Button size="compact-xs" variant="subtle" color="orange" onClick={() => setPausing(row)}>
              {t('analytics.pulse.pause')}
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="subtle"
              color="green"
              onClick={() => changeStatus(row, 'active')}
            >
              {t('analytics.pulse.resume')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.emailPulse')}
        description={t('analytics.pulse.intro')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            {t('analytics.pulse.new')}
          </Button>
        }
      />
      <PagedTable
        label={t('analytics.pulse.label')}
        searchLabel={t('analytics.pulse.search')}
        emptyText={t('analytics.pulse.empty')}
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
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? t('analytics.pulse.editTitle') : t('analytics.pulse.createTitle')}
        size="lg"
      >
        {editing ? (
          <EmailPulseForm
            pulse={editing.mode === 'edit' ? editing.pulse : null}
            timezone={timezone}
            saving={save.isPending}
            onCancel={() => setEditing(null)}
            onSave={(body) =>
              save.mutate(
                { ...(editing.mode === 'edit' ? { id: editing.pulse.id } : {}), body },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('analytics.pulse.saved') });
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
        opened={pausing !== null}
        title={t('analytics.pulse.pauseTitle')}
        message={t('analytics.pulse.pauseMessage', { name: pausing?.name ?? '' })}
        loading={status.isPending}
        onCancel={() => setPausing(null)}
        onConfirm={() => pausing && changeStatus(pausing, 'paused')}
      />
    </>
  );
}
