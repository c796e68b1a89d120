import { z } from 'zod';

/** A yes/no query parameter: query values arrive as text. */
export const queryFlag = z.enum(['true', 'false', '1', '0']).optional();
/** A page size in a query (text turned into a number), at most `max`. */
export const pageSizeQuery = (max = 500) => z.coerce.number().int().min(1).max(max).optional();
