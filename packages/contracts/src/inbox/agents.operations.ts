import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import { queryFlag } from '../operations/query-fields.js';
import {
  AGENT_OFFLINE_PATH,
  AGENT_STATUS_PATH,
  AgentStatusStateSchema,
  ChangeAgentStatusSchema,
} from './agent-status.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';
import {
  ChatMessageSchema,
  CsAgentSchema,
  CsCustomerSchema,
  CsRowReportSchema,
  CsTagNamesSchema,
  keysetPageOf,
} from './inbox.schemas.js';

const errors = [400, 403, 404, 409] as const;
/** The largest CSV an agent import reads (the inbox's multipart limit). */
export const AGENT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const pageSize = z.coerce.number().int().min(1).max(500).optional();
/** Tags as a list or one comma-separated text. */
const AgentTagsInputSchema = z.union([z.array(z.string()), z.string()]).optional();

/** The filters and keyset cursor of the agent lists (CS agents, managers, internal users). */
export const AgentListQuerySchema = z.object({
  lastEvaluatedKey: z.string().optional(),
  q: z.string().max(200).optional(),
  pageSize,
  fromForward: queryFlag,
  excludeLog: queryFlag,
  excludeSelf: queryFlag,
});

/**
 * POST /customerService carries several calls (spec §7): create (csName), update (name), activate
 * (deactivated=false), oneSignalId, and sending a chat message (roomId).
 */
export const CustomerServicePostSchema = z.object({
  csName: z.string().min(1).max(200).optional(),
  name: z.string().min(1).max(200).optional(),
  email: z.email().optional(),
  tags: AgentTagsInputSchema,
  activeBot: z.boolean().optional(),
  botName: z.string().max(200).nullable().optional(),
  csData: z.record(z.string(), z.unknown()).optional(),
  percentageWeight: z.coerce.number().int().min(0).max(100).optional(),
  capacity: z.coerce.number().int().min(1).max(1000).optional(),
  deactivated: z.boolean().optional(),
  oneSignalId: z.string().min(1).max(200).optional(),
  roomId: z.string().optional(),
  content: z.string().max(4096).optional(),
  type: z.enum(['text', 'image']).optional(),
  url: z.string().max(2000).optional(),
  fromCs: z.boolean().optional(),
});

/** Agents' log-in/out times as a base64 xlsx. */
export const AgentLogFileSchema = z.object({ fileName: z.string(), data: z.string(), rows: z.number() });

const AgentPageSchema = keysetPageOf(CsAgentSchema);
const csvFile = { kind: 'file', contentType: 'text/csv' } as const;

/** Managers and internal users: the same four operations under their own path. */
function staffOperations(path: string, noun: string) {
  return {
    list: defineOperation({
      method: 'GET',
      path,
      access: inboxAccess.supervisors,
      tags,
      summary: `List ${noun}`,
      query: AgentListQuerySchema,
      response: AgentPageSchema,
      errors,
    }),
    save: defineOperation({
      method: 'PUT',
      path,
      access: inboxAccess.admins,
      tags,
      summary: `Add or update one of the ${noun} (name, email, tags), or activate with deactivated=false`,
      body: z.object({
        name: z.string().min(1).max(200).optional(),
        email: z.email(),
        tags: AgentTagsInputSchema,
        deactivated: z.boolean().optional(),
      }),
      response: CsAgentSchema,
      errors,
    }),
    remove: defineOperation({
      method: 'DELETE',
      path,
      access: inboxAccess.admins,
      tags,
      summary: `Deactivate one of the ${noun}, or delete with isDeleted=true`,
      query: z.object({ email: z.string(), isDeleted: queryFlag }),
      response: CsAgentSchema,
      errors,
    }),
    import: defineOperation({
      method: 'POST',
      path: `${path}/import`,
      access: inboxAccess.admins,
      tags,
      summary: `Add ${noun} from one CSV file (name, email, tags); answers a per-row report`,
      upload: { field: 'file', maxBytes: AGENT_IMPORT_MAX_BYTES },
      response: CsRowReportSchema,
      errors,
    }),
  };
}

