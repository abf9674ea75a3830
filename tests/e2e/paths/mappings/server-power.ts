/**
 * A server's power buttons in the browser (portal.md §4 "Servers", docs/servers.md "Power"), on
 * the server page of a plain server of the path's own customer (`claimBilledCustomer`, each with
 * `web` running, `backup` stopped and `flaky` stopped, whose first start fails on the stand-in
 * hypervisor: `billedServers`). The real stand-in hypervisor answers, its tasks at half length
 * (a start 1.5 s, a stop 2 s, a force stop 0.5 s).
 *
 * The page's first read of the power status is held at the network until the path's first event
 * lets it through (or drops it: a read that fails, which the real server never gives), so that
 * the page shows it loading. An action started elsewhere is the customer's own call through the
 * API in a session of its own (another tab): a start while the read is held (the page then
 * follows it), or a call just before the page's own (which the server then refuses: another
 * action is still running). Polls and the 2-minute give-up run on Playwright's clock: a poll
 * "still on its way" is fired at once after the call's answer, and the give-up is the clock
 * moved on by 2 minutes while the hypervisor's task runs.
 */
import type { Page, Route } from '@playwright/test';
import { getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { SERVERS } from '../../../../src/shared/servers/constants.ts';
import {
  SERVER_MESSAGES,
  secondsSinceShutdownLabel,
} from '../../../../src/shared/servers/messages.ts';
import type {
  PowerStatus,
  ServerPower,
  ServerPowerAction,
} from '../../../../src/shared/servers/rules.ts';
import type { PowerSnapshot } from '../../../../machines/servers/power.selectors.ts';
import { selectPower, selectPowerError } from '../../../../machines/servers/power.selectors.ts';
import {
  billedServers,
  claimBilledCustomer,
  FLAKY_START_ERROR,
} from '../../support/billed-customers.ts';
import { planFor, type BrowserMapping, type EventPlace } from '../runner.ts';
import { logInAs, logInThroughApi } from './portal.ts';

/** The words of the power badge (the view's own). */
const POWER_WORDS: Record<ServerPower, string> = {
  running: 'Running',
  stopped: 'Stopped',
  starting: 'Starting',
  stopping: 'Stopping',
  force_stopping: 'Force stopping',
};

const STATUS = '**/servers/*/power_status';

interface Walk {
  username: string;
  iid: number;
  /** The next read of the power status is to be held (the page's load, not a poll). */
  holdNext: boolean;
  held: Route | null;
  heldArrived: (() => void) | null;
  /** The answer of the page's last power call, awaited by the call's answer event. */
  sent: Promise<unknown> | null;
  /** A call to be refused, held on the network until the refusal is the path's next event. */
  refused: Promise<Route> | null;
  /** The page's clock is held (polls, the give-up and the seconds move only when told). */
  paused: boolean;
}

const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => {
  const walk = walks.get(page);
  if (!walk) throw new Error('the path did not start');
  return walk;
};

const badge = (page: Page) => page.getByTestId('power-state');
const button = (page: Page, name: 'Start' | 'Stop' | 'Force stop') =>
  page.getByRole('button', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Force stop' });
const failure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.powerFailed });
const seconds = (page: Page) => page.getByTestId('seconds-since-shutdown');
/** The seconds since shutdown the page holds (its `<time datetime="PT…S">`). */
const secondsShown = async (page: Page) =>
  Number(/^PT(\d+)S$/.exec((await seconds(page).getAttribute('datetime')) ?? '')?.[1] ?? NaN);

const statusOf = (event: EventObject): PowerStatus | undefined =>
  (event as { status?: PowerStatus }).status ??
  (event as { output?: PowerStatus }).output ??
  undefined;

const settled = (status: PowerStatus | undefined) =>
  status?.power === 'running' || status?.power === 'stopped';

/** The machine's snapshot before an event of a path (its earlier events replayed). */
function snapshotBefore(earlier: readonly EventObject[]): PowerSnapshot {
  const plan = planFor(serverPowerMapping);
  let snapshot: AnyMachineSnapshot = plan.initial.snapshot;
  for (const event of earlier)
    snapshot = getNextSnapshot(plan.entry.machine as never, snapshot as never, event as never);
  return snapshot as unknown as PowerSnapshot;
}

/** The server a path walks: by the power its first answer gives, and whether a start fails. */
function serverFor(username: string, upcoming: readonly EventObject[]): number {
  const servers = billedServers(username);
  const first = upcoming[0];
  const power = first?.type === 'xstate.done.actor.load' ? statusOf(first)?.power : 'running';
  if (power === 'running') return servers.web;
  const startFails = upcoming.some(
    (event) => event.type === 'power.polled' && statusOf(event)?.last_error,
  );
  return power === 'stopped' && startFails ? servers.flaky : servers.backup;
}

