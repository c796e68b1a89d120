import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';

// A NUL byte, or half of a surrogate pair: PostgreSQL refuses the first in text and jsonb, and the
// second cannot be encoded as UTF-8 at all. Neither is text a person typed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

type Visit = { value: unknown; key: string; parent: Visit | null };

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) keys.push(at.key);
  keys.reverse();
  // A path 5,000 levels deep helps nobody: its start and end say where.
  return keys.length > 8 ? [...keys.slice(0, 4), '…', ...keys.slice(-3)].join('.') : keys.join('.');
}

/**
 * Where the first unsafe string (value or object key) sits in `value`, as a dotted path from `root`,
 * or null. Iterative, so a body nested 5,000 deep cannot overflow the stack; raw Buffers are skipped.
 */
export function findUnsafeText(value: unknown, root: string): string | null {
  const stack: Visit[] = [{ value, key: root, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const item = visit.value;
    if (typeof item === 'string') {
      if (UNSAFE_TEXT.test(item)) return pathOf(visit);
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--)
        stack.push({ value: item[index], key: String(index), parent: visit });
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item).reverse()) {
        if (UNSAFE_TEXT.test(key)) return pathOf({ value: key, key: '(key)', parent: visit });
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

export const invalidText = (path: string) =>
  new AppError(
    400,
    'invalid_text',
    `${path} holds a NUL byte or an unpaired surrogate, which text may not contain`,
  );

/**
 * Refuses NUL bytes and lone surrogates in the query string, path parameters and JSON body of every
 * route before validation and handlers see them (issue 11). Multipart uploads and raw Buffer bodies
 * are not text; a route that sanitises text itself (a provider's webhook must never be refused) sets
 * `config.rawText`.
 */
export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.rawText) return;
      const where =
        findUnsafeText(request.params, 'params') ??
        findUnsafeText(request.query, 'query') ??
        (/^multipart\//i.test(request.headers['content-type'] ?? '')
          ? null
          : findUnsafeText(request.body, 'body'));
      if (where) throw invalidText(where);
    });
  },
  { name: 'text-guard' },
);
