import {
  providerAuthFailed,
  providerRejected,
  providerTimeout,
  providerUnreachable,
  windowClosed,
} from './whatsapp.errors.js';
import { GraphErrorSchema, MediaInfoSchema, SendResponseSchema } from './whatsapp.wire.js';

/** The slice of the Graph API the channel uses: send a message, and the two-step media download. */
export type GraphEndpoint = {
  graphBaseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs?: number;
};

const TIMEOUT_MS = 15_000;
/** Re-engagement: the 24-hour window closed on Meta's side (our own check missed an inbound). */
const REENGAGEMENT_ERROR = 131047;
const AUTH_ERRORS = new Set([190, 10, 200]);

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path}`;

async function call(url: string, init: RequestInit, timeoutMs = TIMEOUT_MS): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw providerTimeout();
    }
    throw providerUnreachable();
  }
}

async function failure(response: Response): Promise<Error> {
  const parsed = GraphErrorSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    return providerRejected(String(response.status), response.statusText || 'unexpected answer');
  const { code, message, error_data: data } = parsed.data.error;
  if (code === REENGAGEMENT_ERROR) return windowClosed();
  const detail = data?.details ?? message ?? 'no details given';
  if (response.status === 401 || (code !== undefined && AUTH_ERRORS.has(code)))
    return providerAuthFailed(detail);
  return providerRejected(String(code ?? response.status), detail);
}

/** `POST {graphBase}/{phone-number-id}/messages`; answers the new message's wamid. */
export async function graphSendMessage(
  endpoint: GraphEndpoint,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await call(
    joinUrl(endpoint.graphBaseUrl, `${endpoint.phoneNumberId}/messages`),
    {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    endpoint.timeoutMs,
  );
  if (!response.ok) throw await failure(response);
  const parsed = SendResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw providerRejected(String(response.status), 'the answer named no message id');
  return parsed.data.messages[0]!.id;
}

/** `GET /{media-id}` for a short-lived URL, then the bytes from it, both with the bearer token. */
export async function graphDownloadMedia(
  endpoint: GraphEndpoint,
  mediaId: string,
): Promise<{ bytes: Buffer; mimeType: string | null }> {
  const auth = { authorization: `Bearer ${endpoint.accessToken}` };
  const info = await call(
    joinUrl(endpoint.graphBaseUrl, encodeURIComponent(mediaId)),
    { headers: auth },
    endpoint.timeoutMs,
  );
  if (!info.ok) throw await failure(info);
  const parsed = MediaInfoSchema.safeParse(await info.json().catch(() => null));
  if (!parsed.success) throw providerRejected(String(info.status), 'the media answer named no URL');
  const file = await call(parsed.data.url, { headers: auth }, endpoint.timeoutMs);
  if (!file.ok) throw await failure(file);
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimeType: parsed.data.mime_type ?? file.headers.get('content-type'),
  };
}
