import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import { IdentityProviderRequestSchema, IdentityProviderSchema } from './account.schemas.js';

const ProviderParamsSchema = z.object({ providerId: z.string().max(100) });
const ClientParamsSchema = z.object({ clientId: z.string() });

/**
 * SAML 2.0 and OpenID Connect sign-in per identity provider (spec §5, §7 "SSO redirect by
 * identity-provider id"): the browser itself goes to the start and comes back to the callbacks, which
 * answer redirects; the providers of a client are the super admin's.
 */
export const ssoOperations = {
  startSso: defineOperation({
    method: 'GET',
    path: '/api/auth/sso/:providerId',
    access: access.public(),
    tags: ['auth'],
    summary:
      "Start SSO: redirects to the identity provider's sign-on page. Errors: 'Provider invalid', 'Relay state invalid'",
    params: ProviderParamsSchema,
    query: z.object({
      relayState: z.string().max(500).optional().describe('The portal path to return to, such as /dashboard'),
    }),
    answer: { kind: 'redirect' },
    errors: [400],
  }),
  completeSaml: defineOperation({
    method: 'POST',
    path: '/api/auth/sso/:providerId/acs',
    access: access.public(),
    tags: ['auth'],
    summary:
      'Assertion consumer service: the identity provider posts its signed SAML response; redirects to the portal with a single-use refresh token in the URL fragment, or with error and errorMessage when sign-in fails',
    params: ProviderParamsSchema,
    body: z.object({
      SAMLResponse: z.string().max(400_000).optional(),
      RelayState: z.string().max(500).optional(),
    }),
    answer: { kind: 'redirect' },
    errors: [400],
  }),
  completeOidc: defineOperation({
    method: 'GET',
    path: '/api/auth/sso/:providerId/callback',
    access: access.public(),
    tags: ['auth'],
    summary:
      'OpenID Connect redirect URI: the provider sends the browser back with a code; redirects to the portal with a single-use refresh token in the URL fragment, or with error and errorMessage when sign-in fails',
    params: ProviderParamsSchema,
    query: z.object({ code: z.string().optional(), state: z.string().optional() }).loose(),
    answer: { kind: 'redirect' },
    errors: [400],
  }),
  listIdentityProviders: defineOperation({
    method: 'GET',
    path: '/api/clients/:clientId/identityProviders',
    access: access.roles('SAD'),
    tags: ['clients'],
    summary: 'The identity providers of a client (super admin)',
    params: ClientParamsSchema,
    response: z.array(IdentityProviderSchema),
    errors: [404],
  }),
  createIdentityProvider: defineOperation({
    method: 'POST',
    path: '/api/clients/:clientId/identityProviders',
    access: access.roles('SAD'),
    tags: ['clients'],
    summary: 'Add a SAML or OpenID Connect identity provider to a client (super admin)',
    params: ClientParamsSchema,
    body: IdentityProviderRequestSchema,
    response: IdentityProviderSchema,
    errors: [400, 404],
  }),
};
