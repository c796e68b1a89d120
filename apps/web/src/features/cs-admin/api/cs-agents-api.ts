import {
  CLIENT_ADMIN_ROLES,
  CS_SUPERVISOR_ROLES,
  type CsAgent,
  CsAgentSchema,
  type CsRowReport,
  CsTagNamesSchema,
  keysetPageOf,
  type RoleCode,
} from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';

/** The three kinds of people of the inbox, each behind its own API (spec §7). */
export type AgentKind = 'cs' | 'manager' | 'internal';

export const AGENT_PATHS: Record<AgentKind, string> = {
  cs: '/api/cs/customerService',
  manager: '/api/cs/manager',
  internal: '/api/cs/internal-user',
};

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

const AgentPageSchema = keysetPageOf(CsAgentSchema);
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
    queryFn: async ({ pageParam, signal }) =>
      AgentPageSchema.parse(
        await http.get(AGENT_PATHS[kind], {
          signal,
          query: { q: q || undefined, pageSize: AGENT_PAGE_SIZE, lastEvaluatedKey: pageParam },
        }),
      ),
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
      AgentPageSchema.parse(
        await http.get(AGENT_PATHS.cs, { signal, query: { pageSize: 500, excludeLog: true } }),
      ).items,
    enabled,
    staleTime: 60_000,
  });
}

/** Tags agents carry; suggestions for the tag fields. */
export function useAgentTags() {
  return useQuery({
    queryKey: agentKeys.tags,
    queryFn: async ({ signal }) =>
      CsTagNamesSchema.parse(await http.get(`${AGENT_PATHS.cs}/tags`, { signal })).tags,
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
 * The body each API expects: agents are created with `csName` and updated with `name` through POST;
 * managers and internal users are added or updated through PUT with `name`.
 */
export function agentSaveRequest(kind: AgentKind, mode: 'create' | 'edit', values: AgentFormValues) {
  if (kind !== 'cs')
    return { method: 'PUT' as const, body: { name: values.name, email: values.email, tags: values.tags } };
  return {
    method: 'POST' as const,
    body: {
      [mode === 'create' ? 'csName' : 'name']: values.name,
      email: values.email,
      tags: values.tags,
      percentageWeight: values.percentageWeight,
      ...(values.capacity === null ? {} : { capacity: values.capacity }),
      activeBot: values.activeBot,
      botName: values.activeBot ? values.botName.trim() || null : null,
    },
  };
}

function useInvalidateAgents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agentKeys.all });
}

export function useSaveAgent(kind: AgentKind) {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async ({ mode, values }: { mode: 'create' | 'edit'; values: AgentFormValues }) => {
      const { method, body } = agentSaveRequest(kind, mode, values);
      return CsAgentSchema.parse(await http.request(AGENT_PATHS[kind], { method, body }));
    },
    onSuccess: invalidate,
  });
}

export type AgentAction = 'activate' | 'deactivate' | 'delete';

/** Activate (deactivated=false), deactivate (DELETE) or delete (DELETE with deleted / isDeleted). */
export function useAgentAction(kind: AgentKind) {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async ({ action, agent }: { action: AgentAction; agent: CsAgent }) => {
      const path = AGENT_PATHS[kind];
      if (action === 'activate')
        return CsAgentSchema.parse(
          await http.request(path, {
            method: kind === 'cs' ? 'POST' : 'PUT',
            body: { email: agent.email, deactivated: false },
          }),
        );
      const deleted = action === 'delete' ? { [kind === 'cs' ? 'deleted' : 'isDeleted']: true } : {};
      return CsAgentSchema.parse(await http.delete(path, { query: { email: agent.email, ...deleted } }));
    },
    onSuccess: invalidate,
  });
}

/** Sends a CSV of agents, supervisors or internal users to create; answers the per-row report. */
export async function uploadAgentImport(kind: AgentKind, file: File): Promise<CsRowReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await http.upload(`${AGENT_PATHS[kind]}/import`, form)) as CsRowReport;
}

/** The agents as CSV. */
export const downloadAgentsCsv = () => http.download(`${AGENT_PATHS.cs}/exportToCsv`);
export const reportOfAgents = (report: CsRowReport) => ({
  total: report.total,
  succeeded: report.succeeded,
  failed: report.failed,
  rows: report.rows.map((row) => ({ row: row.row, label: row.email ?? null, ok: row.ok, error: row.error })),
});

const LogFileSchema = z.object({ fileName: z.string(), data: z.string(), rows: z.number() });

/** The agents' log-in/out times; the server answers the xlsx as base64. */
export async function fetchAgentLog(query: { csEmail?: string; startDate?: string; endDate?: string }) {
  const answer = LogFileSchema.parse(await http.get('/api/cs/exportLogToXlsx', { query }));
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
