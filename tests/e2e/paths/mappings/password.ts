/**
 * The password fields in the browser (portal.md "Password", signup.md §9): the registry walks a
 * change of password (the current password is asked for), which is the account page's Change
 * your password form, reached by logging in as a demo login. The 250 ms pause before the rules
 * are checked and the 750 ms one before the strength is measured run on Playwright's clock.
 *
 * The other pages with these fields ask for no current password (the signup's account setup and
 * the recovery link's page), so they are not this walk's page; the events only they send are
 * listed in `notCaused`. Nearly every generated path puts a generated password in the boxes
 * first ("use a generated password"), which the account page does not offer: those paths are
 * left to the machine-level tests (tests/machines/forms-password.test.ts).
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PasswordField } from '../../../../machines/forms/password.machine.ts';
import {
  selectPasswordError,
  selectPasswordSubmitError,
  selectPasswordSubmitting,
  selectStrength,
  selectStrengthAdvice,
  selectStrengthPending,
  selectStrengthUnavailable,
  type PasswordSnapshot,
} from '../../../../machines/forms/password.selectors.ts';
import { TIMERS } from '../../../../src/shared/constants.ts';
import { SESSION_NOTICES } from '../../../../src/shared/session/messages.ts';
import { PASSWORD_MESSAGES } from '../../../../src/shared/messages/account.ts';
import { pageNow } from '../../support/quiet-clock.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';
import { replaySnapshot, replayed, startReplay } from './replay.ts';

/** A demo login (README "Demo logins") with the account page; its password is never changed. */
const USER = 'nobilling';
const ACCOUNT_PAGE = '/control/account/';

const LABELS: Record<PasswordField, string> = {
  current: 'Current password',
  password: 'New password',
  confirmation: 'Confirm the new password',
};

const password = (snapshot: AnyMachineSnapshot) => snapshot as unknown as PasswordSnapshot;
const form = (page: Page) => page.getByRole('form', { name: 'Change your password' });
const box = (page: Page, field: PasswordField) =>
  form(page).getByRole('textbox', { name: LABELS[field], exact: true });

/** When the new password last changed, on the page's clock (the 750 ms pause starts then). */
const editedAt = new WeakMap<Page, number>();

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Any message of the password rules (portal.md "Password"), as a field's description shows it. */
const ANY_PROBLEM = new RegExp(
  [
    PASSWORD_MESSAGES.tooShort,
    PASSWORD_MESSAGES.tooLong,
    PASSWORD_MESSAGES.mismatch,
    PASSWORD_MESSAGES.scoreTooLow,
    PASSWORD_MESSAGES.currentRequired,
    PASSWORD_MESSAGES.mustDiffer,
  ]
    .map(escape)
    .join('|'),
);

/** Each field's message (once touched), the strength and its advice, and the button. */
async function expectPasswordFields({ page, expect }: StateCheckContext) {
  // The path's own events replayed: the predicted snapshot may hold another history's values.
  const snapshot = password(replaySnapshot(passwordMapping, page));
  await expect(form(page)).toBeVisible();
  for (const field of Object.keys(LABELS) as PasswordField[]) {
    const message = selectPasswordError(snapshot, field);
    const input = box(page, field);
    await expect(input).toHaveValue(snapshot.context.values[field]);
    // A field with a message is marked invalid for a screen reader too.
    if (message) {
      await expect(input).toHaveAccessibleDescription(new RegExp(escape(message)));
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    } else {
      await expect(input).not.toHaveAccessibleDescription(ANY_PROBLEM);
      await expect(input).not.toHaveAttribute('aria-invalid');
    }
  }
  // The help text stays under the new password (portal.md "Password").
  await expect(box(page, 'password')).toHaveAccessibleDescription(
    new RegExp(escape(PASSWORD_MESSAGES.help)),
  );

  const pending = form(page).getByText('Checking the strength…');
  if (selectStrengthPending(snapshot)) await expect(pending).toBeVisible();
  else await expect(pending).toHaveCount(0);
  const strength = selectStrength(snapshot);
  const meter = form(page).getByTestId('password-strength');
  if (strength === null) await expect(meter).toHaveCount(0);
  else await expect(meter).toBeVisible();
  const unavailable = form(page).getByText(SESSION_NOTICES.strengthUnavailable);
  if (selectStrengthUnavailable(snapshot)) await expect(unavailable).toBeVisible();
  else await expect(unavailable).toHaveCount(0);
  const advice = form(page).getByRole('list', { name: 'Password advice' });
  if (selectStrengthAdvice(snapshot).length === 0) await expect(advice).toHaveCount(0);

  const failure = selectPasswordSubmitError(snapshot);
  const alert = form(page).getByRole('alert');
  if (failure) await expect(alert).toContainText(failure);
  else await expect(alert).toHaveCount(0);
  const button = form(page).getByRole('button', { name: 'Change password' });
  if (selectPasswordSubmitting(snapshot))
    await expect(button).toHaveAttribute('data-loading', 'true');
  else await expect(button).toBeEnabled();
}

