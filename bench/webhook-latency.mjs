// Webhook-to-agent-socket latency: signed Cloud API webhooks posted at a fixed rate (open loop) to the
// demo client's number, and the time until each message's event reaches a logged-in agent's socket.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import WebSocket from 'ws';
import { percentile, startServer } from './bench-server.mjs';

const rate = Number(process.env.BENCH_RATE ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// How many distinct customers write: each one's first message opens a conversation (routing, a new
// room), the rest land in a live room.
const customers = Number(process.env.BENCH_CUSTOMERS ?? 1000);
// `BENCH_SLOW_MS`: print every arrival slower than this (its send time from the run's start and its
// latency), to see whether the tail is spread (saturation) or clustered (a stall).
const slowMs = process.env.BENCH_SLOW_MS ? Number(process.env.BENCH_SLOW_MS) : null;
// `BENCH_PG_WAITS=1`: sample pg_stat_activity's wait events of the bench database during the run.
const sampleWaits = process.env.BENCH_PG_WAITS === '1';
// `BENCH_SETTLE=0`: the warm-up of stop 29 and before (20 webhooks one at a time) and no wait for quiet,
// to compare with figures measured that way.
const settle = process.env.BENCH_SETTLE !== '0';
const APP_SECRET = 'demo-app-secret';
const PHONE_NUMBER_ID = '100000000000001';

/** The measured run's customers write from 62812…; the warm-up's from 62899…, so the run still opens its own conversations. */
const customerNumber = (index) => `62812${String(index % customers).padStart(7, '0')}`;
const warmNumber = (index) => `62899${String(index).padStart(7, '0')}`;

function webhookBody(index, from = customerNumber(index)) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000000',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '622151500001', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: `Customer ${from.slice(5)}` }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.bench-${process.pid}-${index}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: `Message ${index}` },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** CPU seconds of a process, from /proc (Linux): user + system, or system only; null when it cannot be read. */
function cpuSeconds(pid, systemOnly = false) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((systemOnly ? 0 : Number(fields[11])) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The server this bench started: our child process (read from /proc, so it needs no change elsewhere). */
function childPids() {
  const pids = [];
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === process.pid) pids.push(Number(entry));
      } catch {}
    }
  } catch {}
  return pids;
}