/** The inbox's people: CS agents (with their status), managers and internal users. */
export const agentsOperations = {
  changeStatus: defineOperation({
    method: 'PUT',
    path: AGENT_STATUS_PATH,
    access: inboxAccess.agentSelf,
    tags,
    summary: 'Change my agent status (chat role CS or SPV)',
    body: ChangeAgentStatusSchema,
    response: AgentStatusStateSchema,
    errors,
  }),
  goOffline: defineOperation({
    method: 'PUT',
    path: AGENT_OFFLINE_PATH,
    access: inboxAccess.agentSelf,
    tags,
    summary: 'Go offline (logout, session expiry)',
    response: AgentStatusStateSchema,
    errors,
  }),
  listAgents: defineOperation({
    method: 'GET',
    path: '/api/cs/customerService',
    access: inboxAccess.inbox,
    tags,
    summary: 'CS agents, paged by lastEvaluatedKey',
    query: AgentListQuerySchema,
    response: AgentPageSchema,
    errors,
  }),
  getAgent: defineOperation({
    method: 'GET',
    path: '/api/cs/customerService/detail',
    access: inboxAccess.inbox,
    tags,
    summary: 'One CS agent by email or csId',
    query: z.object({ email: z.string().optional(), csId: z.string().optional() }),
    response: CsAgentSchema,
    errors,
  }),
  /**
   * Answers 201 with the agent it created and 200 otherwise (the agent, or the message it sent): the one
   * operation with two success bodies, so its route adds the 201 itself.
   */
  postAgent: defineOperation({
    method: 'POST',
    path: '/api/cs/customerService',
    access: inboxAccess.inbox,
    tags,
    summary: 'Create, update or activate an agent, set the OneSignal id, or send a chat message',
    body: CustomerServicePostSchema,
    response: z.union([CsAgentSchema, ChatMessageSchema]),
    errors,
  }),
  deleteAgent: defineOperation({
    method: 'DELETE',
    path: '/api/cs/customerService',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Deactivate an agent, or delete with deleted=true',
    query: z.object({ email: z.string(), deleted: queryFlag }),
    response: CsAgentSchema,
    errors,
  }),
  listAgentTags: defineOperation({
    method: 'GET',
    path: '/api/cs/customerService/tags',
    access: inboxAccess.inbox,
    tags,
    summary: 'Tags used by agents',
    response: CsTagNamesSchema,
  }),
  listAgentCustomers: defineOperation({
    method: 'GET',
    path: '/api/cs/customerService/listCustomer',
    access: inboxAccess.inbox,
    tags,
    summary: 'Customers assigned to an agent',
    query: z.object({
      csId: z.guid('csId must be the id of an agent').optional(),
      pageSize,
      lastEvaluatedKey: z.string().optional(),
    }),
    response: keysetPageOf(CsCustomerSchema),
    errors,
  }),
  getMyAgent: defineOperation({
    method: 'GET',
    path: '/api/cs/customerService/me',
    access: inboxAccess.inbox,
    tags,
    summary: 'My agent record and status',
    response: CsAgentSchema,
    errors,
  }),
  exportAgentsCsv: defineOperation({
    method: 'GET',
    path: '/api/cs/customerService/exportToCsv',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Agents as CSV',
    answer: csvFile,
  }),
  exportAgentLog: defineOperation({
    method: 'GET',
    path: '/api/cs/exportLogToXlsx',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Agents’ log-in/out times as a base64 xlsx',
    query: z.object({
      csEmail: z.string().optional(),
      startDate: z.coerce.date().optional(),
      endDate: z.coerce.date().optional(),
    }),
    response: AgentLogFileSchema,
    errors,
  }),
  importAgents: defineOperation({
    method: 'POST',
    path: '/api/cs/customerService/import',
    access: inboxAccess.supervisors,
    tags,
    summary:
      'Create agents from one CSV file (csName, email, tags, percentageWeight); answers a per-row report',
    upload: { field: 'file', maxBytes: AGENT_IMPORT_MAX_BYTES },
    response: CsRowReportSchema,
    errors,
  }),
  manager: staffOperations('/api/cs/manager', 'managers'),
  internal: staffOperations('/api/cs/internal-user', 'internal users'),
};
