/**
 * The speed cards, the XWi router and its mesh extenders in the browser, at two providers' demo
 * addresses as the catalogue seeds them: UTOPIA Fiber (Orem), where every router and the mesh
 * extenders are in stock and 10 Gbps includes the router, and Yellowstone Fiber (Bozeman), where
 * the 10 Gbps router and the mesh extenders are sold out (signup.md §4: the choice disabled with
 * a message to call or chat).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  selectRouterView,
  selectSpeedView,
  type ServicesSnapshot,
} from '../../../machines/signup/services.selectors.ts';
import { SIGNUP_WIZARD_MESSAGES } from '../../../src/shared/messages.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import { DEMO_ADDRESSES, SIGNUP_PATH, walkToSpeeds, type DemoAddressKey } from './wizard.ts';
import { pressDisabled } from '../support/hidden-controls.ts';

type Context = Pick<StateCheckContext, 'page' | 'expect'>;

const services = (snapshot: AnyMachineSnapshot) => snapshot as unknown as ServicesSnapshot;

const router = ({ page }: Pick<Context, 'page'>) => page.getByTestId('signup-router');
const yes = (context: Pick<Context, 'page'>) =>
  router(context).getByRole('radio', { name: /^Yes, add / });
const no = (context: Pick<Context, 'page'>) =>
  router(context).getByRole('radio', { name: 'No, I will use my own router', exact: true });
const meshSelect = (context: Pick<Context, 'page'>) =>
  router(context).getByRole('combobox', { name: 'Mesh extenders' });
const OUT_OF_STOCK = /is out of stock right now\. Please call us at .+ or chat with us at /;

/** How the mesh choice names a number of extenders. */
const meshLabel = (quantity: number) =>
  quantity === 0 ? 'No extenders' : `${quantity} extender${quantity === 1 ? '' : 's'}`;

async function expectSpeed({ page, expect, step }: StateCheckContext) {
  const view = selectSpeedView(services(step.snapshot));
  for (const option of view.options) {
    const card = page.getByTestId(`speed-${option.speed_id}`);
    await expect(card).toHaveAttribute(
      'aria-checked',
      option.speed_id === view.speedId ? 'true' : 'false',
    );
  }
  // The router question follows a chosen speed (signup.md §4: speed valid to router).
  if (view.speedId === null) await expect(router({ page })).toHaveCount(0);
  else await expect(router({ page })).toBeVisible();
}

/** The router question (or the bundle), the stock message and the mesh choice. */
async function expectRouter(context: StateCheckContext) {
  const { expect, step } = context;
  const view = selectRouterView(services(step.snapshot));
  if (view.speedId === null) {
    await expect(router(context)).toHaveCount(0);
    return;
  }
  const bundle = router(context).getByTestId('router-bundle');
  if (view.choice === 'bundle offered') {
    await expect(bundle).toContainText(SIGNUP_WIZARD_MESSAGES.routerBundled);
    await expect(bundle.getByRole('button', { name: 'OK, proceed' })).toBeEnabled();
    await expect(
      bundle.getByRole('button', { name: 'Opt out and use my own router' }),
    ).toBeEnabled();
    await expect(yes(context)).toHaveCount(0);
  } else {
    await expect(bundle).toHaveCount(0);
    if (view.outOfStock) await expect(yes(context)).toBeDisabled();
    else await expect(yes(context)).toBeEnabled();
    await expect(no(context)).toBeEnabled();
    if (view.choice === 'xwi') await expect(yes(context)).toBeChecked();
    else await expect(yes(context)).not.toBeChecked();
    if (view.choice === 'own router') await expect(no(context)).toBeChecked();
    else await expect(no(context)).not.toBeChecked();
  }
  const stockMessage = router(context).getByTestId('router-out-of-stock');
  if (view.outOfStock) await expect(stockMessage).toContainText(OUT_OF_STOCK);
  else await expect(stockMessage).toHaveCount(0);
  await expectMesh(context);
}

async function expectMesh(context: StateCheckContext) {
  const { expect, step } = context;
  const view = selectRouterView(services(step.snapshot));
  const mesh = router(context).getByTestId('mesh');
  if (!view.showMesh) {
    await expect(mesh).toHaveCount(0);
    return;
  }
  const stockMessage = mesh.getByTestId('mesh-out-of-stock');
  if (view.meshOutOfStock) {
    await expect(meshSelect(context)).toBeDisabled();
    await expect(meshSelect(context)).toHaveValue(meshLabel(0));
    await expect(stockMessage).toContainText(OUT_OF_STOCK);
    return;
  }
  await expect(stockMessage).toHaveCount(0);
  await expect(meshSelect(context)).toBeEnabled();
  await expect(meshSelect(context)).toHaveValue(
    view.meshQuantity === null ? '' : meshLabel(view.meshQuantity),
  );
}

