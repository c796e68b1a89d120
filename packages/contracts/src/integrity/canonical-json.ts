/**
 * Canonical JSON of spec §5 "Response integrity": keys sorted at every depth, no whitespace.
 * Both the server (to sign) and the web (to verify) hash exactly this text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // JSON.stringify drops undefined; a top-level undefined becomes null so the text stays valid JSON.
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined || typeof item === 'function') continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${parts.join(',')}}`;
}

/** The text a response hash covers: the body with its own `hash` field removed. */
export function integrityPayload(body: Record<string, unknown>): string {
  const { hash: _hash, ...rest } = body;
  return canonicalJson(rest);
}

export const INTEGRITY_FAILURE_MESSAGE = 'response is not trusted';
