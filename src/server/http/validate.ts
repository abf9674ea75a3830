/**
 * Reading request input through the shared valibot schemas. Malformed JSON is a 400, a wrong
 * content type a 415, and input that fails the schema a 422 with one message per field.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError, badRequest, validationFailed } from './errors.ts';

export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationFailed(fieldErrors(result.issues));
  return result.output;
}

export async function readJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(
      415,
      'Unsupported media type',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest('The request body is not valid JSON.');
  }
  return parseWith(schema, body);
}

export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}
