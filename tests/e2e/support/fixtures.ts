/**
 * The browser tests' fixtures: `visit` opens a page and checks it with axe; every test ends with
 * one more axe check of wherever it finished. Serious and critical violations fail the test.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export async function expectAccessible(page: Page, label = page.url()) {
  await page.waitForLoadState('domcontentloaded');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n');
  expect(serious, `accessibility violations on ${label}:\n${report}`).toEqual([]);
}

export const test = base.extend<{
  visit: (path: string) => Promise<void>;
  a11yAtEnd: void;
}>({
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.locator('main#main').waitFor();
      await expectAccessible(page);
    });
  },
  a11yAtEnd: [
    async ({ page, baseURL }, use) => {
      await use();
      if (baseURL && page.url().startsWith(baseURL))
        await expectAccessible(page, `end of test: ${page.url()}`);
    },
    { auto: true },
  ],
});

export { expect };
