import multipart from '@fastify/multipart';
import { access, defineOperation } from '@sapa/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipartFile } from '../test/multipart.js';
import { errorsPlugin } from './errors.js';
import { readOperationUpload, routeOperation } from './operation-route.js';

const base = { access: access.public(), summary: 'x', tags: ['t'] } as const;

const created = defineOperation({
  ...base,
  method: 'POST',
  path: '/things',
  body: z.object({ name: z.string() }),
  response: z.object({ name: z.string() }),
  status: 201,
});
const upload = defineOperation({
  ...base,
  method: 'POST',
  path: '/things/:id/picture',
  params: z.object({ id: z.string() }),
  upload: { field: 'file', maxBytes: 8, fields: z.object({ caption: z.string().max(5).optional() }) },
  response: z.object({
    id: z.string(),
    size: z.number(),
    caption: z.string().nullable(),
    fileName: z.string(),
  }),
});
const download = defineOperation({
  ...base,
  method: 'GET',
  path: '/things.csv',
  answer: { kind: 'file', contentType: 'text/csv' },
});
const redirect = defineOperation({
  ...base,
  method: 'GET',
  path: '/away',
  answer: { kind: 'redirect' },
});

describe('routeOperation', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(multipart);
    routeOperation(app, created, async (request) => ({ name: request.body.name }));
    routeOperation(app, upload, async (request) => {
      const read = await readOperationUpload(request, upload);
      return {
        id: request.params.id,
        size: read.bytes.length,
        caption: read.fields.caption ?? null,
        fileName: read.fileName ?? '',
      };
    });
    routeOperation(app, download, async (_request, reply) =>
      reply.header('content-type', 'text/csv').send('a,b\n1,2\n'),
    );
    routeOperation(app, redirect, async (_request, reply) => reply.redirect('/elsewhere', 302));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers the declared success status', async () => {
    const answer = await app.inject({ method: 'POST', url: '/things', payload: { name: 'n' } });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ name: 'n' });
  });

  it('reads an upload with its fields, and checks them', async () => {
    const ok = multipartFile('p.png', 'abc', 'image/png', { caption: 'hi' });
    const answer = await app.inject({
      method: 'POST',
      url: '/things/7/picture',
      payload: ok.payload,
      headers: { 'content-type': ok.contentType },
    });
    expect(answer.json()).toEqual({ id: '7', size: 3, caption: 'hi', fileName: 'p.png' });

    const long = multipartFile('p.png', 'abc', 'image/png', { caption: 'far too long' });
    const refused = await app.inject({
      method: 'POST',
      url: '/things/7/picture',
      payload: long.payload,
      headers: { 'content-type': long.contentType },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('validation_failed');

    const nul = multipartFile('p.png', 'abc', 'image/png', { caption: 'a\u0000b' });
    const unsafe = await app.inject({
      method: 'POST',
      url: '/things/7/picture',
      payload: nul.payload,
      headers: { 'content-type': nul.contentType },
    });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().error.code).toBe('invalid_text');
  });

  it('refuses a missing file with 400 and one over maxBytes with 413', async () => {
    const none = await app.inject({ method: 'POST', url: '/things/7/picture', payload: { caption: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('file_required');

    const big = multipartFile('p.png', '123456789', 'image/png');
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/things/7/picture',
      payload: big.payload,
      headers: { 'content-type': big.contentType },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('file_too_large');
  });

  it('passes a file and a redirect through without JSON validation', async () => {
    const file = await app.inject({ method: 'GET', url: '/things.csv' });
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toBe('a,b\n1,2\n');
    const away = await app.inject({ method: 'GET', url: '/away' });
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe('/elsewhere');
  });
});
