import {
  agentsOperations,
  CLIENT_ADMIN_ROLES,
  CS_SUPERVISOR_ROLES,
  type CsAgent,
  CsAgentSchema,
  type CsRowReport,
  type OperationInput,
  type RoleCode,
} from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';

/** The three kinds of people of the inbox, each behind its own API (spec §7). */
export type AgentKind = 'cs' | 'manager' | 'internal';

/** The server's access rules (inbox.access.ts): supervisors manage agents; only admins the other kinds. */
const CS_ADMINS = CLIENT_ADMIN_ROLES;
const CS_SUPERVISORS = CS_SUPERVISOR_ROLES;
export const canManage = (kind: AgentKind, role: RoleCode | undefined) =>
  Boolean(role && (kind === 'cs' ? CS_SUPERVISORS : CS_ADMINS).includes(role));
/** Managers and internal users are listed to supervisors too; agents to anyone with the CS feature. */
export const canList = (kind: AgentKind, role: RoleCode | undefined) =>
  kind === 'cs' || Boolean(role && CS_SUPERVISORS.includes(role));
export const isSupervisorRole = (role: RoleCode | undefined) =>
  Boolean(role && CS_SUPERVISORS.includes(role));

export const AGENT_PAGE_SIZE = 20;

export const agentKeys = {
  all: ['cs-agents'] as const,
  list: (kind: AgentKind, q: string) => [...agentKeys.all, kind, 'list', q] as const,
  tags: ['cs-agents', 'tags'] as const,
  choices: ['cs-agents', 'choices'] as const,
};

/** One kind's list, a keyset page at a time ("load more"). */
export function useAgentList(kind: AgentKind, q: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: agentKeys.list(kind, q),
    queryFn: ({ pageParam, signal }) =>
      callOperation(kind === 'cs' ? agentsOperations.listAgents : agentsOperations[kind].list, {
        signal,
        query: { q: q || undefined, pageSize: AGENT_PAGE_SIZE, lastEvaluatedKey: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastEvaluatedKey ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every agent, for pickers (history filter by agent). */
export function useAgentChoices(enabled = true) {
  return useQuery({
    queryKey: agentKeys.choices,
    queryFn: async ({ signal }) =>
      (
        await callOperation(agentsOperations.listAgents, {
          signal,
          query: { pageSize: 500, excludeLog: 'true' },
        })
      ).items,
    enabled,
    staleTime: 60_000,
  });
}

/** Tags agents carry; suggestions for the tag fields. */
export function useAgentTags() {
  return useQuery({
    queryKey: agentKeys.tags,
    queryFn: async ({ signal }) => (await callOperation(agentsOperations.listAgentTags, { signal })).tags,
    staleTime: 60_000,
  });
}

export type AgentFormValues = {
  name: string;
  email: string;
  tags: string[];
  percentageWeight: number;
  capacity: number | null;
  activeBot: boolean;
  botName: string;
};

/**
 * Each API's call: agents are created with `csName` and updated with `name` through POST; managers and
 * internal users are added or updated through PUT with `name`.
 */
export async function saveAgent(kind: AgentKind, mode: 'create' | 'edit', values: AgentFormValues) {
  if (kind !== 'cs')
    return callOperation(agentsOperations[kind].save, {
      body: { name: values.name, email: values.email, tags: values.tags },
    });
  return postAgent({
    ...(mode === 'create' ? { csName: values.name } : { name: values.name }),
    email: values.email,
    tags: values.tags,
    percentageWeight: values.percentageWeight,
    ...(values.capacity === null ? {} : { capacity: values.capacity }),
    activeBot: values.activeBot,
    botName: values.activeBot ? values.botName.trim() || null : null,
  });
}

/** POST /customerService also sends chat messages; without a roomId it answers the agent. */
async function postAgent(body: OperationInput<typeof agentsOperations.postAgent>['body']) {
  return CsAgentSchema.parse(await callOperation(agentsOperations.postAgent, { body }));
}

function useInvalidateAgents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agentKeys.all });
}

export function useSaveAgent(kind: AgentKind) {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ mode, values }: { mode: 'create' | 'edit'; values: AgentFormValues }) =>
      saveAgent(kind, mode, values),
    onSuccess: invalidate,
  });
}

export type AgentAction = 'activate' | 'deactivate' | 'delete';

/** Activate (deactivated=false), deactivate (DELETE) or delete (DELETE with deleted / isDeleted). */
export function useAgentAction(kind: AgentKind) {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ action, agent }: { action: AgentAction; agent: CsAgent }) => {
      const activate = { email: agent.email, deactivated: false };
      const deleted = action === 'delete' ? 'true' : undefined;
      if (kind === 'cs')
        return action === 'activate'
          ? postAgent(activate)
          : callOperation(agentsOperations.deleteAgent, { query: { email: agent.email, deleted } });
      return action === 'activate'
        ? callOperation(agentsOperations[kind].save, { body: activate })
        : callOperation(agentsOperations[kind].remove, { query: { email: agent.email, isDeleted: deleted } });
    },
    onSuccess: invalidate,
  });
}

/** Sends a CSV of agents, supervisors or internal users to create; answers the per-row report. */
export async function uploadAgentImport(kind: AgentKind, file: File): Promise<CsRowReport> {
  return callOperation(kind === 'cs' ? agentsOperations.importAgents : agentsOperations[kind].import, {
    file,
  });
}

/** The agents as CSV. */
export const downloadAgentsCsv = () => downloadOperation(agentsOperations.exportAgentsCsv);
export const reportOfAgents = (report: CsRowReport) => ({
  total: report.total,
  succeeded: report.succeeded,
  failed: report.failed,
  rows: report.rows.map((row) => ({ row: row.row, label: row.email ?? null, ok: row.ok, error: row.error })),
});

/** The agents' log-in/out times; the server answers the xlsx as base64. */
export async function fetchAgentLog(query: { csEmail?: string; startDate?: string; endDate?: string }) {
  const answer = await callOperation(agentsOperations.exportAgentLog, { query });
  const bytes = Uint8Array.from(atob(answer.data), (char) => char.charCodeAt(0));
  return {
    rows: answer.rows,
    file: {
      blob: new Blob([bytes], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      fileName: answer.fileName,
    },
  };
}
