import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('web app hosting', () => {
  let sapa: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Sapa</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // What the build writes beside the app for tools (bench/web-entry.mjs), not for browsers.
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(
      path.join(webDist, '.vite', 'manifest.json'),
      '{"src/main.tsx":{"file":"assets/index-abc123.js"}}',
    );
    sapa = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await sapa?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the portal at / and always revalidates the page itself', async () => {
    const page = await sapa.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Sapa</title>');
  });

  it('lets browsers keep hashed assets', async () => {
    const asset = await sapa.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=2592000, immutable');
  });

  it('keeps the API error shape for paths that are not files', async () => {
    const missing = await sapa.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('route_not_found');
  });

  it('looks files up under the web root only, and answers anything else as an unknown route', async () => {
    // One wildcard route serves the files (decision 0076): folders, paths out of the root and API
    // paths that match no route keep the API's not-found answer.
    for (const url of [
      '/assets',
      '/assets/',
      '/..%2Fpackage.json',
      '/assets/..%2F..%2Fpackage.json',
      '/api/nope',
    ]) {
      const response = await sapa.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('route_not_found');
    }
    // A NUL byte or an overlong name is refused as bad input, never a server error.
    for (const url of ['/assets/%00.js', `/assets/${'a'.repeat(5000)}.js`]) {
      const response = await sapa.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const head = await sapa.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);
  });

  it('does not publish the build manifest (a map of every screen and chunk)', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/%2Evite/manifest.json']) {
      const response = await sapa.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
