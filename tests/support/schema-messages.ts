/**
 * What a valibot schema says of a value, as the forms and the 422 answers show it: the first
 * message per field, keyed by dot path ('_' for the value itself), or every message in order.
 */
import * as v from 'valibot';

/** The first message per field, keyed by dot path as the 422's `errors` are ('_': the value). */
export function errors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) out[v.getDotPath(issue) ?? '_'] ??= issue.message;
  return out;
}

/** The messages of a schema's failed parse, in order, or [] when it passes. */
export function issueMessages(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}
