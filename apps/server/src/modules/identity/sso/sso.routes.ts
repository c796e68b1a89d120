import { ErrorBodySchema, IdentityProviderRequestSchema, IdentityProviderSchema } from '@sapa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/audit/index.js';
import { AppError } from '../../../platform/errors.js';
import { access } from '../../../platform/request-context.js';
import {
  completeOidc,
  completeSso,
  createIdentityProvider,
  listIdentityProviders,
  type SsoDeps,
  startSso,
} from './sso.service.js';

const providerParams = z.object({ providerId: z.string().max(100) });

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

  app.get(
    '/api/auth/sso/:providerId',
    {
      config: { access: access.public(), rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          "Start SSO: redirects to the identity provider's sign-on page. Errors: 'Provider invalid', 'Relay state invalid'",
        params: providerParams,
        querystring: z.object({
          relayState: z
            .string()
            .max(500)
            .optional()
            .describe('The portal path to return to, such as /dashboard'),
        }),
        response: { 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const url = await startSso(deps, request.params.providerId, request.query.relayState);
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/api/auth/sso/:providerId/acs',
    {
      config: {
        access: access.public(),
        csrfExempt: true,
        rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Assertion consumer service: the identity provider posts its signed SAML response; redirects to the portal with a single-use refresh token in the URL fragment, or with error and errorMessage when sign-in fails',
        params: providerParams,
        body: z.object({
          SAMLResponse: z.string().max(400_000).optional(),
          RelayState: z.string().max(500).optional(),
        }),
        response: { 400: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      backToPortal(request, reply, () =>
        completeSso(deps, request.params.providerId, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  app.get(
    '/api/auth/sso/:providerId/callback',
    {
      config: { access: access.public(), rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'OpenID Connect redirect URI: the provider sends the browser back with a code; redirects to the portal with a single-use refresh token in the URL fragment, or with error and errorMessage when sign-in fails',
        params: providerParams,
        querystring: z.object({ code: z.string().optional(), state: z.string().optional() }).loose(),
        response: { 400: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      backToPortal(request, reply, () =>
        completeOidc(deps, request.params.providerId, request.url.split('?')[1] ?? '', {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  app.get(
    '/api/clients/:clientId/identityProviders',
    {
      config: { access: access.roles('SAD') },
      schema: {
        tags: ['clients'],
        summary: 'The identity providers of a client (super admin)',
        security: [{ bearer: [] }],
        params: z.object({ clientId: z.string() }),
        response: { 200: z.array(IdentityProviderSchema), 404: ErrorBodySchema },
      },
    },
    async (request) => listIdentityProviders(deps, request.params.clientId),
  );

  app.post(
    '/api/clients/:clientId/identityProviders',
    {
      config: { access: access.roles('SAD') },
      schema: {
        tags: ['clients'],
        summary: 'Add a SAML or OpenID Connect identity provider to a client (super admin)',
        security: [{ bearer: [] }],
        params: z.object({ clientId: z.string() }),
        body: IdentityProviderRequestSchema,
        response: { 200: IdentityProviderSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => createIdentityProvider(deps, actorOf(request), request.params.clientId, request.body),
  );
};
