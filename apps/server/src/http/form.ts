import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Reads the text fields of a multipart form with `schema`. The first problem becomes a 400 with
 * its message, naming the field at fault (an unknown field by its name).
 */
export function parseFormFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys[0]}` : issue.message, [
      { field: String(issue.path[0] ?? ''), message: issue.message },
    ]);
  }
  return parsed.data;
}
