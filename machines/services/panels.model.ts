/** The service panels' registration: the groups of /services/. */
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { panelsMachine, type PanelsContext } from './panels.machine.ts';
import { selectOpenPanels, selectPanelOpen } from './panels.selectors.ts';

const KEYS = ['17', '20', '21'];

export const servicePanelsModel = defineMachine({
  name: 'service-panels',
  title: 'Service panels',
  description:
    'The groups of services on the Services page, each in a panel that opens or closes on its ' +
    'own. Open all, Close all, and Close the others (all but one) act on every panel at once.',
  machine: panelsMachine,
  input: { keys: KEYS, open: [] },
  events: [
    sample('toggle Residential Connectivity', { type: 'panel.toggled', key: '17' }),
    sample('toggle Hosting', { type: 'panel.toggled', key: '20' }),
    sample('open all', { type: 'panels.all.opened' }),
    sample('close all', { type: 'panels.all.closed' }),
    sample('close all but Hosting', { type: 'panels.others.closed', key: '20' }),
    sample('the groups load without Email', { type: 'panels.keys.loaded', keys: ['17', '20'] }),
  ],
  project: ({ context }: { context: PanelsContext }) => ({ open: context.open.join(',') }),
  limit: 100,
  expect: {
    // The page opens with the panels it was given open: none (portal.md is silent on which
    // start open; the input opens none).
    start: { to: 'showing', with: { open: '' } },
    on: {
      showing: {
        'toggle Residential Connectivity': (before: { open: string }) => {
          const open = before.open ? before.open.split(',') : [];
          const next = open.includes('17')
            ? open.filter((k) => k !== '17')
            : KEYS.filter((k) => k === '17' || open.includes(k));
          return { to: 'stays', with: { open: next.join(',') } };
        },
        'toggle Hosting': (before: { open: string }) => {
          const open = before.open ? before.open.split(',') : [];
          const next = open.includes('20')
            ? open.filter((k) => k !== '20')
            : KEYS.filter((k) => k === '20' || open.includes(k));
          return { to: 'stays', with: { open: next.join(',') } };
        },
        'open all': { to: 'stays', with: { open: KEYS.join(',') } },
        'close all': { to: 'stays', with: { open: '' } },
        'close all but Hosting': { to: 'stays', with: { open: '20' } },
        'the groups load without Email': (before: { open: string }) => ({
          to: 'stays',
          with: {
            open: (before.open ? before.open.split(',') : []).filter((k) => k !== '21').join(','),
          },
        }),
      },
    },
  },
  states: {
    showing: (snapshot) => {
      expectThat(
        selectOpenPanels(snapshot).every((k) => selectPanelOpen(snapshot, k)),
        'the open panels show open',
      );
    },
  },
});
