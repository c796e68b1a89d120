import { createHash, randomBytes } from 'node:crypto';
import {
  type AgentStatus,
  type ChatRole,
  featureFlagsFromMask,
  isRoleCode,
  type LoginRequest,
  type Me,
  type MfaChallenge,
  type RoleCode,
  type Session,
  type User,
} from '@sapa/contracts';
import type { Config } from '../../config.js';
import { newId } from '../../lib/ids.js';
import { type Actor, type ApiKeyActor, requireUser, type UserActor } from '../../platform/actor.js';
import type { Database, Executor } from '../../platform/database.js';
import { integrityKeyFor } from '../../platform/integrity.js';
import type { SessionContext } from '../../platform/request-context.js';
import type { Keys } from '../../platform/secrets.js';
import {
  type ClientRow,
  getClient,
  listAccessibleClientIds,
  toClientInfo,
  unsafeFindClientByApiSecret,
} from '../clients/index.js';
import { findSubscription } from '../subscriptions/index.js';
import { recordActivity } from '../usage/index.js';
import { signAccessToken, verifyAccessToken } from './access-token.js';
import {
  accountDeactivated,
  accountLocked,
  accountPending,
  clientDeactivated,
  invalidCredentials,
  mfaChallengeInvalid,
  mfaCodeInvalid,
  refreshTokenReused,
  sessionEnded,
  tooManyAttempts,
  undecryptablePassword,
} from './identity.errors.js';
import {
  claimRefreshToken,
  findLiveSession,
  findSession,
  findUser,
  insertRefreshToken,
  insertSession,
  recordSuccessfulLogin,
  retireRefreshTokens,
  revokeSessions,
  setSessionActiveClient,
  unsafeDeleteExpiredAuthRows,
  unsafeFindRefreshTokenByHash,
  unsafeFindUserByEmail,
} from './identity.repository.js';
import type { UserRow } from './identity.tables.js';
import type { LoginKey } from './login-key.js';
import { countFailure, isPaused, type PauseConfig } from './login-pause.js';
import { acceptTotp, signMfaChallenge, verifyMfaChallenge } from './mfa.js';
import { verifyAgainstDummy, verifyPassword } from './password.js';

export type IdentityDeps = {
  db: Database;
  keys: Keys;
  loginKey: LoginKey;
  /**
   * The agent's status as the inbox holds it (the inbox owns presence); the session state reports it.
   * Without it (tools, some tests) every session says offline.
   */
  agentStatusOf?: (db: Executor, clientId: string, csId: string) => Promise<AgentStatus | null>;
  /** Tells the inbox a user's new name, in the rename's transaction: one display name everywhere. */
  userRenamed?: UserRenamed;
  /** The active client's row for `/me`; a kept copy where the app has a session cache (decision 0049). */
  activeClient?: (db: Database, clientId: string) => Promise<ClientRow>;
  config: Pick<Config, 'accessTokenTtlSeconds' | 'sessionMaxDays'> & PauseConfig;
};

export type UserRenamed = (db: Executor, clientId: string, userId: string, name: string) => Promise<void>;

export type RequestOrigin = { ip: string | undefined; userAgent: string | undefined };

const DAY_MS = 86_400_000;

const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');

function roleOf(user: UserRow): RoleCode {
  // Roles are validated on write; an unknown code in the table is a bug, not a user error.
  if (!isRoleCode(user.role)) throw new Error(`User ${user.id} has an unknown role`);
  return user.role;
}

