/**
 * Tests of the browser path runner itself: a deliberate break in a view, or in what the server
 * answers, must make a path test fail, naming the step and the state the page no longer shows.
 * (Breaks in a machine are caught at machine level: tests/machines/paths/runner.test.ts.)
 */
import { expect, test } from '../support/fixtures.ts';
import { sessionMapping } from './mappings/session.ts';
import { themeMapping } from './mappings/theme.ts';
import { browserPaths, runBrowserPath, type BrowserMapping } from './runner.ts';

const { runnable } = browserPaths(themeMapping);
const pathTo = (start: string) => {
  const path = runnable.find((p) => p.title.startsWith(start));
  if (!path) throw new Error(`no generated path starts with "${start}"`);
  return path;
};

/** The theme mapping on a page broken by a script that runs before the app. */
function broken(script: string): BrowserMapping {
  return {
    ...themeMapping,
    async start(context) {
      await context.page.addInitScript(script);
      await themeMapping.start(context);
    },
  };
}

test.describe('browser path runner', () => {
  test('leaves paths with events no person can cause to the machine-level tests', () => {
    // The theme mapping as if nobody could change the device's scheme.
    const { skipped } = browserPaths({
      ...themeMapping,
      notCaused: { 'system.changed': 'the device setting is out of reach' },
    });
    expect(skipped.length).toBeGreaterThan(0);
    for (const { path, reason } of skipped) {
      expect(path.steps.some((s) => s.event.type === 'system.changed')).toBe(true);
      expect(reason).toBe('system.changed: the device setting is out of reach');
    }
  });

  test('fails a path when a section no longer appears', async ({ page, visit }) => {
    // The signup page's layout is hidden, as if a change had dropped it from the view.
    const hideSignup = `document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '[data-testid="signup-layout"] { display: none !important; }';
      document.head.append(style);
    });`;
    const path = pathTo('open the signup page → leave the signup page');
    await expect(
      runBrowserPath({ page, visit }, broken(hideSignup), path, { timeout: 1500 }),
    ).rejects.toThrow(
      /after step 1 "open the signup page" \(signup.entered\) the page does not show state "forced light"[\s\S]*getByTestId\('signup-layout'\)/,
    );
  });

  test('fails a path when the page shows something other than the state requires', async ({
    page,
    visit,
  }) => {
    // The page keeps the light scheme whatever the machine decides.
    const stuckLight = `document.addEventListener('DOMContentLoaded', () => {
      const html = document.documentElement;
      const keepLight = () => {
        if (html.getAttribute('data-mantine-color-scheme') !== 'light')
          html.setAttribute('data-mantine-color-scheme', 'light');
      };
      new MutationObserver(keepLight).observe(html, { attributes: true });
      keepLight();
    });`;
    const path = pathTo('device turns dark → open the signup page');
    await expect(
      runBrowserPath({ page, visit }, broken(stuckLight), path, { timeout: 1500 }),
    ).rejects.toThrow(
      /after step 1 "device turns dark" \(system.changed\) the page does not show state "following preference"[\s\S]*Expected:[^\n]*dark/,
    );
  });

  test('fails a path when the server answers something other than the spec says', async ({
    page,
    visit,
  }) => {
    // Logging in and opening the account take a few steps, each under the machine's load.
    test.setTimeout(90_000);
    // A server defect: the profile of the logged-in user names somebody else.
    const path = browserPaths(sessionMapping).runnable.find(
      (p) =>
        p.steps.some((s) => s.event.type === 'xstate.done.actor.fetchProfile') &&
        p.steps.some((s) => s.states.includes('loggedIn.active')),
    );
    if (!path) throw new Error('no generated session path shows a logged-in user');
    await page.route('**/manage/api/v1.0/user/profile', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { username?: string };
      await route.fulfill({ response, json: { ...body, username: 'somebody-else' } });
    });
    await expect(
      runBrowserPath({ page, visit }, sessionMapping, path, { timeout: 1500 }),
    ).rejects.toThrow(/the page does not show state "loggedIn.active"[\s\S]*somebody-else/);
  });
});
