/**
 * The form machine in the browser, on a plain form that sends its values: the signup's property
 * owner form (a renter at a UTOPIA Fiber address; signup.md §5 "Owner and renter"). The sample
 * form's name and email are the owner's name and email; the owner's phone is filled in before
 * the walk, so that the name and email decide as in the samples. The pause before a check runs on
 * Playwright's clock; Submit is the form's button and the real server accepts the contact.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  selectField,
  selectText,
  type FormSnapshot,
} from '../../../../machines/forms/form.selectors.ts';
import { TIMERS } from '../../../../src/shared/constants.ts';
import { FIELD_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '../../../../src/shared/messages.ts';
import {
  CUSTOMER,
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  typeMasked,
  walkToConnectivity,
} from '../../signup/wizard.ts';
import { endThePause, holdTheClock, releaseAtEnd } from './clock.ts';
import { replaySnapshot, replayed, startReplay } from './replay.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';

const owner = (page: Page) => page.getByRole('form', { name: 'Property owner' });
/** The sample form's fields on the page, with the message the page gives for a missing value. */
const FIELDS = {
  name: { label: 'Owner name', required: FIELD_MESSAGES.ownerName },
  email: { label: 'Owner email', required: undefined },
} as const;
type Field = keyof typeof FIELDS;

const box = (page: Page, field: Field) => owner(page).getByLabel(FIELDS[field].label);
const sendButton = (page: Page) =>
  owner(page).getByRole('button', { name: "Send the owner's contact" });

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The values as typed, the messages of the fields visited, and the Send button. */
async function expectEditing(context: StateCheckContext) {
  await expectFields(context);
  await releaseAtEnd(context);
}

async function expectFields({ page, expect }: StateCheckContext) {
  // Which fields were visited is not in the projection: the path's own events say it.
  const snapshot = replaySnapshot(formMapping, page) as unknown as FormSnapshot;
  for (const field of Object.keys(FIELDS) as Field[]) {
    await expect(box(page, field)).toHaveValue(selectText(snapshot, field));
    const { error } = selectField(snapshot, field);
    if (error) {
      const shown = error === FIELD_MESSAGES.required ? (FIELDS[field].required ?? error) : error;
      await expect(box(page, field)).toHaveAttribute('aria-invalid', 'true');
      await expect(box(page, field)).toHaveAccessibleDescription(new RegExp(escape(shown)));
    } else {
      await expect(box(page, field)).not.toHaveAttribute('aria-invalid', 'true');
    }
  }
  await expect(sendButton(page)).toBeEnabled();
  await expect(page.getByTestId('owner-contact-sent')).toHaveCount(0);
  await expect(owner(page).getByRole('alert')).toHaveCount(0);
}

export const formMapping: BrowserMapping = {
  machine: 'form',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    startReplay(page);
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
    await page.getByRole('radio', { name: 'I rent this home' }).check();
    await typeMasked(owner(page).getByLabel('Owner phone'), CUSTOMER.phoneDigits);
    await owner(page).getByLabel('Owner phone').blur();
  },
  events: replayed({
    'field.changed': async ({ page }, event) => {
      const { field, value } = event as EventObject & { field: Field; value: string };
      await holdTheClock(page);
      await box(page, field).fill(value);
    },
    'field.left': async ({ page }, event) => {
      const { field } = event as EventObject & { field: Field };
      await box(page, field).focus();
      await box(page, field).blur();
    },
    'xstate.after.inputValidationDelay.form.editing.waiting': async ({ page }) => {
      await endThePause(page, TIMERS.inputValidationDelayMs);
    },
    'submit.pressed': async ({ page }) => {
      // A click on Send would first leave the field being typed in, a `field.left` the event
      // does not carry; Enter in that field sends the form and leaves nothing.
      if ((await owner(page).locator('input:focus').count()) > 0) {
        await page.keyboard.press('Enter');
      } else {
        await sendButton(page).click();
      }
    },
    'xstate.done.actor.submit': async () => {},
  }),
  notCaused: {
    'form.filled':
      'no form that sends its values is filled in at once: the signup fills the customer details and the account holder, which are never sent by themselves (the signup mappings)',
    'form.cleared':
      'only the password prompt starts its form over, when it opens (tests/e2e/session.spec.ts)',
    'errors.arrived':
      'only the recovery link’s page sets its username form’s errors, from its own submit',
    'xstate.error.actor.submit':
      'the server checks the owner form with the same shared schemas: it refuses no value that passed them',
  },
  states: {
    // The form is locked only while the real server answers: what shows is that it was sent.
    submitting: async (context) => {
      await releaseAtEnd(context);
      await context.expect(context.page.getByTestId('owner-contact-sent')).toBeVisible();
    },
    'editing.idle': expectEditing,
    'editing.waiting': expectEditing,
    submitted: async ({ page, expect }) => {
      await expect(page.getByTestId('owner-contact-sent')).toHaveText(
        SIGNUP_WIZARD_MESSAGES.ownerContactSent,
      );
      await expect(sendButton(page)).toHaveCount(0);
    },
  },
};
