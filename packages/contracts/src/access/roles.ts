/** Role codes of spec §3, with the names shown to people. */
export const ROLE_NAMES = {
  SAD: 'Super admin',
  ADC: 'Admin',
  ADU: 'Admin user',
  ADB: 'Admin brand',
  USC: 'User',
  USE: 'User template admin',
  USR: 'User report',
  USO: 'User outbound (self-service sender)',
  USV: 'User supervisor',
  USP: 'User OTP',
} as const;

export type RoleCode = keyof typeof ROLE_NAMES;

export const ROLE_CODES = Object.keys(ROLE_NAMES) as RoleCode[];

export function isRoleCode(value: string): value is RoleCode {
  return Object.hasOwn(ROLE_NAMES, value);
}

/** Chat roles: a user's role inside the customer-service inbox, separate from the portal role. */
export const CHAT_ROLES = ['CS', 'SPV', 'INTERNAL'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/**
 * Role sets that several rules share, named once so the server's access rules, the route guards and the
 * screens cannot disagree. (Decision 0017 says who is in each and why.)
 */
/** The client's administrators: customers, CS configuration, room categories, the audit trail (spec §6). */
export const CLIENT_ADMIN_ROLES: readonly RoleCode[] = ['SAD', 'ADC', 'ADB'];
/** The administrators plus the supervisor role: they oversee agents and see every room. */
export const CS_SUPERVISOR_ROLES: readonly RoleCode[] = [...CLIENT_ADMIN_ROLES, 'USV'];
/** Spec §6: chat templates are edited by SAD, ADC, ADB and USE. */
export const CHAT_TEMPLATE_ROLES: readonly RoleCode[] = [...CLIENT_ADMIN_ROLES, 'USE'];

/**
 * Who manages the client's WhatsApp numbers and their provider settings: the client's administrators
 * (who see the same numbers under `/config/provider`) and the admin user, who connected them before
 * (decision 0051).
 */
export const WHATSAPP_NUMBER_ROLES: readonly RoleCode[] = [...CLIENT_ADMIN_ROLES, 'ADU'];

/** Whether a role is in a set; false for no role (a screen before the session is read). */
export function hasRoleIn(roles: readonly RoleCode[], role: string | null | undefined): boolean {
  return Boolean(role && (roles as readonly string[]).includes(role));
}
