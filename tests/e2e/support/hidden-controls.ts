/**
 * The one home of forced clicks. Mantine draws a switch, a checkbox or a radio over its input, so
 * Playwright's ordinary click finds the input covered and a test has to force it; a forced click
 * skips every check, and one sent while the control is still disabled (its state loading) is lost
 * without a word. These helpers say which of the two a test means.
 */
import { expect, type Locator } from '@playwright/test';

/** Presses a drawn-over control once it is enabled: the press a user makes. */
export async function pressCovered(control: Locator): Promise<void> {
  await expect(control).toBeEnabled();
  await control.click({ force: true });
}

/** Sets a drawn-over switch or checkbox once it is enabled. */
export async function setCoveredChecked(control: Locator, checked: boolean): Promise<void> {
  await expect(control).toBeEnabled();
  await control.setChecked(checked, { force: true });
}

/** Presses a control that must be disabled, to show that the press does nothing. */
export async function pressDisabled(control: Locator): Promise<void> {
  await expect(control).toBeDisabled();
  await control.click({ force: true });
}

/**
 * Presses a control whatever its state, for a path step that is taken both where the control is
 * enabled and where it is disabled (a disabled control ignores it).
 */
export async function pressInAnyState(control: Locator): Promise<void> {
  await control.click({ force: true });
}
