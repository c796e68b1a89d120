import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp, isPublicAddress } from './outbound-http.js';

describe('the guard on server-side calls', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/big') {
        // No content-length: the cap must hold while the body streams.
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < 64; i += 1) response.write(Buffer.alloc(1024, 1));
        return response.end();
      }
      if (request.url === '/slow') return; // never answers
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('internal secret');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const strict = createOutboundHttp({ allowPrivateNetworks: false });
  const init = { timeoutMs: 2_000, maxBytes: 1024 * 1024 };

  it('tells public addresses from loopback, link-local, private and reserved ones', () => {
    for (const address of ['157.240.1.1', '31.13.70.36', '2a03:2880:f10c:83:face:b00c:0:25de']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback, private and link-local targets, by address or by name', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `https://127.0.0.1:${port}/`,
      `https://localhost:${port}/`,
      `https://[::1]:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
    ]) {
      await expect(strict.request(url, init), url).rejects.toMatchObject({ reason: 'refused' });
    }
  });

  it('refuses a public-looking host name that resolves to a private address, when connecting', async () => {
    const rebinding = createOutboundHttp(
      { allowPrivateNetworks: false },
      { lookup: (_hostname, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]) },
    );
    await expect(
      rebinding.request(`https://lookaside.fbsbx.com:${port}/whatsapp_business/attachments/`, init),
    ).rejects.toMatchObject({ reason: 'refused' });
  });

  it('refuses plain http and URLs that are not http at all', async () => {
    for (const url of [
      'http://graph.facebook.com/v23.0/x',
      'file:///etc/passwd',
      'gopher://x/',
      'nonsense',
    ]) {
      await expect(strict.request(url, init), url).rejects.toMatchObject({ reason: 'refused' });
    }
  });

  it('reaches a private address only when the deployment allows it, with a size cap and a timeout', async () => {
    const local = createOutboundHttp({ allowPrivateNetworks: true });
    const answer = await local.request(`http://127.0.0.1:${port}/`, init);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('internal secret');
    await expect(
      local.request(`http://127.0.0.1:${port}/big`, { timeoutMs: 2_000, maxBytes: 10_000 }),
    ).rejects.toMatchObject({ reason: 'too_large' });
    await expect(
      local.request(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200, maxBytes: 10_000 }),
    ).rejects.toMatchObject({ reason: 'timeout' });
  });
});
