import { type AgentStatus, agentsOperations, roomsOperations } from '@sapa/contracts';
import { callOperation } from '../../../lib/http';

/**
 * `PUT /api/cs/customerService/status`: the agent goes online, away or offline; with `releaseRooms`
 * (away or offline) their open rooms go back to the queue.
 */
export async function changeAgentStatus(input: { status: AgentStatus; releaseRooms?: boolean }) {
  return callOperation(agentsOperations.changeStatus, { body: input });
}

/** `GET /api/cs/customerService/me`: the server's word on the agent's status. */
export async function getMyAgentStatus() {
  return (await callOperation(agentsOperations.getMyAgent, {})).status;
}

/** `GET /api/cs/chatRoom/info`: how many open rooms the agent holds (asked before going offline). */
export async function countMyOpenRooms() {
  return (await callOperation(roomsOperations.getRoomInfo, {})).open;
}
