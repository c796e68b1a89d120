import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.js';

/** A database error as drizzle hands it over: its own message, PostgreSQL's error as the cause. */
function queryError(sqlState: string, message: string) {
  return Object.assign(new Error('Failed query: select …'), {
    cause: Object.assign(new Error(message), { code: sqlState }),
  });
}

describe('error answers', () => {
  it('answers a value the database refuses as data (SQLSTATE class 22) with 400, not 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/uuid', async () => {
      throw queryError('22P02', 'invalid input syntax for type uuid: "x"');
    });
    app.get('/range', async () => {
      throw queryError('22003', 'value "99999999999" is out of range for type integer');
    });
    app.get('/other', async () => {
      throw queryError('23505', 'duplicate key value violates unique constraint');
    });
    for (const url of ['/uuid', '/range']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'invalid_value', message: 'A value in the request is not valid here' },
      });
    }
    // Anything else from the database is our fault: 500, with no internals in the answer.
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(other.body).not.toContain('duplicate');
    await app.close();
  });
});
