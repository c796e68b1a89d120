import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { describeError, saveDownloadedFile } from '../../../lib/http';
import { fetchAgentLog, useAgentChoices } from '../api/cs-agents-api';
import '../cs-admin-i18n';

/** Downloads the agents' log-in/out times (GET /exportLogToXlsx) for one agent or all, in a date range. */
export function AgentLogDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const agents = useAgentChoices(opened);
  const [csEmail, setCsEmail] = useState<string | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const rangeWrong = Boolean(startDate && endDate && startDate > endDate);

  const download = async () => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const log = await fetchAgentLog({
        csEmail: csEmail ?? undefined,
        startDate: startDate || undefined,
        endDate: endDate || undefined,
      });
      saveDownloadedFile(log.file, 'cs-log.xlsx');
      setDone(log.rows);
    } catch (error) {
      setProblem(describeError(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('csAdmin.log.title')} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('csAdmin.log.help')}
        </Text>
        <Select
          label={t('csAdmin.log.agent')}
          placeholder={t('csAdmin.log.allAgents')}
          data={(agents.data ?? []).map((agent) => ({
            value: agent.email,
            label: `${agent.name} · ${agent.email}`,
          }))}
          value={csEmail}
          onChange={setCsEmail}
          searchable
          clearable
          error={agents.isError ? describeError(agents.error, t) : undefined}
        />
        <Group grow>
          <DateField label={t('csAdmin.log.startDate')} value={startDate} onChange={setStartDate} />
          <DateField
            label={t('csAdmin.log.endDate')}
            value={endDate}
            onChange={setEndDate}
            error={rangeWrong ? t('csAdmin.log.rangeWrong') : undefined}
          />
        </Group>
        {problem ? (
          <Alert color="red" role="alert" title={t('download.failed')}>
            {problem}
          </Alert>
        ) : null}
        {done !== null ? (
          <Text size="sm" role="status">
            {t('csAdmin.log.done', { count: done })}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('csAdmin.form.close')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            loading={busy}
            disabled={rangeWrong}
            onClick={() => void download()}
          >
            {t('csAdmin.log.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
