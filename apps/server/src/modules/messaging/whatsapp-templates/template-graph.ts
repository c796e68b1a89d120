import { z } from 'zod';
import { OutboundError, type OutboundHttp } from '../../../platform/outbound-http.js';

/** The WhatsApp Business Account's `message_templates` edge, as one client's number reaches it. */
export type WabaEndpoint = {
  outbound: OutboundHttp;
  /** The deployment's Graph API base URL with its version (config `WHATSAPP_GRAPH_BASE_URL`). */
  graphBaseUrl: string;
  wabaId: string;
  accessToken: string;
};

const TIMEOUT_MS = 15_000;
const MAX_BYTES = 2 * 1024 * 1024;
const PAGE_LIMIT = 100;
const MAX_PAGES = 60;
/** Graph error codes worth another try: throttling and temporary trouble. */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 32, 613, 80008]);
/** "Message template already exists" / "template not found" (Graph `error_subcode`s). */
export const ALREADY_EXISTS_SUBCODE = 2388024;

/** What Meta answered (or that it could not be reached), without any credential. */
export class GraphTemplateError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null,
    readonly code: number | null,
    readonly subcode: number | null,
  ) {
    super(message);
  }
}

const GraphErrorSchema = z.looseObject({
  error: z.looseObject({
    message: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
  }),
});

export const GraphTemplateSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().optional(),
  rejected_reason: z.string().optional(),
  components: z.array(z.looseObject({ type: z.string() })).optional(),
});
export type GraphTemplate = z.infer<typeof GraphTemplateSchema>;

const ListAnswerSchema = z.looseObject({
  data: z.array(z.unknown()),
  paging: z
    .looseObject({
      cursors: z.looseObject({ after: z.string().optional() }).optional(),
      next: z.string().optional(),
    })
    .optional(),
});
const CreateAnswerSchema = z.looseObject({
  id: z.string(),
  status: z.string().optional(),
  category: z.string().optional(),
});

const edgeUrl = (endpoint: WabaEndpoint, query?: Record<string, string>) => {
  const url = new URL(
    `${endpoint.graphBaseUrl.replace(/\/+$/, '')}/${encodeURIComponent(endpoint.wabaId)}/message_templates`,
  );
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.toString();
};

/**
 * One Graph API call with a number's token: its JSON answer, or a `GraphTemplateError` saying whether
 * another try may help (the groups edge uses it too).
 */
export async function graphRequest(
  endpoint: Pick<WabaEndpoint, 'outbound' | 'accessToken'>,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<unknown> {
  let response: Awaited<ReturnType<OutboundHttp['request']>>;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  try {
    response = await endpoint.outbound.request(url, {
      method,
      headers: {
        authorization: `Bearer ${endpoint.accessToken}`,
        // Node frames a DELETE's body only when its length is given (the groups edge sends one).
        ...(payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
      },
      ...(payload === undefined ? {} : { body: payload }),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
    });
  } catch (error) {
    if (error instanceof OutboundError) {
      const refused = error.reason === 'refused' || error.reason === 'too_large';
      throw new GraphTemplateError(
        refused
          ? `The Graph API address was refused: ${error.message}`
          : `The Graph API did not answer (${error.reason}).`,
        !refused,
        null,
        null,
        null,
      );
    }
    throw new GraphTemplateError('The Graph API could not be reached.', true, null, null, null);
  }
  let json: unknown = null;
  try {
    json = JSON.parse(response.body.toString('utf8'));
  } catch {
    json = null;
  }
  if (response.status >= 200 && response.status < 300) return json;
  const parsed = GraphErrorSchema.safeParse(json);
  const retryableStatus = response.status >= 500 || response.status === 429;
  if (!parsed.success)
    throw new GraphTemplateError(
      `The Graph API answered ${response.status} ${response.statusText}`.trim(),
      retryableStatus,
      response.status,
      null,
      null,
    );
  const { code, error_subcode: subcode, message, error_user_msg: userMessage } = parsed.data.error;
  const words = userMessage ?? message ?? 'no details given';
  const auth = response.status === 401 || code === 190;
  throw new GraphTemplateError(
    auth
      ? `The access token was refused: ${words}`
      : `Meta refused it (error ${code ?? response.status}): ${words}`,
    !auth && (retryableStatus || (code !== undefined && RETRYABLE_CODES.has(code))),
    response.status,
    code ?? null,
    subcode ?? null,
  );
}

/** `POST /{waba-id}/message_templates`: Meta's id and first status (usually PENDING). */
export async function graphCreateTemplate(endpoint: WabaEndpoint, payload: Record<string, unknown>) {
  const answer = CreateAnswerSchema.safeParse(
    await graphRequest(endpoint, 'POST', edgeUrl(endpoint), payload),
  );
  if (!answer.success)
    throw new GraphTemplateError('The Graph API answer named no template id.', false, 200, null, null);
  return answer.data;
}

const FIELDS = 'id,name,language,status,category,rejected_reason,components';

/** `GET /{waba-id}/message_templates`, every page (or those of one name). */
export async function graphListTemplates(endpoint: WabaEndpoint, name?: string): Promise<GraphTemplate[]> {
  const templates: GraphTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query: Record<string, string> = { fields: FIELDS, limit: String(PAGE_LIMIT) };
    if (name) query.name = name;
    if (after) query.after = after;
    const answer = ListAnswerSchema.safeParse(await graphRequest(endpoint, 'GET', edgeUrl(endpoint, query)));
    if (!answer.success)
      throw new GraphTemplateError('The Graph API answer had no template list.', false, 200, null, null);
    for (const item of answer.data.data) {
      const template = GraphTemplateSchema.safeParse(item);
      if (template.success) templates.push(template.data);
    }
    after = answer.data.paging?.cursors?.after;
    if (!answer.data.paging?.next || !after) break;
  }
  return templates;
}

/** `DELETE /{waba-id}/message_templates?name=…&hsm_id=…`: only that language's template goes. */
export async function graphDeleteTemplate(endpoint: WabaEndpoint, name: string, hsmId: string | null) {
  await graphRequest(endpoint, 'DELETE', edgeUrl(endpoint, { name, ...(hsmId ? { hsm_id: hsmId } : {}) }));
}
