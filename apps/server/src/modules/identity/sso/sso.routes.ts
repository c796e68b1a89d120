import { ssoOperations } from '@sapa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/audit/index.js';
import { AppError } from '../../../platform/errors.js';
import { routeOperation } from '../../../platform/operation-route.js';
import {
  completeOidc,
  completeSso,
  createIdentityProvider,
  listIdentityProviders,
  type SsoDeps,
  startSso,
} from './sso.service.js';

/** SAML 2.0 sign-in per identity provider (spec §5, §7 "SSO redirect by identity-provider id"). */
export const ssoRoutes: FastifyPluginAsyncZod<{ deps: SsoDeps; rateLimitPerMinute: number }> = async (
  app,
  { deps, rateLimitPerMinute },
) => {
  /**
   * The identity provider sent the browser here, so a failed sign-in goes back to the portal's SSO page
   * with the error's code and message (`#/sso?error=…&errorMessage=…`), not to a bare JSON answer.
   */
  async function backToPortal(request: FastifyRequest, reply: FastifyReply, complete: () => Promise<string>) {
    try {
      return reply.redirect(await complete(), 302);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      request.log.warn({ code: error.code }, 'sso sign-in failed');
      const fragment = new URLSearchParams({ error: error.code, errorMessage: error.message });
      return reply.redirect(`${deps.publicUrl}/#/sso?${fragment}`, 302);
    }
  }

  // Identity providers post their answer as an HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const rateLimit = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };

  routeOperation(
    app,
    ssoOperations.startSso,
    async (request, reply) => {
      const url = await startSso(deps, request.params.providerId, request.query.relayState);
      return reply.redirect(url, 302);
    },
    { config: rateLimit },
  );

  routeOperation(
    app,
    ssoOperations.completeSaml,
    async (request, reply) =>
      backToPortal(request, reply, () =>
        completeSso(deps, request.params.providerId, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
    { config: { csrfExempt: true, ...rateLimit } },
  );

  routeOperation(
    app,
    ssoOperations.completeOidc,
    async (request, reply) =>
      backToPortal(request, reply, () =>
        completeOidc(deps, request.params.providerId, request.url.split('?')[1] ?? '', {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
    { config: rateLimit },
  );

  routeOperation(app, ssoOperations.listIdentityProviders, async (request) =>
    listIdentityProviders(deps, request.params.clientId),
  );

  routeOperation(app, ssoOperations.createIdentityProvider, async (request) =>
    createIdentityProvider(deps, actorOf(request), request.params.clientId, request.body),
  );
};
