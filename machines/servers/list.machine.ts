/**
 * The servers list (portal.md §4, §7 `GET /servers/all/{sortedColumn}/{sortUp}` and
 * `/servers/all/count`, §8 "Server not found"; docs/servers.md "List"): sorted by a column in a
 * direction (pressing the sorted column again turns the direction), the count, and whether a
 * viewed server is absent after the load. A customer who may manage services adds a server
 * through the new server form (`createServer`, a child machine: name, size, cost, confirmation)
 * and deletes one after a confirmation naming what is lost; a deleted server's page goes back to
 * the servers list, which says it was deleted. Refusals notify in a modal.
 *
 * | Child        | Machine                      | What                 |
 * | ------------ | ---------------------------- | -------------------- |
 * | `createForm` | servers/create.machine.ts    | the new server form  |
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ServerRecord, ServerSortColumn } from '#shared/servers/rules';
import { hasPermission, type Perms } from '#shared/permissions';
import { failureMessage } from '#shared/api-error';
import { createServerMachine, type CreateOutput } from './create.machine.ts';

export interface ListInput {
  column: ServerSortColumn;
  ascending: boolean;
}

export interface ListMachineInput extends ListInput {
  /** The user's permissions: changing servers takes services manage. */
  perms: Perms | undefined;
}

/** A server waiting for its delete to be confirmed, and what the confirmation names. */
export interface PendingDelete {
  iid: number;
  name: string;
  disk: number;
}

export interface ListContext extends ListInput {
  /** The user may add, change and delete servers (services manage). */
  manages: boolean;
  servers: ServerRecord[];
  count: number;
  error: string | null;
  pendingDelete: PendingDelete | null;
}

export interface ListAnswer {
  servers: ServerRecord[];
  count: number;
}

export type ListEvent =
  | { type: 'servers.sort.pressed'; column: ServerSortColumn }
  | { type: 'servers.reload.pressed' }
  | { type: 'server.new.pressed' }
  | { type: 'server.delete.pressed'; iid: number }
  | { type: 'server.delete.confirmed' }
  | { type: 'server.delete.cancelled' }
  | { type: 'xstate.done.actor.load'; output: ListAnswer }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.createForm'; output: CreateOutput }
  | { type: 'xstate.done.actor.remove'; output: unknown }
  | { type: 'xstate.error.actor.remove'; error: unknown };

/** What the list tells a page that runs it: the servers it now shows. */
export type ListNote = { type: 'servers.shown'; servers: ServerRecord[] };

function messageOf(error: unknown): string {
  return failureMessage(error) ?? String(error);
}

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListMachineInput,
  },
  actors: {
    /** GET /servers/all/{column}/{ascending} and GET /servers/all/count; provided by the app. */
    load: fromPromise<ListAnswer, ListInput>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** The new server form; the app provides its POST /servers/. */
    createForm: createServerMachine,
    /** DELETE /servers/{iid}; provided by the app. */
    remove: fromPromise<unknown, { iid: number }>(async () => {
      throw new Error('remove is provided by the app');
    }),
  },
  actions: {
    'sort by the column': assign(({ context, event }) => {
      assertEvent(event, 'servers.sort.pressed');
      return event.column === context.column
        ? { ascending: !context.ascending }
        : { column: event.column, ascending: true };
    }),
    'store the list': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      return { servers: event.output.servers, count: event.output.count, error: null };
    }),
    'store the failure': assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.load', 'xstate.error.actor.remove']);
      return { error: messageOf(event.error) };
    }),
    'forget the error': assign({ error: null }),
    'ask to confirm the delete': assign(({ context, event }) => {
      assertEvent(event, 'server.delete.pressed');
      const server = context.servers.find((s) => s.iid === event.iid);
      return {
        error: null,
        pendingDelete: server ? { iid: server.iid, name: server.name, disk: server.disk } : null,
      };
    }),
    'forget the delete': assign({ pendingDelete: null }),
    /**
     * Tells a page that runs the list as its child what it now lists (the server page's
     * `sendParent`, server-page.machine.ts); nothing on the servers table.
     */
    'tell the page': (_, _note: ListNote) => {},
    /** The app shows the refusal in a modal notification (portal.md §8). */
    'notify in a modal': () => {},
    /** The app says the server was created (a success notification naming it). */
    'announce the creation': (_, _params: { name: string }) => {},
    /** The app says the server was deleted, on the servers list it opens. */
    'announce the deletion': (_, _params: { name: string }) => {},
  },
  guards: {
    'the user manages services': ({ context }) => context.manages,
    'the user manages services and the server is listed': ({ context, event }) => {
      assertEvent(event, 'server.delete.pressed');
      return context.manages && context.servers.some((s) => s.iid === event.iid);
    },
    'a server was created': ({ event }) => {
      assertEvent(event, 'xstate.done.actor.createForm');
      return event.output.server !== null;
    },
  },
}).createMachine({
  id: 'serversList',
  description: 'The servers table: sorting, the count, the new server form, and delete.',
  context: ({ input }) => ({
    column: input.column,
    ascending: input.ascending,
    manages: hasPermission(input.perms, 'services.manage'),
    servers: [],
    count: 0,
    error: null,
    pendingDelete: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the sorted list and the count.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ column: context.column, ascending: context.ascending }),
        onDone: {
          target: 'ready',
          actions: [
            'store the list',
            {
              type: 'tell the page',
              params: ({ event }) => ({ type: 'servers.shown', servers: event.output.servers }),
            },
          ],
        },
        onError: { target: 'failed', actions: 'store the failure' },
      },
    },
    ready: {
      description:
        'The table, sorted; a column header sorts by it (again: the other way). New server and ' +
        'Delete for a user who manages services.',
      on: {
        'servers.sort.pressed': { target: 'loading', actions: 'sort by the column' },
        'servers.reload.pressed': 'loading',
        'server.new.pressed': {
          guard: 'the user manages services',
          target: 'adding',
          actions: 'forget the error',
        },
        'server.delete.pressed': {
          guard: 'the user manages services and the server is listed',
          target: 'confirmingDelete',
          actions: 'ask to confirm the delete',
        },
      },
    },
    adding: {
      description: 'The new server form is open over the table; once it made one, the list again.',
      invoke: {
        id: 'createForm',
        src: 'createForm',
        onDone: [
          {
            guard: 'a server was created',
            target: 'loading',
            actions: {
              type: 'announce the creation',
              params: ({ event }) => ({ name: event.output.server?.name ?? '' }),
            },
          },
          { target: 'ready' },
        ],
      },
    },
    confirmingDelete: {
      description:
        'Nothing is sent yet: the server’s name, its storage and data lost for good, Delete or Cancel.',
      on: {
        'server.delete.confirmed': 'deleting',
        'server.delete.cancelled': { target: 'ready', actions: 'forget the delete' },
      },
    },
    deleting: {
      description: 'DELETE /servers/{iid}.',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ iid: context.pendingDelete?.iid ?? 0 }),
        onDone: {
          target: 'deleted',
          actions: {
            type: 'announce the deletion',
            params: ({ context }) => ({ name: context.pendingDelete?.name ?? '' }),
          },
        },
        onError: {
          target: 'ready',
          actions: ['store the failure', 'forget the delete', 'notify in a modal'],
        },
      },
    },
    deleted: {
      type: 'final',
      description: 'The server is gone: the servers list opens and says so.',
    },
    failed: {
      description: 'The list could not be read: the reason and Reload.',
      on: { 'servers.reload.pressed': 'loading' },
    },
  },
});

export type ListActor = ActorRefFrom<typeof listMachine>;
