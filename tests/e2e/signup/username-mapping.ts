/**
 * The signup's username box in the browser (signup.md §5 "Username"): account setup reached with
 * a complete account holder, so the sign-in details show. The pause before the check runs on
 * Playwright's clock. The server's answers are real: a username that passes the rules is free,
 * `demo` (a demo login) is taken and comes with the server's suggestions; a check that does not
 * answer is a request the network drops.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { USERNAME_SUGGESTIONS } from '../../../machines/signup/username.model.ts';
import {
  selectUsernameView,
  type UsernameSnapshot,
} from '../../../machines/signup/username.selectors.ts';
import { TIMERS } from '../../../src/shared/constants.ts';
import { SIGNUP_ORDER_MESSAGES } from '../../../src/shared/messages.ts';
import { usernameError } from '../../../src/shared/schemas/username.ts';
import { endThePause, holdTheClock, releaseAtEnd } from '../paths/mappings/clock.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import { SIGNUP_PATH, walkToAccount } from './wizard.ts';

/** A demo login's username: the server says it is taken. */
const TAKEN = 'demo';
const CHECK_REQUEST = '**/manage/api/v1.0/self_signup/usernames?*';

const credentials = (page: Page) => page.getByTestId('signup-credentials');
export const usernameBox = (page: Page) =>
  credentials(page).getByRole('textbox', { name: 'Username' });

/** What the box holds, as the person typed or chose it. */
const typedOn = new WeakMap<Page, string>();

/** The next check is dropped by the network when it is to fail. */
async function checkWillFail(page: Page, answer: EventObject | undefined) {
  await page.unroute(CHECK_REQUEST);
  if (answer?.type === 'xstate.error.actor.checkUsername')
    await page.route(CHECK_REQUEST, (route) => route.abort('internetdisconnected'));
}

const takenAnswer = (event: EventObject | undefined) =>
  event?.type === 'xstate.done.actor.checkUsername' &&
  (event as { output?: { in_use?: boolean } }).output?.in_use === true;

async function expectUsername(context: StateCheckContext) {
  await expectUsernameBox(context);
  await releaseAtEnd(context);
}

async function expectUsernameBox({ page, expect, step }: StateCheckContext) {
  const view = selectUsernameView(step.snapshot as unknown as UsernameSnapshot);
  const box = usernameBox(page);
  await expect(box).toHaveValue(view.status === 'empty' ? '' : (typedOn.get(page) ?? ''));
  const status = credentials(page).getByTestId('username-status');
  if (view.status === 'available') await expect(status).toHaveText(`✓ ${view.message}`);
  else await expect(status).toHaveText('');
  const problem = view.status === 'invalid' || view.status === 'taken' || view.status === 'failed';
  if (problem && view.message) {
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(new RegExp(escape(view.message)));
  } else {
    await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  }
  const suggestions = credentials(page).getByRole('group', { name: 'Suggested usernames' });
  if (view.status === 'taken') {
    await expect(suggestions).toBeVisible();
    await expect(suggestions.getByRole('button').first()).toBeEnabled();
  } else await expect(suggestions).toHaveCount(0);
  const again = credentials(page).getByRole('button', { name: 'Check again' });
  if (view.status === 'failed') {
    await expect(
      credentials(page).getByText(SIGNUP_ORDER_MESSAGES.usernameCheckFailed),
    ).toBeVisible();
    await expect(again).toBeEnabled();
  } else await expect(again).toHaveCount(0);
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const usernameMapping: BrowserMapping = {
  machine: 'signup-username',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await visit(SIGNUP_PATH);
    await walkToAccount(page);
    await credentials(page).waitFor();
    typedOn.set(page, '');
  },
  events: {
    'username.changed': async ({ page, upcoming }, event) => {
      const { value } = event as EventObject & { value: string };
      const uid = value.trim();
      let typed = value;
      // A username that passes the rules: the server's answer decides which one a person types.
      if (uid !== '' && usernameError(uid) === undefined) {
        const answer = upcoming[0]?.type.startsWith('xstate.after.') ? upcoming[1] : undefined;
        if (takenAnswer(answer)) typed = TAKEN;
        await checkWillFail(page, answer);
      }
      await holdTheClock(page);
      await usernameBox(page).fill(typed);
      typedOn.set(page, typed.trim());
    },
    'xstate.after.usernameCheckDebounce.signupUsername.typing': async ({ page }) => {
      await endThePause(page, TIMERS.usernameCheckDebounceMs);
    },
    'xstate.done.actor.checkUsername': async () => {},
    'xstate.error.actor.checkUsername': async () => {},
    'username.suggestion.chosen': async ({ page, upcoming }) => {
      await checkWillFail(page, upcoming[0]);
      const suggestion = credentials(page)
        .getByRole('group', { name: 'Suggested usernames' })
        .getByRole('button')
        .first();
      typedOn.set(page, (await suggestion.innerText()).trim());
      await suggestion.click();
    },
    'username.retry.pressed': async ({ page, upcoming }) => {
      await checkWillFail(page, upcoming[0]);
      await credentials(page).getByRole('button', { name: 'Check again' }).click();
    },
    'username.name.changed': async ({ page }) => {
      // The suggestions come from the account holder's name.
      const first = page.getByTestId('signup-account').getByLabel('First name');
      await first.fill('Dana Q');
      await first.blur();
    },
  },
  notCaused: {
    'username.suggestion.chosen': ({ event }) =>
      USERNAME_SUGGESTIONS.includes((event as EventObject & { uid: string }).uid)
        ? undefined
        : 'a person chooses only among the suggestion buttons shown',
    'xstate.done.actor.checkUsername': ({ event, previous }) =>
      previous?.type === 'username.suggestion.chosen' && takenAnswer(event)
        ? 'a suggestion is a username the server has just found free; it is taken only if another order takes it meanwhile'
        : undefined,
  },
  notShown: {
    checking: 'lasts only while the server answers; the state after it is checked',
  },
  states: {
    empty: expectUsername,
    typing: expectUsername,
    'breaks a rule': expectUsername,
    available: expectUsername,
    taken: expectUsername,
    'check failed': expectUsername,
  },
};
