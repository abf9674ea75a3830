/** Checking form values with the shared valibot schemas (the same ones the server uses). */
import * as v from 'valibot';

export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string | undefined>;
export type FieldSchema = v.GenericSchema<unknown, unknown>;
export type FieldSchemas = Record<string, FieldSchema>;
/** Rules across fields: answers a message per field that breaks one. */
export type FormChecks = (values: FormValues) => FieldErrors;

export interface FormCheckResult {
  errors: FieldErrors;
  valid: boolean;
}

/** The first broken rule's message of one value, or undefined. */
export function fieldError(schema: FieldSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}

/** Every field's first broken rule, then the cross-field rules for fields that pass on their own. */
export function checkForm(
  fields: FieldSchemas,
  values: FormValues,
  checks?: FormChecks,
): FormCheckResult {
  const errors: FieldErrors = {};
  for (const [name, schema] of Object.entries(fields))
    errors[name] = fieldError(schema, values[name]);
  if (checks) {
    for (const [name, message] of Object.entries(checks(values)))
      if (message && !errors[name]) errors[name] = message;
  }
  return { errors, valid: Object.values(errors).every((message) => !message) };
}