/** PostgreSQL's backends serving the bench database (their CPU is the database's share per webhook). */
async function backendPids() {
  if (!process.env.DATABASE_URL) return [];
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Samples the bench database's backends every 10 ms: how many wait, on what, on average. */
async function startWaitSampling() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const counts = new Map();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(
        `select state, coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait, left(query, 60) as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and backend_type = 'client backend'`,
      );
      samples += 1;
      for (const row of rows) {
        const key = `${row.state} ${row.wait}${row.state === 'active' ? ` ${row.query.replace(/\s+/g, ' ')}` : ''}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const lines = [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([key, n]) => `  ${(n / samples).toFixed(2)}  ${key}`);
      return [`backends by state and wait (mean count over ${samples} samples):`, ...lines].join('\n');
    },
  };
}

const sumCpu = (pids, before = new Map(), systemOnly = false) => {
  const now = new Map(pids.map((pid) => [pid, cpuSeconds(pid, systemOnly) ?? 0]));
  let total = 0;
  for (const [pid, cpu] of now) total += cpu - (before.get(pid) ?? 0);
  return { now, total };
};

/**
 * Waits until the server's process has used under 5 % of a core for 6 s in a row (a sandbox status
 * comes 5 s after its send), at most 90 s; answers how long it waited.
 */
async function serverQuiet() {
  const started = performance.now();
  const pids = childPids();
  let calm = 0;
  let last = sumCpu(pids);
  while (calm < 6 && performance.now() - started < 90_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const next = sumCpu(pids, last.now);
    calm = next.total < 0.05 ? calm + 1 : 0;
    last = { now: next.now };
  }
  return performance.now() - started;
}

const { base, port, stop } = await startServer({ name: 'webhook' });
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'usc@demo.test', password: 'Demo#2026' }),
  });
  const { token } = await login.json();
  // Online, so routing assigns every new room to this agent and the events are addressed to them.
  const online = await fetch(`${base}/api/cs/customerService/status`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-csrf-token': login.headers.get('x-csrf-token') ?? '',
    },
    body: JSON.stringify({ status: 'online' }),
  });
  if (!online.ok) throw new Error(`Could not go online: ${online.status} ${await online.text()}`);

  const sentAt = new Map();
  let runStart = null;
  const slow = [];
  const socketLatencies = [];
  const httpLatencies = [];
  let failures = 0;
  // Sequence order: every event frame's seq must be above the previous one's.
  let lastSeq = 0;
  let outOfOrder = 0;
  const failureKinds = new Map();
  const fail = (kind) => {
    failures += 1;
    failureKinds.set(kind, (failureKinds.get(kind) ?? 0) + 1);
  };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const ready = new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'ready') resolve();
      if (frame.type === 'event') {
        if (frame.seq <= lastSeq) outOfOrder += 1;
        lastSeq = frame.seq;
      }
      if (frame.type !== 'event' || frame.typeNotif !== 'NEW_MESSAGE') return;
      const started = sentAt.get(frame.chat?.providerMessageId);
      if (started === undefined) return;
      const latency = performance.now() - started;
      socketLatencies.push(latency);
      if (slowMs !== null && latency > slowMs && runStart !== null)
        slow.push([started - runStart, latency, frame.chat?.providerMessageId]);
    });
    socket.on('error', reject);
  });
  socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token, lastSeq: null })));
  await ready;

  const post = async (index, from) => {
    const body = webhookBody(index, from);
    const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
    const started = performance.now();
    sentAt.set(`wamid.bench-${process.pid}-${index}`, started);
    try {
      const response = await fetch(`${base}/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      });
      await response.arrayBuffer();
      if (response.status !== 200) fail(`HTTP ${response.status}`);
    } catch (error) {
      // Open-loop overload shows up here first: connections the server could not accept in time.
      fail(error.cause?.code ?? error.name);
    }
    httpLatencies.push(performance.now() - started);
  };

  // Warm-up outside the measurement: one at a time, then a second at the run's rate (half of it new
  // conversations) so every pooled connection and both arrival paths have run before the clock starts.
  for (let index = 0; index < 20; index++) await post(-1 - index, warmNumber(index));
  const warmStart = performance.now();
  const warming = [];
  for (let index = 0; settle && index < rate; index++) {
    while (performance.now() - warmStart < (index / rate) * 1000)
      await new Promise((resolve) => setTimeout(resolve, 1));
    warming.push(post(-21 - index, warmNumber(20 + (index % Math.max(1, Math.floor(rate / 2))))));
  }
  await Promise.all(warming);
  // Then quiet: the demo seed's campaigns send once the server starts, and their sandbox statuses come
  // back seconds later; the run measures the webhook path, not that background work.
  if (settle) {
    const quiet = await serverQuiet();
    process.stderr.write(`webhook bench: server quiet after ${(quiet / 1000).toFixed(1)} s\n`);
  } else await new Promise((resolve) => setTimeout(resolve, 200));
  sentAt.clear();
  socketLatencies.length = 0;
  httpLatencies.length = 0;

  const serverPids = childPids();
  const serverCpuBefore = sumCpu(serverPids);
  const serverSystemBefore = sumCpu(serverPids, new Map(), true);
  const dbCpuBefore = sumCpu(await backendPids());
  const total = rate * seconds;
  const inFlight = [];
  const waits = sampleWaits ? await startWaitSampling() : null;
  const start = performance.now();
  runStart = start;
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
    while (sent < due) inFlight.push(post(sent++));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  const deadline = performance.now() + 10_000;
  while (socketLatencies.length < total - failures && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = (performance.now() - start) / 1000;
  const waitSummary = waits ? await waits.stop() : null;
  const serverCpu = sumCpu(serverPids, serverCpuBefore.now).total;
  const serverSystem = sumCpu(serverPids, serverSystemBefore.now, true).total;
  const dbCpu = sumCpu(await backendPids(), dbCpuBefore.now).total;
  socket.close();

  const sortedSocket = [...socketLatencies].sort((a, b) => a - b);
  const sortedHttp = [...httpLatencies].sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  process.stdout.write(
    [
      `Sapa webhook bench: ${total} inbound messages at ${rate}/s (${(total / elapsed).toFixed(0)}/s achieved; ${Math.min(customers, total)} new conversations), ${os.cpus().length} cores, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`,
      `webhook HTTP answer      p50 ${ms(percentile(sortedHttp, 50))}   p99 ${ms(percentile(sortedHttp, 99))}   failed ${failures}${failures ? ` (${[...failureKinds].map(([kind, n]) => `${kind} ×${n}`).join(', ')})` : ''}`,
      `webhook → agent socket   p50 ${ms(percentile(sortedSocket, 50))}   p99 ${ms(percentile(sortedSocket, 99))}   received ${socketLatencies.length}/${total}   out of sequence order ${outOfOrder}`,
      `CPU per webhook          server ${ms((serverCpu * 1000) / total)} (of which kernel ${ms((serverSystem * 1000) / total)})${process.env.DATABASE_URL ? `   PostgreSQL backends ${ms((dbCpu * 1000) / total)}` : ''}   (load average ${os.loadavg()[0].toFixed(1)})`,
      ...(slowMs === null
        ? []
        : [
            `arrivals over ${slowMs} ms: ${slow.length} (run started at epoch ${Math.round(performance.timeOrigin + start)} ms)`,
            ...slow
              .sort((a, b) => a[0] - b[0])
              .map(
                ([at, latency, id]) =>
                  `  sent at ${at.toFixed(0)} ms  latency ${latency.toFixed(0)} ms  ${id}  ${
                    Number(id.slice(id.lastIndexOf('-') + 1)) < customers ? 'new room' : 'live room'
                  }`,
              ),
          ]),
      ...(waitSummary ? [waitSummary] : []),
      '',
    ].join('\n'),
  );
} finally {
  await stop();
}
