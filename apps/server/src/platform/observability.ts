import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from './database.js';
import { access } from './request-context.js';

/** `/healthz` (the process answers), `/readyz` (the database answers) and `/metrics` (Prometheus). */
export const observabilityPlugin = fp<{ database: DatabaseHandle }>(
  async (app: FastifyInstance, { database }) => {
    // One registry per app, so several apps in one test process never clash.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'sapa_http_requests_total',
      help: 'HTTP requests by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'sapa_http_request_duration_seconds',
      help: 'HTTP request duration by method and route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });

    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-request-id', request.id);
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the URL, keeps label cardinality bounded.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    });

    const hide = { hide: true } as const;
    app.get('/healthz', { config: { access: access.public() }, schema: hide }, async () => ({
      status: 'ok',
    }));
    app.get('/readyz', { config: { access: access.public() }, schema: hide }, async (_request, reply) => {
      try {
        await database.ping();
        return { status: 'ready', database: database.kind };
      } catch {
        return reply
          .status(503)
          .send({ error: { code: 'not_ready', message: 'The database does not answer' } });
      }
    });
    app.get('/metrics', { config: { access: access.public() }, schema: hide }, async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'observability' },
);
