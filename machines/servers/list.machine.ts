/**
 * The servers list (portal.md §4, §7 `GET /servers/all/{sortedColumn}/{sortUp}` and
 * `/servers/all/count`, §8 "Server not found"; docs/servers.md "List"): sorted by a column in a
 * direction (pressing the sorted column again turns the direction), the count, create and delete
 * (their refusals notify in a modal), and whether a viewed server is absent after the load.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ServerCreate, ServerRecord, ServerSortColumn } from '#shared/servers';
import { failureMessage } from '#shared/api-error';

export interface ListInput {
  column: ServerSortColumn;
  ascending: boolean;
}

export interface ListContext extends ListInput {
  servers: ServerRecord[];
  count: number;
  error: string | null;
}

export interface ListAnswer {
  servers: ServerRecord[];
  count: number;
}

export type ListEvent =
  | { type: 'servers.sort.pressed'; column: ServerSortColumn }
  | { type: 'servers.reload.pressed' }
  | { type: 'server.create.pressed'; server: ServerCreate }
  | { type: 'server.delete.pressed'; iid: number }
  | { type: 'xstate.done.actor.load'; output: ListAnswer }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.create'; output: ServerRecord }
  | { type: 'xstate.error.actor.create'; error: unknown }
  | { type: 'xstate.done.actor.remove'; output: unknown }
  | { type: 'xstate.error.actor.remove'; error: unknown };

function messageOf(error: unknown): string {
  return failureMessage(error) ?? String(error);
}

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
  },
  actors: {
    /** GET /servers/all/{column}/{ascending} and GET /servers/all/count; provided by the app. */
    load: fromPromise<ListAnswer, ListInput>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** POST /servers/; provided by the app. */
    create: fromPromise<ServerRecord, ServerCreate>(async () => {
      throw new Error('create is provided by the app');
    }),
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
      assertEvent(event, [
        'xstate.error.actor.load',
        'xstate.error.actor.create',
        'xstate.error.actor.remove',
      ]);
      return { error: messageOf(event.error) };
    }),
    'forget the error': assign({ error: null }),
    /** The app shows the refusal in a modal notification (portal.md §8). */
    'notify in a modal': () => {},
  },
}).createMachine({
  id: 'serversList',
  description: 'The servers table: sorting, the count, create and delete.',
  context: ({ input }) => ({ ...input, servers: [], count: 0, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the sorted list and the count.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ column: context.column, ascending: context.ascending }),
        onDone: { target: 'ready', actions: 'store the list' },
        onError: { target: 'failed', actions: 'store the failure' },
      },
    },
    ready: {
      description: 'The table, sorted; a column header sorts by it (again: the other way).',
      on: {
        'servers.sort.pressed': { target: 'loading', actions: 'sort by the column' },
        'servers.reload.pressed': 'loading',
        'server.create.pressed': { target: 'creating', actions: 'forget the error' },
        'server.delete.pressed': { target: 'deleting', actions: 'forget the error' },
      },
    },
    creating: {
      description: 'POST /servers/: then the list again.',
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ event }) => {
          assertEvent(event, 'server.create.pressed');
          return event.server;
        },
        onDone: 'loading',
        onError: { target: 'ready', actions: ['store the failure', 'notify in a modal'] },
      },
    },
    deleting: {
      description: 'DELETE /servers/{iid}: then the list again.',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ event }) => {
          assertEvent(event, 'server.delete.pressed');
          return { iid: event.iid };
        },
        onDone: 'loading',
        onError: { target: 'ready', actions: ['store the failure', 'notify in a modal'] },
      },
    },
    failed: {
      description: 'The list could not be read: the reason and Reload.',
      on: { 'servers.reload.pressed': 'loading' },
    },
  },
});

export type ListActor = ActorRefFrom<typeof listMachine>;
