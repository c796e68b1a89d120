import { Badge, Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AGENT_STATUSES, type AgentStatus, AgentStatusSchema, DEFAULT_AGENT_STATUS } from '@sapa/contracts';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeAgentStatus } from '../../features/shell/api/change-agent-status';
import { describeError } from '../../lib/http';
import { useSessionStore } from '../../lib/session';

const COLORS: Record<AgentStatus, string> = { online: 'teal', away: 'yellow', offline: 'gray' };

/** The agent's availability (spec §3/§4: offline by default), for users of clients with CS. */
export function AgentStatusMenu() {
  const { t } = useTranslation();
  const stored = useSessionStore((state) => state.session?.status);
  const updateSession = useSessionStore((state) => state.updateSession);
  const parsed = AgentStatusSchema.safeParse(stored);
  const status: AgentStatus = parsed.success ? parsed.data : DEFAULT_AGENT_STATUS;
  const change = useMutation({
    mutationFn: changeAgentStatus,
    onSuccess: (state) => updateSession({ status: state.status }),
    onError: (error) =>
      notifications.show({
        id: 'agent-status-failed',
        color: 'red',
        message: t('agentStatus.changeFailed', { reason: describeError(error, t) }),
      }),
  });

  return (
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
            onClick={() => option !== status && change.mutate(option)}
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
  );
}
