import { FEATURE_BITS, type FeatureFlag, type RoleCode } from '@sapa/contracts';
import { AppError } from './errors.js';

/** The person whose rights apply: a signed-in user, or the user a job works for. */
export type Principal = Readonly<{
  userId: string;
  role: RoleCode;
  chatRole: string | null;
  csId: string | null;
  email: string;
}>;

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
  }
>;

/** A client's API key (the public API): no portal role, only the features it was given. */
export type ApiKeyActor = Readonly<{ kind: 'apiKey'; clientId: string; keyId: string; features: number }>;

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

export function actorFromSession(session: SessionFields): UserActor {
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
