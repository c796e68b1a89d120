import {
  FEATURE_BITS,
  type FeatureFlag,
  isTrialExpired,
  type RoleCode,
  TRIAL_EXPIRED_CODE,
} from '@sapa/contracts';
import { AppError } from './errors.js';

/** The person whose rights apply: a signed-in user, or the user a job works for. */
export type Principal = Readonly<{
  userId: string;
  role: RoleCode;
  chatRole: string | null;
  csId: string | null;
  email: string;
}>;

/** The active client's subscription terms; null when it has none. */
export type SubscriptionTerms = Readonly<{ isTrial: boolean; expiredAt: number }>;

/** A signed-in user, from their session: what services read of the caller. */
export type UserActor = Readonly<
  Principal & {
    kind: 'user';
    clientId: string;
    /** The client the user belongs to (differs from `clientId` when a super admin switched client). */
    homeClientId: string;
    sessionId: string;
    name: string;
    /** The active client's feature mask. */
    features: number;
    /** Read with the session on every authenticated request; absent on actors built by login, refresh and client switch. */
    subscription?: SubscriptionTerms | null;
  }
>;

/** A client's API key (the public API): no portal role, only the features it was given. */
export type ApiKeyActor = Readonly<{
  kind: 'apiKey';
  clientId: string;
  keyId: string;
  features: number;
  subscription?: SubscriptionTerms | null;
  /**
   * The client's country (ISO code), in which a national phone number is read: from the client row the
   * key was resolved with, so it is kept and dropped with the key (decision 0071).
   */
  phoneCountry?: string;
}>;

/**
 * Work the system does for a client (a job). With `onBehalfOf` it is work a user asked for, and their
 * rights and scope apply (an agent's export holds only their rooms); without it the job acts client-wide.
 * Features are not checked again: the request that queued the work was.
 */
export type SystemActor = Readonly<{ kind: 'system'; clientId: string; job: string; onBehalfOf?: Principal }>;

/** Who calls a service (ARCHITECTURE §3): never the HTTP session, so jobs and the API call the same code. */
export type Actor = UserActor | ApiKeyActor | SystemActor;

/** What `actorFromSession` reads of a `SessionContext` (named here: request-context imports this file). */
type SessionFields = Omit<UserActor, 'kind'>;

/** The actor of each kept session object (decision 0066): a kept session answers the same actor every time. */
const actorsOfSessions = new WeakMap<SessionFields, UserActor>();

/**
 * The caller as services take it, from a session. A session object read from the session cache is the
 * same on every hit, so its actor is built once and shared: actors are read-only, and a changed session
 * is a new object (the cache drops the old one).
 */
export function actorFromSession(session: SessionFields): UserActor {
  let actor = actorsOfSessions.get(session);
  if (!actor) {
    actor = buildActor(session);
    actorsOfSessions.set(session, actor);
  }
  return actor;
}

function buildActor(session: SessionFields): UserActor {
  return {
    kind: 'user',
    clientId: session.clientId,
    homeClientId: session.homeClientId,
    sessionId: session.sessionId,
    userId: session.userId,
    role: session.role,
    chatRole: session.chatRole,
    csId: session.csId,
    email: session.email,
    name: session.name,
    features: session.features,
    ...(session.subscription !== undefined && { subscription: session.subscription }),
  };
}

/** A job's actor for work `requester` asked for. */
export function systemActor(clientId: string, job: string, onBehalfOf?: Principal): SystemActor {
  return onBehalfOf ? { kind: 'system', clientId, job, onBehalfOf } : { kind: 'system', clientId, job };
}

/** The person whose rights apply, or null for an API key or a client-wide job. */
export function principalOf(actor: Actor): Principal | null {
  if (actor.kind === 'user') return actor;
  if (actor.kind === 'system') return actor.onBehalfOf ?? null;
  return null;
}

/** The acting person, for what only a person does (usage metrics); an API key or a client-wide job is refused. */
export function requirePrincipal(actor: Actor): Principal {
  const principal = principalOf(actor);
  if (!principal) throw new AppError(403, 'forbidden', 'Only a signed-in person may do this.');
  return principal;
}

