import {
  CHAT_TEMPLATE_ROLES,
  CLIENT_ADMIN_ROLES,
  CS_SUPERVISOR_ROLES,
  inboxAccess,
  type RoleCode,
} from '@sapa/contracts';
import { type Actor, chatRoleOf, csIdOf, hasRole } from '../../platform/actor.js';
import { noInboxAccess } from './inbox.errors.js';

/** Who configures the inbox and manages its people (spec §6: customers and CS config). */
export const CS_ADMINS: readonly RoleCode[] = CLIENT_ADMIN_ROLES;
/** Admins plus supervisors: manage agents, see every room. */
export const CS_SUPERVISORS: readonly RoleCode[] = CS_SUPERVISOR_ROLES;
/** Spec §6: chat templates are edited by SAD, ADC, ADB and USE. */
export const TEMPLATE_EDITORS: readonly RoleCode[] = CHAT_TEMPLATE_ROLES;

/** The access rules of every /api/cs operation (decision 0017), declared with the operations in contracts. */
export const csAccess = inboxAccess;

/** A csId no agent has: confines a caller without one to nothing. */
const NO_AGENT = '00000000-0000-0000-0000-000000000000';

/** Supervises the inbox: an admin or supervisor by portal role, or a chat supervisor (SPV). */
export function isInboxSupervisor(actor: Actor): boolean {
  return hasRole(actor, CS_SUPERVISORS) || chatRoleOf(actor) === 'SPV';
}

/** Rooms are for admins, supervisors and people with a chat role; other portal users see none. */
export function requireInboxAccess(actor: Actor): void {
  if (!hasRole(actor, CS_SUPERVISORS) && !chatRoleOf(actor)) throw noInboxAccess();
}

/** The csId an agent (chat role CS, no supervising portal role) is confined to; null for everyone else. */
export function confinedAgentIdOf(actor: Actor): string | null {
  if (chatRoleOf(actor) !== 'CS' || hasRole(actor, CS_SUPERVISORS)) return null;
  return csIdOf(actor) ?? NO_AGENT;
}
