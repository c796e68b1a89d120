import { createHmac } from 'node:crypto';
import { integrityPayload } from '@sapa/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { type $ZodType, safeEncode } from 'zod/v4/core';

/** The per-session key of the response hash; handed to the browser at login. */
export function integrityKeyFor(integrityKey: Buffer, sessionId: string): string {
  return createHmac('sha256', integrityKey).update(sessionId).digest('base64url');
}

export function integrityHash(sessionIntegrityKey: string, body: Record<string, unknown>): string {
  return createHmac('sha256', sessionIntegrityKey).update(integrityPayload(body)).digest('hex');
}

/** How many sessions' keys, and how many sessions' hashes of one prepared body, are kept (decision 0066). */
const KEPT_SESSION_KEYS = 10_000;
const KEPT_HASHES_PER_BODY = 1_000;

/**
 * A JSON body serialized once, with the text its hash covers (null when the body carries its own `hash`),
 * and the hash already worked out for each session that received it.
 */
type PreparedBody = { text: string; covered: string | null; hashes: Map<string, string> };

const preparedBodies = new WeakMap<object, PreparedBody>();
const preparedOfReply = new WeakMap<FastifyReply, PreparedBody>();

/**
 * Sends a value that is answered many times as it is (a kept page, decision 0064; the caller's own
 * `/me`, decision 0066): it is encoded by the route's response schema and serialized once, as the
 * route's serializer would, and the integrity hook signs the canonical text kept with it instead of
 * parsing the body again, once per session. The value must not change once sent.
 */
export function sendPreparedJson(reply: FastifyReply, schema: $ZodType, value: object): FastifyReply {
  let body = preparedBodies.get(value);
  if (!body) {
    const encoded = safeEncode(schema, value);
    if (encoded.error) throw encoded.error;
    const text = JSON.stringify(encoded.data);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    body = { text, covered: 'hash' in parsed ? null : integrityPayload(parsed), hashes: new Map() };
    preparedBodies.set(value, body);
  }
  preparedOfReply.set(reply, body);
  return reply.type('application/json; charset=utf-8').send(body.text);
}

/**
 * Adds the spec's `hash` to every JSON object a logged-in session receives (spec §5): HMAC-SHA256 over
 * the canonical JSON of the body without `hash`. The hash is spliced into the serialized text so the
 * body keeps its field order and is not serialized twice. The session's key is a pure function of the
 * session id and is worked out once per process; a prepared body keeps each session's hash, which is a
 * pure function of that key and the body (decision 0066).
 */
export const integrityPlugin = fp<{ integrityKey: Buffer }>(
  async (app: FastifyInstance, { integrityKey }) => {
    const sessionKeys = new Map<string, string>();
    const sessionKeyOf = (sessionId: string) => {
      let key = sessionKeys.get(sessionId);
      if (key === undefined) {
        key = integrityKeyFor(integrityKey, sessionId);
        if (sessionKeys.size >= KEPT_SESSION_KEYS) sessionKeys.delete(sessionKeys.keys().next().value!);
        sessionKeys.set(sessionId, key);
      }
      return key;
    };
    const hashOf = (sessionId: string, covered: string) =>
      createHmac('sha256', sessionKeyOf(sessionId)).update(covered).digest('hex');
    const withHash = (payload: string, hash: string) => {
      const inner = payload.slice(1, -1).trim();
      return `{${inner}${inner ? ',' : ''}"hash":"${hash}"}`;
    };

    // A plain hook (no promise per request): everything in it is synchronous.
    app.addHook('onSend', (request, reply, payload, done) => {
      const actor = request.ctx?.actor;
      if (!actor || typeof payload !== 'string' || !payload.startsWith('{')) return done(null, payload);
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
      const prepared = preparedOfReply.get(reply);
      if (prepared && prepared.text === payload) {
        if (prepared.covered === null) return done(null, payload);
        let hash = prepared.hashes.get(actor.sessionId);
        if (hash === undefined) {
          hash = hashOf(actor.sessionId, prepared.covered);
          if (prepared.hashes.size < KEPT_HASHES_PER_BODY) prepared.hashes.set(actor.sessionId, hash);
        }
        return done(null, withHash(payload, hash));
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(payload) as Record<string, unknown>;
      } catch (error) {
        return done(error as Error);
      }
      if ('hash' in body) return done(null, payload);
      done(null, withHash(payload, hashOf(actor.sessionId, integrityPayload(body))));
    });
  },
  { name: 'integrity' },
);
