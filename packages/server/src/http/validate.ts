import type { z } from 'zod';
import { ApiCode, isMessageKey } from '@tscloud/contracts';
import { ApiError } from './api-error';

/**
 * Parses a request part with a contracts schema. The first issue becomes the error: its message key is
 * translated by the error handler, and `data.field` names the offending field so forms can mark it.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = isMessageKey(issue.message) ? issue.message : 'validation.formFormat';
  throw new ApiError(ApiCode.BAD_REQUEST, key, [], { field: issue.path.join('.') });
}
