/**
 * The theme machine in the browser: the footer's Dark mode switch, the device's colour scheme
 * (emulated media), and the signup page (which forces light) entered by its link and left by
 * going back. The page must show the scheme the machine's selector gives for the predicted state.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { selectColorScheme, selectDarkModeOn } from '../../../../machines/shell/theme.selectors.ts';
import type { BrowserMapping } from '../runner.ts';
import { setCoveredChecked } from '../../support/hidden-controls.ts';

type ThemeSnapshot = Parameters<typeof selectColorScheme>[0];
const theme = (snapshot: AnyMachineSnapshot) => snapshot as unknown as ThemeSnapshot;

/** A page with the public shell (footer with the switch) and a link to the signup page. */
const START = '/control/paths-start/';

export const themeMapping: BrowserMapping = {
  machine: 'theme',
  async start({ page, visit }) {
    // The registry entry starts with nothing saved and no dark device preference.
    await page.emulateMedia({ colorScheme: 'light' });
    await visit(START);
  },
  events: {
    'theme.chosen': async ({ page }, event) => {
      const toggle = page.getByRole('switch', { name: 'Dark mode' });
      const dark = (event as { scheme?: string }).scheme === 'dark';
      // Mantine's switch hides the native input under its track; force the click onto it.
      // A person who wants the scheme already shown saved flips the switch off and on again.
      if ((await toggle.isChecked()) === dark) await setCoveredChecked(toggle, !dark);
      await setCoveredChecked(toggle, dark);
    },
    'system.changed': async ({ page }, event) => {
      const scheme = (event as { scheme?: string | null }).scheme;
      await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'dark' : 'light' });
    },
    'signup.entered': async ({ page }) => {
      await page.getByRole('link', { name: 'sign up for service' }).click();
    },
    'signup.left': async ({ page }) => {
      await page.goBack();
    },
  },
  states: {
    'following preference': async ({ page, expect, step }) => {
      const snapshot = theme(step.snapshot);
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute(
        'data-mantine-color-scheme',
        selectColorScheme(snapshot),
      );
      const toggle = page.getByRole('switch', { name: 'Dark mode' });
      if (selectDarkModeOn(snapshot)) await expect(toggle).toBeChecked();
      else await expect(toggle).not.toBeChecked();
    },
    'forced light': async ({ page, expect }) => {
      await expect(page.getByTestId('signup-layout')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
      await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveCount(0);
    },
  },
};