/** A power call of the customer's in another tab (a session of its own), answered 202. */
async function callElsewhere(page: Page, action: ServerPowerAction) {
  const walk = walkOf(page);
  const { api, headers } = await logInThroughApi(new URL(page.url()).origin, walk.username, {
    'X-Forwarded-For': `2001:db8::ff:${walk.iid.toString(16)}`,
  });
  try {
    const response = await api.post(`${API_BASE_PATH}/servers/${walk.iid}/${action}`, {
      headers,
    });
    if (response.status() !== 202)
      throw new Error(`${action} elsewhere: ${response.status()} ${await response.text()}`);
  } finally {
    await api.dispose();
  }
}

/** Holds the page's next read of the power status (its load) until the path lets it go. */
function holdTheLoad(page: Page) {
  const walk = walkOf(page);
  walk.holdNext = true;
  walk.held = null;
}

/** The held read, once the page has sent it. */
async function heldLoad(page: Page): Promise<Route> {
  const walk = walkOf(page);
  if (!walk.held)
    await new Promise<void>((resolve) => {
      walk.heldArrived = resolve;
    });
  return walk.held!;
}

/** Stops the page's clock now (a little ahead: real time goes on meanwhile). */
async function pauseTheClock(page: Page) {
  const walk = walkOf(page);
  if (walk.paused) return;
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 200);
  walk.paused = true;
}

/** The page's clock runs with real time again. */
async function resumeTheClock(page: Page) {
  const walk = walkOf(page);
  if (!walk.paused) return;
  await page.clock.resume();
  walk.paused = false;
}

/** Presses a power button; when the server is to refuse it, another tab's call comes first. */
async function press(
  page: Page,
  upcoming: readonly EventObject[],
  click: () => Promise<void>,
  elsewhere: ServerPowerAction,
) {
  const walk = walkOf(page);
  if (upcoming[0]?.type === 'xstate.error.actor.send') {
    await callElsewhere(page, elsewhere);
    // The refusal comes at once: the call waits, so that the page can be seen sending it.
    walk.refused = new Promise<Route>((resolve) => {
      void page.route(`**${API_BASE_PATH}/servers/${walk.iid}/${elsewhere}`, resolve, {
        times: 1,
      });
    });
  }
  walk.sent = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname.startsWith(`${API_BASE_PATH}/servers/${walk.iid}/`) &&
      // The answer that counts (a 401 for an expired token is renewed and the call sent again).
      response.status() !== 401,
  );
  await click();
}

/** The page polls now (the clock moved on to its next read) and the answer has come. */
async function pollNow(page: Page) {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      response.url().endsWith('/power_status') &&
      response.status() !== 401,
  );
  await page.clock.runFor(SERVERS.pollMaxMs);
  await answered;
}

/** The badge and the three buttons as the machine's snapshot has them. */
async function checkButtons(
  page: Page,
  expect: Parameters<BrowserMapping['states'][string]>[0]['expect'],
  enabled: { start: boolean; stop: boolean; forceStop: boolean },
) {
  for (const [name, on] of [
    ['Start', enabled.start],
    ['Stop', enabled.stop],
    ['Force stop', enabled.forceStop],
  ] as const) {
    if (on) await expect(button(page, name)).toBeEnabled();
    else await expect(button(page, name)).toBeDisabled();
  }
}

async function checkBadge(
  page: Page,
  expect: Parameters<BrowserMapping['states'][string]>[0]['expect'],
  snapshot: PowerSnapshot,
) {
  const power = selectPower(snapshot);
  // An in-between state read from the server is the real task's (the samples' may differ).
  if (power && !snapshot.matches('busy') && power !== 'running' && power !== 'stopped')
    await expect(badge(page)).toHaveText(/^(Starting|Stopping|Force stopping)$/);
  else if (power) await expect(badge(page)).toHaveText(POWER_WORDS[power]);
  else {
    // Nothing known yet: an ellipsis in the badge's place.
    await expect(badge(page)).toHaveCount(0);
    await expect(page.getByText('…', { exact: true })).toBeVisible();
  }
}

async function checkError(
  page: Page,
  expect: Parameters<BrowserMapping['states'][string]>[0]['expect'],
  snapshot: PowerSnapshot,
) {
  const error = selectPowerError(snapshot);
  if (error) await expect(failure(page)).toContainText(error);
  else await expect(failure(page)).toHaveCount(0);
}

const snapshotOf = (step: { snapshot: unknown }) => step.snapshot as PowerSnapshot;

