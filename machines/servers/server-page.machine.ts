/**
 * A server's page machine (/server/{iid}; portal.md §4 "Servers", §8 "Server not found";
 * docs/servers.md "Server page"): it owns the page's three children, and the view creates only
 * this actor, reads its selectors and sends it what the person does.
 *
 * | Child    | Machine                   | What                                           |
 * | -------- | ------------------------- | ---------------------------------------------- |
 * | `list`   | servers/list.machine.ts   | the servers read (sorted by iid), the delete   |
 * | `power`  | servers/power.machine.ts  | the power buttons and their polling            |
 * | `editor` | servers/editor.machine.ts | the size and cost, while the server is listed  |
 *
 * The list tells the page what it read (`servers.shown`, its `tell the page`): the server listed
 * shows, with its editor, which is given the server each time it is read again; absent, "Server
 * not found". A power action that re-fetches the server (start, stop) and a saved size tell the
 * page (`server.changed`), and the list reads again. Delete goes to the list with this page's
 * server; once the list has deleted it (its final state), the page is done: the servers list opens.
 */
import {
  assertEvent,
  assign,
  sendParent,
  sendTo,
  setup,
  type ActorRefFrom,
  type EventObject,
} from 'xstate';
import type { Perms } from '#shared/permissions';
import type { ServerRecord } from '#shared/servers/rules';
import { editorMachine } from './editor.machine.ts';
import { listMachine, type ListNote } from './list.machine.ts';
import { powerMachine } from './power.machine.ts';

export interface ServerPageInput {
  iid: number;
  /** The user's permissions: the list says what they may do (services manage). */
  perms: Perms | undefined;
}

export interface ServerPageContext {
  iid: number;
  perms: Perms | undefined;
  /** The server as last read, while it is listed. */
  server: ServerRecord | null;
}

export type ServerPageEvent =
  | ListNote
  /** A child says the server changed (a start or stop done, a size saved): read it again. */
  | { type: 'server.changed' }
  | { type: 'servers.reload.pressed' }
  | { type: 'server.delete.pressed' }
  | { type: 'server.delete.confirmed' }
  | { type: 'server.delete.cancelled' }
  | { type: 'xstate.done.actor.list'; output?: unknown };

/** What the children say, in the page: each goes to the page machine as an event. */
const tell = (event: EventObject) => sendParent(event);
export const LIST_TO_PAGE = {
  'tell the page': sendParent((_: unknown, note: ListNote) => note),
};
export const POWER_TO_PAGE = { 'reload the server': tell({ type: 'server.changed' }) };
export const EDITOR_TO_PAGE = { 'announce the save': tell({ type: 'server.changed' }) };

export const serverPageMachine = setup({
  types: {
    context: {} as ServerPageContext,
    events: {} as ServerPageEvent,
    input: {} as ServerPageInput,
  },
  actors: {
    serversList: listMachine.provide({ actions: LIST_TO_PAGE as never }),
    serverPower: powerMachine.provide({ actions: POWER_TO_PAGE as never }),
    serverEditor: editorMachine.provide({ actions: EDITOR_TO_PAGE as never }),
  },
  actions: {
    'store the server': assign(({ context, event }) => {
      assertEvent(event, 'servers.shown');
      return { server: event.servers.find((s) => s.iid === context.iid) ?? null };
    }),
    'forget the server': assign({ server: null }),
    /** The editor shows the server read again (unless its values are being changed). */
    'give the editor the server': sendTo('editor', ({ context }) => ({
      type: 'server.loaded' as const,
      server: context.server!,
    })),
    'read the servers again': sendTo('list', { type: 'servers.reload.pressed' }),
    'ask to delete the server': sendTo('list', ({ context }) => ({
      type: 'server.delete.pressed' as const,
      iid: context.iid,
    })),
    'pass on to the list': sendTo('list', ({ event }) => {
      assertEvent(event, ['server.delete.confirmed', 'server.delete.cancelled']);
      return event;
    }),
  },
  guards: {
    'the server is listed': ({ context, event }) => {
      assertEvent(event, 'servers.shown');
      return event.servers.some((s) => s.iid === context.iid);
    },
  },
}).createMachine({
  id: 'serverPage',
  description:
    'A server’s page: the list read, the power buttons and the editor, each a machine of its ' +
    'own; the server shows with its editor while it is listed, and is read again after a change.',
  context: ({ input }) => ({ iid: input.iid, perms: input.perms, server: null }),
  invoke: [
    {
      id: 'list',
      src: 'serversList',
      input: ({ context }) => ({ column: 'iid' as const, ascending: true, perms: context.perms }),
      onDone: '.deleted',
    },
    { id: 'power', src: 'serverPower', input: ({ context }) => ({ iid: context.iid }) },
  ],
  on: {
    'server.changed': { actions: 'read the servers again' },
    'servers.reload.pressed': { actions: 'read the servers again' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The servers are read for the first time.',
      on: {
        'servers.shown': [
          { guard: 'the server is listed', target: 'shown', actions: 'store the server' },
          { target: 'notFound' },
        ],
      },
    },
    shown: {
      description:
        'The server, its power and its editor; Delete server asks the list (which asks first).',
      invoke: {
        id: 'editor',
        src: 'serverEditor',
        input: ({ context }) => ({ server: context.server }),
      },
      on: {
        'servers.shown': [
          {
            guard: 'the server is listed',
            actions: ['store the server', 'give the editor the server'],
          },
          { target: 'notFound', actions: 'forget the server' },
        ],
        'server.delete.pressed': { actions: 'ask to delete the server' },
        'server.delete.confirmed': { actions: 'pass on to the list' },
        'server.delete.cancelled': { actions: 'pass on to the list' },
      },
    },
    notFound: {
      description: '"Server not found": the server is not listed.',
      on: {
        'servers.shown': {
          guard: 'the server is listed',
          target: 'shown',
          actions: 'store the server',
        },
      },
    },
    deleted: {
      type: 'final',
      description: 'The list deleted the server: the servers list opens and says so.',
    },
  },
});

export type ServerPageActor = ActorRefFrom<typeof serverPageMachine>;

/**
 * The page machine with the app's versions of its children (their calls and notifications
 * provided): each still tells this page what it says.
 */
export function serverPageWith(children: {
  list: typeof listMachine;
  power: typeof powerMachine;
  editor: typeof editorMachine;
}) {
  return serverPageMachine.provide({
    actors: {
      serversList: children.list.provide({ actions: LIST_TO_PAGE as never }),
      serverPower: children.power.provide({ actions: POWER_TO_PAGE as never }),
      serverEditor: children.editor.provide({ actions: EDITOR_TO_PAGE as never }),
    },
  });
}
