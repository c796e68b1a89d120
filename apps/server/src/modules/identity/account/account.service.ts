import { createHash, randomBytes } from 'node:crypto';
import { passwordPolicyProblems, type ValidationAnswer } from '@sapa/contracts';
import { newId } from '../../../lib/ids.js';
import { type Actor, requireUser } from '../../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import type { Database } from '../../../platform/database.js';
import type { Mailer } from '../../../platform/mail/index.js';
import { seal } from '../../../platform/secrets.js';
import { sessionEnded, tooManyAttempts } from '../identity.errors.js';
import {
  clearFailedLogins,
  findUser,
  revokeSessions,
  unsafeFindUserByEmail,
} from '../identity.repository.js';
import type { IdentityDeps } from '../identity.service.js';
import type { UserRow } from '../identity.tables.js';
import { countFailure, isPaused } from '../login-pause.js';
import { acceptTotp, newMfaSecret } from '../mfa.js';
import { hashPassword, verifyPassword } from '../password.js';
import {
  mfaAlreadyOn,
  mfaNotOn,
  mfaNotStarted,
  mfaWrongCode,
  passwordPolicy,
  resetTokenExpired,
  resetTokenInvalid,
  resetTokenUsed,
  wrongOldPassword,
} from './account.errors.js';
import {
  claimResetToken,
  insertResetToken,
  lockUserAndCountRecentResetTokens,
  retireResetTokens,
  unsafeFindResetTokenByHash,
  updateUserSecurity,
} from './account.repository.js';

export type AccountDeps = IdentityDeps & {
  mailer: Mailer;
  publicUrl: string;
  passwordResetMailsPerHour: number;
};

export const RESET_TOKEN_TTL_MINUTES = 30;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The caller's own user row (their home client, even while a super admin acts for another). Only a
 * signed-in user has an account of their own: an API key or a job is refused.
 */
async function ownUser(db: Database, actor: Actor): Promise<UserRow> {
  const { homeClientId, userId } = requireUser(actor);
  const user = await findUser(db, homeClientId, userId);
  if (!user) throw sessionEnded();
  return user;
}

export function toProfile(user: UserRow) {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    mfaEnabled: user.mfaEnabled,
    consentAcceptedAt: user.consentAcceptedAt?.toISOString() ?? null,
    consentVersion: user.consentVersion,
    passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
  };
}

/** Change password: the old one must be right and the new one pass the policy; other sessions end. */
export async function changePassword(
  deps: AccountDeps,
  caller: AuditActor,
  body: { oldPassword: string; newPassword: string; confirmPassword: string },
) {
  const { db } = deps;
  const { sessionId } = requireUser(caller.actor);
  const user = await ownUser(db, caller.actor);
  // The old password is the login secret: guessing it here is limited like logging in.
  if (isPaused(user)) throw tooManyAttempts();
  if (!(await verifyPassword(user.passwordHash, body.oldPassword)))
    throw (await countFailure(db, deps.config, user)) ? tooManyAttempts() : wrongOldPassword();
  await clearFailedLogins(db, user.clientId, user.id);
  const problems = passwordPolicyProblems({ ...body, email: user.email });
  if (problems.length > 0) throw passwordPolicy(problems);
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await updateUserSecurity(tx, user.clientId, user.id, { passwordHash, passwordChangedAt: new Date() });
    await revokeSessions(
      tx,
      user.clientId,
      { userId: user.id, exceptSessionId: sessionId },
      'password_changed',
    );
    await retireResetTokens(tx, user.clientId, user.id);
    await recordAudit(tx, caller, {
      clientId: user.clientId,
      action: 'user.change_password',
      entityType: 'user',
      entityId: user.id,
    });
  });
  return { changed: true };
}

/** The spec's server-side validation call for a password change: the policy, problem by problem. */
export function validatePassword(
  actor: Actor,
  body: { oldPassword?: string | undefined; newPassword: string; confirmPassword: string },
): ValidationAnswer {
  const problems = passwordPolicyProblems({ ...body, email: requireUser(actor).email });
  return { valid: problems.length === 0, errors: problems };
}

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this email, a reset link is on its way. It works once, within 30 minutes.';

