/**
 * One list of the managed server view (portal.md §2 "Managed server view", §3, §4; docs/
 * managed-hosting.md): SSL certificates, MySQL databases, vhosts, FTP users, domain redirects or
 * PHP settings. Every kind has the same shape: the list loads; one change at a time (create,
 * update, delete after a confirmation), each answered by the server; a refusal's field errors show
 * on the form. A new database or vhost is marked as starting and its delete is disabled for 60 s
 * (`deleteLock`), counting down by one second (the `lockTick` delay: a simulated clock in tests).
 * An answer that says its configuration was not checked (`checked: false`, a host agent without
 * nginx) keeps its `warning` to show with the list until the next change; the item is kept
 * without those two fields.
 *
 * The app provides the calls: `load` (GET), `create` (POST), `update` (PUT) and `remove` (DELETE).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { MANAGED } from '#shared/portal-constants';
import type { ManagedListName } from '#shared/managed';
import { failureMessage } from '#shared/api-error';

/** A record as the list answers it (its id field depends on the list). */
export type ManagedItem = Record<string, unknown>;

export interface ManagedItemsInput {
  list: ManagedListName;
  /** New items are marked as starting and cannot be deleted for a while (databases, vhosts). */
  deleteLock?: boolean;
}

export interface ManagedItemsContext {
  list: ManagedListName;
  deleteLock: boolean;
  items: ManagedItem[];
  /** Seconds left before a new item may be deleted, by item id. */
  locks: Record<string, number>;
  /** The item a deletion is being confirmed for, or a change is running for. */
  selected: string | null;
  /** Field errors of the last refused create or update. */
  errors: Record<string, string>;
  /** Why the last change or the load failed. */
  error: string | null;
  /** What the last change's answer warned of (its configuration was not checked). */
  warning: string | null;
}

export type ManagedItemsEvent =
  | { type: 'list.reload.pressed' }
  | { type: 'item.create.submitted'; values: Record<string, unknown> }
  | { type: 'item.update.submitted'; id: string; values: Record<string, unknown> }
  | { type: 'item.delete.pressed'; id: string }
  | { type: 'item.delete.confirmed' }
  | { type: 'item.delete.cancelled' }
  | { type: 'xstate.done.actor.load'; output: ManagedItem[] }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.create'; output: ManagedItem }
  | { type: 'xstate.error.actor.create'; error: unknown }
  | { type: 'xstate.done.actor.update'; output: ManagedItem }
  | { type: 'xstate.error.actor.update'; error: unknown }
  | { type: 'xstate.done.actor.remove'; output: unknown }
  | { type: 'xstate.error.actor.remove'; error: unknown };

const ID_FIELDS: Record<ManagedListName, string> = {
  ssl_certs: 'ssl_id',
  mysql_database: 'database_id',
  vhosts: 'vhost_id',
  ftp_users: 'ftpId',
  domain_redirects: 'redirect_id',
  php_settings: 'key',
};

/** An item's id in its list, as a string (PHP settings are named by their key). */
export function itemIdOf(list: ManagedListName, item: ManagedItem): string {
  return String(item[ID_FIELDS[list]]);
}

function messageOf(error: unknown): string {
  return failureMessage(error) ?? 'The change could not be made.';
}

/** The warning of a change's answer, if it has one. */
function warningOf(answer: unknown): string | null {
  const warning = (answer as { warning?: unknown } | null)?.warning;
  return typeof warning === 'string' ? warning : null;
}

/** The item of an answer, without what the answer said about the change. */
function itemOf(answer: ManagedItem): ManagedItem {
  const { checked: _checked, warning: _warning, ...item } = answer;
  return item;
}

function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

