import { access, defineOperation } from '@sapa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { buildSession } from '../../test/session-fixture';
import { useSessionStore } from '../session';
import { callOperation, downloadOperation, operationUrl } from './call-operation';

const setRight = defineOperation({
  method: 'PUT',
  path: '/api/roles/:roleCode/rights/:rightCode',
  access: access.authenticated(),
  summary: 'test',
  tags: ['test'],
  params: z.object({ roleCode: z.string(), rightCode: z.string() }),
  query: z.object({ dryRun: z.boolean().optional(), note: z.string().optional() }),
  body: z.object({ enabled: z.boolean() }),
  response: z.object({ saved: z.number() }),
});

const listRoles = defineOperation({
  method: 'GET',
  path: '/api/roles',
  access: access.authenticated(),
  summary: 'test',
  tags: ['test'],
  response: z.array(z.object({ roleCode: z.string() })),
});

beforeEach(() => {
  useSessionStore.setState({ session: buildSession(), csrfToken: null });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('callOperation', () => {
  it('fills the path parameters, sends the query and the body with the operation’s method', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { saved: 1 }));

    const answer = await callOperation(setRight, {
      params: { roleCode: 'A/B', rightCode: 'X Y' },
      query: { dryRun: true, note: undefined },
      body: { enabled: false },
    });

    expect(answer).toEqual({ saved: 1 });
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: '/api/roles/A%2FB/rights/X%20Y?dryRun=true',
      body: { enabled: false },
    });
  });

  it('sends no body for an operation without one, and takes no input at all', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, [{ roleCode: 'SAD' }]));

    expect(await callOperation(listRoles)).toEqual([{ roleCode: 'SAD' }]);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/roles', body: undefined });
  });

  it('refuses an answer whose shape the operation does not declare', async () => {
    mockFetch(() => jsonResponse(200, { roles: [] }));

    await expect(callOperation(listRoles)).rejects.toThrow();
  });
});

const uploadPicture = defineOperation({
  method: 'POST',
  path: '/api/things/:id/picture',
  access: access.authenticated(),
  summary: 'test',
  tags: ['test'],
  params: z.object({ id: z.string() }),
  upload: { field: 'file', maxBytes: 1024, fields: z.object({ caption: z.string().optional() }) },
  response: z.object({ ok: z.boolean() }),
});

const exportCsv = defineOperation({
  method: 'GET',
  path: '/api/things.csv',
  access: access.authenticated(),
  summary: 'test',
  tags: ['test'],
  query: z.object({ q: z.string().optional() }),
  answer: { kind: 'file', contentType: 'text/csv' },
});

const startSignOn = defineOperation({
  method: 'GET',
  path: '/api/sso/:providerId',
  access: access.public(),
  summary: 'test',
  tags: ['test'],
  params: z.object({ providerId: z.string() }),
  query: z.object({ relayState: z.string() }),
  answer: { kind: 'redirect' },
});

describe('operations that are not JSON both ways', () => {
  it('sends an upload as multipart form data: its fields, then the file under the declared part', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { ok: true }));

    const file = new File(['abc'], 'p.png', { type: 'image/png' });
    expect(
      await callOperation(uploadPicture, { params: { id: '7' }, file, fields: { caption: 'hi' } }),
    ).toEqual({
      ok: true,
    });

    const form = requests[0]?.body as FormData;
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/things/7/picture' });
    expect([...form.keys()]).toEqual(['caption', 'file']);
    expect((form.get('file') as File).name).toBe('p.png');
  });

  it('reads a file answer as a download with the name the server gives', async () => {
    const { requests } = mockFetch(
      () =>
        new Response('a,b\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="things.csv"' },
        }),
    );

    const file = await downloadOperation(exportCsv, { query: { q: 'x' } });

    expect(requests[0]?.path).toBe('/api/things.csv?q=x');
    expect(file.fileName).toBe('things.csv');
    expect(await file.blob.text()).toBe('a,b\n');
  });

  it('builds the address of a redirect for the browser to go to', () => {
    expect(
      operationUrl(startSignOn, { params: { providerId: 'a b' }, query: { relayState: '/dashboard' } }),
    ).toBe('/api/sso/a%20b?relayState=%2Fdashboard');
  });

  it('refuses to parse JSON from an operation that answers a file', async () => {
    // @ts-expect-error a file operation is downloaded, not called
    await expect(callOperation(exportCsv)).rejects.toThrow(/answers no JSON/);
  });
});
