/**
 * The service panels in the browser, on the Services page (/services/) of the demo customer: a
 * panel's title opens or closes it, Open all and Close all act on every panel, "Only this" closes
 * the others. The page must show open exactly the panels the machine's selector gives for the
 * predicted state (the registration's three groups are checked; the page has every group).
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { selectPanelOpen } from '../../../../machines/services/panels.selectors.ts';
import { serviceGroupLabel } from '../../../../src/shared/services/rules.ts';
import type { BrowserMapping } from '../runner.ts';
import { logInAs } from './portal.ts';

type PanelsSnapshot = Parameters<typeof selectPanelOpen>[0];
const panels = (snapshot: AnyMachineSnapshot) => snapshot as unknown as PanelsSnapshot;

const panel = (page: Page, key: string) => page.getByTestId(`panel-${key}`);
/** A panel's title: the button that opens and closes it ("Hosting (2)"). */
const title = (page: Page, key: string) =>
  panel(page, key).getByRole('button', {
    name: new RegExp(`^${serviceGroupLabel(Number(key))} \\(\\d+\\)$`),
  });
const keyOf = (event: unknown) => (event as { key: string }).key;

export const servicePanelsMapping: BrowserMapping = {
  machine: 'service-panels',
  async start({ page, visit }) {
    await logInAs(page, visit, 'demo', '/control/services/');
    await page.getByRole('button', { name: 'Open all' }).waitFor();
  },
  events: {
    'panel.toggled': async ({ page }, event) => {
      await title(page, keyOf(event)).click();
    },
    'panels.all.opened': async ({ page }) => {
      await page.getByRole('button', { name: 'Open all' }).click();
    },
    'panels.all.closed': async ({ page }) => {
      await page.getByRole('button', { name: 'Close all' }).click();
    },
    'panels.others.closed': async ({ page }, event) => {
      const label = serviceGroupLabel(Number(keyOf(event)));
      await page.getByRole('button', { name: `Show only ${label}`, exact: true }).click();
    },
  },
  notCaused: {
    'panels.keys.loaded':
      'the page always shows every service group (SERVICE_GROUP_IDS): its groups never change',
  },
  states: {
    showing: async ({ page, expect, step }) => {
      const snapshot = panels(step.snapshot);
      for (const key of snapshot.context.keys) {
        const open = selectPanelOpen(snapshot, key);
        await expect(title(page, key)).toHaveAttribute('aria-expanded', String(open));
        // An open panel lists its services (or says it has none); a closed one shows nothing.
        const contents = panel(page, key)
          .getByTestId('service-list')
          .or(panel(page, key).getByText('No services of this kind.'));
        await expect(contents).toHaveCount(open ? 1 : 0);
      }
    },
  },
};
