import { type AgentStatus, agentsOperations } from '@sapa/contracts';
import { callOperation } from '../../../lib/http';

/** `PUT /api/cs/customerService/status`: the agent goes online, away or offline. */
export async function changeAgentStatus(status: AgentStatus) {
  return callOperation(agentsOperations.changeStatus, { body: { status } });
}
