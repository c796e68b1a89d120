import type { z } from 'zod';
import { ApiError } from '../http';

/** Field path → first problem: the shape forms show under their inputs. */
export type FieldErrors = Record<string, string>;

/** The first issue of each field of a failed zod parse, keyed by its dotted path (`admin.adminEmail`). */
export function fieldErrorsOfIssues(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/**
 * The per-field problems of a server validation answer (`details` paths like `body.clientName`), keyed
 * the way the form names its fields. Empty when the error is not a validation answer.
 */
export function fieldErrorsOfApiError(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const detail of error.details) {
    const path = detail.path.replace(/^body\.?/, '');
    if (path && !(path in errors)) errors[path] = detail.message;
  }
  return errors;
}

/** Turns a `{ valid, errors: [{ field, message }] }` answer of a `/validate` call into field errors. */
export function fieldErrorsOfValidation(answer: {
  errors: { field: string; message: string }[];
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of answer.errors) if (!(field in errors)) errors[field] = message;
  return errors;
}
