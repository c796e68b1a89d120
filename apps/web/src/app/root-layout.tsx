import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { TopProgressBar } from '../components/top-progress-bar';
import { rememberSettledPath } from './guards/navigation-memory';
import { useSessionRedirects } from './guards/use-session-redirects';
import { routeNameOf } from './route-names';
import type { RouteEntry } from './route-table';
import { usePageMetrics } from './use-page-metrics';

export type RouteHandle = { titleKey?: string; entry?: RouteEntry };

function useCurrentRoute(): { entry?: RouteEntry; titleKey?: string } {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle as RouteHandle | undefined)
    .find((candidate) => candidate?.entry || candidate?.titleKey);
  return handle ?? {};
}

/** Document title = portal name + route name (spec §2). */
function useRouteTitle(route: { entry?: RouteEntry; titleKey?: string }, pathname: string) {
  const { t, i18n } = useTranslation();
  const routeName = route.entry ? routeNameOf(route.entry, t) : route.titleKey ? t(route.titleKey) : pathname;
  const appName = t('app.name');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language too
  useEffect(() => {
    document.title = `${appName} · ${routeName}`;
  }, [appName, routeName, i18n.language]);
}

/** Top of the route tree: the route-change loading bar, the title, page metrics and session redirects. */
export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const route = useCurrentRoute();
  const path = `${location.pathname}${location.search}`;
  useRouteTitle(route, location.pathname);
  useSessionRedirects();
  usePageMetrics(route.entry?.path ?? location.pathname, path);
  useEffect(() => {
    rememberSettledPath(path);
  }, [path]);
  return (
    <>
      <TopProgressBar active={navigation.state !== 'idle'} />
      <Outlet />
    </>
  );
}
