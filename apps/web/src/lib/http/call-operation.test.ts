import { access, defineOperation } from '@sapa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { buildSession } from '../../test/session-fixture';
import { useSessionStore } from '../session';
import { callOperation } from './call-operation';

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