/** Why a poll's answer cannot come where the path has it, or undefined when it can. */
function whyNoSuchPoll({ event, earlier }: EventPlace): string | undefined {
  const before = snapshotBefore(earlier);
  const status = statusOf(event);
  if (before.matches('waiting')) {
    // The action elsewhere is a start (the page's first answer says "starting").
    if (!settled(status)) return undefined;
    if (status?.power === 'running' && !status.last_error) return undefined;
    return 'an action started elsewhere is a start, which ends running (a failed start is the same transition, walked after the page’s own Start)';
  }
  const action = before.context.action;
  if (!settled(status))
    return action === 'force_stop'
      ? 'a force stop’s task lasts half a second on the e2e server: no read finds it under way for sure'
      : undefined;
  const target = action === 'start' ? 'running' : 'stopped';
  if (!status?.last_error)
    return status?.power === target
      ? undefined
      : 'the server answers the action’s in-between state until the task has ended';
  if (action !== 'start' || status.power !== 'stopped' || status.last_error !== FLAKY_START_ERROR)
    return 'only a start fails on the e2e server (the seeded `flaky` server’s first task)';
  return earlier.some((e) => e.type === 'xstate.done.actor.send')
    ? undefined
    : 'the start is the page’s own';
}

export const serverPowerMapping: BrowserMapping = {
  machine: 'server-power',
  async start({ page, visit, upcoming }) {
    const username = claimBilledCustomer();
    const iid = serverFor(username, upcoming);
    const walk: Walk = {
      username,
      iid,
      holdNext: false,
      held: null,
      heldArrived: null,
      sent: null,
      refused: null,
      paused: false,
    };
    walks.set(page, walk);
    await page.clock.install();
    await page.route(STATUS, async (route) => {
      if (!walk.holdNext || route.request().method() !== 'GET') return route.fallback();
      walk.holdNext = false;
      walk.held = route;
      walk.heldArrived?.();
      walk.heldArrived = null;
    });
    await logInAs(page, visit, username, null);
    holdTheLoad(page);
    await visit(`/control/server/${iid}/`);
    await heldLoad(page);
  },
  events: {
    'xstate.done.actor.load': async ({ page }, event) => {
      const route = await heldLoad(page);
      if (statusOf(event)?.power === 'starting') {
        // Another tab starts the server; the page then follows its task with its clock held.
        await callElsewhere(page, 'start');
        await pauseTheClock(page);
      }
      await route.continue();
    },
    'xstate.error.actor.load': async ({ page }) => {
      const route = await heldLoad(page);
      await route.abort('internetdisconnected');
    },
    'power.reload.pressed': async ({ page }) => {
      holdTheLoad(page);
      await failure(page).getByRole('button', { name: 'Reload' }).click();
    },
    'server.start.pressed': async ({ page, upcoming }) => {
      await press(page, upcoming, () => button(page, 'Start').click(), 'start');
    },
    'server.stop.pressed': async ({ page, upcoming }) => {
      await press(page, upcoming, () => button(page, 'Stop').click(), 'stop');
    },
    'server.forcestop.pressed': async ({ page }) => {
      await button(page, 'Force stop').click();
    },
    'server.forcestop.confirmed': async ({ page, upcoming }) => {
      await press(
        page,
        upcoming,
        () => dialog(page).getByRole('button', { name: 'Force stop now' }).click(),
        'stop',
      );
    },
    'server.forcestop.cancelled': async ({ page }) => {
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    },
    'xstate.done.actor.send': async ({ page, upcoming }) => {
      const response = (await walkOf(page).sent) as { status(): number };
      if (response.status() !== 202) throw new Error(`the call answered ${response.status()}`);
      // The clock is held while the task runs when the path reads it under way or gives up.
      const next = upcoming[0];
      if (
        (next?.type === 'power.polled' && !settled(statusOf(next))) ||
        next?.type === 'xstate.after.powerTimeout.serverPower.busy'
      )
        await pauseTheClock(page);
    },
    'xstate.error.actor.send': async ({ page, expect }) => {
      const walk = walkOf(page);
      if (walk.refused) await (await walk.refused).continue();
      walk.refused = null;
      await walk.sent;
      await expect(failure(page)).toBeVisible();
    },
    'power.polled': async ({ page, expect }, event) => {
      const status = statusOf(event);
      // A read while the task runs: the clock is held, the page reads now.
      if (!settled(status)) return pollNow(page);
      // The task ends on the hypervisor's time: the page reads again until it has.
      if (walkOf(page).paused)
        await expect(async () => {
          await page.clock.runFor(SERVERS.pollMaxMs);
          if (status?.last_error) await expect(failure(page)).toBeVisible({ timeout: 500 });
          else await expect(badge(page)).toHaveText(POWER_WORDS[status!.power], { timeout: 500 });
        }).toPass({ timeout: 10_000 });
      else if (status?.last_error) await expect(failure(page)).toBeVisible({ timeout: 10_000 });
      else await expect(badge(page)).toHaveText(POWER_WORDS[status!.power], { timeout: 10_000 });
      await resumeTheClock(page);
    },
    'xstate.after.shutdownTick.serverPower.stopped': async ({ page, expect }) => {
      // One second of the page's clock, held meanwhile: the count goes up by exactly one.
      await pauseTheClock(page);
      const before = await secondsShown(page);
      await page.clock.runFor(SERVERS.shutdownTickMs);
      await expect(seconds(page)).toHaveAttribute('datetime', `PT${before + 1}S`);
      await expect(seconds(page)).toHaveText(secondsSinceShutdownLabel(before + 1));
      await resumeTheClock(page);
    },
    'xstate.after.powerTimeout.serverPower.busy': async ({ page }) => {
      await page.clock.fastForward(SERVERS.powerTimeoutMs);
      await resumeTheClock(page);
    },
    'xstate.after.powerTimeout.serverPower.waiting': async ({ page }) => {
      await page.clock.fastForward(SERVERS.powerTimeoutMs);
      await resumeTheClock(page);
    },
  },
  notCaused: {
    'server.start.pressed': ({ earlier }) =>
      snapshotBefore(earlier).matches('stopped')
        ? undefined
        : 'Start is disabled but while stopped',
    'server.stop.pressed': ({ earlier }) =>
      snapshotBefore(earlier).matches('running') ? undefined : 'Stop is disabled but while running',
    'server.forcestop.pressed': ({ earlier }) =>
      snapshotBefore(earlier).matches('running')
        ? undefined
        : 'Force stop is disabled but while running',
    'xstate.done.actor.load': ({ earlier }) =>
      earlier.length === 0
        ? undefined
        : 'after Reload the power is the server’s as the path left it, not the sample’s',
    'power.polled': whyNoSuchPoll,
    'xstate.after.powerTimeout.serverPower.busy': ({ earlier }) =>
      snapshotBefore(earlier).matches({ busy: 'polling' })
        ? undefined
        : 'the real server answers the call at once: the page gives up only while the task runs',
  },
  states: {
    loading: async ({ page, expect, step }) => {
      await checkBadge(page, expect, snapshotOf(step));
      await checkButtons(page, expect, { start: false, stop: false, forceStop: false });
    },
    running: async ({ page, expect, step }) => {
      await expect(badge(page)).toHaveText(POWER_WORDS.running);
      await checkButtons(page, expect, { start: false, stop: true, forceStop: true });
      await expect(seconds(page)).toHaveCount(0);
      await expect(dialog(page)).toHaveCount(0);
      await checkError(page, expect, snapshotOf(step));
    },
    confirmingForceStop: async ({ page, expect }) => {
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page)).toContainText(SERVER_MESSAGES.forceStopConfirm);
      // The dialog holds the focus (a modal).
      await expect(dialog(page).locator(':focus')).toHaveCount(1);
    },
    stopped: async ({ page, expect, step }) => {
      await expect(badge(page)).toHaveText(POWER_WORDS.stopped);
      await checkButtons(page, expect, { start: true, stop: false, forceStop: false });
      // As a person writes it, from the seconds the page holds ("1 h 0 min since shutdown").
      await expect(seconds(page)).toHaveAttribute('datetime', /^PT\d+S$/);
      await expect(async () => {
        const held = await secondsShown(page);
        expect(await seconds(page).innerText()).toBe(secondsSinceShutdownLabel(held));
      }).toPass({ timeout: 5_000 });
      await checkError(page, expect, snapshotOf(step));
    },
    waiting: async ({ page, expect, step }) => {
      await checkBadge(page, expect, snapshotOf(step));
      await checkButtons(page, expect, { start: false, stop: false, forceStop: false });
    },
    'busy.sending': async ({ page, expect, step }) => {
      await checkBadge(page, expect, snapshotOf(step));
      await checkButtons(page, expect, { start: false, stop: false, forceStop: false });
    },
    'busy.polling': async ({ page, expect, step }) => {
      await checkBadge(page, expect, snapshotOf(step));
      await checkButtons(page, expect, { start: false, stop: false, forceStop: false });
    },
    failed: async ({ page, expect, step }) => {
      await checkError(page, expect, snapshotOf(step));
      await expect(failure(page).getByRole('button', { name: 'Reload' })).toBeEnabled();
      await checkButtons(page, expect, { start: false, stop: false, forceStop: false });
    },
  },
};
