import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../test/test-app.js';

/**
 * Drives every operation of the OpenAPI document with hostile values, as an attacker would (issue 11):
 * no answer may be a 5xx, every 4xx has the error shape, and the process keeps serving. Seeded and
 * bounded: FUZZ_SEED picks another run, FUZZ_VARIANTS more requests per operation (default 2).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const VARIANTS = Number(process.env.FUZZ_VARIANTS ?? 2);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema };
type Operation = { method: string; path: string; parameters: Parameter[]; body?: JsonSchema };
type Slot = { in: 'path' | 'query' | 'body' | 'whole-body'; name: string };

/** mulberry32: small, seeded, good enough to pick test values. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
    },
  };
}

/**
 * Percent-encodes as an attacker may: a lone surrogate, which `encodeURIComponent` refuses, goes out
 * as the three bytes a naive UTF-8 encoder writes for it (CESU-8).
 */
function encodePart(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

/** JSON text sent as is: a value nested 5,000 deep is too deep for this side's `JSON.stringify`. */
class RawJson {
  constructor(readonly text: string) {}
}

function nested(depth: number, leaf: unknown): RawJson {
  const half = Math.floor(depth / 2);
  return new RawJson(`${'{"a":['.repeat(half)}${JSON.stringify(leaf)}${']}'.repeat(half)}`);
}

/** The body as JSON text, with any `RawJson` inside spliced in verbatim. */
function serialise(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJson ? `\u0001raw${raws.push(item.text) - 1}\u0001` : item,
  );
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, index: string) => raws[Number(index)]!);
}

// Text as it arrives in a URL: the query string and path parameters.
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'x'.repeat(100_000),
  '99999999999999999999',
  '1e20',
  '-1',
  '-99999999999999999999',
  '1.5',
  'NaN',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '',
  '%00',
  "' or 1=1 --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.invalid")',
  'true',
  'null',
  '{"$gt":""}',
  '\u202e\ufeff',
];
// Values of any JSON type, for body fields.
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_TEXT,
  1e20,
  -1e20,
  1e300,
  -1,
  0,
  1.5,
  2 ** 53 + 2,
  null,
  true,
  [],
  {},
  ['\u0000'],
  { '\u0000': 1 },
  new RawJson('{"__proto__":{"polluted":true},"constructor":{"prototype":{}}}'),
  nested(5_000, 'deep'),
  Array.from({ length: 10_000 }, () => 'a'),
];
const HOSTILE_BODIES: unknown[] = [nested(5_000, '\u0000'), nested(5_000, 1), [], 'text', 1e20, null, [{}]];

function sampleOf(schema: JsonSchema | undefined, random: ReturnType<typeof prng>, depth = 0): unknown {
  if (!schema || depth > 6) return 'fuzz';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const useful = options.filter((option) => option.type !== 'null');
    return sampleOf(useful[0] ?? options[0], random, depth + 1);
  }
  if (schema.allOf?.[0]) return sampleOf(schema.allOf[0], random, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return random.uuid();
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'uri') return 'https://example.com/';
      return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf(schema.items, random, depth + 1)];
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(key) || random.next() < 0.5)
          body[key] = sampleOf(property, random, depth + 1);
      return body;
    }
    default:
      return 'fuzz';
  }
}

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> })
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
      });
    }
  return operations;
}