const NO_EXISTING_SERVICE =
  'no page starts a change of speed: the signup only orders a new service at an orderable or ' +
  'early-signup address (signup.md §4 "Connectivity action" names alter, but no screen of §2 ' +
  'gives an existing service)';

function servicesMapping(machine: string, demo: DemoAddressKey): BrowserMapping {
  return {
    machine,
    async start({ page, visit }) {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await visit(SIGNUP_PATH);
      await walkToSpeeds(page, DEMO_ADDRESSES[demo]);
    },
    events: {
      'speed.chosen': async ({ page }, event) => {
        const { speedId } = event as EventObject & { speedId?: string };
        await page.getByTestId(`speed-${speedId}`).click();
      },
      'router.chosen': async (context, event) => {
        const { wanted } = event as EventObject & { wanted?: boolean };
        // Before a speed, or while the bundle is offered, the question is not there.
        if ((await router(context).count()) === 0) return;
        const radio = wanted ? yes(context) : no(context);
        if ((await radio.count()) === 0) return;
        // Out of stock: Yes is disabled, and a click on it does nothing.
        if (await radio.isDisabled()) {
          await pressDisabled(radio);
          return;
        }
        await radio.check();
      },
      'router.bundle.accepted': async (context) => {
        await router(context).getByRole('button', { name: 'OK, proceed' }).click();
      },
      'router.bundle.declined': async (context) => {
        await router(context)
          .getByRole('button', { name: 'Opt out and use my own router' })
          .click();
      },
      'mesh.chosen': async (context, event) => {
        const { quantity = 0 } = event as EventObject & { quantity?: number };
        const { page, expect } = context;
        const select = meshSelect(context);
        if ((await select.count()) === 0 || (await select.isDisabled())) return;
        // By keyboard, as a person can: the choice before this one may have revealed sections
        // below, and the page scrolls to them while the list opens, which can leave a pointer's
        // click on a section instead of the option it aimed at.
        await select.focus();
        await page.keyboard.press('ArrowDown');
        const label = meshLabel(quantity);
        const option = page.getByRole('option', { name: label, exact: true });
        const listbox = page.getByRole('listbox');
        await expect(listbox).toBeVisible();
        if ((await option.count()) === 0) {
          // More than the stock allows: the list does not offer it (signup.md §4).
          await page.keyboard.press('Escape');
          await expect(listbox).toHaveCount(0);
          return;
        }
        const pointed = listbox.locator('[data-combobox-selected]');
        const options = await listbox.getByRole('option').count();
        for (let presses = 0; presses <= options; presses += 1) {
          if ((await pointed.count()) > 0 && (await pointed.textContent()) === label) break;
          await page.keyboard.press('ArrowDown');
        }
        await expect(pointed).toHaveText(label);
        await page.keyboard.press('Enter');
      },
    },
    notCaused: {
      'service.existing': NO_EXISTING_SERVICE,
      'alter.cancelled': `cancelling a change of speed needs one first: ${NO_EXISTING_SERVICE}`,
    },
    states: {
      'speed.not chosen': expectSpeed,
      'speed.chosen': expectSpeed,
      'router.no choice': expectRouter,
      'router.own router': expectRouter,
      'router.bundle offered': expectRouter,
      'router.xwi.mesh not chosen': expectRouter,
      'router.xwi.no mesh': expectRouter,
      'router.xwi.mesh leased': expectRouter,
      'router.xwi.mesh out of stock': expectRouter,
    },
    notShown: {
      'connectivity action.none':
        'what the order does to the connectivity service goes with the order; the page does not show it',
      'connectivity action.new':
        'what the order does to the connectivity service goes with the order; the page does not show it',
      'connectivity action.alter': `a change of speed: ${NO_EXISTING_SERVICE}`,
    },
  };
}

export const servicesStockedMapping = servicesMapping('signup-services', 'utopiaOrderable');
export const servicesSoldOutMapping = servicesMapping(
  'signup-services-sold-out',
  'yellowstoneOrderable',
);
