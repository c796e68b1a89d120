import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. `@fastify/helmet` builds Helmet's middleware again on every request
 * (2.3% of the server's CPU on the OTP verify path, bench/README.md); with static options (no nonces,
 * no per-route settings) the headers never change, so they are computed at start and copied onto each
 * answer the way Helmet writes them (on the raw response, before the route runs).
 */
export function securityHeaders(options: Readonly<HelmetOptions>) {
  const set = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, value);
      removed.delete(name.toLowerCase());
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.add(name.toLowerCase());
    },
  };
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set: [...set.entries()], removed: [...removed] };
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { helmet: options }: { helmet: Readonly<HelmetOptions> }) => {
    const { set, removed } = securityHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of set) raw.setHeader(name, value);
      for (const name of removed) raw.removeHeader(name);
      done();
    });
  },
  { name: 'sapa-security-headers' },
);
