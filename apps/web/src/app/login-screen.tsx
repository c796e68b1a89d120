import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoginPage } from '../features/auth/pages/login-page';
import { useSessionStore } from '../lib/session';
import { preloadFrame, preloadLanding, type ScreenLoaders } from './landing-preload';

function startFramePreload(): void {
  preloadFrame().catch(() => undefined);
}

/**
 * The login page in the app: while the login call is in flight the frame's code loads, and as soon as it
 * answers with a session the landing screen's code and data load beside the guard's subscription read
 * (issue 19: the chat page within 1 s of the click).
 */
export function LoginScreen({ screens }: { screens: ScreenLoaders }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (state.session && !previous.session) preloadLanding(state.session, queryClient, screens);
      }),
    [queryClient, screens],
  );
  return <LoginPage onSignInStart={startFramePreload} />;
}
