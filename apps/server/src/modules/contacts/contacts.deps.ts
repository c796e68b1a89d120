import type { Actor } from '../../platform/actor.js';
import type { Database, Executor } from '../../platform/database.js';
import type { Jobs } from '../../platform/jobs.js';

/**
 * What contacts asks the customer-service inbox about its callers. The inbox answers (its rooms decide
 * which customers an agent reaches); contacts never imports it, the composition root wires the two.
 */
export type CustomerAccess = {
  /**
   * Throws (404 customer_not_found, or 403 for callers outside the inbox) unless the actor may reach
   * this customer; answers the csId an agent's reads stay confined to, or null when they see everyone.
   */
  assertCustomerReachable(db: Executor, actor: Actor, phone: string): Promise<string | null>;
  /** The csId a chat agent is confined to; null for admins, supervisors and internal users. */
  confinedAgentId(actor: Actor): string | null;
  /** Admins and supervisors edit every userData field; others only the configured ones. */
  isSupervisor(actor: Actor): boolean;
  /** The userData fields the client's CS configuration lets agents edit. */
  listEditableUserData(db: Executor, clientId: string): Promise<string[]>;
  /** Throws 404 agent_not_found unless csId names one of the client's live CS agents. */
  assertAgent(db: Executor, clientId: string, csId: string): Promise<void>;
};

export type ContactsDeps = {
  db: Database;
  customerAccess: CustomerAccess;
  /** Without a queue (the demo seed, some tests) an import runs in the request, still chunk by chunk. */
  jobs?: Jobs | undefined;
};
