#!/usr/bin/env node
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock.js';
import { type DatabaseHandle, openPglite, openPostgres } from './platform/database.js';

/**
 * The rest of the server (the app, its modules and packages) loads while the database opens (issue 19
 * goal 4): reading and compiling those modules overlaps PGlite's WASM compiling and file reading.
 */
const loadServer = async () => {
  const [app, demo, secrets] = await Promise.all([
    import('./app.js'),
    import('./modules/demo/index.js'),
    import('./platform/secrets.js'),
  ]);
  return { ...app, ...demo, ...secrets };
};

type Command = 'serve' | 'work' | 'migrate' | 'seed';

/**
 * `SAPA_START_TIMING=1` prints each start phase's milliseconds to stderr (issue 19 goal 4). Reached
 * once the static imports have been evaluated; the rest of the server loads while the database opens.
 */
const timing = process.env.SAPA_START_TIMING === '1';
let lastMark = 0;
let lastCpu = 0;
/** Wall time and this process's CPU time per phase: under load the CPU time is the steadier figure. */
function mark(phase: string) {
  if (!timing) return;
  const now = performance.now();
  const { user, system } = process.cpuUsage();
  const cpu = (user + system) / 1000;
  process.stderr.write(
    `[start] ${phase}: ${Math.round(now - lastMark)} ms, CPU ${Math.round(cpu - lastCpu)} ms (at ${Math.round(now)} ms)\n`,
  );
  lastMark = now;
  lastCpu = cpu;
}
mark('boot and imports');

/** Opens the database (migrating it) and, in embedded mode, locks the data folder first. */
async function openDatabase(
  config: Config,
  command: Command,
): Promise<{ database: DatabaseHandle; release: () => void }> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, {
      keepWarm: command === 'serve' || command === 'work',
    });
    return { database, release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pglite')), release };
  } catch (error) {
    release();
    throw error;
  }
}

function printBanner(
  config: Config,
  url: string,
  showDemoLogins: boolean,
  demo: Awaited<ReturnType<typeof loadServer>>,
) {
  const { DEMO_PASSWORD, listDemoLogins } = demo;
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
  const loading = loadServer();
  // Without a database nothing runs: a failed open ends the start, the loading then does not matter.
  loading.catch(() => undefined);
  const { database, release } = await openDatabase(config, command);
  mark('open database and migrations');
  const server = await loading;
  mark('server modules');
  const { buildApp, deriveKeys, resolveRootSecret, seedDemo } = server;
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
  mark('seed check');
  const { app, jobs } = await buildApp({ config, database, keys });
  mark('build app');
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
      mark(`${signal} received`);
      // Stop taking requests and let those in flight finish, then the workers, then the database.
      await app.close();
      mark('app closed');
      await closeDatabase();
      mark('database closed');
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
  mark('app ready');
  const address = await app.listen({ port: config.port, host: config.host });
  mark('listen');
  // Listening first, then the job queues, schedules and workers (issue 19 goal 4, decision 0055).
  // Started before any request can be handled, so one that enqueues meanwhile waits inside
  // `jobs.send` for the queues instead of failing.
  const queuesReady = jobs.start({ work: config.workers });
  const port = new URL(address).port;
  printBanner(config, `http://localhost:${port}`, config.seedDemo, server);
  try {
    await queuesReady;
    mark('job queues');
  } catch (error) {
    // Without its queues the server cannot send anything: the same end as a failed start before.
    process.stderr.write(
      `Sapa failed to start its job queues: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  }
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