/** The session state of spec §3 for a user acting for `activeClientId`, with a fresh token pair. */
async function issueSessionState(
  deps: IdentityDeps,
  tx: Executor,
  user: UserRow,
  session: { id: string; activeClientId: string; expiresAt: Date },
  /** The active client's row when the caller has just read it (a login reads the home client). */
  known?: ClientRow,
): Promise<Session> {
  const refreshToken = randomBytes(32).toString('base64url');
  await insertRefreshToken(tx, {
    clientId: user.clientId,
    id: newId(),
    sessionId: session.id,
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: session.expiresAt,
  });
  const { token, expiresAt } = await signAccessToken(
    deps.keys.jwt,
    { userId: user.id, sessionId: session.id, homeClientId: user.clientId },
    deps.config.accessTokenTtlSeconds,
  );
  const role = roleOf(user);
  const client = known?.id === session.activeClientId ? known : await getClient(tx, session.activeClientId);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    role,
    token,
    refreshToken,
    expiryTime: Math.min(expiresAt, session.expiresAt.getTime()),
    sessionExpiryTime: session.expiresAt.getTime(),
    integrityKey: integrityKeyFor(deps.keys.integrity, session.id),
    features: featureFlagsFromMask(client.features),
    clientId: client.id,
    clientIds: await listAccessibleClientIds(tx, role, user.clientId),
    mainFeature: client.mainFeature,
    chatRole: (user.chatRole as ChatRole | null) ?? null,
    csId: user.csId,
    clientInfo: toClientInfo(client),
    status: (user.csId && (await deps.agentStatusOf?.(tx, user.clientId, user.csId))) || 'offline',
    package: null,
  };
}

function passwordOf(deps: IdentityDeps, body: LoginRequest): string {
  if (body.encryptedPassword !== undefined) {
    const password = deps.loginKey.decrypt(body.encryptedPassword);
    if (password === undefined) throw undecryptablePassword();
    return password;
  }
  return body.password ?? '';
}

function assertMayLogIn(user: UserRow) {
  if (user.status === 'locked') throw accountLocked();
  if (user.status === 'deactivated') throw accountDeactivated();
  if (user.status === 'pending') throw accountPending();
}

export type LoginOutcome =
  | { kind: 'session'; state: Session; sessionId: string; context: SessionContext }
  | { kind: 'mfa'; challenge: MfaChallenge };

/**
 * Counts a failed credential (password or MFA code) towards the pause; answers whether the user is
 * paused now. A pause never ends the user's sessions: a stranger guessing must not log them out.
 */
async function failLogin(deps: IdentityDeps, user: UserRow): Promise<boolean> {
  const { db } = deps;
  const paused = await countFailure(db, deps.config, user);
  await recordActivity(db, {
    clientId: user.clientId,
    userId: user.id,
    type: 'LOGIN',
    event: 'login',
    result: paused ? 'paused' : 'failed',
  });
  return paused;
}

async function assertHomeClientActive(db: Executor, user: UserRow) {
  const home = await getClient(db, user.clientId);
  if (home.status !== 'active') throw clientDeactivated();
  return home;
}

/**
 * First login step. Without MFA it answers the session state; with MFA on, a short-lived challenge
 * that `completeMfaLogin` trades, with a valid code, for the session state.
 */
export async function login(
  deps: IdentityDeps,
  body: LoginRequest,
  origin: RequestOrigin,
): Promise<LoginOutcome> {
  const { db } = deps;
  const password = passwordOf(deps, body);
  const user = await unsafeFindUserByEmail(db, body.username.trim());
  // Unknown, wrong and paused all answer alike after one hash check: nothing tells them apart, not
  // even the time taken (decision 0016).
  if (!user) {
    await verifyAgainstDummy(password);
    throw invalidCredentials();
  }
  const passwordOk = await verifyPassword(user.passwordHash, password);
  // Guesses during a pause are refused without being counted, the right password too.
  if (isPaused(user)) throw invalidCredentials();
  if (!passwordOk) {
    await failLogin(deps, user);
    throw invalidCredentials();
  }
  assertMayLogIn(user);
  const home = await assertHomeClientActive(db, user);
  if (user.mfaEnabled) return { kind: 'mfa', challenge: await signMfaChallenge(deps.keys.jwt, user) };
  return { kind: 'session', ...(await startSession(deps, user, home.features, origin, home)) };
}

/** Second login step: the challenge of the first and a TOTP code; a wrong code counts as a failed login, towards the pause. */
export async function completeMfaLogin(
  deps: IdentityDeps,
  body: { challenge: string; token: string },
  origin: RequestOrigin,
) {
  const { db } = deps;
  const claims = await verifyMfaChallenge(deps.keys.jwt, body.challenge);
  if (!claims) throw mfaChallengeInvalid();
  const user = await findUser(db, claims.clientId, claims.userId);
  if (!user?.mfaEnabled || !user.mfaSecret) throw mfaChallengeInvalid();
  assertMayLogIn(user);
  const home = await assertHomeClientActive(db, user);
  // The password was right, so saying "paused" here tells a guesser nothing new.
  if (isPaused(user)) throw tooManyAttempts();
  if (!(await acceptTotp(db, deps.keys, user, body.token)))
    throw (await failLogin(deps, user)) ? tooManyAttempts() : mfaCodeInvalid();
  return startSession(deps, user, home.features, origin, home);
}

