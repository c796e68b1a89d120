/**
 * Keyset cursors: `lastEvaluatedKey` is opaque to callers (base64url JSON of the last row's key
 * parts), so the sort key can change without breaking them. Anything undecodable answers null.
 */
export function encodeCursor(parts: Record<string, string | number | null>): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(value: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
