import {
  ErrorBodySchema,
  LoginRequestSchema,
  MeSchema,
  OwnClientIdRequestSchema,
  PublicKeySchema,
  RefreshRequestSchema,
  SessionSchema,
  UserSchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../lib/ids.js';
import { access } from '../../platform/request-context.js';
import { userNotFound } from './identity.errors.js';
import {
  getMe,
  getUser,
  type IdentityDeps,
  login,
  logout,
  refreshSession,
  switchOwnClient,
} from './identity.service.js';

const security = [{ bearer: [] }];

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
        summary: 'Log in with username and password (or encryptedPassword)',
        body: LoginRequestSchema,
        response: { 200: SessionSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const { state, context } = await login(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // From here the response belongs to the new session: it gets its CSRF token and integrity hash.
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

  app.get(
    '/api/users/:userId',
    {
      config: { access: access.roles('SAD', 'ADC', 'ADB', 'ADU') },
      schema: {
        tags: ['users'],
        summary: 'A user of the current client',
        security,
        params: z.object({ userId: z.string() }),
        response: { 200: UserSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!isId(request.params.userId)) throw userNotFound();
      return getUser(db, request.ctx.session!, request.params.userId);
    },
  );
};
