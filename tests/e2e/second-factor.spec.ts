/**
 * The second factor in the browser (docs/session.md "Second factor"): a customer turns the
 * authenticator app on from the account page with a code computed here from the key the page
 * shows (otplib, as an authenticator app does), sees the ten recovery codes once, logs out, and
 * logs in again: the right password is followed by the code step, and the code logs in. A wrong
 * code says so. Turning it off once the access token is no longer fresh asks for the password and
 * then a code in the password window, and a code in the section: two recovery codes, each once.
 * Every state is checked with axe, in the light and the dark scheme. The customer is one of its
 * own (tests/e2e/support/billed-customers.ts): no other test logs in as it.
 */
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { SECOND_FACTOR } from '../../src/shared/session/constants.ts';
import { SECOND_FACTOR_MESSAGES } from '../../src/shared/session/second-factor-messages.ts';
import { SECOND_FACTOR_TEXT } from '../../src/shared/session/second-factor-text.ts';
import { loggedInLabel } from '../../src/shared/messages/portal.ts';
import { answerPasswordPrompts, passwordPrompt } from './billing/requests.ts';
import { claimBilledCustomer } from './support/billed-customers.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { DEMO_PASSWORD, fillLogin } from './paths/mappings/portal.ts';
/** The e2e server's access-token life (tests/e2e/support/serve.ts): a test outlives it. */
const ACCESS_TOKEN_TTL_MS = Number(process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ?? '5') * 1000;

const T = SECOND_FACTOR_TEXT;
const SLOW = 20_000;

/**
 * The app's code `steps` time steps from now. The server takes one step of drift either way and
 * never the same step twice: the login after turning it on sends the next step's code, so that
 * no test waits for the clock.
 */
function codeFor(secret: string, steps = 0): Promise<string> {
  const epoch = Math.floor(Date.now() / 1000) + steps * SECOND_FACTOR.totpPeriodSeconds;
  return generate({ secret, epoch });
}

async function loggedIn(page: Page, username: string) {
  await expect(
    page.getByTestId('logged-in-link').filter({ hasText: loggedInLabel(username) }),
  ).toBeVisible({ timeout: SLOW });
}

test.describe('second factor', () => {
  test.describe.configure({ timeout: 90_000 });

  test('turned on from the account page, then asked for at login', async ({ page, visit }) => {
    const username = claimBilledCustomer();
    // A change needs a fresh token: after the e2e server's 5 s the password is asked again.
    await answerPasswordPrompts(page);

    await visit('/control/login/');
    await fillLogin(page, username, DEMO_PASSWORD);
    await loggedIn(page, username);
    await visit('/control/account/');

    const section = page.getByTestId('second-factor-section');
    await expect(section.getByText(T.offIntro)).toBeVisible({ timeout: SLOW });
    await section.getByRole('button', { name: T.turnOn }).click();

    // The QR code and the key as text.
    await expect(section.getByTestId('totp-qr')).toBeVisible({ timeout: SLOW });
    const secret = (await section.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'the QR code and key');

    // A wrong code does not turn it on.
    await section.getByRole('textbox', { name: T.codeLabel }).fill(await codeFor(secret, 5));
    await section.getByRole('button', { name: T.confirm }).click();
    await expect(section.getByRole('alert')).toContainText(SECOND_FACTOR_MESSAGES.failed, {
      timeout: SLOW,
    });

    await section.getByRole('textbox', { name: T.codeLabel }).fill(await codeFor(secret));
    await section.getByRole('button', { name: T.confirm }).click();

    // The ten recovery codes, once, with their download.
    const codes = section.getByTestId('recovery-codes');
    await expect(codes.getByRole('listitem')).toHaveCount(SECOND_FACTOR.recoveryCodeCount, {
      timeout: SLOW,
    });
    await expect(codes.getByRole('listitem').first()).toHaveText(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const download = await codes.getByRole('link', { name: T.download }).getAttribute('href');
    const firstCode = (await codes.getByRole('listitem').first().textContent())?.trim() ?? '';
    expect(decodeURIComponent(download ?? '')).toContain(firstCode);
    const recovery = (await codes.getByRole('listitem').allTextContents()).map((c) => c.trim());
    await expectAccessible(page, 'the recovery codes');
    await codes.getByRole('button', { name: T.saved }).click();
    await expect(section.getByText(T.onIntro)).toBeVisible({ timeout: SLOW });
    await expect(section.getByText(T.codesLeft(SECOND_FACTOR.recoveryCodeCount))).toBeVisible();

    // Log out, and in again: the password is not enough.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/control\/login\//, { timeout: SLOW });
    await fillLogin(page, username, DEMO_PASSWORD);
    const step = page.getByRole('form', { name: T.codeStepTitle });
    await expect(step).toBeVisible({ timeout: SLOW });
    await expect(step.getByText(SECOND_FACTOR_MESSAGES.required)).toBeVisible();
    await expectAccessible(page, 'the code step of the login');

    await step.getByRole('textbox', { name: T.codeLabel }).fill(await codeFor(secret, 1));
    await step.getByRole('button', { name: T.verify }).click();
    await loggedIn(page, username);
    await expect(page).toHaveURL(/\/control\/account\//, { timeout: SLOW });
    await expect(section.getByText(T.onIntro)).toBeVisible({ timeout: SLOW });

    // Turning it off, once the access token is no longer fresh (it runs out here and is renewed,
    // not fresh): the section's code, then the password window asks for the password and a code.
    await page.removeLocatorHandler(passwordPrompt(page));
    await page.waitForTimeout(ACCESS_TOKEN_TTL_MS + 1500);
    await section.getByRole('button', { name: T.turnOff }).click();
    await section.getByRole('textbox', { name: T.codeLabel }).fill(recovery[1]!);
    await section.getByRole('button', { name: T.turnOff }).click();
    const prompt = passwordPrompt(page);
    await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await prompt.getByRole('button', { name: 'Continue' }).click();
    const promptStep = prompt.getByRole('form', { name: T.codeStepTitle });
    await expect(promptStep).toBeVisible({ timeout: SLOW });
    await expectAccessible(page, 'the code step of the password window');
    await promptStep.getByRole('textbox', { name: T.codeLabel }).fill(recovery[2]!);
    await promptStep.getByRole('button', { name: T.verify }).click();
    await expect(prompt).toHaveCount(0, { timeout: SLOW });
    await expect(section.getByText(T.offIntro)).toBeVisible({ timeout: SLOW });
  });
});
