import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { forgetGuardSubscription } from '../../features/subscription/api/get-subscription';
import { onTrialExpired, registerLoginNavigation } from '../../lib/http';
import { useSessionStore } from '../../lib/session';
import { forgetSettledPath } from './navigation-memory';

/**
 * Follows the session while the app is open: a login lands by role (the login page's guard decides,
 * spec §6); a logout or an expired session (spec §4) goes to the login page; an API answer saying the
 * trial has expired goes to `/subscription`.
 */
export function useSessionRedirects() {
  const navigate = useNavigate();
  useEffect(() => {
    const stopSession = useSessionStore.subscribe((state, previous) => {
      if (previous.session && !state.session) {
        forgetGuardSubscription();
        forgetSettledPath();
        void navigate('/', { replace: true });
      } else if (!previous.session && state.session) {
        void navigate('/', { replace: true });
      }
    });
    const stopLogin = registerLoginNavigation((path) => void navigate(path, { replace: true }));
    const stopTrial = onTrialExpired(() => {
      forgetGuardSubscription();
      void navigate('/subscription');
    });
    return () => {
      stopSession();
      stopLogin();
      stopTrial();
    };
  }, [navigate]);
}
