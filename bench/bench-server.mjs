// What every bench does around the server it measures: a free port, waiting until it is ready, and
// one autocannon run.
import net from 'node:net';
import autocannon from 'autocannon';

export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Polls `/readyz`; `seconds` covers a first start that migrates and seeds. */
export async function waitReady(base, seconds = 60) {
  for (let attempt = 0; attempt < seconds * 5; attempt++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

export function measure(title, url, { headers = {}, connections, seconds }) {
  return new Promise((resolve, reject) => {
    autocannon({ title, url, headers, connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}
