/**
 * The signup's address box in the browser (signup.md §2 item 1, §4, §8): the first screen of the
 * signup, typed into and moved through with the keyboard, with the 750 ms pause before
 * suggestions and the dropdown's 150 ms after the box is left on Playwright's clock. The server's
 * answers are real, from the seeded demo addresses (src/shared/signup/demo-addresses.ts): the
 * path's answers decide which one a person types (no match, a building with several units, a
 * business address, or an orderable one). Every request the box and its checks send is held at
 * the network until the path's answer comes, so that the page can be seen while it waits; an
 * answer that fails is the request the network drops. A pre-signup link's address is the demo
 * link at the orderable address, opened as the page opens.
 */
import type { Page, Route } from '@playwright/test';
import { getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { DEMO_PRE_SIGNUPS } from '../../../src/server/signup/orders/pre-signup.ts';
import { API_BASE_PATH, TIMERS } from '../../../src/shared/constants.ts';
import {
  ERROR_MESSAGES,
  SIGNUP_WIZARD_MESSAGES,
  addressAvailabilityMessage,
} from '../../../src/shared/messages.ts';
import type { PublicConfig } from '../../../src/shared/public-config.ts';
import type { DemoAddress } from '../../../src/shared/signup/demo-addresses.ts';
import { SIGNUP_ORDER_PATHS } from '../../../src/shared/signup/order.ts';
import {
  SERVICEABILITY_PATHS,
  addressAvailabilityCase,
  type ServiceabilityDetails,
} from '../../../src/shared/signup/serviceability.ts';
import {
  selectAddressOutcome,
  selectAddressView,
  type AddressSnapshot,
} from '../../../machines/signup/address.selectors.ts';
import {
  planFor,
  type BrowserContext,
  type BrowserMapping,
  type StateCheckContext,
} from '../paths/runner.ts';
import { DEMO_ADDRESSES, SIGNUP_PATH, addressBox } from './wizard.ts';

type Answer = 'suggestions' | 'details' | 'search' | 'serviceability' | 'offering';

/** The request behind each answer the machine follows (the id of the actor that gives it). */
const REQUESTS: Record<Answer, string> = {
  suggestions: SERVICEABILITY_PATHS.suggestions,
  details: SERVICEABILITY_PATHS.addressDetails,
  search: SERVICEABILITY_PATHS.serviceableAddresses,
  serviceability: SERVICEABILITY_PATHS.details,
  offering: SERVICEABILITY_PATHS.offering,
};

/** The link the seed makes at the orderable demo address. */
const LINK = DEMO_PRE_SIGNUPS.find(
  (link) => link.address.id === DEMO_ADDRESSES.utopiaOrderable.id,
)!;

const TYPED = 'address.typed';
const PREFILLED = 'address.prefilled';
const KEYS = [
  'suggestions.next.pressed',
  'suggestions.previous.pressed',
  'suggestion.picked',
  'suggestions.dismissed',
] as const;

/** What a path's page holds: its requests waiting for their answer, and what was typed. */
interface Walk {
  demo: DemoAddress;
  held: Record<Answer, Route[]>;
  /** What the person typed last. */
  typed: string;
  /** What the box shows: the text typed, or the suggestion (or the link's address) chosen. */
  shown: string;
  clockHeld: boolean;
  /** The pre-signup link's request, held until the link opens. */
  link?: Route;
}

const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => walks.get(page)!;

const address = (snapshot: AnyMachineSnapshot) => snapshot as unknown as AddressSnapshot;

function outputOf<T>(event: EventObject): T {
  return (event as unknown as { output: T }).output;
}

/** A serviceability answer that says the address cannot be ordered. */
function saysUnavailable(event: EventObject): boolean {
  return (
    event.type === 'xstate.done.actor.serviceability' &&
    addressAvailabilityCase(outputOf<ServiceabilityDetails>(event)) !== null
  );
}

/** The demo address whose real answers are the path's: a person types the one they need. */
function demoFor(events: readonly EventObject[]): DemoAddress {
  const search = events.filter((event) => event.type === 'xstate.done.actor.search');
  if (search.some((event) => outputOf<unknown[]>(event).length === 0))
    return DEMO_ADDRESSES.zeroMatches;
  if (search.some((event) => outputOf<unknown[]>(event).length > 1))
    return DEMO_ADDRESSES.severalMatches;
  return events.some(saysUnavailable) ? DEMO_ADDRESSES.business : DEMO_ADDRESSES.utopiaOrderable;
}

/** The machine's state after the events a path caused before this one. */
function stateAfter(earlier: readonly EventObject[]): AddressSnapshot {
  const plan = planFor(addressMapping);
  let snapshot = plan.initial.snapshot;
  for (const event of earlier)
    snapshot = getNextSnapshot(plan.entry.machine as never, snapshot as never, event as never);
  return address(snapshot);
}

/** Whether the box has the keyboard after these events: typing and focus give it, leaving the
 * box takes it, and so does a click on a suggestion (the list is not focusable). */
function boxFocused(earlier: readonly EventObject[]): boolean {
  let focused = false;
  for (const event of earlier) {
    if (event.type === TYPED || event.type === 'address.focused') focused = true;
    if (event.type === 'address.blurred' || event.type === 'suggestion.chosen') focused = false;
  }
  return focused;
}

/** The requests to this path of the API (any query), or to every path that starts with it. */
function apiRoute(path: string, prefix = false): RegExp {
  const escaped = `${API_BASE_PATH}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(prefix ? escaped : `${escaped}(\\?|$)`);
}

/** Holds every request of the box and its checks until the path's answer lets it through. */
async function holdRequests(page: Page, walk: Walk) {
  for (const [answer, path] of Object.entries(REQUESTS) as [Answer, string][]) {
    await page.route(apiRoute(path), (route) => {
      walk.held[answer].push(route);
    });
  }
}

/** The newest request for this answer reaches the server (or the network drops it); older ones
 * the page stopped waiting for are dropped. */
async function answer({ page, expect }: BrowserContext, kind: Answer, fails: boolean) {
  const walk = walkOf(page);
  await expect
    .poll(() => walk.held[kind].length, { message: `a request for the ${kind}` })
    .toBeGreaterThan(0);
  const routes = walk.held[kind].splice(0);
  const newest = routes.pop()!;
  for (const stale of routes) await stale.abort().catch(() => {});
  if (fails) await newest.abort('internetdisconnected');
  else await newest.continue();
}

/** The clock stops before anything a person does: the path ends each pause itself. */
async function hold(page: Page) {
  const walk = walkOf(page);
  if (walk.clockHeld) return;
  // A little ahead of now (real time goes on meanwhile): no pause of the machine's runs yet.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
  walk.clockHeld = true;
}

/** With no pause of the machine's running, the clock runs again (modals open and close). */
async function releaseWhenNoPause(page: Page, snapshot: AddressSnapshot | undefined) {
  const walk = walkOf(page);
  const pausing =
    snapshot !== undefined &&
    (snapshot.matches({ suggestions: 'waiting for a pause' }) ||
      snapshot.matches({ dropdown: 'closing' }));
  if (pausing || !walk.clockHeld) return;
  await page.clock.resume();
  walk.clockHeld = false;
}

/** The text a person types: the demo's search, or one letter less when that is in the box
 * already (the same text again changes nothing). */
function textToType(walk: Walk): string {
  const full = walk.demo.search;
  return walk.typed === full ? full.slice(0, -1) : full;
}

async function salesContacts(page: Page) {
  const config = await page.evaluate(
    () => JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as PublicConfig,
  );
  return { phone: config.salesPhone, email: config.salesEmail, chatUrl: config.chatUrl };
}

const section = (page: Page) => page.getByTestId('signup-address');
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Service address suggestions' });

/** The box, its dropdown and what the checks found, as the predicted snapshot says. */
async function expectAddress({ page, expect, step }: StateCheckContext) {
  const snapshot = address(step.snapshot);
  await releaseWhenNoPause(page, snapshot);
  const view = selectAddressView(snapshot);
  const walk = walkOf(page);
  const box = addressBox(page);

  // The box: what was typed or chosen, busy while suggestions are awaited.
  await expect(box).toHaveValue(view.search === '' ? '' : walk.shown);
  await expect(box).toHaveAttribute('aria-busy', String(view.suggesting));

  // The dropdown: shown with the suggestions while open (and a moment after the box is left).
  await expect(box).toHaveAttribute('aria-expanded', String(view.dropdownOpen));
  if (view.dropdownOpen) {
    await expect(listbox(page).getByRole('option').first()).toBeVisible();
    const active = view.activeIndex >= 0;
    if (active) {
      const options = listbox(page).getByRole('option');
      const count = await options.count();
      // The sample's list and the server's differ in length: Up from nothing is the last one.
      const index = view.activeIndex === view.suggestions.length - 1 ? count - 1 : view.activeIndex;
      await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute(
        'aria-activedescendant',
        (await options.nth(index).getAttribute('id'))!,
      );
    } else {
      await expect(box).not.toHaveAttribute('aria-activedescendant');
    }
  } else {
    await expect(listbox(page)).toBeHidden();
  }
  if (snapshot.matches({ dropdown: 'open' })) await expect(box).toBeFocused();
  if (snapshot.matches({ dropdown: 'closing' })) await expect(box).not.toBeFocused();

  // What the checks found.
  const checking = section(page).getByRole('status').filter({
    hasText: SIGNUP_WIZARD_MESSAGES.checkingAddress,
  });
  if (view.status === 'checking') await expect(checking).toBeVisible();
  else await expect(checking).toHaveCount(0);

  const serviceable = page.getByTestId('address-serviceable');
  if (view.status === 'serviceable') {
    expect(selectAddressOutcome(snapshot).serviceable).toBe(true);
    await expect(serviceable).toContainText(SIGNUP_WIZARD_MESSAGES.addressServiceable);
    await expect(page.getByTestId('signup-customer')).toBeVisible();
  } else {
    await expect(serviceable).toHaveCount(0);
    await expect(page.getByTestId('signup-customer')).toHaveCount(0);
  }

  const unavailable = page.getByTestId('address-unavailable');
  if (view.status === 'unavailable' && view.unavailable)
    await expect(unavailable).toHaveText(
      addressAvailabilityMessage(view.unavailable, await salesContacts(page)),
    );
  else await expect(unavailable).toHaveCount(0);

  const failed = page.getByTestId('address-failed');
  if (view.status === 'failed') {
    // A request the network dropped: the spec's message for no answer (portal.md §8).
    expect(view.error).toBe(ERROR_MESSAGES.timeout);
    await expect(failed).toContainText(ERROR_MESSAGES.timeout);
    await expect(failed.getByRole('button', { name: 'Try again' })).toBeEnabled();
  } else await expect(failed).toHaveCount(0);

  const unavailableModal = page.getByRole('dialog', {
    name: SIGNUP_WIZARD_MESSAGES.addressUnavailableTitle,
  });
  const noMatch = page.getByTestId('address-no-match');
  if (view.contactModalOpen) {
    await expect(unavailableModal).toBeVisible();
    await expect(unavailableModal.getByLabel('Address')).toHaveValue(walk.demo.formatted);
  } else await expect(unavailableModal).toHaveCount(0);
  if (view.status === 'no match' && !view.contactModalOpen) {
    await expect(noMatch).toContainText(
      addressAvailabilityMessage('unavailable', await salesContacts(page)),
    );
    await expect(noMatch.getByRole('button', { name: 'Join the contact list' })).toBeEnabled();
  } else await expect(noMatch).toHaveCount(0);

  const matchModal = page.getByRole('dialog', { name: SIGNUP_WIZARD_MESSAGES.chooseMatchTitle });
  if (view.status === 'choosing a match') {
    await expect(matchModal).toBeVisible();
    await expect(matchModal.getByRole('button', { name: /Apt 102/ })).toBeEnabled();
  } else await expect(matchModal).toHaveCount(0);
}

/** A state check run once per step, however many of its regions' keys it is mapped to. */
const checked = new WeakMap<Page, WeakSet<object>>();
async function expectOncePerStep(context: StateCheckContext) {
  const steps = checked.get(context.page) ?? new WeakSet<object>();
  checked.set(context.page, steps);
  if (steps.has(context.step)) return;
  steps.add(context.step);
  await expectAddress(context);
  // At the end of the path the clock runs again (the page's last checks need its timers).
  if (context.upcoming.length === 0) await releaseWhenNoPause(context.page, undefined);
}

const answered = (kind: Answer, fails: boolean) => (context: BrowserContext) =>
  answer(context, kind, fails);

export const addressMapping: BrowserMapping = {
  machine: 'signup-address',
  async start({ page, visit, upcoming, expect }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const walk: Walk = {
      demo: demoFor(upcoming),
      held: { suggestions: [], details: [], search: [], serviceability: [], offering: [] },
      typed: '',
      shown: '',
      clockHeld: false,
    };
    walks.set(page, walk);
    await holdRequests(page, walk);
    // The link's answer waits until the path opens it: the empty box shows first.
    await page.route(apiRoute(SIGNUP_ORDER_PATHS.preSignup(''), true), (route) => {
      walk.link = route;
    });
    await page.clock.install();
    const link = upcoming[0]?.type === PREFILLED;
    await visit(link ? `${SIGNUP_PATH}?signupHash=${LINK.hash}` : SIGNUP_PATH);
    // The box answers once the page's script runs (the first screen is drawn before it).
    await expect(addressBox(page)).toBeEditable();
  },
  events: {
    [TYPED]: async ({ page }, event) => {
      const { value } = event as EventObject & { value: string };
      const walk = walkOf(page);
      await hold(page);
      const text = value === '' ? '' : textToType(walk);
      await addressBox(page).fill(text);
      walk.typed = text;
      walk.shown = text;
    },
    'address.focused': async ({ page }) => {
      await hold(page);
      const box = addressBox(page);
      // A box that has the keyboard already is left and entered again.
      if (await box.evaluate((element) => element === document.activeElement)) await box.blur();
      await box.focus();
    },
    'address.blurred': async ({ page }) => {
      await hold(page);
      await addressBox(page).blur();
    },
    'suggestions.next.pressed': async ({ page }) => {
      await hold(page);
      await addressBox(page).press('ArrowDown');
    },
    'suggestions.previous.pressed': async ({ page }) => {
      await hold(page);
      await addressBox(page).press('ArrowUp');
    },
    'suggestion.picked': async ({ page }) => {
      await hold(page);
      const box = addressBox(page);
      const active = await box.getAttribute('aria-activedescendant');
      if (active) walkOf(page).shown = (await page.locator(`[id="${active}"]`).textContent()) ?? '';
      await box.press('Enter');
    },
    'suggestions.dismissed': async ({ page }) => {
      await hold(page);
      await addressBox(page).press('Escape');
    },
    'suggestion.chosen': async ({ page }) => {
      await hold(page);
      const walk = walkOf(page);
      const option = listbox(page).getByRole('option', { name: walk.demo.formatted, exact: true });
      walk.shown = walk.demo.formatted;
      await option.click();
    },
    'xstate.after.addressSuggestionDebounce.signupAddress.suggestions.waiting for a pause': async ({
      page,
    }) => {
      await page.clock.runFor(TIMERS.addressSuggestionDebounceMs);
    },
    'xstate.after.dropdownHide.signupAddress.dropdown.closing': async ({ page }) => {
      await page.clock.runFor(TIMERS.dropdownHideMs);
    },
    'xstate.done.actor.suggestions': answered('suggestions', false),
    'xstate.error.actor.suggestions': answered('suggestions', true),
    'xstate.done.actor.details': answered('details', false),
    'xstate.error.actor.details': answered('details', true),
    'xstate.done.actor.search': answered('search', false),
    'xstate.error.actor.search': answered('search', true),
    'xstate.done.actor.serviceability': answered('serviceability', false),
    'xstate.error.actor.serviceability': answered('serviceability', true),
    'xstate.done.actor.offering': answered('offering', false),
    'xstate.error.actor.offering': answered('offering', true),
    'match.chosen': async ({ page }) => {
      const modal = page.getByRole('dialog', { name: SIGNUP_WIZARD_MESSAGES.chooseMatchTitle });
      await modal.getByRole('button', { name: /Apt 102/ }).click();
    },
    'match.dismissed': async ({ page }) => {
      const modal = page.getByRole('dialog', { name: SIGNUP_WIZARD_MESSAGES.chooseMatchTitle });
      await modal.getByRole('button', { name: 'Close' }).click();
    },
    'contact.closed': async ({ page }) => {
      const modal = page.getByRole('dialog', {
        name: SIGNUP_WIZARD_MESSAGES.addressUnavailableTitle,
      });
      await modal.getByRole('button', { name: 'Close' }).click();
    },
    'contact.opened': async ({ page }) => {
      await page
        .getByTestId('address-no-match')
        .getByRole('button', { name: 'Join the contact list' })
        .click();
    },
    'address.retry.pressed': async ({ page }) => {
      await page.getByTestId('address-failed').getByRole('button', { name: 'Try again' }).click();
    },
    // The link opened with the page: the page checks its address by itself.
    [PREFILLED]: async ({ page, expect }) => {
      const walk = walkOf(page);
      await expect
        .poll(() => walk.link !== undefined, { message: 'the link’s request' })
        .toBe(true);
      await walk.link!.continue();
      walk.shown = LINK.address.formatted;
    },
  },
  notCaused: {
    [TYPED]: ({ event, earlier }) =>
      (event as EventObject & { value: string }).value === '' &&
      stateAfter(earlier).context.search === ''
        ? 'clearing a box that is empty changes nothing: the page hears no input'
        : undefined,
    [PREFILLED]: ({ index }) =>
      index > 0
        ? 'a pre-signup link’s address is checked as the page opens, before anything is typed'
        : undefined,
    'xstate.done.actor.serviceability': ({ event, earlier }) =>
      saysUnavailable(event) &&
      earlier.some((e) => e.type === 'match.chosen' || e.type === PREFILLED)
        ? 'every unit of the demo building and the address of every demo link can be ordered'
        : undefined,
    'suggestion.chosen': ({ earlier }) =>
      selectAddressView(stateAfter(earlier)).dropdownOpen
        ? undefined
        : 'a person clicks only a suggestion the dropdown shows',
    ...Object.fromEntries(
      KEYS.map((type) => [
        type,
        ({ earlier }: { earlier: readonly EventObject[] }) =>
          boxFocused(earlier)
            ? undefined
            : 'a key reaches the address box only while it has the keyboard: it was left, or a click on a suggestion took the focus',
      ]),
    ),
  },
  notShown: {},
  states: {
    'suggestions.idle': expectOncePerStep,
    'suggestions.waiting for a pause': expectOncePerStep,
    'suggestions.asking': expectOncePerStep,
    'dropdown.closed': expectOncePerStep,
    'dropdown.open': expectOncePerStep,
    'dropdown.closing': expectOncePerStep,
    'check.no address': expectOncePerStep,
    'check.getting details': expectOncePerStep,
    'check.searching': expectOncePerStep,
    'check.no match.modal open': expectOncePerStep,
    'check.no match.modal closed': expectOncePerStep,
    'check.choosing a match': expectOncePerStep,
    'check.checking serviceability': expectOncePerStep,
    'check.loading offering': expectOncePerStep,
    'check.serviceable': expectOncePerStep,
    'check.unavailable': expectOncePerStep,
    'check.failed': expectOncePerStep,
  },
};
