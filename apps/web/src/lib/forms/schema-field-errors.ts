import type { z } from 'zod';
import { ApiError } from '../http';

/** Field path → first problem: the shape forms show under their inputs. */
export type FieldErrors = Record<string, string>;

/** What is wrong with a field, in the words a translation picks from. */
export type IssueKind = 'required' | 'tooLong' | 'invalid';

export function issueKindOf(issue: z.core.$ZodIssue): IssueKind {
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'too_small' || (issue.code === 'invalid_type' && issue.input === undefined))
    return 'required';
  return 'invalid';
}

/**
 * The first issue of each field of a failed zod parse, keyed by its dotted path (`admin.adminEmail`).
 * `translate` gives the message in the interface language (the contracts' messages are English); it
 * receives the field's last name, the kind of problem and the contracts' message to fall back on.
 */
export function fieldErrorsOfIssues(
  error: z.ZodError,
  translate?: (field: string, kind: IssueKind, fallback: string) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (path in errors) continue;
    const field = String(issue.path.at(-1) ?? '');
    errors[path] = translate ? translate(field, issueKindOf(issue), issue.message) : issue.message;
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
