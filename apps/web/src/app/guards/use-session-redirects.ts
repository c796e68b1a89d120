import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../lib/session';
import { landingPathOf } from './landing-path';

/**
 * Follows the session while a screen is open: a login lands by role (spec §6), and a logout or an
 * expired session (spec §4) goes to the login page.
 */
export function useSessionRedirects() {
  const navigate = useNavigate();
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.session && !state.session) void navigate('/', { replace: true });
        else if (!previous.session && state.session)
          void navigate(landingPathOf(state.session), { replace: true });
      }),
    [navigate],
  );
}