export const managedItemsMachine = setup({
  types: {
    context: {} as ManagedItemsContext,
    events: {} as ManagedItemsEvent,
    input: {} as ManagedItemsInput,
  },
  actors: {
    load: fromPromise<ManagedItem[]>(async () => {
      throw new Error('load is provided by the app');
    }),
    create: fromPromise<ManagedItem, Record<string, unknown>>(async () => {
      throw new Error('create is provided by the app');
    }),
    update: fromPromise<ManagedItem, { id: string; values: Record<string, unknown> }>(async () => {
      throw new Error('update is provided by the app');
    }),
    remove: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('remove is provided by the app');
    }),
  },
  delays: { lockTick: 1000 },
  guards: {
    'the item may be deleted': ({ context, event }) => {
      assertEvent(event, 'item.delete.pressed');
      const listed = context.items.some((item) => itemIdOf(context.list, item) === event.id);
      return listed && (context.locks[event.id] ?? 0) <= 0;
    },
    'a new item is locked': ({ context }) => Object.keys(context.locks).length > 0,
    'no item is locked': ({ context }) => Object.keys(context.locks).length === 0,
  },
  actions: {
    'take the list': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      return { items: event.output, error: null };
    }),
    'keep the load error': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.load');
      return { error: messageOf(event.error) };
    }),
    'start a change': assign({ errors: {}, error: null, warning: null }),
    'add the item': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.create');
      const id = itemIdOf(context.list, event.output);
      const others = context.items.filter((item) => itemIdOf(context.list, item) !== id);
      return {
        items: [...others, itemOf(event.output)],
        warning: warningOf(event.output),
        locks: context.deleteLock
          ? { ...context.locks, [id]: MANAGED.deleteLockSeconds }
          : context.locks,
      };
    }),
    'replace the item': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.update');
      const id = itemIdOf(context.list, event.output);
      return {
        items: context.items.map((item) =>
          itemIdOf(context.list, item) === id ? itemOf(event.output) : item,
        ),
        selected: null,
        warning: warningOf(event.output),
      };
    }),
    'drop the item': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.remove');
      return {
        items: context.items.filter((item) => itemIdOf(context.list, item) !== context.selected),
        selected: null,
        warning: warningOf(event.output),
      };
    }),
    'keep the refusal': assign(({ event }) => {
      assertEvent(event, [
        'xstate.error.actor.create',
        'xstate.error.actor.update',
        'xstate.error.actor.remove',
      ]);
      return { errors: fieldErrorsOf(event.error), error: messageOf(event.error), selected: null };
    }),
    'select the item': assign(({ event }) => {
      assertEvent(event, ['item.delete.pressed', 'item.update.submitted']);
      return { selected: event.id, errors: {}, error: null, warning: null };
    }),
    'forget the selection': assign({ selected: null }),
    'count down': assign(({ context }) => ({
      locks: Object.fromEntries(
        Object.entries(context.locks)
          .map(([id, seconds]) => [id, seconds - 1] as const)
          .filter(([, seconds]) => seconds > 0),
      ),
    })),
  },
}).createMachine({
  id: 'managedItems',
  description:
    'One list of the managed server: loaded, then changed one change at a time; new databases and vhosts cannot be deleted for 60 s.',
  context: ({ input }) => ({
    list: input.list,
    deleteLock: input.deleteLock ?? false,
    items: [],
    locks: {},
    selected: null,
    errors: {},
    error: null,
    warning: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The list is asked for.',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: 'take the list' },
        onError: { target: 'failed', actions: 'keep the load error' },
      },
    },
    failed: {
      description: 'The list could not be loaded; the user may try again.',
      on: { 'list.reload.pressed': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        work: {
          initial: 'idle',
          states: {
            idle: {
              description: 'The list is shown; a change may start.',
              on: {
                'item.create.submitted': { target: 'creating', actions: 'start a change' },
                'item.update.submitted': { target: 'updating', actions: 'select the item' },
                'item.delete.pressed': {
                  guard: 'the item may be deleted',
                  target: 'confirming',
                  actions: 'select the item',
                },
              },
            },
            creating: {
              description: 'The new item is sent.',
              invoke: {
                id: 'create',
                src: 'create',
                input: ({ event }) => {
                  assertEvent(event, 'item.create.submitted');
                  return event.values;
                },
                onDone: { target: 'idle', actions: 'add the item' },
                onError: { target: 'idle', actions: 'keep the refusal' },
              },
            },
            updating: {
              description: 'The change to an item is sent.',
              invoke: {
                id: 'update',
                src: 'update',
                input: ({ event }) => {
                  assertEvent(event, 'item.update.submitted');
                  return { id: event.id, values: event.values };
                },
                onDone: { target: 'idle', actions: 'replace the item' },
                onError: { target: 'idle', actions: 'keep the refusal' },
              },
            },
            confirming: {
              description: 'The user is asked to confirm the deletion.',
              on: {
                'item.delete.confirmed': 'deleting',
                'item.delete.cancelled': { target: 'idle', actions: 'forget the selection' },
              },
            },
            deleting: {
              description: 'The deletion is sent.',
              invoke: {
                id: 'remove',
                src: 'remove',
                input: ({ context }) => ({ id: context.selected ?? '' }),
                onDone: { target: 'idle', actions: 'drop the item' },
                onError: { target: 'idle', actions: 'keep the refusal' },
              },
            },
          },
        },
        locks: {
          initial: 'quiet',
          states: {
            quiet: {
              description: 'No new item is locked.',
              always: { guard: 'a new item is locked', target: 'counting' },
            },
            counting: {
              description: 'A new item is starting: its delete counts down, one second at a time.',
              always: { guard: 'no item is locked', target: 'quiet' },
              after: { lockTick: { target: 'counting', reenter: true, actions: 'count down' } },
            },
          },
        },
      },
    },
  },
});

export type ManagedItemsActor = ActorRefFrom<typeof managedItemsMachine>;
