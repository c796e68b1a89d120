import { AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LocaleSwitch } from '../../components/locale-switch';
import { realtime } from '../../lib/realtime';
import { useSessionStore } from '../../lib/session';
import { AgentStatusMenu } from './agent-status-menu';
import { AppNavigation } from './app-navigation';
import { ClientSwitcher } from './client-switcher';
import { ProfileMenu } from './profile-menu';
import { RealtimeIndicator } from './realtime-indicator';

/**
 * The live socket runs while a user of a CS client is signed in (spec §4), per client; a token the
 * server refused is retried once it has been renewed.
 */
function useRealtimeLifecycle(clientId: string, hasCs: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a client switch opens a socket for the new client
  useEffect(() => {
    if (!hasCs) return;
    realtime.open();
    return () => realtime.close();
  }, [clientId, hasCs]);
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (state.session && state.session.token !== previous.session?.token) realtime.retryWithNewToken();
      }),
    [],
  );
}

/** The header's height; toasts open below it so they never cover the account menu. */
export const HEADER_HEIGHT = 60;

/**
 * The signed-in frame: header (locale, agent status, client switcher, profile) and generated
 * navigation. Below `sm` the header keeps only the menu button, the name, the status pill and the
 * account menu (which then also holds the language); the client switcher moves into the navigation.
 */
export function AppFrame() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  // One client switcher at a time (it holds a confirmation): in the header, or in the menu on a phone.
  const phone = useMediaQuery('(max-width: 47.99em)');
  const hasCs = session?.features.includes('CS') ?? false;
  // Only agents and supervisors have an availability (the server refuses anyone else's change).
  const isAgent = Boolean(session?.csId) && (session?.chatRole === 'CS' || session?.chatRole === 'SPV');
  useRealtimeLifecycle(session?.clientId ?? '', hasCs);
  if (!session) return null;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding={{ base: 'xs', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('nav.toggle')}
            />
            <Burger
              opened={desktopOpened}
              onClick={desktop.toggle}
              visibleFrom="md"
              size="sm"
              aria-label={t('nav.toggle')}
            />
            <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
              <Group gap={6} wrap="nowrap">
                <IconMessageCircle size={26} color="var(--mantine-color-blue-6)" aria-hidden />
                <Text fw={700} size="lg" visibleFrom="xs">
                  {t('app.name')}
                </Text>
              </Group>
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {phone ? null : <ClientSwitcher />}
            {hasCs && <RealtimeIndicator />}
            {hasCs && isAgent && <AgentStatusMenu />}
            <Box visibleFrom="sm">
              <LocaleSwitch size="xs" />
            </Box>
            <ProfileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        {phone ? (
          <Box p="xs" pb={0}>
            <ClientSwitcher />
          </Box>
        ) : null}
        <AppNavigation onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

export default AppFrame;
