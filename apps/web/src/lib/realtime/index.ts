import { findSession } from '../session';
import { RealtimeConnection } from './realtime-connection';

export { RealtimeConnection, type RealtimeListener, type RealtimeStatus } from './realtime-connection';

/** The app's one live socket. */
export const realtime = new RealtimeConnection({ getToken: () => findSession()?.token ?? null });

/** Closes the live socket (logout and session expiry, spec §4 step 5). */
export function closeRealtime(): void {
  realtime.close();
}
