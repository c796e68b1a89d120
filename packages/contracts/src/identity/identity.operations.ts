import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import { LoginMfaRequestSchema, LoginResponseSchema } from './account.schemas.js';
import {
  LoginRequestSchema,
  MeSchema,
  OwnClientIdRequestSchema,
  PublicKeySchema,
  RefreshRequestSchema,
  SessionSchema,
} from './identity.schemas.js';

/** Logging in and out, the session's refresh, the caller, and a super admin's client switch (spec §4, §7). */
export const identityOperations = {
  getPublicKey: defineOperation({
    method: 'GET',
    path: '/api/auth/publicKey',
    access: access.public(),
    tags: ['auth'],
    summary: 'The RSA-OAEP-256 key the browser encrypts the login password with',
    response: PublicKeySchema,
  }),
  login: defineOperation({
    method: 'POST',
    path: '/api/auth/login',
    access: access.public(),
    tags: ['auth'],
    summary:
      'Log in with username and password (or encryptedPassword). Answers the session state, or, when the account has MFA on, { mfaRequired, challenge } for POST /api/auth/login/mfa',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    errors: [400, 401, 403, 423],
  }),
  loginWithCode: defineOperation({
    method: 'POST',
    path: '/api/auth/login/mfa',
    access: access.public(),
    tags: ['auth'],
    summary: 'Second login step: the challenge from /api/auth/login and the 6-digit TOTP code',
    body: LoginMfaRequestSchema,
    response: SessionSchema,
    errors: [400, 401, 403, 423, 429],
  }),
  refreshAccessToken: defineOperation({
    method: 'POST',
    path: '/api/auth/refreshAccessToken',
    access: access.public(),
    tags: ['auth'],
    summary: 'Trade a refresh token for a new token pair (the refresh token is single-use)',
    body: RefreshRequestSchema,
    response: SessionSchema,
    errors: [401],
  }),
  logout: defineOperation({
    method: 'POST',
    path: '/api/auth/logout',
    access: access.authenticated(),
    tags: ['auth'],
    summary: 'End this session',
    response: z.object({ loggedOut: z.boolean() }),
  }),
  getMe: defineOperation({
    method: 'GET',
    path: '/api/users/me',
    access: access.authenticated(),
    tags: ['users'],
    summary: 'The logged-in user',
    response: MeSchema,
  }),
  switchOwnClient: defineOperation({
    method: 'PUT',
    path: '/api/users/ownClientId',
    access: access.roles('SAD'),
    tags: ['users'],
    summary: 'Act for another client (super admin); answers the new session state',
    body: OwnClientIdRequestSchema,
    response: SessionSchema,
    errors: [404],
  }),
};