export async function startSession(
  deps: IdentityDeps,
  user: UserRow,
  features: number,
  origin: RequestOrigin,
  /** The home client's row, already read by the caller: not read again in the transaction. */
  home?: ClientRow,
) {
  const { db } = deps;
  const sessionId = newId();
  const expiresAt = new Date(Date.now() + deps.config.sessionMaxDays * DAY_MS);
  const state = await db.transaction(async (tx) => {
    await recordSuccessfulLogin(tx, user.clientId, user.id);
    await insertSession(tx, {
      clientId: user.clientId,
      id: sessionId,
      userId: user.id,
      activeClientId: user.clientId,
      expiresAt,
      ip: origin.ip ?? null,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
    });
    await recordActivity(tx, {
      clientId: user.clientId,
      userId: user.id,
      type: 'LOGIN',
      event: 'login',
      result: 'success',
    });
    return issueSessionState(
      deps,
      tx,
      user,
      { id: sessionId, activeClientId: user.clientId, expiresAt },
      home,
    );
  });
  return { state, sessionId, context: contextOf(state, sessionId, user.clientId, features) };
}

function contextOf(
  state: Session,
  sessionId: string,
  homeClientId: string,
  features: number,
): SessionContext {
  return {
    userId: state.userId,
    sessionId,
    homeClientId,
    clientId: state.clientId,
    role: state.role,
    name: state.name,
    email: state.email,
    chatRole: state.chatRole,
    csId: state.csId,
    features,
    mainFeature: state.mainFeature,
  };
}

/**
 * Rotates a refresh token. Each token works once; presenting a used one means it leaked, so the whole
 * session (the token family) is revoked and both holders must log in again.
 */
export async function refreshSession(
  deps: IdentityDeps,
  refreshToken: string,
): Promise<{ state: Session; context: SessionContext }> {
  const { db } = deps;
  const token = await unsafeFindRefreshTokenByHash(db, hashRefreshToken(refreshToken));
  if (!token) throw sessionEnded();
  const reuse = async () => {
    await revokeSessions(db, token.clientId, { sessionId: token.sessionId }, 'refresh_token_reuse');
    return refreshTokenReused();
  };
  if (token.usedAt) throw await reuse();

  const session = await findSession(db, token.clientId, token.sessionId);
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw sessionEnded();
  const user = await findUser(db, session.clientId, session.userId);
  if (user?.status !== 'active') throw sessionEnded();

  const state = await db.transaction(async (tx) => {
    if (!(await claimRefreshToken(tx, token.clientId, token.id))) return null;
    return issueSessionState(deps, tx, user, session);
  });
  // Another request claimed this token between our read and our update: the same reuse.
  if (!state) throw await reuse();
  const active = await getClient(db, session.activeClientId);
  return { state, context: contextOf(state, session.id, user.clientId, active.features) };
}

export async function logout(db: Database, actor: Actor) {
  const { homeClientId, sessionId } = requireUser(actor);
  await revokeSessions(db, homeClientId, { sessionId }, 'logout');
  return { loggedOut: true };
}

/**
 * The public API's caller: the client an API secret belongs to, with its features and trial terms (an
 * expired trial is refused like a person's session). Null for a wrong or revoked secret or an inactive client.
 */
export async function resolveApiKey(db: Executor, apiSecret: string): Promise<ApiKeyActor | null> {
  const found = await unsafeFindClientByApiSecret(db, apiSecret);
  if (!found) return null;
  const terms = await findSubscription(db, found.client.id);
  return {
    kind: 'apiKey',
    clientId: found.client.id,
    keyId: found.keyId,
    features: found.client.features,
    subscription: terms ? { isTrial: terms.isTrial, expiredAt: terms.expiredAt } : null,
    phoneCountry: found.client.countryCode,
  };
}

