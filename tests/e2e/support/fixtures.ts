/**
 * The browser tests' fixtures: `visit` opens a page and checks it with axe; every test ends with
 * one more axe check of wherever it finished. Each check runs in the light and the dark scheme.
 * Serious and critical violations fail the test.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

async function seriousViolations(page: Page, label: string) {
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

/** The scheme the app shows (Mantine's attribute on <html>), after the page followed a switch. */
async function shownScheme(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(document.documentElement.getAttribute('data-mantine-color-scheme')),
          ),
        ),
      ),
  );
}

/**
 * axe in the scheme the page shows, then in the other one: the app follows the system's preference
 * (while the visitor saved none), so the page is switched by emulating the other system scheme,
 * and back after. A page that keeps its scheme (the signup is always light) is checked once.
 */
export async function expectAccessible(page: Page, label = page.url()) {
  await page.waitForLoadState('domcontentloaded');
  await seriousViolations(page, label);
  const wasDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const before = await shownScheme(page);
  await page.emulateMedia({ colorScheme: wasDark ? 'light' : 'dark' });
  try {
    const after = await shownScheme(page);
    if (after !== before) await seriousViolations(page, `${label} (${after} mode)`);
  } finally {
    await page.emulateMedia({ colorScheme: wasDark ? 'dark' : 'light' });
    await shownScheme(page);
  }
}

/**
 * Each test is a visitor of its own: its requests name a client address of their own (the e2e
 * server trusts X-Forwarded-For), so the per-address limits of the public endpoints (signup
 * orders, recovery) count each test apart, as they would count separate people.
 */
function visitorAddress(testId: string): string {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `2001:db8::${(hash & 0xffff).toString(16)}:${(hash >>> 16).toString(16)}`;
}

export const test = base.extend<{
  visit: (path: string) => Promise<void>;
  a11yAtEnd: void;
}>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo.testId) });
  },
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
