/**
 * Passkeys in the browser (docs/session.md "Passkeys"), with Chromium's virtual authenticator
 * (DevTools protocol `WebAuthn.enable` and `WebAuthn.addVirtualAuthenticator`: CTAP2, internal,
 * resident keys, user verification): a customer adds a named passkey on the account page, renames
 * it, opens and cancels its removal, logs out, and logs in with the password and the passkey. A
 * site admin then finds the login on the Second factor reset screen, sees the passkey, is refused
 * a reset without the verification, resets with it, and the customer logs in with the password
 * alone. Every new state is checked with axe, in the light and the dark scheme. The customer is
 * one of its own (tests/e2e/support/billed-customers.ts): no other test logs in as it.
 */
import type { CDPSession, Page } from '@playwright/test';
import { loggedInLabel } from '../../src/shared/messages/portal.ts';
import { PASSKEY_MESSAGES } from '../../src/shared/session/passkey-messages.ts';
import { SECOND_FACTOR_MESSAGES } from '../../src/shared/session/second-factor-messages.ts';
import { answerPasswordPrompts } from './billing/requests.ts';
import { claimBilledCustomer } from './support/billed-customers.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { DEMO_PASSWORD, fillLogin } from './paths/mappings/portal.ts';

const SLOW = 20_000;

async function loggedIn(page: Page, username: string) {
  await expect(
    page.getByTestId('logged-in-link').filter({ hasText: loggedInLabel(username) }),
  ).toBeVisible({ timeout: SLOW });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/control\/login\//, { timeout: SLOW });
}

/** A platform authenticator that verifies its user at once, as a fingerprint reader would. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

test.describe('passkeys', () => {
  test.describe.configure({ timeout: 120_000 });

  test('added on the account page, used at login, reset by a site admin', async ({
    page,
    visit,
  }) => {
    const username = claimBilledCustomer();
    const authenticator = await virtualAuthenticator(page);
    await answerPasswordPrompts(page);

    await visit('/control/login/');
    await fillLogin(page, username, DEMO_PASSWORD);
    await loggedIn(page, username);
    await visit('/control/account/');

    // Add a passkey: a name first (a blank one is refused), then the browser's prompt.
    const part = page.getByTestId('passkeys');
    await expect(part.getByText('No passkeys yet.')).toBeVisible({ timeout: SLOW });
    await part.getByRole('button', { name: 'Add a passkey' }).click();
    const nameBox = part.getByRole('textbox', { name: 'Name of the passkey' });
    await expect(nameBox).toBeFocused();
    await part.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(part.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
    await expectAccessible(page, 'naming a new passkey');
    await nameBox.fill('Laptop');
    await nameBox.press('Enter');
    await expect(page.getByText(PASSKEY_MESSAGES.registered).first()).toBeVisible({
      timeout: SLOW,
    });
    const list = part.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByText('Laptop', { exact: true })).toBeVisible({ timeout: SLOW });
    await expect(list.getByText(/last used never/)).toBeVisible();
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.id,
    });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await expectAccessible(page, 'the list of passkeys');

    // Rename it, by keyboard.
    await part.getByRole('button', { name: 'Rename Laptop' }).click();
    const newName = part.getByRole('textbox', { name: 'New name' });
    await expect(newName).toHaveValue('Laptop');
    await newName.fill('Work laptop');
    await newName.press('Enter');
    await expect(list.getByText('Work laptop', { exact: true })).toBeVisible({ timeout: SLOW });

    // Remove asks first, naming it; Cancel sends nothing.
    await part.getByRole('button', { name: 'Remove Work laptop' }).click();
    const confirm = part.getByRole('alertdialog', { name: 'Remove the passkey “Work laptop”?' });
    await expect(confirm).toBeFocused();
    await expectAccessible(page, 'the removal of a passkey, asked first');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(list.getByText('Work laptop', { exact: true })).toBeVisible();

    // Log out and in: after the password, the passkey.
    await logOut(page);
    await fillLogin(page, username, DEMO_PASSWORD);
    const step = page.getByRole('group', { name: 'Second factor' });
    await expect(step.getByText(PASSKEY_MESSAGES.passkeyPrompt)).toBeVisible({ timeout: SLOW });
    // This login has no authenticator app: no code is offered instead.
    await expect(step.getByRole('button', { name: PASSKEY_MESSAGES.useCodeInstead })).toHaveCount(
      0,
    );
    await expectAccessible(page, 'the passkey step of the login');
    await step.getByRole('button', { name: PASSKEY_MESSAGES.usePasskey }).click();
    await loggedIn(page, username);
    await visit('/control/account/');
    await expect(list.getByText('Work laptop', { exact: true })).toBeVisible({ timeout: SLOW });
    await expect(list.getByText(/last used never/)).toHaveCount(0);

    // A site admin resets it after the support check.
    await logOut(page);
    await fillLogin(page, 'admin', DEMO_PASSWORD);
    await loggedIn(page, 'admin');
    await visit('/control/admin/second-factor/');
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('button', { name: 'Find' }).click();
    const factors = page.getByTestId('factors');
    await expect(factors.getByText(/^Work laptop \(added/)).toBeVisible({ timeout: SLOW });
    await expectAccessible(page, "a login's second factors, for a site admin");
    await factors.getByRole('button', { name: 'Reset second factor' }).click();
    const reset = page.getByRole('form', { name: `Reset the second factor of ${username}` });
    const verification = reset.getByRole('textbox', { name: 'Verification performed' });
    await expect(verification).toBeFocused();
    await reset.getByRole('button', { name: 'Reset second factor' }).click();
    await expect(reset.getByText(SECOND_FACTOR_MESSAGES.verifiedByRequired)).toBeVisible();
    await expectAccessible(page, 'the reset, asked first with the support checks');
    await verification.fill('Ticket 4711: called back on the phone number on file');
    await reset.getByRole('button', { name: 'Reset second factor' }).click();
    await expect(page.getByText(SECOND_FACTOR_MESSAGES.resetDone).first()).toBeVisible({
      timeout: SLOW,
    });
    await expect(factors.getByText('This login has no second factor to reset.')).toBeVisible({
      timeout: SLOW,
    });

    // The customer logs in with the password alone.
    await logOut(page);
    await fillLogin(page, username, DEMO_PASSWORD);
    await loggedIn(page, username);
  });
});
