/** Shapes the people machines share with the app that provides their actors. */
import { ADDRESS_TYPES, REMINDER_TYPES } from '#shared/constants';
import type { AuthorizedContact } from '#shared/people/types';
import { failureMessage } from '#shared/api-error';

/** The fields of a contact as the form holds them. */
export type ContactDraft = Omit<AuthorizedContact, 'contact_id' | 'cntid' | 'user'>;
export type ContactField = keyof ContactDraft;
export type FieldErrors = Partial<Record<string, string>>;

/** Who edits a contact: their username and whether they are the account's primary admin. */
export interface Editor {
  username: string;
  primaryAdmin: boolean;
}

export const EMPTY_CONTACT: ContactDraft = {
  name: '',
  title: '',
  position: '',
  cmp_name: '',
  email: '',
  phone: '',
  mobile: '',
  fax: '',
  dob: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip_code: '',
  zip_ext: '',
  address_type: ADDRESS_TYPES.Business,
  reminder_type: REMINDER_TYPES['E-Mail'],
  comments: '',
};

export function draftOf(contact: AuthorizedContact | null): ContactDraft {
  if (!contact) return { ...EMPTY_CONTACT };
  const draft = { ...EMPTY_CONTACT };
  for (const key of Object.keys(EMPTY_CONTACT) as ContactField[])
    (draft as Record<string, unknown>)[key] = contact[key];
  return draft;
}

/** What an HTTP actor throws, as far as these machines read it. */
export function messageOf(error: unknown): string {
  return failureMessage(error) ?? String(error);
}

/** The field errors of a 422 (the web client's failure carries them as `fieldErrors`). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const candidate = error as { status?: unknown; fieldErrors?: unknown } | null;
  if (candidate?.status !== 422) return {};
  const errors = candidate.fieldErrors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => typeof message === 'string' && message),
  ) as FieldErrors;
}