/** One request for `operation`: plausible values everywhere except one hostile slot. */
function hostileRequest(operation: Operation, random: ReturnType<typeof prng>) {
  const slots: Slot[] = [
    ...operation.parameters
      .filter((parameter) => parameter.in !== 'header')
      .map((parameter) => ({ in: parameter.in as 'path' | 'query', name: parameter.name })),
    ...Object.keys(operation.body?.properties ?? {}).map((name) => ({ in: 'body' as const, name })),
    ...(operation.body ? [{ in: 'whole-body' as const, name: '' }] : []),
  ];
  // With nothing to fill, an unknown query parameter still carries the hostile text.
  const slot = slots.length > 0 ? random.pick(slots) : { in: 'query' as const, name: 'probe' };
  const text = random.pick(HOSTILE_TEXT);
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

  let path = operation.path;
  const query: string[] = [];
  const append = (name: string, value: string) => query.push(`${encodePart(name)}=${encodePart(value)}`);
  for (const parameter of operation.parameters) {
    const hostile = slot.in === parameter.in && slot.name === parameter.name;
    if (parameter.in === 'path') {
      const value = hostile ? text : asText(sampleOf(parameter.schema, random));
      path = path.replace(`{${parameter.name}}`, encodePart(value));
    } else if (parameter.in === 'query') {
      if (hostile) {
        append(parameter.name, text);
        // A repeated key makes an array where a scalar is expected.
        if (random.next() < 0.2) append(parameter.name, text);
      } else if (parameter.required || random.next() < 0.3) {
        append(parameter.name, asText(sampleOf(parameter.schema, random)));
      }
    }
  }
  if (slot.in === 'query' && slot.name === 'probe') append('probe', text);

  let payload: unknown;
  if (operation.body) {
    if (slot.in === 'whole-body') payload = random.pick(HOSTILE_BODIES);
    else {
      payload = sampleOf(operation.body, random);
      if (slot.in === 'body' && payload && typeof payload === 'object') {
        const body = payload as Record<string, unknown>;
        const inner = body[slot.name];
        // Half the time one level down: inside the field's own object or list.
        if (inner && typeof inner === 'object' && random.next() < 0.5) {
          const keys = Object.keys(inner);
          if (keys.length > 0)
            (inner as Record<string, unknown>)[random.pick(keys)] = random.pick(HOSTILE_JSON);
          else body[slot.name] = random.pick(HOSTILE_JSON);
        } else body[slot.name] = random.pick(HOSTILE_JSON);
      }
    }
  }
  const search = query.join('&');
  return {
    url: `${path}${search ? `?${search}` : ''}`,
    payload,
    slot: `${slot.in}${slot.name ? `:${slot.name}` : ''}`,
  };
}

function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return null;
  let body: { error?: { code?: unknown; message?: unknown } };
  try {
    body = response.json();
  } catch {
    return `answered ${response.statusCode} without JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof body.error?.code !== 'string' || typeof body.error?.message !== 'string')
    return `answered ${response.statusCode} without the error shape: ${response.body.slice(0, 200)}`;
  return null;
}

describe('hostile input to every operation of the OpenAPI document', () => {
  let sapa: TestApp;
  const users: Record<string, LoggedIn> = {};
  // A super admin and a client admin take turns; an agent (chat role CS) steps in where both are refused
  // (the agent's own status), so those handlers see hostile values too.
  const emails = ['sad@demo.test', 'adc@demo.test'];
  const agent = 'usc@demo.test';

  beforeAll(async () => {
    // The fuzz sends many logins of its own: keep the per-address limit out of its way.
    // FUZZ_LOG=error shows the server's own account of a 5xx.
    sapa = await createTestApp({
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      ...(process.env.FUZZ_LOG ? { LOG_LEVEL: process.env.FUZZ_LOG } : {}),
    });
    for (const email of [...emails, agent]) users[email] = await logIn(sapa.app, email);
    // Queued work (exports) runs too: a failing job must not end the process either.
    await sapa.jobs.start({ work: true });
  });
  afterAll(async () => sapa?.close());

  it('answers no 5xx, every 4xx in the error shape, and keeps serving', async () => {
    const document = sapa.app.swagger() as unknown as Parameters<typeof operationsOf>[0];
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    const random = prng(SEED);
    const problems: string[] = [];
    let sent = 0;
    const reachedByAgent = new Set<string>();
    for (const operation of operations) {
      for (let variant = 0; variant < VARIANTS; variant++) {
        const request = hostileRequest(operation, random);
        for (const email of [emails[variant % emails.length]!, agent]) {
          const options: InjectOptions = {
            method: operation.method as InjectOptions['method'],
            url: request.url,
            headers: { ...users[email]!.headers },
          };
          if (request.payload !== undefined) {
            options.headers!['content-type'] = 'application/json';
            options.payload = serialise(request.payload);
          }
          const response = await sapa.app.inject(options);
          sent++;
          const problem = problemOf(response);
          if (problem)
            problems.push(
              `${operation.method} ${operation.path} as ${email} (${request.slot}, ${request.url.slice(0, 120)}): ${problem}`,
            );
          // A call that ended the session (logout, a password change) must not blind the rest of the run.
          if (response.statusCode === 401) users[email] = await logIn(sapa.app, email);
          // The access policy refused the admin before the handler saw the value: the agent tries it.
          if (response.statusCode === 403 && errorCode(response) === 'forbidden') continue;
          if (email === agent) reachedByAgent.add(`${operation.method} ${operation.path}`);
          break;
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    // The agent's own status is refused to admins: the agent must have reached it.
    expect([...reachedByAgent]).toContain('PUT /api/cs/customerService/status');
    expect(problems, `seed ${SEED}`).toEqual([]);
    const health = await sapa.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
