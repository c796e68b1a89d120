import { z } from 'zod';
import { FEATURE_FLAGS, type FeatureFlag } from '../access/features.js';
import { LOG_TYPES } from '../access/log-types.js';
import { ROLE_CODES, type RoleCode } from '../access/roles.js';
import {
  ClientInfoSchema,
  FeatureFlagSchema,
  UserSchema,
  UserStatusSchema,
} from '../identity/identity.schemas.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';

/** A page of a list: pageSize (default 10), pageNumber (from 0, as spec §9), newest first. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ pageSize: z.number(), pageNumber: z.number(), total: z.number(), items: z.array(item) });

// One message per field, the same on the web form and in the server's answer.
export const PersonNameSchema = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(100, 'A name has at most 100 characters');
export const EmailSchema = z
  .string({ error: 'Enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address has at most 254 characters')
  .pipe(z.email('Enter a valid email address'));
export const AssignableRoleSchema = z.enum(ROLE_CODES as [RoleCode, ...RoleCode[]], {
  error: `Choose a role: one of ${ROLE_CODES.join(', ')}`,
});

export const UserListQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(100).optional().describe('Search in name and email'),
  role: AssignableRoleSchema.optional(),
  status: UserStatusSchema.optional(),
  clientId: z.string().optional().describe('Super admins only: list another client’s users'),
});
export const UserPageSchema = pageOf(UserSchema);

export const CreateUserRequestSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  role: AssignableRoleSchema,
  clientId: z.string().optional().describe('Super admins only: create the user in this client'),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  role: AssignableRoleSchema,
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** A created user, with the one-time password the admin hands over (shown once, never stored in clear). */
export const CreatedUserSchema = z.object({
  user: UserSchema,
  temporaryPassword: z.string(),
});

/** Either the user was created, or (maker-checker) a task now waits for a checker. */
export const CreateUserResultSchema = z.union([
  CreatedUserSchema.extend({ outcome: z.literal('created') }),
  z.object({ outcome: z.literal('pending_approval'), taskId: z.string() }),
]);

export const UserIdRequestSchema = z.object({ userId: z.string().min(1, 'Choose a user') });

export const ValidationAnswerSchema = z.object({
  valid: z.boolean(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ValidationAnswer = z.infer<typeof ValidationAnswerSchema>;

export const ValidateUserRequestSchema = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  role: z.string().optional(),
  userId: z.string().optional().describe('When editing: the user whose own email is not a clash'),
});

// ---- clients ----
export const TIMEZONE_PATTERN = /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$|^UTC$/;

export const ClientFieldsSchema = z.object({
  clientName: z
    .string({ error: 'Enter the client name' })
    .trim()
    .min(1, 'Enter the client name')
    .max(150, 'A client name has at most 150 characters'),
  abbreviatedClientName: z.string().trim().max(20, 'An abbreviated name has at most 20 characters').nullish(),
  clientBizType: z
    .string({ error: 'Enter the business type' })
    .trim()
    .min(1, 'Enter the business type')
    .max(100, 'A business type has at most 100 characters'),
  clientAddress: z.string().trim().max(500, 'An address has at most 500 characters').nullish(),
  clientPhoneNumber: z.string().trim().max(30, 'A phone number has at most 30 characters').nullish(),
  clientMobileNumber: z.string().trim().max(30, 'A mobile number has at most 30 characters').nullish(),
  timezone: z
    .string()
    .trim()
    .regex(TIMEZONE_PATTERN, 'Choose a timezone such as Asia/Jakarta')
    .default('Asia/Jakarta'),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'A country code is two letters, such as ID')
    .default('ID'),
  countryPhone: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'A country phone prefix is 1 to 4 digits, such as 62')
    .default('62'),
  logTypes: z.array(z.enum(LOG_TYPES, { error: `Log types are ${LOG_TYPES.join(', ')}` })).default([]),
  chatbotDashboard: z.boolean().default(false),
  features: z
    .array(FeatureFlagSchema)
    .default([])
    .describe('Feature flags; stored as the bitmask of spec §3'),
  mainFeature: z
    .enum(FEATURE_FLAGS as [FeatureFlag, ...FeatureFlag[]], {
      error: 'Choose a main feature among the features',
    })
    .nullish(),
  approvalRequired: z
    .boolean()
    .default(false)
    .describe('Maker-checker: user creation and role changes wait for a second admin'),
});
export type ClientFields = z.infer<typeof ClientFieldsSchema>;

export const ClientAdminSchema = z.object({ adminName: PersonNameSchema, adminEmail: EmailSchema });

export const CreateClientRequestSchema = ClientFieldsSchema.extend({
  admin: ClientAdminSchema.optional().describe('The client’s first admin (role ADC)'),
});
export type CreateClientRequest = z.infer<typeof CreateClientRequestSchema>;

export const AdminClientSchema = ClientInfoSchema.extend({
  approvalRequired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminClient = z.infer<typeof AdminClientSchema>;
export const ClientPageSchema = pageOf(AdminClientSchema);
export const ClientListQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(100).optional().describe('Search in client name and abbreviated name'),
  status: z.enum(['active', 'deactivated']).optional(),
});

export const CreatedClientSchema = z.object({
  client: AdminClientSchema,
  admin: CreatedUserSchema.nullable(),
});

