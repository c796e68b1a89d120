import { randomBytes } from 'node:crypto';
import type { Session } from '@sapa/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp, type Sapa } from '../app.js';
import { loadConfig } from '../config.js';
import { DEMO_PASSWORD, seedDemo } from '../modules/demo/index.js';
import { type DatabaseHandle, openPglite, openPostgres } from '../platform/database.js';
import { deriveKeys } from '../platform/secrets.js';

export const TEST_SECRET = 'test-secret-key-that-is-long-enough-0123456789';

/**
 * A fresh database: in-memory PGlite, or with DATABASE_URL a new PostgreSQL database that is dropped
 * afterwards, so every test file starts from nothing on either engine.
 */
export async function openTestDatabase(databaseUrl: string | undefined): Promise<DatabaseHandle> {
  if (!databaseUrl) return openPglite(undefined);
  const name = `sapa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A connection of its own to a PostgreSQL test database (`openTestDatabase` with DATABASE_URL): another
 * session's view, to see what is committed or to hold a lock while the app runs.
 */
export async function connectBeside(database: DatabaseHandle): Promise<pg.Client> {
  const { rows } = await database.sql.executeSql('select current_database() as name');
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${(rows[0] as { name: string }).name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

export type TestApp = Sapa & {
  database: DatabaseHandle;
  close(): Promise<void>;
};

/** `deps` adds optional collaborators (an inbox port, shorter socket timings) to the real app. */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Omit<AppDeps, 'config' | 'database' | 'keys'> & { database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SECRET_KEY: TEST_SECRET,
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  // A database handed in is shared with another app (two processes on one PostgreSQL); its owner closes it.
  const { database: shared, ...rest } = deps;
  const database = shared ?? (await openTestDatabase(config.databaseUrl));
  const keys = deriveKeys(TEST_SECRET);
  if (!shared) await seedDemo(database.db, { keys });
  const sapa = await buildApp({ config, database, keys, ...rest });
  await sapa.app.ready();
  return {
    ...sapa,
    database,
    async close() {
      await sapa.app.close();
      if (!shared) await database.close();
    },
  };
}

export type LoggedIn = {
  session: Session;
  csrfToken: string;
  /** Headers for an authenticated call, CSRF included. */
  headers: Record<string, string>;
};

export async function logIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.body}`);
  const session = response.json<Session>();
  const csrfToken = String(response.headers['x-csrf-token']);
  return {
    session,
    csrfToken,
    headers: { authorization: `Bearer ${session.token}`, 'x-csrf-token': csrfToken },
  };
}

export function errorCode(response: LightMyRequestResponse): string | undefined {
  return response.json<{ error?: { code: string } }>().error?.code;
}

/** Where a failed SSO sign-in sends the browser: the portal's SSO page, with the error in the fragment. */
export function ssoFailure(response: LightMyRequestResponse, publicUrl: string) {
  const location = String(response.headers.location ?? '');
  if (response.statusCode !== 302 || !location.startsWith(`${publicUrl}/#/sso?`))
    throw new Error(`expected a redirect to the portal's SSO page, got ${response.statusCode} ${location}`);
  const params = new URLSearchParams(location.split('#/sso?')[1]);
  if (params.has('refreshToken')) throw new Error('expected a failure, got a signed-in redirect');
  return { code: params.get('error'), message: params.get('errorMessage') };
}
