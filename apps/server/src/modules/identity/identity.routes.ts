import {
  ErrorBodySchema,
  LoginMfaRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MeSchema,
  OwnClientIdRequestSchema,
  PublicKeySchema,
  RefreshRequestSchema,
  SessionSchema,
} from '@sapa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/request-context.js';
import {
  completeMfaLogin,
  getMe,
  type IdentityDeps,
  login,
  logout,
  refreshSession,
  switchOwnClient,
} from './identity.service.js';

const security = [{ bearer: [] }];

const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export const identityRoutes: FastifyPluginAsyncZod<{
  deps: IdentityDeps;
  loginRateLimitPerMinute: number;
}> = async (app, { deps, loginRateLimitPerMinute }) => {
  const { db } = deps;

  app.get(
    '/api/auth/publicKey',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary: 'The RSA-OAEP-256 key the browser encrypts the login password with',
        response: { 200: PublicKeySchema },
      },
    },
    async () => ({ algorithm: 'RSA-OAEP-256' as const, publicKey: deps.loginKey.publicKey }),
  );

  app.post(
    '/api/auth/login',
    {
      config: {
        access: access.public(),
        csrfExempt: true,
        rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Log in with username and password (or encryptedPassword). Answers the session state, or, when the account has MFA on, { mfaRequired, challenge } for POST /api/auth/login/mfa',
        body: LoginRequestSchema,
        response: {
          200: LoginResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          423: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const outcome = await login(deps, request.body, originOf(request));
      if (outcome.kind === 'mfa') return outcome.challenge;
      // From here the response belongs to the new session: it gets its CSRF token and integrity hash.
      request.ctx.session = outcome.context;
      return outcome.state;
    },
  );

  app.post(
    '/api/auth/login/mfa',
    {
      config: {
        access: access.public(),
        csrfExempt: true,
        rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Second login step: the challenge from /api/auth/login and the 6-digit TOTP code',
        body: LoginMfaRequestSchema,
        response: {
          200: SessionSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          423: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { state, context } = await completeMfaLogin(deps, request.body, originOf(request));
      request.ctx.session = context;
      return state;
    },
  );

  app.post(
    '/api/auth/refreshAccessToken',
    {
      config: { access: access.public(), csrfExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'Trade a refresh token for a new token pair (the refresh token is single-use)',
        body: RefreshRequestSchema,
        response: { 200: SessionSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const { state, context } = await refreshSession(deps, request.body.refreshToken);
      request.ctx.session = context;
      return state;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        security,
        response: { 200: z.object({ loggedOut: z.boolean() }) },
      },
    },
    async (request) => logout(db, request.ctx.session!),
  );

  app.get(
    '/api/users/me',
    {
      config: { access: access.authenticated() },
      schema: { tags: ['users'], summary: 'The logged-in user', security, response: { 200: MeSchema } },
    },
    async (request) => getMe(db, request.ctx.session!),
  );

  app.put(
    '/api/users/ownClientId',
    {
      config: { access: access.roles('SAD') },
      schema: {
        tags: ['users'],
        summary: 'Act for another client (super admin); answers the new session state',
        security,
        body: OwnClientIdRequestSchema,
        response: { 200: SessionSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const { state, context } = await switchOwnClient(deps, request.ctx.session!, request.body.clientId);
      request.ctx.session = context;
      return state;
    },
  );
};
