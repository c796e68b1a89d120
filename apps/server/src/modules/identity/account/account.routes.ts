import {
  ChangePasswordRequestSchema,
  ConsentRequestSchema,
  ErrorBodySchema,
  ForgotPasswordQuerySchema,
  ForgotPasswordResultSchema,
  MfaActivationSchema,
  MfaStatusSchema,
  MfaTokenRequestSchema,
  ProfileRequestSchema,
  ProfileSchema,
  ResetPasswordRequestSchema,
  ValidatePasswordRequestSchema,
  ValidationAnswerSchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/audit/index.js';
import { access } from '../../../platform/request-context.js';
import {
  type AccountDeps,
  activateMfa,
  changePassword,
  deactivateMfa,
  getProfile,
  requestPasswordReset,
  resetPassword,
  updateConsent,
  updateProfile,
  validatePassword,
  verifyMfa,
} from './account.service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema };

/** Account security of the caller: password, reset by mail, TOTP MFA, profile and consent. */
export const accountRoutes: FastifyPluginAsyncZod<{
  deps: AccountDeps;
  rateLimitPerMinute: number;
  resetRequestsPerHour: number;
}> = async (app, { deps, rateLimitPerMinute, resetRequestsPerHour }) => {
  const { db } = deps;

  app.post(
    '/api/users/changePassword',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['account'],
        summary:
          'Change my password (old, new, confirm). Policy: at least 10 characters, not my email, not the current password. My other sessions end.',
        security,
        body: ChangePasswordRequestSchema,
        response: { 200: z.object({ changed: z.boolean() }), ...errors, 429: ErrorBodySchema },
      },
    },
    async (request) => changePassword(deps, actorOf(request), request.body),
  );

  app.post(
    '/api/users/validatePassword',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['account'],
        summary: 'Server-side validation of a password change against the policy',
        security,
        body: ValidatePasswordRequestSchema,
        response: { 200: ValidationAnswerSchema },
      },
    },
    async (request) => validatePassword(request.ctx.session!, request.body),
  );

  app.get(
    '/api/auth/forgotPassword',
    {
      // Per source address and hour: each request may mail someone, so the budget is small.
      config: { access: access.public(), rateLimit: { max: resetRequestsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary:
          'Forgot password: mails a reset link (single use, 30 minutes); the answer never says whether the email has an account',
        querystring: ForgotPasswordQuerySchema,
        response: { 200: ForgotPasswordResultSchema, 429: ErrorBodySchema },
      },
    },
    async (request) => requestPasswordReset(deps, request.query.email),
  );

  app.post(
    '/api/auth/resetPassword',
    {
      config: {
        access: access.public(),
        csrfExempt: true,
        rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Reset the password with the token of the mailed link; every session of the account ends',
        body: ResetPasswordRequestSchema,
        response: { 200: z.object({ reset: z.boolean() }), 400: ErrorBodySchema, 410: ErrorBodySchema },
      },
    },
    async (request) => resetPassword(deps, request.body),
  );

  app.get(
    '/api/users/mfa',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['account'],
        summary: 'Whether MFA is on for me',
        security,
        response: { 200: MfaStatusSchema },
      },
    },
    async (request) => ({ mfaEnabled: (await getProfile(db, request.ctx.session!)).mfaEnabled }),
  );

  app.get(
    '/api/users/mfa/activate',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['account'],
        summary: 'Start TOTP MFA: answers an otpauth URI (show it as a QR code) and its secret',
        security,
        response: { 200: MfaActivationSchema, 409: ErrorBodySchema },
      },
    },
    async (request) => activateMfa(deps, request.ctx.session!),
  );

  app.post(
    '/api/users/mfa/verify',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['account'],
        summary: 'Turn MFA on with a code from the authenticator ({token})',
        security,
        body: MfaTokenRequestSchema,
        response: { 200: MfaStatusSchema, ...errors },
      },
    },
    async (request) => verifyMfa(deps, actorOf(request), request.body.token),
  );

  app.post(
    '/api/users/mfa/deactivate',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['account'],
        summary: 'Turn MFA off with a current code ({token})',
        security,
        body: MfaTokenRequestSchema,
        response: { 200: MfaStatusSchema, ...errors, 429: ErrorBodySchema },
      },
    },
    async (request) => deactivateMfa(deps, actorOf(request), request.body.token),
  );

  app.get(
    '/api/users/profile',
    {
      config: { access: access.authenticated() },
      schema: { tags: ['account'], summary: 'My profile', security, response: { 200: ProfileSchema } },
    },
    async (request) => getProfile(db, request.ctx.session!),
  );

  app.put(
    '/api/users/profile',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['account'],
        summary: 'Edit my profile',
        security,
        body: ProfileRequestSchema,
        response: { 200: ProfileSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => updateProfile(db, actorOf(request), request.body),
  );

  app.put(
    '/api/users/consent',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['account'],
        summary: 'Give or withdraw my consent to the terms (with their version)',
        security,
        body: ConsentRequestSchema,
        response: { 200: ProfileSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => updateConsent(db, actorOf(request), request.body),
  );
};
