// A notification file of BENCH_ROWS (1,000,000) rows uploaded to a campaign and read by its ingest job,
// against a raw COPY of the same notification rows into the same table in the same run (issue 14 item 2:
// ingest at >= 50% of COPY's rate on PostgreSQL with the server under 300 MB RSS; PGlite under 1 GB).
// With BENCH_DATABASE_URL (a PostgreSQL server; psql on the PATH) it measures PostgreSQL in a fresh
// database, else the embedded PGlite.
import { execFileSync, execSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitReady } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const pgUrl = process.env.BENCH_DATABASE_URL;

if (process.env.BENCH_BUILD !== '0') {
  execSync('npm run build -w packages/contracts && npm run build -w apps/server', {
    cwd: root,
    stdio: 'ignore',
  });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-bench-ingest-'));
const dataDir = path.join(work, 'data');
let databaseUrl;
if (pgUrl) {
  const url = new URL(pgUrl);
  url.pathname = `/sapa_bench_${randomBytes(4).toString('hex')}`;
  execFileSync('psql', [pgUrl, '-qc', `create database ${url.pathname.slice(1)}`]);
  databaseUrl = url.toString();
}

// The file: a phone column and a name, every number distinct and valid (0812 and eight digits).
const csvPath = path.join(work, 'notifications.csv');
{
  const out = fs.openSync(csvPath, 'w');
  fs.writeSync(out, 'Phone,Name\n');
  const chunk = [];
  for (let index = 0; index < rows; index++) {
    chunk.push(`0812${String(index).padStart(8, '0')},Customer ${index}\n`);
    if (chunk.length === 10_000) fs.writeSync(out, chunk.splice(0).join(''));
  }
  fs.writeSync(out, chunk.join(''));
  fs.closeSync(out);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js'), 'serve'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(databaseUrl
      ? {
          DATABASE_URL: databaseUrl,
          SEED_DEMO: 'true',
          SECRET_KEY: process.env.SECRET_KEY ?? 'bench-secret-key-that-is-long-enough-0123456789',
        }
      : {}),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => server.on('exit', resolve));
/** The server's peak resident memory so far (Linux: VmHWM), in MB. */
const peakRssMb = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
};

