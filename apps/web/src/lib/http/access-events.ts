/**
 * Answers of the API that the app shell reacts to wherever they come from: an expired trial sends the
 * user to `/subscription` (spec §4). The shell subscribes; the HTTP client reports.
 */
type Listener = () => void;

const trialExpiredListeners = new Set<Listener>();

export function onTrialExpired(listener: Listener): () => void {
  trialExpiredListeners.add(listener);
  return () => trialExpiredListeners.delete(listener);
}

export function reportTrialExpired(): void {
  for (const listener of trialExpiredListeners) listener();
}
