/**
 * The password-update machine in the browser: the page a recovery email links to, with the
 * username, the new password and its confirmation, and one Submit. The machine's events are its
 * children's reports; a person causes them by typing the username (the username form reports it
 * checked), by pressing Submit (the username form reports it passed or missing) and by sending a
 * new password with a username the link was not sent for (the real server refuses it, and the
 * password machine reports the refusal).
 *
 * No path sets a password: the only password ever sent goes with another username than the
 * link's, which the server refuses. A path that sends one opens a real link from the mailbox (a
 * recovery asked for the `nobilling` demo login); the others never reach the server, and open
 * the page at a link id nobody was sent.
 */
import type { Page } from '@playwright/test';
import { FIELD_MESSAGES } from '../../../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../../../src/shared/session/messages.ts';
import type { BrowserContext, BrowserMapping, StateCheckContext } from '../runner.ts';
import { recoveryLinkFor } from './portal.ts';

const LINK_USER = 'nobilling';
/** A username the link was not sent for. */
const OTHER_USER = 'someone-else';
const NEW_PASSWORD = 'Granite-Harbor-Lantern-58!';
const UNUSED_LINK = '/control/password-update/a-link-nobody-was-sent/';

/** The strength check's dictionary loads before a password is sent, on a busy machine. */
const SERVER_ANSWER_MS = 20_000;

const REFUSED = 'xstate.snapshot.password';
const USERNAME_REPORT = 'xstate.snapshot.username';

/** What the person has done so far in this path (the page shows its consequences). */
const done = {
  /** Submit was pressed and the username form has not reported its check yet. */
  submitPending: false,
  /** The last Submit found the username missing: the field says it is required. */
  missingShown: false,
  /** Nothing was done since the page opened. */
  untouched: true,
};

const form = (page: Page) => page.getByRole('form', { name: 'Set a new password' });
const usernameBox = (page: Page) => form(page).getByRole('textbox', { name: 'Username' });
const submitButton = (page: Page) =>
  form(page).getByRole('button', { name: 'Set the new password' });

async function fillNewPassword(page: Page) {
  await form(page).getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await form(page).getByRole('textbox', { name: 'Confirm the new password' }).fill(NEW_PASSWORD);
}

/** Presses Submit, first filling what the next report needs. */
async function pressSubmit({ page, upcoming }: BrowserContext) {
  done.untouched = false;
  const next = upcoming[0];
  const username = await usernameBox(page).inputValue();
  if (next?.type === REFUSED) {
    if (username === '' || username === LINK_USER) await usernameBox(page).fill(OTHER_USER);
    await fillNewPassword(page);
  } else if (next?.type === USERNAME_REPORT) {
    const passes = reportedUsername(next) !== '';
    if (passes && username === '') await usernameBox(page).fill(OTHER_USER);
    if (!passes && username !== '') await usernameBox(page).fill('');
  }
  await submitButton(page).click();
  done.submitPending = true;
}

function reportedUsername(event: { type: string }): string {
  const snapshot = (event as { snapshot?: { context?: { values?: { username?: string } } } })
    .snapshot;
  return snapshot?.context?.values?.username ?? '';
}

/** What the page shows in either state: the view shows no difference while the username is
 * checked (it lasts as long as the click), so both states show the same page. */
async function checkForm({ page, expect, step, upcoming }: StateCheckContext) {
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expect(form(page)).toBeVisible();
  await expect(page.getByTestId('password-updated')).toHaveCount(0);
  await expect(submitButton(page)).toBeEnabled();
  const username = usernameBox(page);
  await expect(username).toBeVisible();
  if (done.untouched) await expect(username).toBeFocused();
  const refused = (step.projection as { refused: boolean }).refused;
  if (refused) {
    // The new password's strength is measured before it is sent: that may take a while.
    await expect(username).toHaveAccessibleDescription(SESSION_MESSAGES.usernameMismatch, {
      timeout: SERVER_ANSWER_MS,
    });
    await expect(username).toHaveAttribute('aria-invalid', 'true');
  } else if (upcoming[0]?.type !== REFUSED) {
    // (While the refusal is on its way, it may show already.)
    await expect(form(page).getByText(SESSION_MESSAGES.usernameMismatch)).toHaveCount(0);
  }
  if (!refused && !done.submitPending) {
    if (done.missingShown) {
      await expect(username).toHaveAccessibleDescription(FIELD_MESSAGES.required);
      await expect(username).toHaveAttribute('aria-invalid', 'true');
    } else {
      await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    }
  }
}

export const passwordUpdateMapping: BrowserMapping = {
  machine: 'password-update',
  async start({ page, visit, upcoming }) {
    Object.assign(done, {
      submitPending: false,
      missingShown: false,
      untouched: true,
    });
    const sendsAPassword = upcoming.some((event) => event.type === REFUSED);
    await visit(sendsAPassword ? await recoveryLinkFor(page, visit, LINK_USER) : UNUSED_LINK);
  },
  events: {
    'submit.pressed': pressSubmit,
    [USERNAME_REPORT]: async ({ page }, event) => {
      const username = reportedUsername(event);
      if (done.submitPending) {
        // The report of the Submit just pressed: the page shows its outcome.
        done.submitPending = false;
        done.missingShown = username === '';
        return;
      }
      // The person types (or clears) the username; the form reports it once typing pauses.
      done.untouched = false;
      await usernameBox(page).fill(username === '' ? '' : OTHER_USER);
      if (username !== '') done.missingShown = false;
    },
    [REFUSED]: async ({ page }) => {
      // The person sends a new password with a username the link was not sent for.
      done.untouched = false;
      if (!done.submitPending) {
        const username = await usernameBox(page).inputValue();
        if (username === '' || username === LINK_USER) await usernameBox(page).fill(OTHER_USER);
        await fillNewPassword(page);
        await submitButton(page).click();
      }
      done.submitPending = false;
      done.missingShown = false;
    },
  },
  // A path that sends a password first asks for a recovery link and reads the mailbox.
  slowEvents: [REFUSED],
  states: {
    editing: checkForm,
    'checking the username': checkForm,
  },
};