try {
  await waitReady(base, 300);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'adc@demo.test', password: 'Demo#2026' }),
  });
  const { token } = await login.json();
  const headers = {
    authorization: `Bearer ${token}`,
    'x-csrf-token': login.headers.get('x-csrf-token') ?? '',
  };
  const call = async (method, url, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const campaign = await call('POST', '/api/campaigns', {
    code: 'BENCH',
    channel: 'SMS',
    name: 'Bench',
    template: { channel: 'SMS', text: 'Hi {{name}}' },
    paramTranslator: {
      recipient: 'phone',
      rules: [
        { from: 'Phone', to: 'phone', kind: 'phone' },
        { from: 'Name', to: 'name' },
      ],
    },
  });
  await call('POST', `/api/campaigns/${campaign.campaignId}/submit`);
  const rssBefore = peakRssMb();

  // The upload streams the file (fs.openAsBlob); the answer comes once it is stored.
  const started = performance.now();
  const form = new FormData();
  form.append('campaignName', 'BENCH');
  form.append('file', await fs.openAsBlob(csvPath), 'notifications.csv');
  const accepted = await fetch(`${base}/api/campaign-batches`, { method: 'POST', headers, body: form });
  if (accepted.status !== 202) throw new Error(`upload: ${accepted.status} ${await accepted.text()}`);
  const { batchId } = await accepted.json();
  const answered = performance.now();
  let batch;
  for (;;) {
    batch = await call('GET', `/api/campaign-batches/${batchId}`);
    if (batch.status !== 'ingesting') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const done = performance.now();
  if (batch.validCount !== rows) throw new Error(`expected ${rows} valid rows: ${JSON.stringify(batch)}`);
  const rss = peakRssMb();
  const ingestSeconds = (done - answered) / 1000;
  const ingestRate = rows / ingestSeconds;
  process.stdout.write(
    [
      `Sapa campaign ingest: ${rows.toLocaleString('en')} rows, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`,
      `upload stored and answered  ${((answered - started) / 1000).toFixed(1)} s (${(fs.statSync(csvPath).size / 1e6).toFixed(0)} MB)`,
      `ingest job                  ${ingestSeconds.toFixed(1)} s  ${Math.round(ingestRate).toLocaleString('en')} rows/s`,
      `server peak RSS             ${rss.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before the upload)`,
      '',
    ].join('\n'),
  );

  // The same notification rows, written by a raw COPY into the same table (a second batch for the key).
  const copyPath = path.join(work, 'notifications.copy');
  {
    const out = fs.openSync(copyPath, 'w');
    const due = new Date().toISOString();
    const chunk = [];
    for (let index = 0; index < rows; index++) {
      const phone = `62812${String(index).padStart(8, '0')}`;
      chunk.push(
        `${randomUUID()}\t${index + 2}\t${phone}\t{"phone":"${phone}","name":"Customer ${index}"}\t${due}\n`,
      );
      if (chunk.length === 10_000) fs.writeSync(out, chunk.splice(0).join(''));
    }
    fs.writeSync(out, chunk.join(''));
    fs.closeSync(out);
  }
  const copyBatch = randomUUID();
  const prepare = `insert into campaign_batches (client_id, id, campaign_id, source, channel, type, template, status, created_by)
    select client_id, '${copyBatch}', campaign_id, source, channel, type, template, 'canceled', 'bench' from campaign_batches where id = '${batchId}';
    create temporary table copy_rows (id uuid, row_no integer, recipient text, params jsonb, due_at timestamptz);`;
  const columns = 'client_id, id, batch_id, row_no, channel, recipient, params, status, due_at';
  let copySeconds;
  if (databaseUrl) {
    // COPY straight into the table: the client, batch and status columns are constants given as defaults.
    execFileSync('psql', [
      databaseUrl,
      '-qc',
      `insert into campaign_batches (client_id, id, campaign_id, source, channel, type, template, status, created_by)
       select client_id, '${copyBatch}', campaign_id, source, channel, type, template, 'canceled', 'bench'
       from campaign_batches where id = '${batchId}'`,
    ]);
    const client = execFileSync('psql', [
      databaseUrl,
      '-Atc',
      `select client_id from campaign_batches where id = '${batchId}'`,
    ])
      .toString()
      .trim();
    const withConstants = path.join(work, 'notifications.full.copy');
    execSync(
      `awk -v OFS='\\t' '{ print "${client}", $1, "${copyBatch}", $2, "SMS", $3, $4, "queued", $5 }' FS='\\t' ${copyPath} > ${withConstants}`,
    );
    const copyStarted = performance.now();
    execFileSync('psql', [
      databaseUrl,
      '-qc',
      `\\copy campaign_notifications (${columns}) from '${withConstants}'`,
    ]);
    copySeconds = (performance.now() - copyStarted) / 1000;
  } else {
    // PGlite holds one process: the server stops first, then the same data folder takes the COPY here.
    server.kill('SIGINT');
    await exited;
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(path.join(dataDir, 'pglite'));
    await db.exec(prepare);
    const [{ client_id: client }] = (
      await db.query(`select client_id from campaign_batches where id = '${batchId}'`)
    ).rows;
    const blob = await fs.openAsBlob(copyPath);
    const copyStarted = performance.now();
    await db.query(`copy copy_rows from '/dev/blob'`, [], { blob });
    await db.exec(
      `insert into campaign_notifications (${columns})
       select '${client}', id, '${copyBatch}', row_no, 'SMS', recipient, params, 'queued', due_at from copy_rows`,
    );
    copySeconds = (performance.now() - copyStarted) / 1000;
    await db.close();
  }

  const copyRate = rows / copySeconds;
  process.stdout.write(
    [
      `raw COPY of the same rows   ${copySeconds.toFixed(1)} s  ${Math.round(copyRate).toLocaleString('en')} rows/s${databaseUrl ? '' : ' (into a staging table, then INSERT … SELECT: PGlite COPY reads a blob)'}`,
      `ingest / COPY rate ratio    ${(ingestRate / copyRate).toFixed(2)}`,
      '',
    ].join('\n'),
  );
} finally {
  if (server.exitCode === null && !server.killed) {
    server.kill('SIGINT');
    await exited;
  }
  if (databaseUrl) {
    const name = new URL(databaseUrl).pathname.slice(1);
    execFileSync('psql', [pgUrl, '-qc', `drop database if exists ${name} with (force)`]);
  }
  fs.rmSync(work, { recursive: true, force: true });
}
