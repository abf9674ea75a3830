/**
 * Reading request input through the shared valibot schemas. Malformed JSON is a 400, a wrong
 * content type a 415, JSON nested deeper than {@link JSON_MAX_DEPTH} a 400 (before anything walks
 * it), and input that fails the schema a 422 with one message per field. Text that
 * no database column can hold (a NUL character, a lone surrogate) is refused first, with a 422 on
 * the fields that carry it, whatever the schema says.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { FIELD_MESSAGES } from '#shared/messages';
import { ApiError, badRequest, validationFailed } from './errors.ts';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest body the API reads
 * (a signup order) is 5 levels deep; anything near this limit is not a request of ours, and
 * code that walks a body (fingerprints, the checks below) may then recurse without a care.
 */
export const JSON_MAX_DEPTH = 32;

/** True when arrays and objects nest deeper than `max` (counted without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A NUL character, or half of a surrogate pair without its other half. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Dot paths (as {@link fieldErrors} writes them) of the strings PostgreSQL cannot store. */
export function unstorableTextPaths(input: unknown, path = '', depth = 0): string[] {
  if (typeof input === 'string') {
    return UNSTORABLE.test(input) ? [path || '_'] : [];
  }
  if (typeof input !== 'object' || input === null || depth > JSON_MAX_DEPTH) return [];
  const paths: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (UNSTORABLE.test(key)) paths.push(path || '_');
    paths.push(...unstorableTextPaths(value, path ? `${path}.${key}` : key, depth + 1));
  }
  return paths;
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const unstorable = unstorableTextPaths(input);
  if (unstorable.length > 0) {
    throw validationFailed(
      Object.fromEntries(unstorable.map((path) => [path, FIELD_MESSAGES.unacceptableCharacter])),
    );
  }
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
  if (nestedDeeperThan(body, JSON_MAX_DEPTH)) {
    throw badRequest(`The request body is nested more than ${JSON_MAX_DEPTH} levels deep.`);
  }
  return parseWith(schema, body);
}

export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}
