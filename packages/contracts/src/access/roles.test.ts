import { describe, expect, it } from 'vitest';
import { CHAT_TEMPLATE_ROLES, CLIENT_ADMIN_ROLES, CS_SUPERVISOR_ROLES, hasRoleIn } from './roles.js';

describe('role sets', () => {
  it('name the roles spec §6 and decision 0017 give each group', () => {
    expect(CLIENT_ADMIN_ROLES).toEqual(['SAD', 'ADC', 'ADB']);
    expect(CS_SUPERVISOR_ROLES).toEqual(['SAD', 'ADC', 'ADB', 'USV']);
    expect(CHAT_TEMPLATE_ROLES).toEqual(['SAD', 'ADC', 'ADB', 'USE']);
  });

  it('hasRoleIn admits a member and nobody without a role', () => {
    expect(hasRoleIn(CS_SUPERVISOR_ROLES, 'USV')).toBe(true);
    expect(hasRoleIn(CS_SUPERVISOR_ROLES, 'USC')).toBe(false);
    expect(hasRoleIn(CS_SUPERVISOR_ROLES, null)).toBe(false);
    expect(hasRoleIn(CS_SUPERVISOR_ROLES, undefined)).toBe(false);
  });
});
