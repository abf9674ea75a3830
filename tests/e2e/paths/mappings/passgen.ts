/**
 * The password generator in the browser (signup.md §2 "Password generator"): the generator page
 * with its 5 by 3 grid of words from the real server, Generate, Copy and New words. Words that do
 * not arrive are a request the network drops; the copy is read back from the clipboard.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  selectCanGenerate,
  selectChosenCount,
  selectWordRows,
  type PassgenSnapshot,
} from '../../../../machines/passgen/passgen.selectors.ts';
import { PASSWORD_GENERATOR } from '../../../../src/shared/constants.ts';
import { SESSION_NOTICES } from '../../../../src/shared/session/messages.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { replaySnapshot, replayed, startReplay } from './replay.ts';

const PAGE = '/control/password-generator/';
const WORDS_REQUEST = `**/manage/api/v1.0/passgen/${PASSWORD_GENERATOR.wordCount}`;
const IN_FLIGHT = 'lasts only while the words, the randomness or the clipboard answer';

const passgen = (snapshot: AnyMachineSnapshot) => snapshot as unknown as PassgenSnapshot;

/** The words' request is dropped by the network when the words are to fail next. */
async function wordsWillFail(page: Page, upcoming: readonly EventObject[]) {
  await page.unroute(WORDS_REQUEST);
  if (upcoming[0]?.type === 'xstate.error.actor.fetchWords')
    await page.route(WORDS_REQUEST, (route) => route.abort('internetdisconnected'));
}

const grid = (page: Page) => page.getByRole('group', { name: 'Words to choose from' });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate' });

/** The grid, the chosen words and the Generate button as the machine says. */
async function expectGrid({ page, expect, step }: StateCheckContext) {
  const snapshot = passgen(step.snapshot);
  const words = grid(page).getByRole('button');
  await expect(words).toHaveCount(PASSWORD_GENERATOR.wordCount);
  const cells = selectWordRows(snapshot).flat();
  expect(cells).toHaveLength(PASSWORD_GENERATOR.rows * PASSWORD_GENERATOR.columns);
  for (const cell of cells)
    await expect(words.nth(cell.index)).toHaveAttribute('aria-pressed', String(cell.chosen));
  await expect(
    page.getByText(
      `${selectChosenCount(snapshot)} chosen (${PASSWORD_GENERATOR.minimumChosen} or more needed)`,
    ),
  ).toBeVisible();
  if (selectCanGenerate(snapshot)) await expect(generateButton(page)).toBeEnabled();
  else await expect(generateButton(page)).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/** The password shows: the chosen words in the order they were picked, and 4 random parts. */
async function expectPassword(context: StateCheckContext, copyLabel: 'Copy' | 'Copied') {
  const { page, expect, step } = context;
  await expectGrid(context);
  const words = grid(page).getByRole('button');
  // The order the words were picked in is not in the projection: the path's own events say it.
  const picked = passgen(replaySnapshot(passgenMapping, page)).context.chosen;
  expect([...picked].sort()).toEqual([...passgen(step.snapshot).context.chosen].sort());
  const chosen = await Promise.all(picked.map(async (index) => words.nth(index).innerText()));
  const shown = (await page.getByTestId('generated-password').innerText()).trim();
  let rest = shown;
  for (const word of chosen) {
    const at = rest.indexOf(word);
    expect(at, `"${word}" in ${shown}`).toBeGreaterThanOrEqual(0);
    rest = rest.slice(0, at) + rest.slice(at + word.length);
  }
  expect(rest, `the random parts of ${shown}`).toHaveLength(PASSWORD_GENERATOR.extraParts);
  await expect(page.getByRole('button', { name: copyLabel, exact: true })).toBeEnabled();
}

export const passgenMapping: BrowserMapping = {
  machine: 'passgen',
  async start({ page, visit, upcoming }) {
    await page.context().clearPermissions();
    startReplay(page);
    await wordsWillFail(page, upcoming);
    await visit(PAGE);
  },
  events: replayed({
    'xstate.done.actor.fetchWords': async () => {},
    'xstate.error.actor.fetchWords': async () => {},
    'retry.pressed': async ({ page, upcoming }) => {
      await wordsWillFail(page, upcoming);
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    'new.words.pressed': async ({ page, upcoming }) => {
      await wordsWillFail(page, upcoming);
      await page.getByRole('button', { name: 'New words' }).click();
    },
    'word.toggled': async ({ page }, event) => {
      const { index } = event as EventObject & { index: number };
      await grid(page).getByRole('button').nth(index).click();
    },
    'generate.pressed': async ({ page }) => {
      await generateButton(page).click();
    },
    'xstate.done.actor.generatePassword': async () => {},
    'copy.pressed': async ({ page }) => {
      // Reading the clipboard back (to check the copy) needs the permission; writing does not.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: /^Cop(y|ied)$/ }).click();
    },
    'xstate.done.actor.copyToClipboard': async () => {},
  }),
  notCaused: {
    'xstate.error.actor.copyToClipboard':
      'Chromium lets a page write to the clipboard after a click whatever the site’s permission says; a browser that refuses is walked at machine level',
    'xstate.error.actor.generatePassword':
      'the random parts come from the browser’s own crypto.getRandomValues, which does not fail',
  },
  notShown: {
    loading: IN_FLIGHT,
    generating: IN_FLIGHT,
    'generated.copying': IN_FLIGHT,
  },
  states: {
    failed: async ({ page, expect }) => {
      const alert = page.getByRole('alert').filter({ hasText: 'The words could not be loaded' });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(grid(page)).toHaveCount(0);
      await expect(generateButton(page)).toHaveCount(0);
    },
    choosing: async (context) => {
      await expectGrid(context);
    },
    'generated.shown': async (context) => {
      await expectPassword(context, 'Copy');
      await context.expect(context.page.getByText(SESSION_NOTICES.copyRefused)).toHaveCount(0);
    },
    'generated.copied': async (context) => {
      await expectPassword(context, 'Copied');
      const copied = await context.page.evaluate(() => navigator.clipboard.readText());
      const shown = await context.page.getByTestId('generated-password').innerText();
      context.expect(copied).toBe(shown.trim());
      await context.expect(context.page.getByText(SESSION_NOTICES.copyRefused)).toHaveCount(0);
    },
    'generated.copyFailed': async (context) => {
      await expectPassword(context, 'Copy');
      await context.expect(context.page.getByText(SESSION_NOTICES.copyRefused)).toBeVisible();
    },
  },
};
