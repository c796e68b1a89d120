import { access } from '../access/access-rule.js';
import { CHAT_ROLES, CHAT_TEMPLATE_ROLES, CLIENT_ADMIN_ROLES, CS_SUPERVISOR_ROLES } from '../access/roles.js';

/** The OpenAPI group of every /api/cs operation. */
export const INBOX_TAGS = ['customer-service'] as const;

/**
 * The access rules of every /api/cs operation (decision 0017). Each operation names one of these, so the
 * role × operation test and the decision record read the same few groups.
 */
export const inboxAccess = {
  /** Spec §6 customers and CS config: the client's admins. */
  admins: access.feature('CS', CLIENT_ADMIN_ROLES),
  /** Agents' people, logs, dashboards and the bot queue: admins and the supervisor role. */
  supervisors: access.feature('CS', CS_SUPERVISOR_ROLES),
  /**
   * The inbox (spec §6: chat for chat roles): admins and supervisors by portal role, anyone else only
   * with a chat role. What an agent then sees inside (own rooms, own csId) the services decide.
   */
  inbox: access.feature('CS', CS_SUPERVISOR_ROLES, CHAT_ROLES),
  /** Reading the chat templates: the inbox, plus the template editors' screen (spec §6). */
  templateReaders: access.feature('CS', [...CS_SUPERVISOR_ROLES, 'USE'], CHAT_ROLES),
  templateEditors: access.feature('CS', CHAT_TEMPLATE_ROLES),
  /** An agent's own status: only people who take chats have one. */
  agentSelf: access.feature('CS', [], ['CS', 'SPV']),
} as const;
