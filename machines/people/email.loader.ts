/**
 * The email preferences section (GET /user/email_preferences) and the unsubscribe link's page
 * (docs/people.md "Email preferences").
 */
import type { EmailPreferencesResponse, UnsubscribeResponse } from '#shared/people/email';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

export const emailPreferencesLoader = createLoaderMachine<EmailPreferencesResponse>();
export const unsubscribeLoader = createLoaderMachine<UnsubscribeResponse>();

export function selectEmailPreferences(
  snapshot: LoaderSnapshot<EmailPreferencesResponse>,
): EmailPreferencesResponse | null {
  return selectData(snapshot);
}

export function selectUnsubscribeAnswer(
  snapshot: LoaderSnapshot<UnsubscribeResponse>,
): UnsubscribeResponse | null {
  return selectData(snapshot);
}
