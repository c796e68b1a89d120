import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoginPage } from '../features/auth/pages/login-page';
import { useSessionStore } from '../lib/session';
import type { ScreenLoaders } from './landing-preload';

/** The preloader, fetched at the click (a small chunk, in well before the login call answers). */
const preloader = () => import('./landing-preload');

function startFramePreload(): void {
  preloader()
    .then(({ preloadFrame }) => preloadFrame())
    .catch(() => undefined);
}

/**
 * The login page in the app: once it is idle the frame's and the chat workspace's code load, while the
 * login call is in flight the frame's code loads (if not already in), and as soon as it
 * answers with a session the landing screen's code and data load beside the guard's subscription read
 * (issue 19: the chat page within 1 s of the click; decision 0050).
 */
export function LoginScreen({ screens }: { screens: ScreenLoaders }) {
  const queryClient = useQueryClient();
  // Once the login page is drawn and the browser is idle, the signed-in code loads in the background,
  // so the click finds it cached. Browsers without requestIdleCallback load it at the click as before;
  // so do the dev server and tests, where it would compile the whole signed-in graph on demand.
  useEffect(() => {
    if (!import.meta.env.PROD || typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(
      () =>
        void preloader()
          .then(({ preloadSignedInCode }) => preloadSignedInCode(screens))
          .catch(() => undefined),
      { timeout: 2_000 },
    );
    return () => cancelIdleCallback(idle);
  }, [screens]);
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        const session = state.session;
        if (session && !previous.session)
          preloader()
            .then(({ preloadLanding }) => preloadLanding(session, queryClient, screens))
            .catch(() => undefined);
      }),
    [queryClient, screens],
  );
  return <LoginPage onSignInStart={startFramePreload} />;
}