/** Turns a bearer token into the caller's context; null when the token or its session is no longer good. */
export async function resolveSession(deps: Pick<IdentityDeps, 'db' | 'keys'>, bearer: string) {
  return (await verifySession(deps, bearer))?.session ?? null;
}

/**
 * The caller's context behind a bearer token, and until when (epoch ms) the token and its session
 * last; null when either is no longer good. One query: what a cache of sessions keeps (decision 0049).
 */
export async function verifySession(
  deps: Pick<IdentityDeps, 'db' | 'keys'>,
  bearer: string,
): Promise<{ session: SessionContext; expiresAt: number } | null> {
  const claims = await verifyAccessToken(deps.keys.jwt, bearer);
  if (!claims) return null;
  const row = await findLiveSession(deps.db, claims.homeClientId, claims.sessionId, claims.userId);
  if (!row) return null;
  const { role, isTrial, expiredAt, sessionExpiresAt, ...rest } = row;
  if (!isRoleCode(role)) return null;
  const subscription = isTrial === null || expiredAt === null ? null : { isTrial, expiredAt };
  const session = { ...rest, role, sessionId: claims.sessionId, subscription } satisfies SessionContext;
  return { session, expiresAt: Math.min(claims.expiresAt, sessionExpiresAt.getTime()) };
}

/**
 * False once the session was logged out, revoked, expired, its user deactivated, or it now acts for
 * another client (a super admin switched): the live socket then closes and the browser reconnects.
 */
export async function isSessionLive(db: Database, user: UserActor): Promise<boolean> {
  const row = await findLiveSession(db, user.homeClientId, user.sessionId, user.userId);
  return row !== null && row.clientId === user.clientId;
}

/** The signed-in caller as their session sees them; the live-session check already proved the user active. */
export async function getMe(
  db: Database,
  actor: Actor,
  activeClient: (db: Database, clientId: string) => Promise<ClientRow> = getClient,
): Promise<Me> {
  const user = requireUser(actor);
  const client = await activeClient(db, user.clientId);
  return {
    userId: user.userId,
    name: user.name,
    email: user.email,
    role: user.role,
    chatRole: (user.chatRole as ChatRole | null) ?? null,
    csId: user.csId,
    status: 'active',
    clientId: client.id,
    homeClientId: user.homeClientId,
    features: featureFlagsFromMask(client.features),
    mainFeature: client.mainFeature,
    clientInfo: toClientInfo(client),
  };
}

export function toUser(row: UserRow): User {
  return {
    userId: row.id,
    clientId: row.clientId,
    name: row.name,
    email: row.email,
    role: roleOf(row),
    chatRole: (row.chatRole as ChatRole | null) ?? null,
    csId: row.csId,
    // A paused user shows as locked to administrators, who may end the pause (unlock).
    status: row.status === 'active' && isPaused(row) ? 'locked' : row.status,
    mfaEnabled: row.mfaEnabled,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A super admin acts for another client: same session, new token pair, the new client's features. */
export async function switchOwnClient(
  deps: IdentityDeps,
  actor: Actor,
  clientId: string,
): Promise<{ state: Session; context: SessionContext }> {
  const { db } = deps;
  const { homeClientId, sessionId, userId } = requireUser(actor);
  const target = await getClient(db, clientId);
  const user = await findUser(db, homeClientId, userId);
  const stored = await findSession(db, homeClientId, sessionId);
  if (!user || !stored) throw sessionEnded();
  const state = await db.transaction(async (tx) => {
    await setSessionActiveClient(tx, homeClientId, sessionId, target.id);
    await retireRefreshTokens(tx, homeClientId, sessionId);
    await recordActivity(tx, {
      clientId: homeClientId,
      userId,
      type: 'USER',
      event: 'switch_client',
      result: target.id,
    });
    return issueSessionState(deps, tx, user, { ...stored, activeClientId: target.id });
  });
  return { state, context: contextOf(state, sessionId, homeClientId, target.features) };
}

export async function purgeExpiredAuth(db: Database) {
  return unsafeDeleteExpiredAuthRows(db, 30);
}