export const ValidateClientRequestSchema = z.object({
  clientId: z.string().optional(),
  adminName: z.string().optional(),
  adminEmail: z.string().optional(),
  clientBizType: z.string().optional(),
});

export const ClientBatchResultSchema = z.object({
  created: z.number(),
  failed: z.number(),
  rows: z.array(
    z.object({
      row: z.number().describe('Line number in the file, the header being line 1'),
      clientName: z.string().nullable(),
      outcome: z.enum(['created', 'failed']),
      clientId: z.string().nullable(),
      adminEmail: z.string().nullable(),
      temporaryPassword: z.string().nullable(),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
});
export type ClientBatchResult = z.infer<typeof ClientBatchResultSchema>;

// ---- audit trail ----
export const AuditEntrySchema = z.object({
  id: z.string(),
  clientId: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditQuerySchema = PageQuerySchema.extend({
  clientId: z.string().optional().describe('Super admins: one client; omitted means every client'),
  action: z.string().max(100).optional(),
  entityType: z.string().max(100).optional(),
  entityId: z.string().max(100).optional(),
  actorUserId: z.string().optional(),
  from: z.iso.datetime({ offset: true, error: 'from is an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to is an ISO date-time' }).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditPageSchema = pageOf(AuditEntrySchema);

// ---- maker-checker approvals ----
export const TASK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ApprovalTaskSchema = z.object({
  taskId: z.string(),
  clientId: z.string(),
  type: z.string().describe('What kind of change, e.g. user.create or user.update'),
  channel: z.string().nullable().describe('The channel the change belongs to; its named checkers decide it'),
  summary: z.string(),
  payload: z.unknown().describe('The proposed change'),
  status: z.enum(TASK_STATUSES),
  makerUserId: z.string(),
  makerEmail: z.string(),
  checkerUserId: z.string().nullable(),
  checkerEmail: z.string().nullable(),
  note: z.string().nullable(),
  result: z.unknown().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ApprovalTask = z.infer<typeof ApprovalTaskSchema>;
export const TaskPageSchema = pageOf(ApprovalTaskSchema);
export const TaskListNameSchema = z.enum(['create', 'pending', 'approved', 'rejected'], {
  error: 'The task list is one of create, pending, approved, rejected',
});
/** A task list narrowed to some kinds of change and one channel (a channel area's request pages). */
export const TaskListQuerySchema = PageQuerySchema.extend({
  type: z
    .string()
    .max(200)
    .regex(/^[a-z_.]+(,[a-z_.]+)*$/, 'type is a comma-separated list of task types, e.g. campaign.edit')
    .optional()
    .describe('Only tasks of these types, comma-separated (e.g. campaign.activate,campaign.edit)'),
  channel: z
    .string()
    .max(20)
    .regex(/^[A-Za-z]+$/, 'channel is a channel name, e.g. SMS or sms')
    .optional()
    .describe('Only the tasks of this channel, as the task names it (campaigns: SMS; providers: sms)'),
});
export const RejectTaskRequestSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'Say why the change is rejected')
    .max(1000, 'A note has at most 1000 characters'),
});
export const ApproveTaskResultSchema = z.object({
  task: ApprovalTaskSchema,
  /** Shown once to the checker (e.g. a new user's temporary password); never stored. */
  oneTime: z.record(z.string(), z.string()).nullable(),
});

export const UpdateUserResultSchema = z.union([
  z.object({ outcome: z.literal('updated'), user: UserSchema }),
  z.object({ outcome: z.literal('pending_approval'), taskId: z.string() }),
]);
export const UserStatusActionSchema = z.enum(['activate', 'deactivate', 'pending', 'unlock', 'reactivate']);
export type UserStatusAction = z.infer<typeof UserStatusActionSchema>;

// ---- roles and rights ----
export const RoleSchema = z.object({
  roleCode: z.string(),
  roleName: z.string(),
  roleDescription: z.string(),
});
export type Role = z.infer<typeof RoleSchema>;
export const RightSchema = z.object({
  rightCode: z.string(),
  rightName: z.string(),
  rightDescription: z.string(),
});
export type Right = z.infer<typeof RightSchema>;
export const UpdateRoleRequestSchema = z.object({
  roleName: z
    .string()
    .trim()
    .min(1, 'Enter the role name')
    .max(100, 'A role name has at most 100 characters'),
  roleDescription: z.string().trim().max(500, 'A description has at most 500 characters').default(''),
});
export const RightFieldsSchema = z.object({
  rightName: z
    .string()
    .trim()
    .min(1, 'Enter the right name')
    .max(100, 'A right name has at most 100 characters'),
  rightDescription: z.string().trim().max(500, 'A description has at most 500 characters').default(''),
});
export const CreateRightRequestSchema = RightFieldsSchema.extend({
  rightCode: z
    .string()
    .trim()
    .regex(
      /^[A-Z][A-Z0-9_]{1,49}$/,
      'A right code is 2 to 50 capital letters, digits or underscores, such as USER_VIEW',
    ),
});
export const RoleRightsRequestSchema = z.object({
  rightCodes: z.array(z.string().trim().min(1)).max(200),
});
export const RoleRightsSchema = z.object({ roleCode: z.string(), rights: z.array(RightSchema) });
export const UserRightsSchema = z.object({
  userId: z.string(),
  roleCode: z.string(),
  rightCodes: z.array(z.string()),
});