/** The signed-in user themselves, for what acts on their own account or session; anyone else is refused. */
export function requireUser(actor: Actor): UserActor {
  if (actor.kind !== 'user') throw new AppError(403, 'forbidden', 'Only a signed-in user may do this.');
  return actor;
}

/**
 * A super admin (a person): they reach any client. Never `hasRole`, which a client-wide job passes:
 * a job acts within its own client only.
 */
export function isSuperAdmin(actor: Actor): boolean {
  return principalOf(actor)?.role === 'SAD';
}

/** The client the actor belongs to: a user's home client (not the one a super admin switched to), else its client. */
export function homeClientOf(actor: Actor): string {
  return actor.kind === 'user' ? actor.homeClientId : actor.clientId;
}

/** A client-wide job: no person's scope narrows what it sees. */
export function isClientWide(actor: Actor): boolean {
  return actor.kind === 'system' && !actor.onBehalfOf;
}

/** What a service may require of its caller; every field present must hold. */
export type ActorRule = {
  /** Portal roles admitted (or any of `chatRoles`). A client-wide job passes; an API key has no role. */
  roles?: readonly RoleCode[];
  chatRoles?: readonly string[];
  feature?: FeatureFlag;
  /** The client the data belongs to: an actor of another client is refused. */
  clientId?: string;
};

/** Whether the actor satisfies the rule (the predicate behind `requireAccess`). */
export function allows(actor: Actor, rule: ActorRule): boolean {
  if (rule.clientId !== undefined && actor.clientId !== rule.clientId) return false;
  if (rule.feature && actor.kind !== 'system' && (actor.features & FEATURE_BITS[rule.feature]) === 0)
    return false;
  if (rule.roles || rule.chatRoles) {
    if (isClientWide(actor)) return true;
    const principal = principalOf(actor);
    if (!principal) return false;
    const byRole = rule.roles?.includes(principal.role) ?? false;
    const byChatRole = principal.chatRole !== null && (rule.chatRoles?.includes(principal.chatRole) ?? false);
    if (!byRole && !byChatRole) return false;
  }
  return true;
}

/** The one access gate services call; refuses with 403 as the route gate does. */
export function requireAccess(actor: Actor, rule: ActorRule): void {
  if (!allows(actor, rule)) throw new AppError(403, 'forbidden', 'Your role may not do this.');
}

/**
 * The client has the feature, and an expired trial (spec §4) closes every feature area until the
 * subscription is renewed; for features only known from the request (a channel named in it). A job is
 * not checked again: the request that queued it was.
 */
export function requireFeatureOpen(actor: Actor, feature: FeatureFlag): void {
  if (actor.kind === 'system') return;
  if ((actor.features & FEATURE_BITS[feature]) === 0) {
    throw new AppError(403, 'feature_disabled', `The ${feature} feature is not enabled for this client.`);
  }
  if (isTrialExpired(actor.subscription)) {
    const expiredOn = new Date(actor.subscription!.expiredAt).toISOString().slice(0, 10);
    throw new AppError(
      403,
      TRIAL_EXPIRED_CODE,
      `The trial of this client expired on ${expiredOn}. Ask your administrator to renew the subscription.`,
    );
  }
}

/** Whether the actor acts with one of `roles` (a client-wide job counts as every role). */
export function hasRole(actor: Actor, roles: readonly RoleCode[]): boolean {
  return allows(actor, { roles });
}

/** The acting person's chat role; null for an API key or a client-wide job. */
export function chatRoleOf(actor: Actor): string | null {
  return principalOf(actor)?.chatRole ?? null;
}

/** The acting person's agent id; null for an API key or a client-wide job. */
export function csIdOf(actor: Actor): string | null {
  return principalOf(actor)?.csId ?? null;
}

/** Who did it, for the "by" columns (createdBy, closedBy): the person's email, else the job or key. */
export function actorLabel(actor: Actor): string {
  if (actor.kind === 'apiKey') return `api-key:${actor.keyId}`;
  return principalOf(actor)?.email ?? `system:${actor.kind === 'system' ? actor.job : ''}`;
}
