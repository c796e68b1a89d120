import { AppShell, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ROLE_NAMES } from '@sapa/contracts';
import { IconLogout, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LocaleSwitch } from '../../components/locale-switch';
import { useLogout } from '../../features/auth/api/logout';
import { useSessionStore } from '../../lib/session';

/** The authenticated frame: who is signed in, for which client, the locale switch and logout. */
export function AppFrame() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const logoutMutation = useLogout();
  if (!session) return null;
  const roleName = t(`roles.${session.role}`, {
    defaultValue: ROLE_NAMES[session.role as keyof typeof ROLE_NAMES] ?? session.role,
  });

  return (
    <AppShell header={{ height: 64 }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconMessageCircle size={26} color="var(--mantine-color-blue-6)" aria-hidden />
            <Text fw={700} size="lg">
              {t('app.name')}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Stack gap={0} align="flex-end" data-testid="session-user">
              <Group gap={6} wrap="nowrap">
                <Text fw={600} size="sm" data-testid="user-name">
                  {session.name}
                </Text>
                <Badge size="sm" variant="light" tt="none" title={t('frame.role')} data-testid="user-role">
                  {session.role} · {roleName}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" data-testid="client-name">
                {t('frame.client')}: {session.clientInfo.clientName}
              </Text>
            </Stack>
            <LocaleSwitch size="xs" />
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLogout size={14} />}
              loading={logoutMutation.isPending}
              onClick={() => logoutMutation.mutate()}
            >
              {t('frame.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

export default AppFrame;
