// One signed webhook holding many messages (issue 11, defect 9): how long its answer takes, how long
// until every message reached an agent's socket, and the p99 of other requests while it is processed.
import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { percentile, startServer } from './bench-server.mjs';

const count = Number(process.env.BENCH_MESSAGES ?? 10_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100);
const limitSeconds = Number(process.env.BENCH_SECONDS ?? 600);
const APP_SECRET = 'demo-app-secret';
const PHONE_NUMBER_ID = '100000000000001';

const messages = Array.from({ length: count }, (_, index) => ({
  from: `62812${String(index % customers).padStart(7, '0')}`,
  id: `wamid.batch-${process.pid}-${index}`,
  timestamp: String(Math.floor(Date.now() / 1000)),
  type: 'text',
  text: { body: `Message ${index}` },
}));
const body = JSON.stringify({
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
            messages,
          },
        },
      ],
    },
  ],
});

// A first start migrates and seeds: slow on a busy machine.
const { base, port, stop } = await startServer({ name: 'batch', readySeconds: 240 });
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'usc@demo.test', password: 'Demo#2026' }),
  });
  const { token } = await login.json();
  await fetch(`${base}/api/cs/customerService/status`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-csrf-token': login.headers.get('x-csrf-token') ?? '',
    },
    body: JSON.stringify({ status: 'online' }),
  });
  let arrived = 0;
  let allArrived;
  const done = new Promise((resolve) => {
    allArrived = resolve;
  });
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  await new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'ready') resolve();
      if (frame.type === 'event' && frame.typeNotif === 'NEW_MESSAGE') {
        arrived += 1;
        if (arrived === count) allArrived();
      }
    });
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token, lastSeq: null })));
  });

  const started = performance.now();
  const response = await fetch(`${base}/webhooks/whatsapp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
  await response.arrayBuffer();
  const answerMs = performance.now() - started;

  // Other requests while the batches run: /healthz and an agent's room list, 10 a second each.
  const others = [];
  let probing = true;
  const probe = async (url, headers) => {
    while (probing) {
      const at = performance.now();
      await (await fetch(url, { headers })).arrayBuffer();
      others.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const probes = [
    probe(`${base}/healthz`, {}),
    probe(`${base}/api/cs/chatRoom?pageSize=10`, { authorization: `Bearer ${token}` }),
  ];
  const finished = await Promise.race([
    done.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), limitSeconds * 1000)),
  ]);
  const processedMs = performance.now() - started;
  probing = false;
  await Promise.all(probes);
  others.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        messages: count,
        bodyBytes: Buffer.byteLength(body),
        status: response.status,
        answerMs: Math.round(answerMs),
        allArrived: finished,
        arrived,
        processedSeconds: Math.round(processedMs / 100) / 10,
        otherRequests: others.length,
        otherP50Ms: Math.round(percentile(others, 50)),
        otherP99Ms: Math.round(percentile(others, 99)),
      },
      null,
      2,
    ),
  );
  socket.close();
} finally {
  await stop();
}
