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

/** A JSON body serialized once, with the text its hash covers (null when the body carries its own `hash`). */
type PreparedBody = { text: string; covered: string | null };

const preparedBodies = new WeakMap<object, PreparedBody>();
const preparedOfReply = new WeakMap<FastifyReply, PreparedBody>();

/**
 * Sends a value that is answered many times as it is (a kept page, decision 0064): it is encoded by the
 * route's response schema and serialized once, as the route's serializer would, and the integrity hook
 * signs the canonical text kept with it instead of parsing the body again. The value must not change
 * once sent.
 */
export function sendPreparedJson(reply: FastifyReply, schema: $ZodType, value: object): FastifyReply {
  let body = preparedBodies.get(value);
  if (!body) {
    const encoded = safeEncode(schema, value);
    if (encoded.error) throw encoded.error;
    const text = JSON.stringify(encoded.data);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    body = { text, covered: 'hash' in parsed ? null : integrityPayload(parsed) };
    preparedBodies.set(value, body);
  }
  preparedOfReply.set(reply, body);
  return reply.type('application/json; charset=utf-8').send(body.text);
}

/**
 * Adds the spec's `hash` to every JSON object a logged-in session receives (spec §5): HMAC-SHA256 over
 * the canonical JSON of the body without `hash`. The hash is spliced into the serialized text so the
 * body keeps its field order and is not serialized twice.
 */
export const integrityPlugin = fp<{ integrityKey: Buffer }>(
  async (app: FastifyInstance, { integrityKey }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const actor = request.ctx?.actor;
      if (!actor || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
      const prepared = preparedOfReply.get(reply);
      let covered = prepared && prepared.text === payload ? prepared.covered : undefined;
      if (covered === undefined) {
        const body = JSON.parse(payload) as Record<string, unknown>;
        covered = 'hash' in body ? null : integrityPayload(body);
      }
      if (covered === null) return payload;
      const hash = createHmac('sha256', integrityKeyFor(integrityKey, actor.sessionId))
        .update(covered)
        .digest('hex');
      const inner = payload.slice(1, -1).trim();
      return `{${inner}${inner ? ',' : ''}"hash":"${hash}"}`;
    });
  },
  { name: 'integrity' },
);
