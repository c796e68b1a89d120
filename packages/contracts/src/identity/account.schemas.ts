import { z } from 'zod';
import { SessionSchema } from './identity.schemas.js';

/** The password policy both the web form and the server run, with its messages word for word. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MESSAGES = {
  tooShort: `The new password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The new password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  isEmail: 'The new password must not be your email address.',
  sameAsOld: 'The new password must be different from your current password.',
  mismatch: 'The new password and its confirmation do not match.',
  wrongOld: 'Your current password is not correct.',
} as const;

export type PasswordProblem = { field: 'newPassword' | 'confirmPassword'; message: string };

/** Every policy problem of a new password; `oldPassword` is compared only when given. */
export function passwordPolicyProblems(input: {
  newPassword: string;
  confirmPassword: string;
  email: string;
  oldPassword?: string | undefined;
}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const { newPassword } = input;
  if (newPassword.length < PASSWORD_MIN_LENGTH)
    problems.push({ field: 'newPassword', message: PASSWORD_MESSAGES.tooShort });
  if (newPassword.length > PASSWORD_MAX_LENGTH)
    problems.push({ field: 'newPassword', message: PASSWORD_MESSAGES.tooLong });
  if (newPassword.trim().toLowerCase() === input.email.trim().toLowerCase()) {
    problems.push({ field: 'newPassword', message: PASSWORD_MESSAGES.isEmail });
  }
  if (input.oldPassword !== undefined && newPassword === input.oldPassword) {
    problems.push({ field: 'newPassword', message: PASSWORD_MESSAGES.sameAsOld });
  }
  if (newPassword !== input.confirmPassword)
    problems.push({ field: 'confirmPassword', message: PASSWORD_MESSAGES.mismatch });
  return problems;
}

export const ChangePasswordRequestSchema = z.object({
  oldPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(1024),
  newPassword: z.string({ error: 'Enter a new password' }).max(1024),
  confirmPassword: z.string({ error: 'Confirm the new password' }).max(1024),
});
export const ValidatePasswordRequestSchema = ChangePasswordRequestSchema.partial({ oldPassword: true });

export const ForgotPasswordQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).describe('The login email of the account'),
});
export const ForgotPasswordResultSchema = z.object({
  sent: z.literal(true).describe('Always true, so nobody learns which emails have accounts'),
  message: z.string(),
});
export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  newPassword: z.string({ error: 'Enter a new password' }).max(1024),
  confirmPassword: z.string({ error: 'Confirm the new password' }).max(1024),
});

export const MfaActivationSchema = z.object({
  otpauthUri: z.string().describe('otpauth:// URI for an authenticator app (show it as a QR code)'),
  secret: z.string().describe('The same secret in base32, for typing in by hand'),
});
export const MfaTokenRequestSchema = z.object({
  token: z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const MfaStatusSchema = z.object({ mfaEnabled: z.boolean() });

/** What login answers when the account has MFA: no tokens yet, a challenge for the second step. */
export const MfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  challenge: z.string().describe('Send it back with the code to POST /api/auth/login/mfa'),
  challengeExpiryTime: z.number().describe('Epoch milliseconds'),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;
export const LoginResponseSchema = z.union([SessionSchema, MfaChallengeSchema]);
export const LoginMfaRequestSchema = z.object({
  challenge: z.string().min(1).max(2000),
  token: MfaTokenRequestSchema.shape.token,
});

export const ApiSecretStatusSchema = z.object({
  exists: z.boolean(),
  prefix: z.string().nullable().describe('The first characters, to tell secrets apart'),
  createdAt: z.string().nullable(),
});
export const ApiSecretSchema = z.object({
  apiSecret: z.string().describe('Shown once: only its hash is kept'),
  prefix: z.string(),
  createdAt: z.string(),
});

export const ProfileRequestSchema = z.object({
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(100, 'A name has at most 100 characters'),
});
export const ConsentRequestSchema = z.object({
  accepted: z.boolean({ error: 'Say whether you accept' }),
  consentVersion: z.string().trim().min(1).max(50).default('1'),
});
export const ProfileSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  mfaEnabled: z.boolean(),
  consentAcceptedAt: z.string().nullable(),
  consentVersion: z.string().nullable(),
  passwordChangedAt: z.string().nullable(),
});

export const MailMessageSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

// ---- SSO (SAML 2.0) ----
export const SSO_MESSAGES = {
  providerInvalid: 'Provider invalid',
  relayStateInvalid: 'Relay state invalid',
} as const;
/** Where the portal returns after SSO: a path of the web app, never another site. */
export const RELAY_STATE_PATTERN = /^\/(?!\/)[\w\-./?=&%]{0,79}$/;

const ProviderBaseSchema = z.object({
  name: z.string().trim().min(1, 'Enter the provider name').max(100, 'A name has at most 100 characters'),
  enabled: z.boolean().default(true),
});
export const IdentityProviderRequestSchema = z.discriminatedUnion(
  'protocol',
  [
    ProviderBaseSchema.extend({
      protocol: z.literal('saml'),
      entryPoint: z.url('The sign-on URL must be a URL, such as https://idp.example.com/sso'),
      idpIssuer: z.string().trim().min(1, 'Enter the identity provider’s entity id').max(500),
      idpCert: z
        .string()
        .trim()
        .min(1, 'Paste the identity provider’s signing certificate')
        .max(20_000, 'The certificate is too long'),
    }),
    ProviderBaseSchema.extend({
      protocol: z.literal('oidc'),
      issuer: z.url('The issuer must be a URL, such as https://accounts.example.com'),
      clientId: z.string().trim().min(1, 'Enter the client id the provider gave').max(500),
      clientSecret: z.string().min(1, 'Enter the client secret the provider gave').max(2000),
    }),
  ],
  { error: 'The protocol is saml or oidc' },
);
export type IdentityProviderRequest = z.infer<typeof IdentityProviderRequestSchema>;
export const IdentityProviderSchema = z.object({
  providerId: z.string(),
  clientId: z.string(),
  protocol: z.enum(['saml', 'oidc']),
  name: z.string(),
  entryPoint: z.string().nullable(),
  idpIssuer: z.string().describe('SAML entity id, or OIDC issuer URL'),
  enabled: z.boolean(),
  spEntityId: z.string().describe('This portal’s entity id (SAML), to register at the identity provider'),
  callbackUrl: z
    .string()
    .describe(
      'SAML assertion consumer service URL or OIDC redirect URI, to register at the identity provider',
    ),
  createdAt: z.string(),
});
export type IdentityProvider = z.infer<typeof IdentityProviderSchema>;
