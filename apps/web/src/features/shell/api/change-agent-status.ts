import { AGENT_STATUS_PATH, type AgentStatus, AgentStatusStateSchema } from '@sapa/contracts';
import { http } from '../../../lib/http';

/** `PUT /api/cs/customerService/status`: the agent goes online, away or offline. */
export async function changeAgentStatus(status: AgentStatus) {
  return AgentStatusStateSchema.parse(await http.put(AGENT_STATUS_PATH, { status }));
}
