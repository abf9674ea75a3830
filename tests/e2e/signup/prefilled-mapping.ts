/**
 * The signup wizard opened from a pre-signup link, in the browser (tests/e2e/paths/runner.ts): a
 * link the server does not know (it says so and leaves the normal empty wizard, walked as the
 * wizard's own mapping walks it, path-mapping.ts), or one of the demo links the seed makes
 * (src/server/signup/orders/pre-signup.ts), whose address the page checks by itself. The link's answer
 * is held at the network until the walk lets it through, so that the page can be seen while it
 * opens.
 *
 * A link that can be ordered fills in the customer details and the services: once the visitor
 * gives the date of birth, the page shows the link's speed and router at once. This walk's
 * sections ignore the prefill (signup.model.ts: the walk moves them with its own samples), so a
 * walk from such a link goes as far as the load of the later sections (or its failure and Try
 * again); tests/e2e/signup-order.spec.ts follows a link to a placed order.
 */
import type { Page } from '@playwright/test';
import { DEMO_PRE_SIGNUPS } from '../../../src/server/signup/orders/pre-signup.ts';
import { ORDER_MESSAGES } from '../../../src/shared/signup/messages.ts';
import { SIGNUP_ORDER_PATHS } from '../../../src/shared/signup/order.ts';
import { SERVICEABILITY_PATHS } from '../../../src/shared/signup/serviceability.ts';
import { selectAddressOutcome } from '../../../machines/signup/address.selectors.ts';
import type { SignupLink } from '../../../machines/signup/signup-link.machine.ts';
import { selectRevealed, type SignupSnapshot } from '../../../machines/signup/signup.selectors.ts';
import type { BrowserMapping, EventPlace } from '../paths/runner.ts';
import { HeldRequests } from './order.ts';
import {
  doneByALink,
  expectSections,
  failTheLaterSectionsIfAsked,
  signupMapping,
} from './path-mapping.ts';
import { SIGNUP_PATH, addressBox } from './wizard.ts';

/** The link's machine ends (signup-link.machine.ts): opened, or unknown to the server. */
const LINK_ANSWERED = 'xstate.done.actor.signupLink';
const UNKNOWN_LINK = 'no-such-signup-link';

/** The pre-signup link requests of each page. */
const links = new WeakMap<Page, HeldRequests>();
/** Pages whose link opened: the check of the link's address, held. */
const linkAddressChecks = new WeakMap<Page, HeldRequests>();

type Sampled = Parameters<typeof selectAddressOutcome>[0];

/** The sample is the link's machine ending with a link that opened. */
function linkOpened(event: { type: string } | undefined): boolean {
  return (
    event?.type === LINK_ANSWERED &&
    (event as unknown as { output: SignupLink }).output.status === 'loaded'
  );
}

/** The demo link at the address an address sample can order, if there is one. */
function demoLinkAt(event: { type: string } | undefined) {
  if (event?.type !== 'xstate.snapshot.address') return undefined;
  const outcome = selectAddressOutcome((event as unknown as { snapshot: Sampled }).snapshot);
  if (!outcome.serviceable) return undefined;
  return DEMO_PRE_SIGNUPS.find((link) => link.address.id === outcome.details.address_id);
}

/** The first address after a link that opened is the link's own: the page checks it itself. */
const theLinksAddress = ({ index, previous }: Pick<EventPlace, 'index' | 'previous'>) =>
  index === 1 && linkOpened(previous);

export const prefilledMapping: BrowserMapping = {
  machine: 'signup-prefilled',
  async start({ page, visit, upcoming }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await failTheLaterSectionsIfAsked(page, upcoming);
    links.set(
      page,
      await HeldRequests.on(page, SIGNUP_ORDER_PATHS.preSignup(''), { prefix: true }),
    );
    const link = linkOpened(upcoming[0]) ? demoLinkAt(upcoming[1]) : undefined;
    if (linkOpened(upcoming[0]) && !link)
      throw new Error('no demo link is at the walk’s first address');
    await visit(`${SIGNUP_PATH}?signupHash=${link?.hash ?? UNKNOWN_LINK}`);
  },
  events: {
    ...signupMapping.events,
    // The held request reaches the server: a demo link opens, an unknown one is refused (404).
    'xstate.done.actor.signupLink': async ({ page }, event) => {
      // The check of the link's address waits too, until the walk says it answers.
      if (linkOpened(event))
        linkAddressChecks.set(page, await HeldRequests.on(page, SERVICEABILITY_PATHS.details));
      await links.get(page)!.release();
    },
    'xstate.snapshot.address': async (context, event) => {
      const { page, expect } = context;
      const link = demoLinkAt(event);
      const check = linkAddressChecks.get(page);
      linkAddressChecks.delete(page);
      if (check && link) {
        await check.releaseLast();
        // The page checks the link's address by itself, and fills in the link's speed and the
        // router choice that goes with it: two steps of the progress are done at once.
        await expect(page.getByTestId('address-serviceable')).toBeVisible({ timeout: 15_000 });
        doneByALink.set(page, link.services.speed_id ? 2 : 0);
        return;
      }
      doneByALink.delete(page);
      await signupMapping.events['xstate.snapshot.address'](context, event);
    },
  },
  notCaused: {
    'xstate.snapshot.address': (place) =>
      theLinksAddress(place) && !demoLinkAt(place.event)
        ? 'a link’s address is checked as soon as it opens, and no demo link is at this address'
        : undefined,
    // The walk's sections ignore what the link fills in; the page does not.
    'xstate.snapshot.customer': ({ earlier }) =>
      linkOpened(earlier[0]) &&
      !earlier.some((event, index) => index > 1 && event.type === 'xstate.snapshot.address')
        ? 'the link filled in the services: once the date of birth is given, the page shows ' +
          'the link’s speed and router at once, where this walk’s sections wait for their own ' +
          'samples (signup.model.ts); tests/e2e/signup-order.spec.ts follows a link to an order'
        : undefined,
    'xstate.error.actor.loadOrderSections': ({ earlier }) =>
      earlier.some((event) => event.type === 'xstate.done.actor.loadOrderSections')
        ? 'the later sections’ code loaded earlier in the walk and stays in the page'
        : undefined,
  },
  slowEvents: signupMapping.slowEvents,
  notShown: {
    'ordering.order sections.loading': 'the code loads in the background: nothing shows meanwhile',
  },
  states: {
    ...signupMapping.states,
    'waiting for an address': async (context) => {
      const { page, expect, step } = context;
      const { link } = (step.snapshot as unknown as SignupSnapshot).context;
      if (link.status === 'none') {
        // The link is being opened: nothing is filled in, and nothing is said, until it has.
        await expect(addressBox(page)).toHaveValue('');
        await expect(page.getByTestId('signup-link-unknown')).toHaveCount(0);
        await expect(page.getByTestId('signup-customer')).toHaveCount(0);
        return;
      }
      await expectSections(context);
      const message = page.getByTestId('signup-link-unknown');
      if (link.status === 'failed')
        await expect(message).toHaveText(ORDER_MESSAGES.preSignupNotFound);
      else await expect(message).toHaveCount(0);
      // A link that opened fills in its address.
      if (link.status === 'loaded') await expect(addressBox(page)).not.toHaveValue('');
    },
    // The voice box shows once the connectivity details do.
    'ordering.voice.requested': async ({ page, expect, step }) => {
      if (selectRevealed(step.snapshot as unknown as SignupSnapshot).voice)
        await expect(
          page.getByRole('checkbox', { name: 'Contact me about voice service' }),
        ).toBeChecked();
    },
  },
};
