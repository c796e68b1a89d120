import { createHash } from 'node:crypto';
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
  /** Raw bytes sent as they are (an upload), with the headers that go with them. */
  raw?: { bytes: Buffer; headers: Record<string, string>; timeoutMs: number },
): Promise<unknown> {
  let response: Awaited<ReturnType<OutboundHttp['request']>>;
  const payload = raw ? raw.bytes : body === undefined ? undefined : JSON.stringify(body);
  try {
    response = await endpoint.outbound.request(url, {
      method,
      headers: {
        authorization: `Bearer ${endpoint.accessToken}`,
        // Node frames a DELETE's body only when its length is given (the groups edge sends one).
        ...(payload === undefined
          ? {}
          : raw
            ? { ...raw.headers, 'content-length': String(raw.bytes.length) }
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
      },
      ...(payload === undefined ? {} : { body: payload }),
      timeoutMs: raw?.timeoutMs ?? TIMEOUT_MS,
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

const AppAnswerSchema = z.looseObject({ id: z.string().regex(/^\d{1,30}$/) });
const UploadSessionSchema = z.looseObject({ id: z.string().min(1).max(500) });
const UploadedSchema = z.looseObject({ h: z.string().min(1).max(2000) });
/** A 16 MB video over a slow link still fits. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** A sample file for a media header, as Meta's Resumable Upload API takes it. */
export type HeaderSample = { bytes: Buffer; fileName: string; mimeType: string };

/**
 * Meta's Resumable Upload API with the number's token: `GET /app` names the token's app (the channel
 * stores none), `POST /{app-id}/uploads` opens a session, `POST /{upload-id}` with `file_offset: 0`
 * sends the bytes, and the answer's `h` is the handle a template's `header_handle` takes.
 */
export async function graphUploadSample(endpoint: WabaEndpoint, sample: HeaderSample): Promise<string> {
  const base = endpoint.graphBaseUrl.replace(/\/+$/, '');
  const app = AppAnswerSchema.safeParse(await graphRequest(endpoint, 'GET', `${base}/app?fields=id`));
  if (!app.success)
    throw new GraphTemplateError(
      "The Graph API did not name the access token's app.",
      false,
      200,
      null,
      null,
    );
  const session = new URL(`${base}/${encodeURIComponent(app.data.id)}/uploads`);
  session.searchParams.set('file_name', sample.fileName);
  session.searchParams.set('file_length', String(sample.bytes.length));
  session.searchParams.set('file_type', sample.mimeType);
  const opened = UploadSessionSchema.safeParse(await graphRequest(endpoint, 'POST', session.toString()));
  if (!opened.success)
    throw new GraphTemplateError('The Graph API opened no upload session.', false, 200, null, null);
  // The session id ("upload:…") is a path segment of its own; its query part, if any, stays the query.
  const [uploadPath, uploadQuery] = opened.data.id.split('?', 2) as [string, string | undefined];
  if (!/^upload:[^/\s]+$/.test(uploadPath))
    throw new GraphTemplateError(
      'The Graph API named an upload session we cannot use.',
      false,
      200,
      null,
      null,
    );
  const uploaded = UploadedSchema.safeParse(
    await graphRequest(
      endpoint,
      'POST',
      `${base}/${uploadPath}${uploadQuery ? `?${uploadQuery}` : ''}`,
      undefined,
      {
        bytes: sample.bytes,
        headers: {
          // The upload step takes the token in Meta's documented `OAuth` form.
          authorization: `OAuth ${endpoint.accessToken}`,
          file_offset: '0',
          'content-type': 'application/octet-stream',
        },
        timeoutMs: UPLOAD_TIMEOUT_MS,
      },
    ),
  );
  if (!uploaded.success)
    throw new GraphTemplateError(
      'The Graph API answered the upload without a file handle.',
      false,
      200,
      null,
      null,
    );
  return uploaded.data.h;
}

/**
 * The sandbox's side of the upload: it takes the same sample Meta would (bytes of a known media type)
 * and answers with a handle in Meta's form (`4::` + the type + a digest of the bytes).
 */
export function sandboxUploadSample(sample: HeaderSample): string {
  if (sample.bytes.length === 0)
    throw new GraphTemplateError('The sandbox refused an empty sample file.', false, 400, 100, null);
  const digest = createHash('sha256').update(sample.bytes).digest('base64url');
  return `4::${Buffer.from(sample.mimeType).toString('base64url')}:${digest}`;
}
