/**
 * The browser tests' fixtures: `visit` opens a page and checks it with axe; every test ends with
 * one more axe check of wherever it finished. Each check runs in the light and the dark scheme
 * (every rule in the scheme shown, the colour rules in the other).
 * Serious and critical violations fail the test.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';

/** What changes with the colour scheme: the structure stays, the colours change. */
const COLOR_RULES = ['color-contrast', 'link-in-text-block'];

/** Whether the page holds a frame of another origin (the card provider's form). */
function hasCrossOriginFrame(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .some(
      (frame) =>
        frame !== page.mainFrame() &&
        /^https?:/.test(frame.url()) &&
        new URL(frame.url()).origin !== origin,
    );
}

/** What AxeBuilder's legacy mode configures in each frame it injects axe into. */
const AXE_CONFIGURE =
  "axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })";

/**
 * axe in the page and its same-origin frames, as AxeBuilder's legacy mode runs it, but injected
 * once per document: AxeBuilder evaluates axe's half-megabyte source in the main frame twice per
 * check (and each check here is two runs, one per scheme), 0.1 to 0.2 s each, while axe stays in
 * a document from one run to the next (the app changes pages without reloading).
 */
async function runAxeLegacy(page: Page, options: RunOptions): Promise<AxeResults> {
  for (const frame of page.frames()) {
    const present = await frame
      .evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
      .catch(() => true); // a frame that went away, or that cannot be reached: nothing to check
    if (present) continue;
    await frame.evaluate(`${axe.source};${AXE_CONFIGURE}`).catch((error: unknown) => {
      // AxeBuilder leaves out a frame it cannot inject into; the main frame must not fail.
      if (frame === page.mainFrame()) throw error;
    });
  }
  // The options go as JSON: RunOptions is too deep a type for evaluate's argument.
  const outcome = await page.evaluate(
    ([context, runOptions]) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(JSON.parse(context) as ElementContext, JSON.parse(runOptions) as RunOptions)
        .then((results) => ({ error: null, results: JSON.stringify(results) }))
        .catch((error: Error) => ({ error: error.message, results: null })),
    [JSON.stringify({ include: [], exclude: [] }), JSON.stringify(options)] as const,
  );
  if (outcome.error !== null || outcome.results === null) throw new Error(outcome.error ?? '');
  return JSON.parse(outcome.results) as AxeResults;
}

async function seriousViolations(page: Page, label: string, rules?: string[]) {
  // Only violations are reported: axe then skips collecting the passes and the inapplicable rules.
  const options: RunOptions = { resultTypes: ['violations'] };
  if (rules) options.runOnly = { type: 'rule', values: rules };
  // Axe's legacy mode runs in the page and its same-origin frames, about three times faster than
  // the default, which opens a blank page to gather the frames' results: the default is kept for
  // pages that frame another origin, the only frames legacy mode leaves out.
  const results = hasCrossOriginFrame(page)
    ? await new AxeBuilder({ page }).options(options).analyze()
    : await runAxeLegacy(page, options);
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
 * Page structures this run has already checked with axe (and found clean in both schemes), in
 * either worker. Paths and tests open the same pages many times (the login page, the signup's first screen): a
 * page whose structure was checked is not checked again. The structure is every element's tag,
 * role, ARIA and state attributes, classes and inline style, which text and labels it has (their
 * presence, not their words) and the scheme: what axe's rules read, without the data
 * that differs between visits (names, amounts, dates).
 */
const checkedStructures = {
  /** This run's folder (global-setup.ts), shared by the workers: one file per structure. */
  folder: process.env.E2E_AXE_CHECKED_DIR,
  inWorker: new Set<string>(),
  has(structure: string): boolean {
    return (
      this.inWorker.has(structure) ||
      (this.folder !== undefined && existsSync(path.join(this.folder, structure)))
    );
  },
  add(structure: string) {
    this.inWorker.add(structure);
    if (this.folder !== undefined) writeFileSync(path.join(this.folder, structure), '');
  },
};

function structureOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [
      document.documentElement.getAttribute('data-mantine-color-scheme') ?? '',
    ];
    for (const element of document.querySelectorAll('body *')) {
      const attributes = [...element.attributes]
        .filter(
          (a) =>
            ![
              'id',
              'for',
              'href',
              'src',
              'value',
              'aria-labelledby',
              'aria-describedby',
              'aria-controls',
              'aria-owns',
              'aria-activedescendant',
            ].includes(a.name),
        )
        .map((a) =>
          /^(aria-label|alt|title|placeholder)$/.test(a.name)
            ? `${a.name}#${a.value.length > 0}`
            : `${a.name}=${a.value}`,
        )
        .join(' ');
      const text = [...element.childNodes].some(
        (n) => n.nodeType === 3 && n.textContent!.trim() !== '',
      );
      parts.push(`${element.tagName}[${attributes}]${text ? 'T' : ''}`);
    }
    // cyrb53: a 53-bit hash of the structure, so that the set stays small.
    const all = parts.join('|');
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < all.length; i += 1) {
      const c = all.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return `${all.length}:${(h2 >>> 0).toString(36)}${(h1 >>> 0).toString(36)}`;
  });
}

/**
 * axe in the scheme the page shows, then in the other one: the app follows the system's preference
 * (while the visitor saved none), so the page is switched by emulating the other system scheme,
 * and back after. A page that keeps its scheme (the signup is always light) is checked once.
 */
export async function expectAccessible(page: Page, label = page.url()) {
  await page.waitForLoadState('domcontentloaded');
  const structure = await structureOf(page);
  if (checkedStructures.has(structure)) return;
  await seriousViolations(page, label);
  const wasDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const before = await shownScheme(page);
  await page.emulateMedia({ colorScheme: wasDark ? 'light' : 'dark' });
  try {
    const after = await shownScheme(page);
    // The other scheme changes colours only: its check is the colour rules.
    if (after !== before) await seriousViolations(page, `${label} (${after} mode)`, COLOR_RULES);
  } finally {
    await page.emulateMedia({ colorScheme: wasDark ? 'dark' : 'light' });
    await shownScheme(page);
  }
  checkedStructures.add(structure);
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

/** A resource that did not load is in the trace already; the errors worth reading are the page's own. */
const NETWORK_NOISE = /^Failed to load resource/;
const MAX_PAGE_ERRORS = 20;

export const test = base.extend<{
  visit: (path: string) => Promise<void>;
  a11yAtEnd: void;
  pageErrorsOnFailure: void;
}>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo.testId) });
  },
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      // A public page is prerendered: the app's page is there once it has replaced that markup.
      await page.locator('#prerendered').waitFor({ state: 'detached' });
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
  // A failed test names what the page threw or logged as an error (a first try runs without a
  // trace, so its report is all there is to read of a failure that its rerun does not repeat).
  pageErrorsOnFailure: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !NETWORK_NOISE.test(message.text()))
          errors.push(`console.error ${message.text()}`);
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus && errors.length > 0)
        await testInfo.attach('page errors', {
          body: errors.slice(0, MAX_PAGE_ERRORS).join('\n'),
          contentType: 'text/plain',
        });
    },
    { auto: true },
  ],
});

export { expect };
