import type { Readable } from 'node:stream';
import { pageSizeQuery } from '@sapa/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from './errors.js';

/** Query flags arrive as text (the schema is contracts', which operations declare with). */
export { queryFlag } from '@sapa/contracts';
export const isTrue = (value: string | undefined) => value === 'true' || value === '1';
export const pageSize = pageSizeQuery;

export const invalidCursor = () => new AppError(400, 'invalid_cursor', 'lastEvaluatedKey is not valid');
export const fileRequired = () => new AppError(400, 'file_required', 'Send one file as multipart form data');

export function sendCsv(reply: FastifyReply, fileName: string, body: string | Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}
