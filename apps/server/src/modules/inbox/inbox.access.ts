import {
  CHAT_ROLES,
  CHAT_TEMPLATE_ROLES,
  CLIENT_ADMIN_ROLES,
  CS_SUPERVISOR_ROLES,
  type RoleCode,
} from '@sapa/contracts';
import { type Actor, chatRoleOf, csIdOf, hasRole } from '../../platform/actor.js';
import { access } from '../../platform/request-context.js';
import { noInboxAccess } from './inbox.errors.js';

export const security = [{ bearer: [] }];
export const CS_TAGS = ['customer-service'];
/** Who configures the inbox and manages its people (spec §6: customers and CS config). */
export const CS_ADMINS: readonly RoleCode[] = CLIENT_ADMIN_ROLES;
/** Admins plus supervisors: manage agents, see every room. */
export const CS_SUPERVISORS: readonly RoleCode[] = CS_SUPERVISOR_ROLES;
/** Spec §6: chat templates are edited by SAD, ADC, ADB and USE. */
export const TEMPLATE_EDITORS: readonly RoleCode[] = CHAT_TEMPLATE_ROLES;

/**
 * The access rules of every /api/cs operation (decision 0017). Each route names one of these, so the
 * role × operation test and the decision record read the same few groups.
 */
export const csAccess = {
  /** Spec §6 customers and CS config: the client's admins. */
  admins: access.feature('CS', CS_ADMINS),
  /** Agents' people, logs, dashboards and the bot queue: admins and the supervisor role. */
  supervisors: access.feature('CS', CS_SUPERVISORS),
  /**
   * The inbox (spec §6: chat for chat roles): admins and supervisors by portal role, anyone else only
   * with a chat role. What an agent then sees inside (own rooms, own csId) the services decide.
   */
  inbox: access.feature('CS', CS_SUPERVISORS, CHAT_ROLES),
  /** Reading the chat templates: the inbox, plus the template editors' screen (spec §6). */
  templateReaders: access.feature('CS', [...CS_SUPERVISORS, 'USE'], CHAT_ROLES),
  templateEditors: access.feature('CS', TEMPLATE_EDITORS),
  /** An agent's own status: only people who take chats have one. */
  agentSelf: access.feature('CS', [], ['CS', 'SPV']),
} as const;

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
