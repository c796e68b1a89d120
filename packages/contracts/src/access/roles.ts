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
