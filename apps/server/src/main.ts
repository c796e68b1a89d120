#!/usr/bin/env node
import path from 'node:path';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { DEMO_PASSWORD, listDemoLogins, seedDemo } from './modules/demo/index.js';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock.js';
import { type DatabaseHandle, openPglite, openPostgres } from './platform/database.js';
import { deriveKeys, resolveRootSecret } from './platform/secrets.js';

type Command = 'serve' | 'work' | 'migrate' | 'seed';

/** Opens the database (migrating it) and, in embedded mode, locks the data folder first. */
async function openDatabase(config: Config): Promise<{ database: DatabaseHandle; release: () => void }> {
  if (config.databaseUrl) return { database: await openPostgres(config.databaseUrl), release: () => {} };
  const release = lockDataDir(config.dataDir);
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pglite')), release };
  } catch (error) {
    release();
    throw error;
  }
}

function printBanner(config: Config, url: string, showDemoLogins: boolean) {
  const lines = [
    '',
    `  Sapa is ready on ${url}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${path.join(config.dataDir, 'pglite')})`}`,
  ];
  if (showDemoLogins) {
    lines.push('', `  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of listDemoLogins()) {
      lines.push(`    ${login.email.padEnd(18)} ${login.role}  ${login.clientName}`);
    }
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function run(command: Command) {
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  let shuttingDown = false;
  const closeDatabase = async () => {
    await database.close();
    release();
  };

  if (command === 'migrate') {
    process.stdout.write('Migrations applied.\n');
    return closeDatabase();
  }
  if (command === 'seed') {
    const { seeded } = await seedDemo(database.db, {
      keys: deriveKeys(resolveRootSecret(config)),
      inbox: true,
      campaigns: true,
    });
    process.stdout.write(seeded ? 'Demo clients seeded.\n' : 'Demo clients already exist.\n');
    return closeDatabase();
  }

  const keys = deriveKeys(resolveRootSecret(config));
  if (config.seedDemo) await seedDemo(database.db, { keys, inbox: true, campaigns: true });
  const { app, jobs } = await buildApp({ config, database, keys });
  // One forgotten `catch` must not end the process for every tenant (issue 11): log it and keep
  // serving. Uncaught exceptions still end it, as Node advises; their causes are fixed at the source.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    void (async () => {
      app.log.info({ signal }, 'shutting down');
      // Stop taking requests and let those in flight finish, then the workers, then the database.
      await app.close();
      await closeDatabase();
      process.stdout.write('Sapa stopped.\n');
    })().catch((error) => {
      process.stderr.write(`Shutdown failed: ${String(error)}\n`);
      process.exitCode = 1;
    });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  if (command === 'work') {
    await app.ready();
    await jobs.start({ work: true });
    process.stdout.write('Sapa workers are running. Press Ctrl-C to stop.\n');
    return;
  }
  await app.ready();
  await jobs.start({ work: config.workers });
  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  printBanner(config, `http://localhost:${port}`, config.seedDemo);
}

const command = (process.argv[2] ?? 'serve') as Command;
if (!['serve', 'work', 'migrate', 'seed'].includes(command)) {
  process.stderr.write(`Unknown command "${command}". Use: sapa serve | work | migrate | seed\n`);
  process.exit(2);
}
run(command).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Sapa failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
