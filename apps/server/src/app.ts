import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { isId, newId } from './lib/ids.js';
import { clientsRoutes } from './modules/clients/index.js';
import {
  type IdentityDeps,
  identityJobs,
  identityRoutes,
  loadLoginKey,
  resolveSession,
} from './modules/identity/index.js';
import { usageRoutes } from './modules/usage/index.js';
import { accessPolicyPlugin } from './platform/access-policy.js';
import { csrfPlugin } from './platform/csrf.js';
import type { DatabaseHandle } from './platform/database.js';
import { errorsPlugin } from './platform/errors.js';
import { integrityPlugin } from './platform/integrity.js';
import { createJobs, type Jobs } from './platform/jobs.js';
import { observabilityPlugin } from './platform/observability.js';
import { openapiPlugin } from './platform/openapi.js';
import type { Keys } from './platform/secrets.js';
import { registerWebApp } from './platform/web-app.js';

export type AppDeps = { config: Config; database: DatabaseHandle; keys: Keys };
export type Sapa = { app: FastifyInstance; jobs: Jobs };

/** Builds the whole app: platform first, then modules. Never listens; `main.ts` and tests decide that. */
export async function buildApp({ config, database, keys }: AppDeps): Promise<Sapa> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on shutdown; idle keep-alive sockets close at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    requestIdHeader: false,
    // One line per request at debug level (observability plugin); info stays readable for people.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && isId(incoming) ? incoming : newId();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const loginKey = await loadLoginKey(db, keys.encryption);
  const identity: IdentityDeps = { db, keys, loginKey, config };
  const jobs = createJobs(database.sql, [...identityJobs(db)], app.log as never);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine writes style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
    // Served over plain HTTP on localhost by default; a TLS proxy in front adds HSTS.
    strictTransportSecurity: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(accessPolicyPlugin, {
    resolveSession: (token) => resolveSession(identity, token),
    csrfKey: keys.csrf,
  });
  await app.register(csrfPlugin, { csrfKey: keys.csrf });
  await app.register(integrityPlugin, { integrityKey: keys.integrity });
  await app.register(observabilityPlugin, { database });
  await app.register(openapiPlugin);

  await app.register(identityRoutes, {
    deps: identity,
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(clientsRoutes, { db });
  await app.register(usageRoutes, { db });

  await registerWebApp(app, config.webDist);
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  return { app, jobs };
}
