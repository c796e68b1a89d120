import { Badge, Button, Group, Menu, Modal, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AGENT_STATUSES,
  type AgentStatus,
  AgentStatusSchema,
  DEFAULT_AGENT_STATUS,
  readInboxEvent,
} from '@sapa/contracts/inbox';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_DIALOG_WIDTH } from '../../components/confirm-dialog';
import {
  changeAgentStatus,
  countMyOpenRooms,
  getMyAgentStatus,
} from '../../features/shell/api/change-agent-status';
import { describeError } from '../../lib/http';
import { type RealtimeConnection, realtime } from '../../lib/realtime';
import { useSessionStore } from '../../lib/session';

const COLORS: Record<AgentStatus, string> = { online: 'teal', away: 'yellow', offline: 'gray' };

/**
 * Keeps the session's status the server's: read at start and after every reconnect (the server may
 * have set the agent offline meanwhile), and moved live by the agent's own AGENT_STATUS events.
 */
function useServerStatus(csId: string | null | undefined, connection: RealtimeConnection) {
  const updateSession = useSessionStore((state) => state.updateSession);
  useEffect(() => {
    if (!csId) return;
    let active = true;
    const read = () => {
      getMyAgentStatus()
        .then((status) => {
          if (active) updateSession({ status });
        })
        .catch(() => undefined);
    };
    read();
    const unsubscribe = connection.subscribe({
      onEvent: (frame) => {
        const event = readInboxEvent(frame);
        if (event?.typeNotif === 'AGENT_STATUS' && event.data?.csId === csId)
          updateSession({ status: event.data.status });
      },
      onReset: read,
      onStatus: (status) => {
        if (status === 'ready') read();
      },
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [csId, updateSession, connection]);
}

/**
 * The agent's availability (spec §3/§4: offline by default), for users of clients with CS. `connection`
 * is the app's live socket unless a test gives its own.
 */
export function AgentStatusMenu({ connection = realtime }: { connection?: RealtimeConnection }) {
  const { t } = useTranslation();
  const stored = useSessionStore((state) => state.session?.status);
  const csId = useSessionStore((state) => state.session?.csId);
  const chatRole = useSessionStore((state) => state.session?.chatRole);
  const updateSession = useSessionStore((state) => state.updateSession);
  const parsed = AgentStatusSchema.safeParse(stored);
  const status: AgentStatus = parsed.success ? parsed.data : DEFAULT_AGENT_STATUS;
  // Going away or offline with open rooms: how many, while the agent decides what becomes of them.
  const [leaving, setLeaving] = useState<{ status: AgentStatus; openRooms: number } | null>(null);
  useServerStatus(csId, connection);
  const change = useMutation({
    mutationFn: changeAgentStatus,
    onSuccess: (state) => {
      updateSession({ status: state.status });
      setLeaving(null);
      if (state.released)
        notifications.show({ color: 'teal', message: t('agentStatus.released', { count: state.released }) });
    },
    onError: (error) =>
      notifications.show({
        id: 'agent-status-failed',
        color: 'red',
        message: t('agentStatus.changeFailed', { reason: describeError(error, t) }),
      }),
  });
  const choose = async (option: AgentStatus) => {
    if (option === status) return;
    if (option !== 'online' && chatRole === 'CS') {
      const openRooms = await countMyOpenRooms().catch(() => 0);
      if (openRooms > 0) {
        setLeaving({ status: option, openRooms });
        return;
      }
    }
    change.mutate({ status: option });
  };

  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('agentStatus.label')} data-testid="agent-status">
            <Badge
              color={COLORS[status]}
              variant="dot"
              size="lg"
              tt="none"
              rightSection={<IconChevronDown size={12} />}
            >
              {t(`agentStatus.${status}`)}
            </Badge>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('agentStatus.label')}</Menu.Label>
          {AGENT_STATUSES.map((option) => (
            <Menu.Item
              key={option}
              disabled={change.isPending}
              onClick={() => void choose(option)}
              leftSection={<Badge color={COLORS[option]} variant="dot" size="xs" aria-hidden />}
            >
              <Text size="sm" fw={option === status ? 700 : 400}>
                {t(`agentStatus.${option}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`agentStatus.${option}Description`)}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={leaving !== null}
        onClose={() => setLeaving(null)}
        title={t('agentStatus.leaveTitle', { status: leaving ? t(`agentStatus.${leaving.status}`) : '' })}
        size={CONFIRM_DIALOG_WIDTH + 110}
        centered
      >
        <Text size="sm">{t('agentStatus.leaveMessage', { count: leaving?.openRooms ?? 0 })}</Text>
        <Group justify="flex-end" mt="lg" gap="xs">
          <Button variant="subtle" onClick={() => setLeaving(null)} disabled={change.isPending}>
            {t('confirm.cancel')}
          </Button>
          <Button
            variant="default"
            disabled={change.isPending}
            onClick={() => leaving && change.mutate({ status: leaving.status })}
          >
            {t('agentStatus.keepRooms')}
          </Button>
          <Button
            loading={change.isPending}
            data-autofocus
            onClick={() => leaving && change.mutate({ status: leaving.status, releaseRooms: true })}
          >
            {t('agentStatus.releaseRooms')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
