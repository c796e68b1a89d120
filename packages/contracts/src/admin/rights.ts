import type { RoleCode } from '../access/roles.js';

/**
 * The rights the server's access rules check, and the set each role starts with. The super admin can
 * edit the mapping; these are the defaults the first migration writes.
 */
export const DEFAULT_RIGHTS = {
  USER_VIEW: { rightName: 'View users', rightDescription: 'See the users of the client and their details' },
  USER_MANAGE: {
    rightName: 'Manage users',
    rightDescription: 'Create and edit users; activate, deactivate, set pending, unlock and reactivate them',
  },
  CLIENT_MANAGE: { rightName: 'Manage clients', rightDescription: 'Create, edit and deactivate clients' },
  ROLE_MANAGE: {
    rightName: 'Manage roles and rights',
    rightDescription: 'Edit roles, rights and their mapping',
  },
  AUDIT_VIEW: {
    rightName: 'View the audit trail',
    rightDescription: 'Read and export administrative changes',
  },
  TASK_CREATE: {
    rightName: 'Propose changes',
    rightDescription: 'Make changes that wait for approval, and see the task lists',
  },
  TASK_APPROVE: {
    rightName: 'Approve changes',
    rightDescription: 'Approve or reject changes other users proposed (maker-checker)',
  },
  MAIL_OUTBOX_VIEW: {
    rightName: 'Read the sandbox mail outbox',
    rightDescription: 'Read mail the portal sent in embedded mode without SMTP',
  },
  API_SECRET_MANAGE: {
    rightName: 'Manage the API secret',
    rightDescription: "See and rotate the client's secret for the public API",
  },
} as const;

export type RightCode = keyof typeof DEFAULT_RIGHTS;
export const RIGHT_CODES = Object.keys(DEFAULT_RIGHTS) as RightCode[];

const ADMIN_RIGHTS: RightCode[] = ['USER_VIEW', 'USER_MANAGE', 'AUDIT_VIEW', 'TASK_CREATE', 'TASK_APPROVE'];

export const DEFAULT_ROLE_RIGHTS: Record<RoleCode, RightCode[]> = {
  SAD: RIGHT_CODES,
  ADC: [...ADMIN_RIGHTS, 'API_SECRET_MANAGE'],
  ADB: ADMIN_RIGHTS,
  ADU: ['USER_VIEW', 'USER_MANAGE', 'TASK_CREATE'],
  USC: [],
  USE: [],
  USR: [],
  USO: [],
  USV: [],
  USP: [],
};
