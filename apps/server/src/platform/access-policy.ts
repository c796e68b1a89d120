import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiKeyActor, actorFromSession, requireFeatureOpen } from './actor.js';
import { verifyCsrfToken } from './csrf.js';
import { AppError } from './errors.js';
import type { AccessRule, RouteAccess, SessionContext } from './request-context.js';

/** A kept session may answer at once (decision 0066): the hook then finishes without a promise. */
export type SessionResolver = (bearerToken: string) => Promise<SessionContext | null> | SessionContext | null;
/** The client an API secret belongs to, as the caller of the public API; null when wrong or revoked. */
export type ApiKeyResolver = (apiSecret: string) => Promise<ApiKeyActor | null>;
/** Whether a role holds a right; read per request so an edit by the super admin applies at once. */
export type RightChecker = (role: SessionContext['role'], right: string) => Promise<boolean>;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type UserRule = Extract<AccessRule, { kind: 'authenticated' }>;

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

export class MissingAccessRuleError extends Error {}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Every route declares who may call it; a route without a rule stops the app from starting, so no
 * endpoint is ever open by accident. The same hook authenticates, checks role, feature and CSRF.
 */
export const accessPolicyPlugin = fp<{
  resolveSession: SessionResolver;
  /** Absent where no public API is served (tests of other rules): an API call then answers 401. */
  resolveApiKey?: ApiKeyResolver;
  hasRight: RightChecker;
  csrfKey: Buffer;
}>(
  async (app: FastifyInstance, { resolveSession, resolveApiKey, hasRight, csrfKey }) => {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    // Every route and its rule, for audits (the role × operation test reads it); methods one by one.
    app.decorate('routeAccess', (): RouteAccess[] =>
      routes.flatMap((route) =>
        [route.method].flat().map((method) => ({ method, url: route.url, rule: route.config?.access })),
      ),
    );
    app.addHook('onReady', async () => {
      const missing = routes
        .filter((route) => !route.config?.access)
        .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
      if (missing.length > 0) {
        throw new MissingAccessRuleError(`Routes without an access rule: ${missing.join('; ')}`);
      }
    });

    app.decorateRequest('ctx', null as never);
    /** The checks after authentication, for a user's session; a promise only when a right is read. */
    function admitUser(
      request: FastifyRequest,
      rule: UserRule,
      session: SessionContext,
    ): Promise<void> | undefined {
      const actor = actorFromSession(session);
      request.ctx.actor = actor;

      if (UNSAFE_METHODS.has(request.method) && !request.routeOptions.config?.csrfExempt) {
        const header = request.headers['x-csrf-token'];
        if (typeof header !== 'string' || !verifyCsrfToken(csrfKey, session.sessionId, header)) {
          throw new AppError(
            403,
            'csrf_invalid',
            'The security token of this request is missing or invalid.',
          );
        }
      }
      if (!admitsCaller(rule, session)) throw new AppError(403, 'forbidden', 'Your role may not do this.');
      if (rule.right) {
        const right = rule.right;
        return hasRight(session.role, right).then((held) => {
          if (!held) throw new AppError(403, 'forbidden', 'Your role may not do this.');
          if (rule.feature) requireFeatureOpen(actor, rule.feature);
        });
      }
      if (rule.feature) requireFeatureOpen(actor, rule.feature);
      return undefined;
    }

    const sessionEnded = () =>
      new AppError(401, 'unauthorized', 'Your session has ended. Please log in again.');

    async function admitApiKey(request: FastifyRequest, rule: AccessRule & { kind: 'apiKey' }) {
      // A system's secret, not a browser session: no CSRF (no cookie), no role; the feature is the gate.
      const secret = bearerToken(request);
      const apiKey = secret && resolveApiKey ? await resolveApiKey(secret) : null;
      if (!apiKey) {
        throw new AppError(401, 'api_key_invalid', 'The API secret is missing, wrong or revoked.');
      }
      request.ctx.apiKey = apiKey;
      if (rule.feature) requireFeatureOpen(apiKey, rule.feature);
    }

    // A plain hook: a public route or a kept session (decision 0066) is admitted without a promise; a
    // session or API secret being looked up, or a right being read, finishes when its promise does.
    app.addHook('onRequest', (request, _reply, done) => {
      request.ctx = { requestId: String(request.id), actor: null, apiKey: null };
      // The 404 handler has no rule: nothing to protect there.
      const rule: AccessRule | undefined = request.routeOptions.config?.access;
      if (!rule || rule.kind === 'public') return done();
      if (rule.kind === 'apiKey') {
        admitApiKey(request, rule).then(() => done(), done);
        return;
      }

      const token = bearerToken(request);
      const found = token ? resolveSession(token) : null;
      if (!isPromise(found)) {
        if (!found) return done(sessionEnded());
        const admitted = admitUser(request, rule, found);
        if (admitted) admitted.then(() => done(), done);
        else done();
        return;
      }
      found
        .then((session) => {
          if (!session) throw sessionEnded();
          return admitUser(request, rule, session);
        })
        .then(() => done(), done);
    });
  },
  { name: 'access-policy' },
);

/** The public API's caller, for a route whose rule is `apiKey` (the hook has authenticated it). */
export function apiKeyOf(request: FastifyRequest): ApiKeyActor {
  const apiKey = request.ctx.apiKey;
  if (!apiKey) throw new AppError(401, 'api_key_invalid', 'The API secret is missing, wrong or revoked.');
  return apiKey;
}

/**
 * Whether a rule's roles admit the caller: by portal role, or by chat role when the rule names chat
 * roles. Rights and features are checked apart. Pure, so the role × operation test reads the same rule.
 */
export function admitsCaller(rule: AccessRule, caller: Pick<SessionContext, 'role' | 'chatRole'>): boolean {
  if (rule.kind === 'public') return true;
  // A person's session never calls the public API: that takes the client's API secret.
  if (rule.kind === 'apiKey') return false;
  if (!rule.roles && !rule.chatRoles) return true;
  if (rule.roles?.includes(caller.role)) return true;
  return Boolean(caller.chatRole && rule.chatRoles?.some((chatRole) => chatRole === caller.chatRole));
}
