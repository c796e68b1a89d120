import { isId } from '../../lib/ids.js';
import type { CustomerAccess } from '../contacts/index.js';
import { findAgent } from './agents/agents.repository.js';
import { getCsConfig } from './configuration/configuration.service.js';
import { confinedAgentIdOf, isInboxSupervisor } from './inbox.access.js';
import { agentNotFound } from './inbox.errors.js';
import { requireCustomerReachable } from './rooms/rooms.service.js';

/** The inbox's answers to contacts: which customers an agent reaches, what they edit, who is an agent. */
export function createCustomerAccess(): CustomerAccess {
  return {
    assertCustomerReachable: requireCustomerReachable,
    confinedAgentId: confinedAgentIdOf,
    isSupervisor: isInboxSupervisor,
    listEditableUserData: async (db, clientId) => (await getCsConfig(db, clientId)).userDataEditable,
    assertAgent: async (db, clientId, csId) => {
      const agent = isId(csId) ? await findAgent(db, clientId, { csId }) : null;
      if (!agent || agent.deleted || agent.kind !== 'cs') throw agentNotFound();
    },
  };
}
