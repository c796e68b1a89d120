import { Badge, Box, NavLink, Stack, Text } from '@mantine/core';
import { type GuardDecision, guardRoute, SUBSCRIPTION_PATH } from '@sapa/contracts/access';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionStore } from '../../lib/session';
import { guardSubjectOf } from '../guards/route-guard';
import { NAV_SECTIONS, openPathOf, ROUTE_TABLE, type RouteEntry } from '../route-table';

type NavArea = { area: string; entries: RouteEntry[] };
type NavSection = { key: string; areas: NavArea[] };

/**
 * The navigation, generated from the route table: only what this role and client may open (the same
 * guard the router runs), grouped by area inside sections, each area collapsible.
 */
export function useNavigationSections(): NavSection[] {
  const session = useSessionStore((state) => state.session);
  return useMemo(() => {
    const subject = session ? guardSubjectOf(session) : null;
    if (!subject) return [];
    const visible = ROUTE_TABLE.filter(
      (entry) => entry.nav && isListed(guardRoute(openPathOf(entry), subject)),
    );
    return NAV_SECTIONS.map((section) => ({
      key: section.key,
      areas: section.areas
        .map((area) => ({ area, entries: visible.filter((entry) => entry.area === area) }))
        .filter((area) => area.entries.length > 0),
    })).filter((section) => section.areas.length > 0);
  }, [session]);
}

/** Listed: pages the user may open, and feature pages an expired trial sends to the trial page. */
function isListed(decision: GuardDecision): boolean {
  return decision.kind === 'allow' || (decision.kind === 'redirect' && decision.to === SUBSCRIPTION_PATH);
}

/** Screens that work today; the others show the "not available yet" page and are marked "soon". */
export function isBuilt(entry: RouteEntry): boolean {
  return entry.screen !== 'notAvailable' && entry.screen !== 'dashboard';
}

function SoonBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color="gray" tt="none" data-testid="nav-soon">
      {t('nav.soon')}
    </Badge>
  );
}

function isActive(pathname: string, entry: RouteEntry): boolean {
  return pathname === openPathOf(entry);
}

export function AppNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = useNavigationSections();
  const activeArea = sections
    .flatMap((section) => section.areas)
    .find(({ entries }) => entries.some((entry) => isActive(pathname, entry)))?.area;
  const [openAreas, setOpenAreas] = useState<ReadonlySet<string>>(
    () => new Set(activeArea ? [activeArea] : []),
  );
  // The area of the page being shown opens by itself, whichever way the user got there.
  useEffect(() => {
    if (activeArea)
      setOpenAreas((current) => (current.has(activeArea) ? current : new Set([...current, activeArea])));
  }, [activeArea]);
  const toggleArea = (area: string) =>
    setOpenAreas((current) => {
      const next = new Set(current);
      if (!next.delete(area)) next.add(area);
      return next;
    });

  return (
    // Native scrolling: Mantine's ScrollArea measures itself on every resize, forced layouts on the
    // path to the first paint after sign-in (issue 19, decision 0056).
    <Box component="nav" h="100%" style={{ overflowY: 'auto' }} aria-label={t('nav.label')}>
      <Stack gap="md" p="xs" pb="xl">
        {sections.map((section) => (
          <div key={section.key}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(`nav.sections.${section.key}`)}
            </Text>
            {section.areas.map(({ area, entries }) => {
              const single = entries.length === 1 ? entries[0] : undefined;
              if (single) {
                return (
                  <NavLink
                    key={area}
                    component={Link}
                    to={openPathOf(single)}
                    label={t(`areas.${area}`)}
                    active={isActive(pathname, single)}
                    onClick={onNavigate}
                    c={isBuilt(single) ? undefined : 'dimmed'}
                    rightSection={isBuilt(single) ? undefined : <SoonBadge />}
                  />
                );
              }
              return (
                <NavLink
                  key={area}
                  label={t(`areas.${area}`)}
                  c={entries.some(isBuilt) ? undefined : 'dimmed'}
                  description={entries.some(isBuilt) ? undefined : t('nav.areaSoon')}
                  opened={openAreas.has(area)}
                  onChange={() => toggleArea(area)}
                  // A closed area's links are not rendered (Mantine keeps them mounted, hidden, by
                  // default): only the open areas cost anything when the frame draws.
                  keepMounted={false}
                  childrenOffset={12}
                  data-testid={`nav-area-${area}`}
                >
                  {entries.map((entry) => (
                    <NavLink
                      key={entry.path}
                      component={Link}
                      to={openPathOf(entry)}
                      label={entry.page === 'index' ? t(`areas.${entry.area}`) : t(`pages.${entry.page}`)}
                      active={isActive(pathname, entry)}
                      onClick={onNavigate}
                      c={isBuilt(entry) ? undefined : 'dimmed'}
                      rightSection={isBuilt(entry) ? undefined : <SoonBadge />}
                    />
                  ))}
                </NavLink>
              );
            })}
          </div>
        ))}
      </Stack>
    </Box>
  );
}
