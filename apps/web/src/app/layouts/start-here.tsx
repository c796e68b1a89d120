import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CS_SUPERVISOR_ROLES, guardRoute, hasRoleIn, PROFILE_PATH } from '@sapa/contracts/access';
import { IconArrowRight, IconCompass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionStore } from '../../lib/session';
import { guardSubjectOf } from '../guards/route-guard';
import { routeNameOf } from '../route-names';
import { openPathOf, type RouteEntry } from '../route-table';
import { isBuilt, useNavigationSections } from './app-navigation';

/** Whether `pathname` is where this user lands after signing in. */
export function useIsLanding(pathname: string | undefined): boolean {
  const session = useSessionStore((state) => state.session);
  const subject = session ? guardSubjectOf(session) : null;
  if (!subject || !pathname) return false;
  const landing = guardRoute('/', subject);
  return landing.kind === 'redirect' && landing.to === pathname;
}

/**
 * The screens of the menu this user may open that work today. The CS dashboard opens for everyone of
 * a CS client but shows figures to supervisors only, so it is no use to anyone else.
 */
function useUsableEntries(): RouteEntry[] {
  const sections = useNavigationSections();
  const role = useSessionStore((state) => state.session?.role);
  const supervisor = hasRoleIn(CS_SUPERVISOR_ROLES, role);
  return sections
    .flatMap((section) => section.areas.flatMap((area) => area.entries))
    .filter((entry) => isBuilt(entry) && (supervisor || entry.screen !== 'csDashboard'));
}

/** Links to what this user can use now: the built screens of their menu and their profile. */
export function UsableNow() {
  const { t } = useTranslation();
  const entries = useUsableEntries();
  return (
    <Card withBorder padding="lg" data-testid="usable-now">
      <Text fw={600} mb="xs">
        {t('startHere.usableNow')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
        {entries.map((entry) => (
          <Anchor key={entry.path} component={Link} to={openPathOf(entry)} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowRight size={14} aria-hidden />
              {routeNameOf(entry, t)}
            </Group>
          </Anchor>
        ))}
        {entries.some((entry) => openPathOf(entry) === PROFILE_PATH) ? null : (
          <Anchor component={Link} to={PROFILE_PATH} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowRight size={14} aria-hidden />
              {t('startHere.profile')}
            </Group>
          </Anchor>
        )}
      </SimpleGrid>
    </Card>
  );
}

/**
 * The landing of a user whose start page is not built yet or shows them nothing: what their role
 * will find in the portal, what they can use today, and how the menu marks what comes later.
 */
export function StartHere({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  if (!session) return null;
  return (
    <Stack gap="md" maw={820} data-testid="start-here">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <IconCompass size={26} />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={1} size="h3">
            {t('startHere.title', { name: session.name })}
          </Title>
          <Text>{t(`startHere.roles.${session.role}`, { defaultValue: t('startHere.roles.other') })}</Text>
        </Stack>
      </Group>
      {children}
      <UsableNow />
      <Text size="sm" c="dimmed">
        {t('startHere.soonHint')}{' '}
        <Badge size="xs" variant="light" color="gray" tt="none" component="span">
          {t('nav.soon')}
        </Badge>
      </Text>
    </Stack>
  );
}
