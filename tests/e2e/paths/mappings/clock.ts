/**
 * Playwright's clock for a mapping's timers: installed before the page loads, it runs with real
 * time until a step holds it (a keystroke whose pause the path ends itself), and the pause's
 * event moves it on by the pause and lets it run again.
 */
import type { Page } from '@playwright/test';
import { pageNow } from '../../support/quiet-clock.ts';

const held = new WeakSet<Page>();

/** Stops the page's clock (once: a clock already held keeps its pending pauses as they are). */
export async function holdTheClock(page: Page) {
  if (held.has(page)) return;
  // A little ahead of now: real time goes on between reading the clock and stopping it.
  const now = await pageNow(page);
  await page.clock.pauseAt(now + 1_000);
  held.add(page);
}

/** The pause ends: the clock moves on by it and runs with real time again. */
export async function endThePause(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await page.clock.resume();
  held.delete(page);
}

/** At the end of a path the clock runs again (the page's last checks need its timers). */
export async function releaseAtEnd(context: { page: Page; upcoming: readonly unknown[] }) {
  if (context.upcoming.length > 0 || !held.has(context.page)) return;
  await context.page.clock.resume();
  held.delete(context.page);
}