/** One look at the form per step, however many state keys it is mapped to; at the end of the
 * path the clock runs again (the page's last checks need its timers). */
const checked = new WeakMap<Page, WeakSet<object>>();
async function expectOncePerStep(context: StateCheckContext) {
  const steps = checked.get(context.page) ?? new WeakSet<object>();
  checked.set(context.page, steps);
  if (steps.has(context.step)) return;
  steps.add(context.step);
  await expectPasswordFields(context);
  if (context.upcoming.length === 0) await context.page.clock.resume();
}

export const passwordMapping: BrowserMapping = {
  machine: 'password',
  async start({ page, visit }) {
    await page.clock.install();
    await logInAs(page, visit, USER, ACCOUNT_PAGE);
    await form(page).waitFor();
    // The clock stops: the path ends each pause itself.
    await page.clock.pauseAt((await pageNow(page)) + 1_000);
    editedAt.delete(page);
    startReplay(page);
  },
  events: replayed({
    'field.changed': async ({ page }, event) => {
      const { field, value } = event as EventObject & { field: PasswordField; value: string };
      await box(page, field).fill(value);
      if (field === 'password') editedAt.set(page, await pageNow(page));
    },
    'field.left': async ({ page }, event) => {
      const { field } = event as EventObject & { field: PasswordField };
      await box(page, field).focus();
      await box(page, field).blur();
    },
    'submit.pressed': async ({ page }) => {
      await form(page).getByRole('button', { name: 'Change password' }).click();
    },
    'xstate.after.inputValidationDelay.password.editing.rules.waiting': async ({ page }) => {
      await page.clock.runFor(TIMERS.inputValidationDelayMs);
    },
    'xstate.after.passwordSuggestionDebounce.password.editing.strength.debouncing': async ({
      page,
    }) => {
      // The longer pause started with the last edit of the new password.
      const since = (await pageNow(page)) - (editedAt.get(page) ?? 0);
      await page.clock.runFor(Math.max(0, TIMERS.passwordSuggestionDebounceMs - since));
    },
  }),
  notCaused: {
    'suggestion.used':
      'the account page offers no password generator: only the signup’s account setup puts a generated password in both boxes (signup.md §2 item 8)',
    'user.inputs.changed':
      'the words that make a password easy to guess here are the logged-in user’s username, name and email, which do not change while the account page is open',
    'username.changed':
      'only the recovery link’s page names the account the password is for; a change of password is for the logged-in user',
    'form.cleared':
      'no page starts the passwords over by hand: the account page starts over by itself once a change is accepted',
  },
  states: {
    'editing.rules.idle': expectOncePerStep,
    'editing.rules.waiting': expectOncePerStep,
    'editing.strength.empty': expectOncePerStep,
    'editing.strength.debouncing': expectOncePerStep,
    'editing.strength.measuring': expectOncePerStep,
    'editing.strength.measured': expectOncePerStep,
    'editing.strength.unavailable': expectOncePerStep,
    submitting: expectOncePerStep,
    submitted: expectOncePerStep,
  },
};
