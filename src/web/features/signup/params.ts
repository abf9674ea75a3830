/**
 * The signup route's parameters (signup.md §2 "Routes"): `components` as a comma list in the path
 * (`/signup/voice`) or the query (`?components=voice`), `signupHash`, `displayInline` ("true"
 * means inline); `showFormData` is ignored.
 */
import type { SignupParams } from '#machines/signup/signup.machine';

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const result = String(value).trim();
  return result === '' ? null : result;
}

function commaList(...sources: unknown[]): string[] {
  const items = sources
    .flatMap((source) => (Array.isArray(source) ? source : [source]))
    .map(text)
    .filter((value): value is string => value !== null)
    .flatMap((value) => value.split(','))
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(items)];
}

export function signupParams(
  pathComponents: string | undefined,
  search: Record<string, unknown>,
): SignupParams {
  return {
    components: commaList(pathComponents, search.components),
    signupHash: text(search.signupHash),
    // The router parses "true" into a boolean; a hand-written link may carry either.
    displayInline: search.displayInline === true || text(search.displayInline) === 'true',
  };
}
