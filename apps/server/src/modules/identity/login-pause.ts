import type { Config } from '../../config.js';
import type { Executor } from '../../platform/database.js';
import { recordFailedLogin } from './identity.repository.js';
import type { UserRow } from './identity.tables.js';

export type PauseConfig = Pick<Config, 'maxFailedLogins' | 'loginLockoutSeconds' | 'loginLockoutMaxSeconds'>;

/** Logins and second-factor checks of this user are refused for now (decision 0016). */
export function isPaused(user: Pick<UserRow, 'lockedUntil'>, now = Date.now()): boolean {
  return user.lockedUntil !== null && user.lockedUntil.getTime() > now;
}

/**
 * One wrong password or code of a known user. Login, the MFA login step, MFA deactivation and
 * password change share one count: each guesses the same secrets. Answers whether the user is paused now.
 */
export async function countFailure(db: Executor, config: PauseConfig, user: UserRow): Promise<boolean> {
  const after = await recordFailedLogin(db, user.clientId, user.id, {
    maxFailed: config.maxFailedLogins,
    pauseSeconds: config.loginLockoutSeconds,
    maxPauseSeconds: config.loginLockoutMaxSeconds,
  });
  return after === null || isPaused(after);
}
