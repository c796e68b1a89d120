import { z } from 'zod';
import { FEATURE_FLAGS, type FeatureFlag } from '../access/features.js';
import { CHAT_ROLES, ROLE_CODES, type RoleCode } from '../access/roles.js';

export const RoleCodeSchema = z
  .enum(ROLE_CODES as [RoleCode, ...RoleCode[]])
  .describe('Role code of spec §3');
export const FeatureFlagSchema = z.enum(FEATURE_FLAGS as [FeatureFlag, ...FeatureFlag[]]);
export const ChatRoleSchema = z.enum(CHAT_ROLES);
export const UserStatusSchema = z.enum(['active', 'deactivated', 'pending', 'locked']);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const LoginRequestSchema = z
  .object({
    username: z.string().trim().min(1, 'Enter your username').max(254),
    password: z.string().min(1, 'Enter your password').max(1024).optional(),
    encryptedPassword: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .describe('Base64 RSA-OAEP-256 ciphertext of the password, made with GET /api/auth/publicKey'),
  })
  .refine((body) => body.password !== undefined || body.encryptedPassword !== undefined, {
    message: 'Enter your password',
    path: ['password'],
  });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RefreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });

export const PublicKeySchema = z.object({
  algorithm: z.literal('RSA-OAEP-256'),
  publicKey: z.string().describe('SPKI public key, base64 (DER)'),
});

export const ClientInfoSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  abbreviatedClientName: z.string().nullable(),
  clientBizType: z.string().nullable(),
  clientAddress: z.string().nullable(),
  clientPhoneNumber: z.string().nullable(),
  clientMobileNumber: z.string().nullable(),
  timezone: z.string(),
  countryCode: z.string(),
  countryPhone: z.string(),
  logTypes: z.string().describe('JSON text: the list of log types the client records'),
  chatbotDashboard: z.boolean(),
  mainFeature: z.string().nullable(),
  features: z.array(FeatureFlagSchema),
  status: z.enum(['active', 'deactivated']),
});
export type ClientInfo = z.infer<typeof ClientInfoSchema>;

/** Who the caller is and which client they act for: shared by the session state and `/users/me`. */
const CallerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleCodeSchema,
  chatRole: ChatRoleSchema.nullable(),
  csId: z.string().nullable(),
  clientId: z.string().describe('The client this session acts for'),
  features: z.array(FeatureFlagSchema),
  mainFeature: z.string().nullable(),
  clientInfo: ClientInfoSchema,
});

/** The session state of spec §3, as the login, refresh and client-switch calls answer it. */
export const SessionSchema = CallerSchema.extend({
  token: z.string(),
  refreshToken: z.string(),
  expiryTime: z.number().describe('When the access token expires, epoch milliseconds'),
  sessionExpiryTime: z.number().describe('When the session ends at the latest, epoch milliseconds'),
  integrityKey: z.string().describe('Key of the response hash (HMAC-SHA256) for this session'),
  clientIds: z.array(z.string()),
  status: z.string().describe('Agent status; offline until the agent goes online'),
  package: z.string().nullable(),
});
export type Session = z.infer<typeof SessionSchema>;

export const MeSchema = CallerSchema.extend({
  status: UserStatusSchema,
  homeClientId: z.string().describe('The client the user belongs to'),
});
export type Me = z.infer<typeof MeSchema>;

export const UserSchema = z.object({
  userId: z.string(),
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleCodeSchema,
  chatRole: ChatRoleSchema.nullable(),
  csId: z.string().nullable(),
  status: UserStatusSchema,
  mfaEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const OwnClientIdRequestSchema = z.object({ clientId: z.string().min(1) });
export const ChangeClientIdRequestSchema = z.object({
  userId: z.string().min(1),
  clientId: z.string().min(1),
});

export const ListClientInfoSchema = z.object({
  clientInfo: ClientInfoSchema,
  listClientInfo: z.array(ClientInfoSchema),
});
