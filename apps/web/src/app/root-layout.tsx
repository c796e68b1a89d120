import { Progress } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useSessionRedirects } from './guards/use-session-redirects';

export type RouteHandle = { titleKey?: string };

/** Document title = portal name + route name (spec §2). Screens without a name show their path. */
function useRouteTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  const titleKey = [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .find((key) => key !== undefined);
  const routeName = titleKey ? t(titleKey) : pathname;
  const appName = t('app.name');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language too
  useEffect(() => {
    document.title = `${appName} · ${routeName}`;
  }, [appName, routeName, i18n.language]);
}

/** Top of the route tree: the route-change loading bar (spec §2), the document title, session redirects. */
export function RootLayout() {
  const navigation = useNavigation();
  useRouteTitle();
  useSessionRedirects();
  return (
    <>
      {navigation.state !== 'idle' && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-hidden
        />
      )}
      <Outlet />
    </>
  );
}
