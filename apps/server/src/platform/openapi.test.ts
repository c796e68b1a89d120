import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const committed = fileURLToPath(new URL('../../openapi.json', import.meta.url));

describe('OpenAPI document', () => {
  let sapa: TestApp;
  beforeAll(async () => {
    sapa = await createTestApp();
  });
  afterAll(async () => sapa?.close());

  it('matches the committed openapi.json (run `npm run openapi:update` after changing a route)', () => {
    const current = `${JSON.stringify(sapa.app.swagger(), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') fs.writeFileSync(committed, current);
    expect(fs.readFileSync(committed, 'utf8')).toBe(current);
  });

  it('documents the identity calls and serves the UI at /docs', async () => {
    const document = sapa.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/refreshAccessToken',
        '/api/users/me',
        '/api/metrics/api',
      ]),
    );
    const ui = await sapa.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const json = await sapa.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.json().info.title).toBe('Sapa API');
  });
});
