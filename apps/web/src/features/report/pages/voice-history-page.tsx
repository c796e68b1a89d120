import { Badge, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CALL_OUTCOMES, type CallOutcome, DEFAULT_TIMEZONE, type VoiceCall } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../report-i18n';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useVoiceHistory } from '../api/reports-api';
import { RecordingPlayer } from '../components/recording-player';
import { todayIn, validateReportForm } from '../components/report-filters';

const PAGE_SIZE = 10;
const OUTCOME_COLORS: Record<CallOutcome, string> = {
  answered: 'green',
  busy: 'orange',
  no_answer: 'yellow',
  failed: 'red',
  pending: 'gray',
};

/** Seconds as m:ss (h:mm:ss past an hour). */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * `/voice/voiceHistory`: every call with its outcome, duration, charged duration (the provider's
 * minimum/increment) and the keys pressed; a call that played an uploaded recording plays it here.
 */
export function VoiceHistoryPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = todayIn(session?.clientInfo.timezone ?? DEFAULT_TIMEZONE);
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(today);
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const [recipient, setRecipient] = useState('');
  const [search] = useDebouncedValue(recipient.trim(), 300);
  const [page, setPage] = useState(1);
  const dayErrors = validateReportForm({
    startDate,
    endDate,
    channel: null,
    campaignId: null,
    status: null,
    sort: 'newest',
  });
  const valid = Object.keys(dayErrors).length === 0;
  const list = useVoiceHistory(clientId, {
    // An invalid range keeps the last valid one on screen; its field says what is wrong.
    startDate: valid ? startDate : today,
    endDate: valid ? endDate : today,
    sort: 'newest',
    page,
    pageSize: PAGE_SIZE,
    ...(outcome ? { outcome } : {}),
    ...(search ? { recipient: search } : {}),
  });
  const totals = list.data?.totals;
  const refilter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };

  const columns: DataTableColumn<VoiceCall>[] = [
    { key: 'started', header: t('report.fields.startedAt'), render: (row) => formatDate(row.startedAt) },
    { key: 'recipient', header: t('report.fields.recipient'), render: (row) => row.recipient },
    {
      key: 'campaign',
      header: t('report.fields.campaign'),
      render: (row) =>
        row.campaignCode ?? (
          <Text size="sm" c="dimmed">
            {t('report.history.noCampaign')}
          </Text>
        ),
    },
    {
      key: 'outcome',
      header: t('report.fields.outcome'),
      render: (row) => (
        <Badge color={OUTCOME_COLORS[row.outcome]} variant="light" title={row.errorMessage ?? undefined}>
          {t(`report.outcomes.${row.outcome}`)}
        </Badge>
      ),
    },
    {
      key: 'duration',
      header: t('report.fields.duration'),
      align: 'right',
      render: (row) => formatSeconds(row.durationSeconds),
    },
    {
      key: 'charged',
      header: t('report.fields.charged'),
      align: 'right',
      render: (row) => formatSeconds(row.chargedSeconds),
    },
    { key: 'dtmf', header: t('report.fields.dtmf'), render: (row) => row.dtmf ?? '—' },
    {
      key: 'recording',
      header: t('report.fields.recording'),
      render: (row) =>
        row.hasRecording ? (
          <RecordingPlayer notificationId={row.notificationId} attempt={row.attempt} />
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.voiceHistory')} description={t('report.voice.help')} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 5 }} aria-label={t('report.voice.totals')}>
          {(
            [
              ['calls', totals ? String(totals.calls) : '—'],
              ['answered', totals ? String(totals.answered) : '—'],
              ['totalDuration', totals ? formatSeconds(totals.durationSeconds) : '—'],
              ['averageDuration', totals ? formatSeconds(totals.averageSeconds) : '—'],
              ['chargedDuration', totals ? formatSeconds(totals.chargedSeconds) : '—'],
            ] as const
          ).map(([key, value]) => (
            <Card key={key} withBorder padding="sm">
              <Text size="xs" c="dimmed">
                {t(`report.voice.${key}`)}
              </Text>
              <Text size="lg" fw={700} data-testid={`voice-${key}`}>
                {value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <DataTable
          label={t('pages.voiceHistory')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => `${row.notificationId}.${row.attempt}`}
          loading={list.isLoading}
          refreshing={list.isFetching && !list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('report.voice.empty')}
          minWidth={1000}
          toolbar={
            <Group gap="sm" align="flex-start" wrap="wrap">
              <DateField
                label={t('report.fields.startDate')}
                value={startDate}
                onChange={refilter(setStartDate)}
                max={today}
                error={dayErrors.startDate ? t(`report.form.errors.${dayErrors.startDate}`) : undefined}
                w={160}
              />
              <DateField
                label={t('report.fields.endDate')}
                value={endDate}
                onChange={refilter(setEndDate)}
                max={today}
                error={dayErrors.endDate ? t(`report.form.errors.${dayErrors.endDate}`) : undefined}
                w={160}
              />
              <Select
                label={t('report.fields.outcome')}
                placeholder={t('report.voice.anyOutcome')}
                clearable
                value={outcome}
                onChange={refilter((value: string | null) => setOutcome(value as CallOutcome | null))}
                data={CALL_OUTCOMES.map((value) => ({ value, label: t(`report.outcomes.${value}`) }))}
                w={170}
              />
              <TextInput
                label={t('report.fields.recipient')}
                placeholder={t('report.voice.recipientSearch')}
                value={recipient}
                maxLength={320}
                onChange={(event) => {
                  setRecipient(event.currentTarget.value);
                  setPage(1);
                }}
                w={200}
              />
            </Group>
          }
          pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        />
      </Stack>
    </>
  );
}
