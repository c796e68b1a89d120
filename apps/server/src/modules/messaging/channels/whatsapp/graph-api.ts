import { AppError } from '../../../../platform/errors.js';
import {
  OutboundError,
  type OutboundHttp,
  type OutboundRequest,
  type OutboundResponse,
} from '../../../../platform/outbound-http.js';
import { storedMediaType } from '../../../../platform/storage/index.js';
import {
  mediaRefused,
  numberReadRefused,
  providerAddressRefused,
  providerAuthFailed,
  providerRejected,
  providerTimeout,
  providerUnreachable,
  windowClosed,
} from './whatsapp.errors.js';
import {
  GraphErrorSchema,
  MediaInfoSchema,
  type PhoneNumberInfo,
  PhoneNumberInfoSchema,
  SendResponseSchema,
} from './whatsapp.wire.js';

/** The slice of the Graph API the channel uses: send a message, and the two-step media download. */
export type GraphEndpoint = {
  /** Every call goes through the platform's guard (no loopback, private ranges or plain http). */
  outbound: OutboundHttp;
  /** The deployment's (config `WHATSAPP_GRAPH_BASE_URL`), never a tenant's. */
  graphBaseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs?: number;
};

const TIMEOUT_MS = 15_000;
const MEDIA_TIMEOUT_MS = 60_000;
/** Graph API JSON answers are small; anything bigger is not one. */
const JSON_MAX_BYTES = 1024 * 1024;
const MB = 1024 * 1024;
/** Re-engagement: the 24-hour window closed on Meta's side (our own check missed an inbound). */
const REENGAGEMENT_ERROR = 131047;
const AUTH_ERRORS = new Set([190, 10, 200]);
/** Throttling and temporary errors (Graph API error codes): the same send may pass later. */
const RETRYABLE_ERRORS = new Set([1, 2, 4, 17, 32, 613, 80007, 130429, 131000, 131016, 131048, 131056]);
const isRetryableAnswer = (status: number) => status >= 500 || status === 429;
const MAX_MEDIA_REDIRECTS = 3;

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path}`;

/** Meta's limits per media type (Cloud API "supported media types"): nothing bigger is a real file. */
export function mediaMaxBytes(mimeType: string): number {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'image/webp') return MB / 2; // stickers
  if (type.startsWith('image/')) return 5 * MB;
  if (type.startsWith('audio/') || type.startsWith('video/')) return 16 * MB;
  return 100 * MB;
}

/**
 * Where media bytes may come from: Meta's media hosts, or the host of the deployment's own Graph API
 * URL (a proxy or a test double it chose). A media URL is taken from an answer, so it is checked.
 */
export function isMediaHostAllowed(url: string, graphBaseUrl: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const host = target.hostname.toLowerCase();
  if (host === 'lookaside.fbsbx.com' || host.endsWith('.fbcdn.net') || host.endsWith('.whatsapp.net'))
    return target.protocol === 'https:';
  const graph = new URL(graphBaseUrl);
  return target.protocol === graph.protocol && target.host === graph.host;
}

type Answer = OutboundResponse & { json(): unknown };

async function call(
  endpoint: GraphEndpoint,
  url: string,
  init: Omit<OutboundRequest, 'timeoutMs' | 'maxBytes'> & { timeoutMs?: number; maxBytes?: number },
): Promise<Answer> {
  try {
    const response = await endpoint.outbound.request(url, {
      ...init,
      timeoutMs: init.timeoutMs ?? endpoint.timeoutMs ?? TIMEOUT_MS,
      maxBytes: init.maxBytes ?? JSON_MAX_BYTES,
    });
    return {
      ...response,
      json: () => {
        try {
          return JSON.parse(response.body.toString('utf8')) as unknown;
        } catch {
          return null;
        }
      },
    };
  } catch (error) {
    if (error instanceof OutboundError) {
      if (error.reason === 'timeout') throw providerTimeout();
      if (error.reason === 'refused') throw providerAddressRefused(error.message);
      if (error.reason === 'too_large') {
        throw init.maxBytes ? mediaRefused(error.message) : providerRejected('size', error.message);
      }
    }
    throw providerUnreachable();
  }
}

const isOk = (response: Answer) => response.status >= 200 && response.status < 300;

function failure(response: Answer): Error {
  const parsed = GraphErrorSchema.safeParse(response.json());
  if (!parsed.success)
    return providerRejected(
      String(response.status),
      response.statusText || 'unexpected answer',
      isRetryableAnswer(response.status),
    );
  const { code, message, error_data: data } = parsed.data.error;
  if (code === REENGAGEMENT_ERROR) return windowClosed();
  const detail = data?.details ?? message ?? 'no details given';
  if (response.status === 401 || (code !== undefined && AUTH_ERRORS.has(code)))
    return providerAuthFailed(detail);
  return providerRejected(
    String(code ?? response.status),
    detail,
    isRetryableAnswer(response.status) || (code !== undefined && RETRYABLE_ERRORS.has(code)),
  );
}

/** `POST {graphBase}/{phone-number-id}/messages`; answers the new message's wamid. */
export async function graphSendMessage(
  endpoint: GraphEndpoint,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await call(
    endpoint,
    joinUrl(endpoint.graphBaseUrl, `${endpoint.phoneNumberId}/messages`),
    {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  if (!isOk(response)) throw failure(response);
  const parsed = SendResponseSchema.safeParse(response.json());
  if (!parsed.success) throw providerRejected(String(response.status), 'the answer named no message id');
  return parsed.data.messages[0]!.id;
}

/**
 * `GET /{media-id}` for a short-lived URL, then the bytes from it, both with the bearer token. The
 * URL must be on a media host (redirects too), the bytes within Meta's size limit for the type and
 * what the type says they are; a refusal is a `media_refused` error, not worth retrying.
 */
export async function graphDownloadMedia(
  endpoint: GraphEndpoint,
  mediaId: string,
  declaredMimeType: string | null,
): Promise<{ bytes: Buffer; mimeType: string }> {
  const auth = { authorization: `Bearer ${endpoint.accessToken}` };
  const info = await call(endpoint, joinUrl(endpoint.graphBaseUrl, encodeURIComponent(mediaId)), {
    headers: auth,
  });
  if (!isOk(info)) throw failure(info);
  const parsed = MediaInfoSchema.safeParse(info.json());
  if (!parsed.success) throw providerRejected(String(info.status), 'the media answer named no URL');
  const declared = declaredMimeType ?? parsed.data.mime_type ?? 'application/octet-stream';
  const maxBytes = mediaMaxBytes(declared);
  let url = parsed.data.url;
  for (let hops = 0; ; hops += 1) {
    if (!isMediaHostAllowed(url, endpoint.graphBaseUrl))
      throw mediaRefused('the media URL is not on a WhatsApp media host');
    const file = await call(endpoint, url, { headers: auth, timeoutMs: MEDIA_TIMEOUT_MS, maxBytes });
    const location = file.headers.location;
    if (file.status >= 300 && file.status < 400 && typeof location === 'string') {
      if (hops >= MAX_MEDIA_REDIRECTS) throw mediaRefused('too many redirects');
      url = new URL(location, url).toString();
      continue;
    }
    if (!isOk(file)) throw failure(file);
    const mimeType = storedMediaType(declared, file.body);
    if (!mimeType) throw mediaRefused(`the file is not the ${declared} it was declared as`);
    return { bytes: file.body, mimeType };
  }
}

/**
 * `GET /{phone-number-id}?fields=…` with the number's token: its verified name, quality rating,
 * messaging limit and throughput as Meta has them now.
 */
export async function graphReadPhoneNumber(
  endpoint: GraphEndpoint,
  fields: readonly string[],
): Promise<PhoneNumberInfo> {
  const url = `${joinUrl(endpoint.graphBaseUrl, encodeURIComponent(endpoint.phoneNumberId))}?fields=${fields.join(',')}`;
  const response = await call(endpoint, url, {
    headers: { authorization: `Bearer ${endpoint.accessToken}` },
  });
  if (!isOk(response)) {
    const error = failure(response);
    // failure() words a send's refusal; a read of the number says so instead.
    if (error instanceof AppError && error.code === 'provider_rejected') {
      const parsed = GraphErrorSchema.safeParse(response.json());
      const graphError = parsed.success ? parsed.data.error : null;
      throw numberReadRefused(
        String(graphError?.code ?? response.status),
        graphError?.error_data?.details ??
          graphError?.message ??
          (response.statusText || 'unexpected answer'),
      );
    }
    throw error;
  }
  const parsed = PhoneNumberInfoSchema.safeParse(response.json());
  if (!parsed.success) throw numberReadRefused(String(response.status), 'the answer was not a phone number');
  return parsed.data;
}
