import { useEffect } from 'react';
import { postPageMetric } from '../lib/metrics/page-metrics';
import { useSessionStore } from '../lib/session';

/**
 * Records when the user entered and left each page (spec §2) under its route name, e.g.
 * `/users/user/:userId`. The visit in progress is also sent when the tab is hidden or closed.
 */
export function usePageMetrics(pageName: string, visitKey: string) {
  const signedIn = useSessionStore((state) => state.session !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new visit starts with each new location
  useEffect(() => {
    if (!signedIn) return;
    let startTime = Date.now();
    const onPageHide = () => {
      postPageMetric({ pageName, startTime, endTime: Date.now() }, { keepalive: true });
      startTime = Date.now();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      postPageMetric({ pageName, startTime, endTime: Date.now() });
    };
  }, [pageName, visitKey, signedIn]);
}
