import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { ValidationAnswerSchema } from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  ChangePasswordRequestSchema,
  ConsentRequestSchema,
  ForgotPasswordQuerySchema,
  ForgotPasswordResultSchema,
  MfaActivationSchema,
  MfaStatusSchema,
  MfaTokenRequestSchema,
  ProfileRequestSchema,
  ProfileSchema,
  ResetPasswordRequestSchema,
  ValidatePasswordRequestSchema,
} from './account.schemas.js';

const tags = ['account'];

/** Account security of the caller: password, reset by mail, TOTP MFA, profile and consent. */
export const accountOperations = {
  changePassword: defineOperation({
    method: 'POST',
    path: '/api/users/changePassword',
    access: access.authenticated(),
    tags,
    summary:
      'Change my password (old, new, confirm). Policy: at least 10 characters, not my email, not the current password. My other sessions end.',
    body: ChangePasswordRequestSchema,
    response: z.object({ changed: z.boolean() }),
    errors: [400, 401, 409, 429],
  }),
  validatePassword: defineOperation({
    method: 'POST',
    path: '/api/users/validatePassword',
    access: access.authenticated(),
    tags,
    summary: 'Server-side validation of a password change against the policy',
    body: ValidatePasswordRequestSchema,
    response: ValidationAnswerSchema,
  }),
  forgotPassword: defineOperation({
    method: 'GET',
    path: '/api/auth/forgotPassword',
    access: access.public(),
    tags: ['auth'],
    summary:
      'Forgot password: mails a reset link (single use, 30 minutes); the answer never says whether the email has an account',
    query: ForgotPasswordQuerySchema,
    response: ForgotPasswordResultSchema,
    errors: [429],
  }),
  resetPassword: defineOperation({
    method: 'POST',
    path: '/api/auth/resetPassword',
    access: access.public(),
    tags: ['auth'],
    summary: 'Reset the password with the token of the mailed link; every session of the account ends',
    body: ResetPasswordRequestSchema,
    response: z.object({ reset: z.boolean() }),
    errors: [400, 410],
  }),
  getMfaStatus: defineOperation({
    method: 'GET',
    path: '/api/users/mfa',
    access: access.authenticated(),
    tags,
    summary: 'Whether MFA is on for me',
    response: MfaStatusSchema,
  }),
  startMfa: defineOperation({
    method: 'GET',
    path: '/api/users/mfa/activate',
    access: access.authenticated(),
    tags,
    summary: 'Start TOTP MFA: answers an otpauth URI (show it as a QR code) and its secret',
    response: MfaActivationSchema,
    errors: [409],
  }),
  verifyMfa: defineOperation({
    method: 'POST',
    path: '/api/users/mfa/verify',
    access: access.authenticated(),
    tags,
    summary: 'Turn MFA on with a code from the authenticator ({token})',
    body: MfaTokenRequestSchema,
    response: MfaStatusSchema,
    errors: [400, 401, 409],
  }),
  deactivateMfa: defineOperation({
    method: 'POST',
    path: '/api/users/mfa/deactivate',
    access: access.authenticated(),
    tags,
    summary: 'Turn MFA off with a current code ({token})',
    body: MfaTokenRequestSchema,
    response: MfaStatusSchema,
    errors: [400, 401, 409, 429],
  }),
  getProfile: defineOperation({
    method: 'GET',
    path: '/api/users/profile',
    access: access.authenticated(),
    tags,
    summary: 'My profile',
    response: ProfileSchema,
  }),
  updateProfile: defineOperation({
    method: 'PUT',
    path: '/api/users/profile',
    access: access.authenticated(),
    tags,
    summary: 'Edit my profile',
    body: ProfileRequestSchema,
    response: ProfileSchema,
    errors: [400],
  }),
  updateConsent: defineOperation({
    method: 'PUT',
    path: '/api/users/consent',
    access: access.authenticated(),
    tags,
    summary: 'Give or withdraw my consent to the terms (with their version)',
    body: ConsentRequestSchema,
    response: ProfileSchema,
    errors: [400],
  }),
};