/**
 * Forgot password: mails a single-use link valid for 30 minutes, at most `passwordResetMailsPerHour`
 * an hour to one address. The answer is the same whether or not the email has an account, and
 * whether or not that limit held the mail back, so it cannot be used to find accounts.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string) {
  const { db } = deps;
  const user = await unsafeFindUserByEmail(db, email);
  if (user && user.status !== 'deactivated') {
    const token = randomBytes(32).toString('base64url');
    const issued = await db.transaction(async (tx) => {
      const recent = await lockUserAndCountRecentResetTokens(tx, user.clientId, user.id);
      if (recent >= deps.passwordResetMailsPerHour) return false;
      await insertResetToken(tx, {
        clientId: user.clientId,
        id: newId(),
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
      });
      return true;
    });
    if (issued) await mailResetLink(deps, user, token);
  }
  return { sent: true as const, message: FORGOT_PASSWORD_MESSAGE };
}

async function mailResetLink(deps: AccountDeps, user: UserRow, token: string) {
  const link = `${deps.publicUrl}/#/reset-password?token=${token}`;
  await deps.mailer.send({
    clientId: user.clientId,
    to: user.email,
    subject: 'Reset your Sapa password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your Sapa account. To choose a new password, open:',
      link,
      '',
      `The link works once, within ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ].join('\n'),
  });
}

/** Reset password with a mailed token: once, within its 30 minutes; every session of the user ends. */
export async function resetPassword(
  deps: AccountDeps,
  body: { token: string; newPassword: string; confirmPassword: string },
) {
  const { db } = deps;
  const token = await unsafeFindResetTokenByHash(db, sha256(body.token));
  if (!token) throw resetTokenInvalid();
  if (token.usedAt) throw resetTokenUsed();
  if (token.expiresAt.getTime() <= Date.now()) throw resetTokenExpired();
  const user = await findUser(db, token.clientId, token.userId);
  if (!user || user.status === 'deactivated') throw resetTokenInvalid();
  const problems = passwordPolicyProblems({ ...body, email: user.email });
  if (problems.length > 0) throw passwordPolicy(problems);
  const passwordHash = await hashPassword(body.newPassword);
  const done = await db.transaction(async (tx) => {
    if (!(await claimResetToken(tx, token.clientId, token.id))) return false;
    await updateUserSecurity(tx, user.clientId, user.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      failedLoginCount: 0,
      lockedUntil: null,
    });
    await retireResetTokens(tx, user.clientId, user.id);
    await revokeSessions(tx, user.clientId, { userId: user.id }, 'password_reset');
    await recordAudit(tx, null, {
      clientId: user.clientId,
      action: 'user.reset_password',
      entityType: 'user',
      entityId: user.id,
      after: { by: 'reset link', email: user.email },
    });
    return true;
  });
  // Another request used the token between our read and our claim.
  if (!done) throw resetTokenUsed();
  return { reset: true };
}

/** Starts MFA: a new secret, kept sealed and not yet in force until a code from it is verified. */
export async function activateMfa(deps: AccountDeps, actor: Actor) {
  const user = await ownUser(deps.db, actor);
  if (user.mfaEnabled) throw mfaAlreadyOn();
  const { secret, otpauthUri } = await newMfaSecret(user.email);
  await updateUserSecurity(deps.db, user.clientId, user.id, {
    mfaSecret: seal(deps.keys.encryption, secret),
    mfaLastStep: null,
  });
  return { otpauthUri, secret };
}

export async function verifyMfa(deps: AccountDeps, caller: AuditActor, token: string) {
  const { db } = deps;
  const user = await ownUser(db, caller.actor);
  if (user.mfaEnabled) throw mfaAlreadyOn();
  if (!user.mfaSecret) throw mfaNotStarted();
  if (!(await acceptTotp(db, deps.keys, user, token))) throw mfaWrongCode();
  await db.transaction(async (tx) => {
    await updateUserSecurity(tx, user.clientId, user.id, { mfaEnabled: true });
    await recordAudit(tx, caller, {
      clientId: user.clientId,
      action: 'user.mfa_on',
      entityType: 'user',
      entityId: user.id,
      before: { mfaEnabled: false },
      after: { mfaEnabled: true },
    });
  });
  return { mfaEnabled: true };
}

export async function deactivateMfa(deps: AccountDeps, caller: AuditActor, token: string) {
  const { db } = deps;
  const user = await ownUser(db, caller.actor);
  if (!user.mfaEnabled) throw mfaNotOn();
  // Turning MFA off guesses the same code as the MFA login step: one count and pause for both.
  if (isPaused(user)) throw tooManyAttempts();
  if (!(await acceptTotp(db, deps.keys, user, token)))
    throw (await countFailure(db, deps.config, user)) ? tooManyAttempts() : mfaWrongCode();
  await db.transaction(async (tx) => {
    await updateUserSecurity(tx, user.clientId, user.id, {
      mfaEnabled: false,
      mfaSecret: null,
      mfaLastStep: null,
    });
    await recordAudit(tx, caller, {
      clientId: user.clientId,
      action: 'user.mfa_off',
      entityType: 'user',
      entityId: user.id,
      before: { mfaEnabled: true },
      after: { mfaEnabled: false },
    });
  });
  return { mfaEnabled: false };
}

export async function getProfile(db: Database, actor: Actor) {
  return toProfile(await ownUser(db, actor));
}

export async function updateProfile(
  deps: Pick<IdentityDeps, 'db' | 'userRenamed'>,
  caller: AuditActor,
  body: { name: string },
) {
  const user = await ownUser(deps.db, caller.actor);
  return deps.db.transaction(async (tx) => {
    const after = await updateUserSecurity(tx, user.clientId, user.id, { name: body.name });
    if (!after) throw sessionEnded();
    if (after.name !== user.name) await deps.userRenamed?.(tx, user.clientId, user.id, after.name);
    await recordAudit(tx, caller, {
      clientId: user.clientId,
      action: 'user.profile',
      entityType: 'user',
      entityId: user.id,
      before: { name: user.name },
      after: { name: after.name },
    });
    return toProfile(after);
  });
}

/** Consent given (with the version of the terms) or withdrawn; both are recorded. */
export async function updateConsent(
  db: Database,
  caller: AuditActor,
  body: { accepted: boolean; consentVersion: string },
) {
  const user = await ownUser(db, caller.actor);
  return db.transaction(async (tx) => {
    const after = await updateUserSecurity(tx, user.clientId, user.id, {
      consentAcceptedAt: body.accepted ? new Date() : null,
      consentVersion: body.accepted ? body.consentVersion : null,
    });
    if (!after) throw sessionEnded();
    await recordAudit(tx, caller, {
      clientId: user.clientId,
      action: body.accepted ? 'user.consent_given' : 'user.consent_withdrawn',
      entityType: 'user',
      entityId: user.id,
      before: { consentVersion: user.consentVersion },
      after: { consentVersion: after.consentVersion },
    });
    return toProfile(after);
  });
}
