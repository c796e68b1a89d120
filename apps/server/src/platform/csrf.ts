import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The session's CSRF token: derived from its id, so any process can check it without storage. */
export function csrfTokenFor(csrfKey: Buffer, sessionId: string): string {
  return createHmac('sha256', csrfKey).update(sessionId).digest('base64url');
}

export function verifyCsrfToken(csrfKey: Buffer, sessionId: string, candidate: string): boolean {
  const expected = Buffer.from(csrfTokenFor(csrfKey, sessionId));
  const given = Buffer.from(candidate);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Hands the CSRF token out on every response of a logged-in session (spec §7). */
export const csrfPlugin = fp<{ csrfKey: Buffer }>(
  async (app: FastifyInstance, { csrfKey }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const actor = request.ctx?.actor;
      if (actor) reply.header('x-csrf-token', csrfTokenFor(csrfKey, actor.sessionId));
      return payload;
    });
  },
  { name: 'csrf' },
);
