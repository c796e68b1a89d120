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

/** How many sessions' tokens one process keeps worked out (decision 0066); the oldest goes first. */
const KEPT_TOKENS = 10_000;

/**
 * A session's CSRF token, worked out once per process (decision 0066): it is a pure function of the key
 * and the session id, so keeping it changes nothing a caller sees; a revoked session is refused by the
 * access hook before any token is handed out or checked.
 */
export function csrfTokens(csrfKey: Buffer, max = KEPT_TOKENS) {
  const tokens = new Map<string, string>();
  return (sessionId: string): string => {
    let token = tokens.get(sessionId);
    if (token === undefined) {
      token = csrfTokenFor(csrfKey, sessionId);
      if (tokens.size >= max) tokens.delete(tokens.keys().next().value!);
      tokens.set(sessionId, token);
    }
    return token;
  };
}

/** Hands the CSRF token out on every response of a logged-in session (spec §7). */
export const csrfPlugin = fp<{ csrfKey: Buffer }>(
  async (app: FastifyInstance, { csrfKey }) => {
    const tokenOf = csrfTokens(csrfKey);
    // A plain hook (no promise per request): it only sets a header.
    app.addHook('onSend', (request, reply, payload, done) => {
      const actor = request.ctx?.actor;
      if (actor) reply.header('x-csrf-token', tokenOf(actor.sessionId));
      done(null, payload);
    });
  },
  { name: 'csrf' },
);
