/** Small valibot helpers for request schemas. */
import * as v from 'valibot';

/**
 * `v.object` whose missing keys report the field's own message (the one its schema gives for an
 * absent value, e.g. "Please enter a valid address"), not valibot's generic "Invalid key".
 */
export function fieldsObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, (issue) => {
    const key = issue.path?.at(-1)?.key;
    if (typeof key === 'string' && Object.hasOwn(entries, key)) {
      const result = v.safeParse(entries[key], undefined);
      if (!result.success) return result.issues[0].message;
    }
    return 'Send a JSON object';
  });
}
