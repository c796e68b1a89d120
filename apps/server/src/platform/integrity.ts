import { createHmac } from 'node:crypto';
import { integrityPayload } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The per-session key of the response hash; handed to the browser at login. */
export function integrityKeyFor(integrityKey: Buffer, sessionId: string): string {
  return createHmac('sha256', integrityKey).update(sessionId).digest('base64url');
}

export function integrityHash(sessionIntegrityKey: string, body: Record<string, unknown>): string {
  return createHmac('sha256', sessionIntegrityKey).update(integrityPayload(body)).digest('hex');
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
      const body = JSON.parse(payload) as Record<string, unknown>;
      if ('hash' in body) return payload;
      const hash = integrityHash(integrityKeyFor(integrityKey, actor.sessionId), body);
      const inner = payload.slice(1, -1).trim();
      return `{${inner}${inner ? ',' : ''}"hash":"${hash}"}`;
    });
  },
  { name: 'integrity' },
);
