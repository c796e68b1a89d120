import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from './database.js';
import { AppError } from './errors.js';
import { access } from './request-context.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * Metrics name routes, volumes and process internals: with a token only its holder reads them;
 * without one only a scraper on this machine, and not a request a local proxy forwarded from outside.
 */
function assertMetricsReader(request: FastifyRequest, metricsToken: string | undefined): void {
  if (metricsToken !== undefined) {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    // Digests have equal lengths, so the comparison takes the same time whatever was sent.
    const valid =
      scheme?.toLowerCase() === 'bearer' &&
      token !== undefined &&
      timingSafeEqual(digest(token), digest(metricsToken));
    if (!valid) throw new AppError(401, 'metrics_token_invalid', 'The metrics token is missing or wrong.');
    return;
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (forwarded || !isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) {
    throw new AppError(
      403,
      'metrics_local_only',
      'Metrics are served only on this machine; set METRICS_TOKEN to scrape them from elsewhere.',
    );
  }
}

/**
 * `/healthz` (the process answers), `/readyz` (the database answers and the job queues have started)
 * and `/metrics` (Prometheus).
 */
export const observabilityPlugin = fp<{
  database: DatabaseHandle;
  /** True while the job queues are starting (after listening, decision 0055). */
  jobsStarting?: () => boolean;
  metricsToken?: string | undefined;
  /** The app's registry, where modules' own counters are also registered; a new one otherwise. */
  registry?: Registry;
}>(
  async (app: FastifyInstance, { database, jobsStarting, metricsToken, registry: given }) => {
    // One registry per app, so several apps in one test process never clash.
    const registry = given ?? new Registry();
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

    // Label sets resolved once per method, route and status (decision 0066), so an answer allocates none.
    type Labels = {
      requests: { method: string; route: string; status: string };
      duration: { method: string; route: string };
    };
    const labelSets = new Map<string, Labels>();
    const labelsOf = (method: string, route: string, status: number): Labels => {
      const key = `${method} ${status} ${route}`;
      let labels = labelSets.get(key);
      if (!labels) {
        labels = { requests: { method, route, status: String(status) }, duration: { method, route } };
        labelSets.set(key, labels);
      }
      return labels;
    };

    // Plain hooks (no promise per request): both are synchronous.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-request-id', request.id);
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, not the URL, keeps label cardinality bounded.
      const labels = labelsOf(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
      requests.inc(labels.requests);
      duration.observe(labels.duration, reply.elapsedTime / 1000);
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
      done();
    });

    const hide = { hide: true } as const;
    app.get('/healthz', { config: { access: access.public() }, schema: hide }, async () => ({
      status: 'ok',
    }));
    app.get('/readyz', { config: { access: access.public() }, schema: hide }, async (_request, reply) => {
      // The server listens before its job queues are ready (decision 0055): not ready until they are.
      if (jobsStarting?.()) {
        return reply
          .status(503)
          .send({ error: { code: 'not_ready', message: 'The job queues are still starting' } });
      }
      try {
        await database.ping();
        return { status: 'ready', database: database.kind };
      } catch {
        return reply
          .status(503)
          .send({ error: { code: 'not_ready', message: 'The database does not answer' } });
      }
    });
    // Public to the access policy (a scraper has no session); the reader is checked here.
    app.get('/metrics', { config: { access: access.public() }, schema: hide }, async (request, reply) => {
      assertMetricsReader(request, metricsToken);
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'observability' },
);
