/**
 * The signup's prerendered first screen (issue 10): painted from the document alone, then
 * replaced by the app in place, with nothing fetched twice and nothing moving.
 */
import { expect, test } from './support/fixtures.ts';

const PATH = '/control/signup/';
const HEADING = { name: 'Get fiber at your address', level: 1 } as const;

test.describe('signup first screen from the HTML', () => {
  test('without any script the heading, progress and address step are on screen and styled', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto(PATH);
    await expect(page.getByRole('heading', HEADING)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Signup progress' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Service address' })).toBeVisible();
    // Styled by Mantine's inline stylesheet: the section is a bordered paper, the title bold.
    const section = page.getByTestId('signup-address');
    expect(await section.evaluate((node) => getComputedStyle(node).borderTopStyle)).toBe('solid');
    // The stylesheets are in the document; their links are never fetched.
    expect(stylesheets).toEqual([]);
    await context.close();
  });

  test('the app replaces it in place: same position, one copy, an editable box, no stylesheet fetched twice', async ({
    browser,
    page,
  }) => {
    const still = await browser.newContext({ javaScriptEnabled: false });
    const prerendered = await still.newPage();
    await prerendered.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
    await prerendered.goto(PATH);
    const before = await prerendered.getByRole('heading', HEADING).boundingBox();
    const boxBefore = await prerendered
      .getByRole('combobox', { name: 'Service address' })
      .boundingBox();
    await still.close();

    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto(PATH);
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.locator('#root')).toBeVisible();
    await expect(page.getByTestId('signup-layout')).toHaveCount(1);
    const box = page.getByRole('combobox', { name: 'Service address' });
    await box.fill('1 Main');
    await expect(box).toHaveValue('1 Main');
    expect(await page.getByRole('heading', HEADING).boundingBox()).toEqual(before);
    expect(await box.boundingBox()).toEqual(boxBefore);
    // The stylesheets inlined in the document are not fetched again (later sections fetch theirs).
    const inlined = await page
      .locator('link[rel="stylesheet"][disabled]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(inlined.length).toBeGreaterThan(0);
    expect(stylesheets.filter((url) => inlined.includes(url))).toEqual([]);
  });

  test('the page works before the router has loaded, which then takes over with the text typed, the focus and the scroll kept', async ({
    page,
  }) => {
    // The router's file is held until the page has been used; its first render is known from the
    // router's own event (it announces itself on `window`).
    await page.addInitScript(() => {
      const w = window as unknown as { __routerRendered: boolean; __router?: unknown };
      w.__routerRendered = false;
      Object.defineProperty(window, '__TSR_ROUTER__', {
        configurable: true,
        get: () => w.__router,
        set: (router: { subscribe(event: 'onRendered', listener: () => void): unknown }) => {
          w.__router = router;
          router.subscribe('onRendered', () => {
            w.__routerRendered = true;
          });
        },
      });
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(/\/assets\/router-[\w-]+\.js$/, async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    // A phone-sized window, so that the page scrolls.
    await page.setViewportSize({ width: 390, height: 420 });
    await page.goto(PATH);
    await expect(page.locator('#prerendered')).toHaveCount(0);
    const box = page.getByRole('combobox', { name: 'Service address' });
    await box.fill('1 Main');
    await expect(box).toBeFocused();
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, 120);
      return window.scrollY;
    });
    expect(scrolled).toBeGreaterThan(0);
    const heading = await page.getByRole('heading', HEADING).boundingBox();
    expect(held.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { __router?: unknown }).__router)).toBeUndefined();

    release();
    await page.waitForFunction(
      () => (window as unknown as { __routerRendered: boolean }).__routerRendered,
    );
    await expect(box).toHaveValue('1 Main');
    await expect(box).toBeFocused();
    await expect(page.getByTestId('signup-layout')).toHaveCount(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await page.getByRole('heading', HEADING).boundingBox()).toEqual(heading);
  });

  test('the largest paint is the prerendered one: the app paints nothing larger after it', async ({
    page,
  }) => {
    // Each largest paint's time, and when the app took the page over from the prerendered screen
    // (its #prerendered element gone). A paint of the app larger than the prerendered one would be
    // a largest-paint entry after the takeover. (Not the entry's element: the browser reports none
    // for an element no longer in the page, as the prerendered one is once the app took over.)
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number[]; __takeover: number | null };
      w.__lcp = [];
      w.__takeover = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      let seen = false;
      new MutationObserver(() => {
        const present = document.getElementById('prerendered') !== null;
        if (present) seen = true;
        else if (seen && w.__takeover === null) w.__takeover = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(PATH);
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await page.waitForTimeout(1000);
    const { paints, takeover } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number[]; __takeover: number | null };
      return { paints: w.__lcp, takeover: w.__takeover };
    });
    expect(paints.length).toBeGreaterThan(0);
    expect(takeover).not.toBeNull();
    expect(paints.filter((time) => time > takeover!)).toEqual([]);
  });
});
