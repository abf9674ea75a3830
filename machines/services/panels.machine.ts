/**
 * The service panels of /services/ (portal.md §4 "Service panels"; docs/servers.md "Services
 * page"): each opens or closes on its own; all open, all close, or all but one close.
 */
import { assertEvent, assign, setup, type ActorRefFrom } from 'xstate';

export interface PanelsInput {
  /** Every panel's key, in the order shown. */
  keys: string[];
  open: string[];
}

export type PanelsContext = PanelsInput;

export type PanelsEvent =
  | { type: 'panel.toggled'; key: string }
  | { type: 'panels.all.opened' }
  | { type: 'panels.all.closed' }
  | { type: 'panels.others.closed'; key: string }
  | { type: 'panels.keys.loaded'; keys: readonly string[] };

export const panelsMachine = setup({
  types: {
    context: {} as PanelsContext,
    events: {} as PanelsEvent,
    input: {} as PanelsInput,
  },
  actions: {
    'toggle the panel': assign(({ context, event }) => {
      assertEvent(event, 'panel.toggled');
      return {
        open: context.open.includes(event.key)
          ? context.open.filter((k) => k !== event.key)
          : context.keys.filter((k) => k === event.key || context.open.includes(k)),
      };
    }),
    'open them all': assign(({ context }) => ({ open: [...context.keys] })),
    'close them all': assign({ open: [] }),
    'close the others': assign(({ context, event }) => {
      assertEvent(event, 'panels.others.closed');
      return { open: context.keys.filter((k) => k === event.key) };
    }),
    'store the keys': assign(({ context, event }) => {
      assertEvent(event, 'panels.keys.loaded');
      return { keys: [...event.keys], open: context.open.filter((k) => event.keys.includes(k)) };
    }),
  },
}).createMachine({
  id: 'servicePanels',
  description: 'Service panels: one by one, all, or all but one.',
  context: ({ input }) => ({ ...input }),
  initial: 'showing',
  states: {
    showing: {
      description: 'The panels, each open or closed.',
      on: {
        'panel.toggled': { actions: 'toggle the panel' },
        'panels.all.opened': { actions: 'open them all' },
        'panels.all.closed': { actions: 'close them all' },
        'panels.others.closed': { actions: 'close the others' },
        'panels.keys.loaded': { actions: 'store the keys' },
      },
    },
  },
});

export type PanelsActor = ActorRefFrom<typeof panelsMachine>;
