import type { SnapshotFrom } from 'xstate';
import type { formMachine } from './form.machine.ts';
import { checkForm } from './validation.ts';

export type FormSnapshot = SnapshotFrom<typeof formMachine>;

export interface FieldView {
  value: unknown;
  /** The message to show under the field: only once it was touched. */
  error: string | undefined;
  touched: boolean;
}

export function selectField(snapshot: FormSnapshot, field: string): FieldView {
  const { values, touched, errors } = snapshot.context;
  const isTouched = touched[field] ?? false;
  return { value: values[field], error: isTouched ? errors[field] : undefined, touched: isTouched };
}

/** The field's value as text, for text inputs. */
export function selectText(snapshot: FormSnapshot, field: string): string {
  const value = snapshot.context.values[field];
  return typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : String(value);
}

export function selectFieldError(snapshot: FormSnapshot, field: string): string | undefined {
  return selectField(snapshot, field).error;
}

/** Every field passes its rules (after the last check). */
export function selectFormValid(snapshot: FormSnapshot): boolean {
  return snapshot.context.valid && snapshot.context.pending.length === 0;
}

export function selectSubmitting(snapshot: FormSnapshot): boolean {
  return snapshot.matches('submitting');
}

export function selectSubmitted(snapshot: FormSnapshot): boolean {
  return snapshot.matches('submitted');
}

export function selectSubmitError(snapshot: FormSnapshot): string | null {
  return snapshot.context.submitError;
}

/** How many submits were sent (a captcha in the form starts over with each refusal). */
export function selectSubmitCount(snapshot: FormSnapshot): number {
  return snapshot.context.submitCount;
}

/** The `msg` of the last answer, when it has one. */
export function selectResponseMessage(snapshot: FormSnapshot): string | null {
  const response = snapshot.context.response as { msg?: unknown } | null;
  return typeof response?.msg === 'string' ? response.msg : null;
}

/**
 * The message of a choice (radio buttons: never typed in nor left, so never touched by itself):
 * shown once it was touched, and also once every other field of the form was answered and passes,
 * so the choice is what is missing and nothing else would say so.
 */
export function selectChoiceError(snapshot: FormSnapshot, field: string): string | undefined {
  const shown = selectFieldError(snapshot, field);
  if (shown) return shown;
  const { fields, values, touched, pending, checks } = snapshot.context;
  const others = Object.keys(fields).filter((name) => name !== field);
  const answered = others.every((name) => touched[name] && !pending.includes(name));
  if (!answered) return undefined;
  const { errors } = checkForm(fields, values, checks);
  if (others.some((name) => errors[name])) return undefined;
  return errors[field];
}
