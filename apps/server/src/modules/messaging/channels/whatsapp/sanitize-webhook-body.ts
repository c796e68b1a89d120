/**
 * Makes a parsed webhook body storable (issue 11, defect 7): PostgreSQL refuses NUL in text and
 * jsonb and lone surrogates in jsonb, and a body nested thousands of levels deep overflows the stack
 * of whatever walks it next. What is cut or cleaned is counted so the caller can log it; the
 * signature was already checked on the raw bytes, so nothing here weakens it.
 */
export const MAX_WEBHOOK_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** NUL removed, lone surrogates replaced by U+FFFD. */
export function cleanText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is removed.
  return text.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\ufffd');
}

export type SanitizeReport = { cleanedStrings: number; cutBranches: number };

export function sanitizeWebhookBody(value: unknown): { value: unknown; report: SanitizeReport } {
  const report: SanitizeReport = { cleanedStrings: 0, cutBranches: 0 };
  const clean = (text: string) => {
    const cleaned = cleanText(text);
    if (cleaned !== text) report.cleanedStrings++;
    return cleaned;
  };
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return clean(node);
    if (node === null || typeof node !== 'object') return node;
    if (depth >= MAX_WEBHOOK_DEPTH) {
      report.cutBranches++;
      return null;
    }
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) out[clean(key)] = walk(item, depth + 1);
    return out;
  };
  return { value: walk(value, 0), report };
}
