import { identityOperations, type Me, MeSchema } from '@sapa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorFromSession } from '../../platform/actor.js';
import { sendPreparedJson } from '../../platform/integrity.js';
import { routeOperation } from '../../platform/operation-route.js';
import type { SessionContext } from '../../platform/request-context.js';
import { type ClientRow, getClient } from '../clients/index.js';
import {
  completeMfaLogin,
  getMe,
  type IdentityDeps,
  login,
  logout,
  refreshSession,
  switchOwnClient,
} from './identity.service.js';

const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** From here the response belongs to the new session: it gets its CSRF token and integrity hash. */
function actAs(request: FastifyRequest, context: SessionContext) {
  request.ctx.actor = actorFromSession(context);
}

export const identityRoutes: FastifyPluginAsyncZod<{
  deps: IdentityDeps;
  loginRateLimitPerMinute: number;
}> = async (app, { deps, loginRateLimitPerMinute }) => {
  const { db } = deps;

  routeOperation(app, identityOperations.getPublicKey, () => ({
    algorithm: 'RSA-OAEP-256' as const,
    publicKey: deps.loginKey.publicKey,
  }));

  // No session yet: login, its second step and the refresh carry no CSRF token.
  const loginLimit = {
    csrfExempt: true,
    rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
  };
  routeOperation(
    app,
    identityOperations.login,
    async (request) => {
      const outcome = await login(deps, request.body, originOf(request));
      if (outcome.kind === 'mfa') return outcome.challenge;
      actAs(request, outcome.context);
      return outcome.state;
    },
    { config: loginLimit },
  );
  routeOperation(
    app,
    identityOperations.loginWithCode,
    async (request) => {
      const { state, context } = await completeMfaLogin(deps, request.body, originOf(request));
      actAs(request, context);
      return state;
    },
    { config: loginLimit },
  );
  routeOperation(
    app,
    identityOperations.refreshAccessToken,
    async (request) => {
      const { state, context } = await refreshSession(deps, request.body.refreshToken);
      actAs(request, context);
      return state;
    },
    { config: { csrfExempt: true } },
  );

  routeOperation(app, identityOperations.logout, (request) => logout(db, request.ctx.actor!));
  // A caller's `/me` is answered again and again while their kept session and client row stay the same
  // objects (decision 0066): built, validated and serialized once for that pair, and signed once per session.
  const keptMe = new WeakMap<object, { client: ClientRow; me: Me }>();
  const readClient = deps.activeClient ?? getClient;
  const operation = identityOperations.getMe;
  routeOperation(app, operation, async (request, reply) => {
    const actor = request.ctx.actor!;
    const client = await readClient(db, actor.clientId);
    let kept = keptMe.get(actor);
    if (kept?.client !== client) {
      kept = { client, me: await getMe(db, actor, async () => client) };
      keptMe.set(actor, kept);
    }
    return sendPreparedJson(reply, MeSchema, kept.me) as never;
  });
  routeOperation(app, identityOperations.switchOwnClient, async (request) => {
    const { state, context } = await switchOwnClient(deps, request.ctx.actor!, request.body.clientId);
    actAs(request, context);
    return state;
  });
};
