import { z } from 'zod';

/** Error body of ARCHITECTURE §6. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** A limit's answer (429): seconds until a retry can succeed, also sent as `Retry-After`. */
    retryAfterSeconds: z.number().int().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
