import { z } from 'zod';

/**
 * Agent availability (spec §4: starts offline; change-status and go-offline calls exist).
 * online: takes new conversations; away: keeps their rooms but gets no new ones; offline: neither.
 */
export const AGENT_STATUSES = ['online', 'away', 'offline'] as const;
export const AgentStatusSchema = z.enum(AGENT_STATUSES);
export type AgentStatus = z.infer<typeof AgentStatusSchema>;
export const DEFAULT_AGENT_STATUS: AgentStatus = 'offline';

/** `PUT /api/cs/customerService/status` — the caller (chat role CS or SPV) changes their status. */
export const AGENT_STATUS_PATH = '/api/cs/customerService/status';
/** `PUT /api/cs/customerService/status/offline` — go offline (used on logout and session expiry). */
export const AGENT_OFFLINE_PATH = '/api/cs/customerService/status/offline';

export const ChangeAgentStatusSchema = z.object({
  status: AgentStatusSchema,
  /** Going away or offline: hand every open room back to the queue (routed again by the client's rules). */
  releaseRooms: z.boolean().optional(),
});
export const AgentStatusStateSchema = z.object({
  status: AgentStatusSchema,
  /** ISO time the current status began. */
  since: z.string(),
  /** Rooms handed back to the queue by this change. */
  released: z.number().int().optional(),
});
export type AgentStatusState = z.infer<typeof AgentStatusStateSchema>;
