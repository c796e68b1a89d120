import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation, operationPath, pathParamNames } from './define-operation.js';

const base = { access: access.authenticated(), summary: 'x', tags: ['t'], response: z.object({}) } as const;

describe('defineOperation', () => {
  it('accepts a path whose parameters are exactly the params schema', () => {
    const operation = defineOperation({
      ...base,
      method: 'PUT',
      path: '/api/roles/:roleCode/rights/:rightCode',
      params: z.object({ rightCode: z.string(), roleCode: z.string() }),
    });
    expect(pathParamNames(operation.path)).toEqual(['roleCode', 'rightCode']);
  });

  it('refuses a path parameter the params schema does not declare, and the reverse', () => {
    expect(() => defineOperation({ ...base, method: 'GET', path: '/api/roles/:roleCode' })).toThrow(
      /path parameters \[roleCode\] differ from params \[\]/,
    );
    expect(() =>
      defineOperation({
        ...base,
        method: 'GET',
        path: '/api/roles',
        params: z.object({ roleCode: z.string() }),
      }),
    ).toThrow(/differ/);
  });
});

describe('operationPath', () => {
  const operation = defineOperation({
    ...base,
    method: 'GET',
    path: '/api/roles/:roleCode/rights',
    params: z.object({ roleCode: z.string() }),
  });

  it('fills each parameter, encoded', () => {
    expect(operationPath(operation, { roleCode: 'A B/C' })).toBe('/api/roles/A%20B%2FC/rights');
  });

  it('refuses to leave a parameter unfilled', () => {
    expect(() => operationPath(operation, {})).toThrow(/missing path parameter roleCode/);
  });
});

describe('defineOperation answers and uploads', () => {
  const bare = {
    access: access.authenticated(),
    summary: 'x',
    tags: ['t'],
    method: 'GET',
    path: '/api/x',
  } as const;

  it('accepts a file answer or a redirect in place of a JSON response', () => {
    expect(defineOperation({ ...bare, answer: { kind: 'file', contentType: 'text/csv' } }).answer).toEqual({
      kind: 'file',
      contentType: 'text/csv',
    });
    expect(defineOperation({ ...bare, answer: { kind: 'redirect' } }).answer?.kind).toBe('redirect');
  });

  it('refuses an operation with both or neither of response and answer', () => {
    expect(() => defineOperation({ ...bare })).toThrow(/exactly one of response/);
    expect(() => defineOperation({ ...bare, response: z.object({}), answer: { kind: 'redirect' } })).toThrow(
      /exactly one of response/,
    );
  });

  it('refuses a JSON body beside an upload', () => {
    expect(() =>
      defineOperation({
        ...bare,
        method: 'POST',
        response: z.object({}),
        body: z.object({}),
        upload: { field: 'file', maxBytes: 10 },
      }),
    ).toThrow(/JSON or an upload/);
  });
});
