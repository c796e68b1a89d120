import { createTheme, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { useSessionStore } from '../lib/session';
import './notifications.css';

// The toasts' container is not needed to draw the login page: it arrives just after (issue 19). A toast
// shown before it mounts waits in the notifications store and appears when it does.
const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

export const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

/** When the session ends (logout or expiry), nothing cached for it may outlive it. */
function useResetCacheOnSessionEnd(queryClient: QueryClient) {
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.session && !state.session) queryClient.clear();
      }),
    [queryClient],
  );
}

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** `test` turns Mantine's transitions and portals off for component tests. */
  env?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  useResetCacheOnSessionEnd(queryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env={env}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
