import type { AccessRule, RoleCode } from '@sapa/contracts';
import type { ApiKeyActor, UserActor } from './actor.js';

/** Who is calling, for which client: read by every route as `request.ctx` (never from the body). */
export type SessionContext = Readonly<{
  userId: string;
  sessionId: string;
  /** The client the user belongs to; their rows live under it. */
  homeClientId: string;
  /** The client this session acts for: the user's own, or the one a super admin switched to. */
  clientId: string;
  role: RoleCode;
  name: string;
  email: string;
  chatRole: string | null;
  csId: string | null;
  /** The active client's feature mask. */
  features: number;
  mainFeature: string | null;
  /**
   * The active client's subscription, read with the session on every authenticated request; null when
   * the client has none. Absent on contexts built by login, refresh and client switch.
   */
  subscription?: Readonly<{ isTrial: boolean; expiredAt: number }> | null;
}>;

export type RequestContext = {
  requestId: string;
  /** The caller as services take it (ARCHITECTURE §3); null on public routes. */
  actor: UserActor | null;
  /** The client system calling the public API (rules of kind `apiKey`); null everywhere else. */
  apiKey: ApiKeyActor | null;
};

/** A registered route (one method) and the rule it declared. */
export type RouteAccess = { method: string; url: string; rule: AccessRule | undefined };

/** The rule every route declares in `config.access`; its type and builders live in contracts. */
export { type AccessRule, access } from '@sapa/contracts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its access rule (access-policy plugin). */
    routeAccess(): RouteAccess[];
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    /** Unsafe methods need the CSRF header unless this is set (login and refresh, which have no session yet). */
    csrfExempt?: boolean;
    /** The route sanitises text itself: the text guard lets NUL bytes and lone surrogates through. */
    rawText?: boolean;
  }
}
