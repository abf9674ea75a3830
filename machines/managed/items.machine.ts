/**
 * One list of the managed server view (portal.md §2 "Managed server view", §3, §4, §7; docs/
 * managed-hosting.md): SSL certificates, MySQL databases, vhosts, FTP users, domain redirects or
 * PHP settings. Every kind has the same shape: the list loads; one change at a time, each answered
 * by the server:
 *
 * - add: the list's create form (`createForm`, the generic form machine with the list's form of
 *   src/shared/managed/forms.ts) is submitted; the list sends its values (`create`) and a refusal's
 *   field errors go back to the form's fields;
 * - change: a row's change (a password, a vhost's SSL settings or aliases) opens its form
 *   (`editForm`), started from the item; Save sends it (`update`), Cancel closes it;
 * - delete: a confirmation that names what is lost first; nothing is sent before Confirm.
 *
 * A new database or vhost is marked as starting and its delete is disabled for 60 s
 * (`deleteLock`), counting down by one second (the `lockTick` delay: a simulated clock in tests).
 * An answer that says its configuration was not checked (`checked: false`, a host agent without
 * nginx) keeps its `warning` to show with the list until the next change; the item is kept
 * without those two fields.
 *
 * A form reports itself to the list (its snapshots): a submit is taken once (by the form's
 * `submitCount`), and a submit while another change is on its way is refused with a message.
 *
 * The app provides the calls: `load` (GET), `create` (POST), `update` (PUT) and `remove` (DELETE).
 *
 * | id           | machine               | what                                |
 * | ------------ | --------------------- | ----------------------------------- |
 * | `createForm` | forms/form.machine.ts | the form that adds an item          |
 * | `editForm`   | forms/form.machine.ts | the form that changes the chosen one |
 */
import { assertEvent, assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { MANAGED } from '#shared/managed/constants';
import type { ManagedListName } from '#shared/managed/rules';
import {
  CREATE_FORMS,
  EDIT_FORMS,
  refusalOnFields,
  type ManagedEdit,
  type ManagedFormDefinition,
} from '#shared/managed/forms';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import { failureMessage } from '#shared/api-error';
import { formMachine, type FormInput } from '../forms/form.machine.ts';
import type { FormSnapshot } from '../forms/form.selectors.ts';

/** A record as the list answers it (its id field depends on the list). */
export type ManagedItem = Record<string, unknown>;

export interface ManagedItemsInput {
  list: ManagedListName;
  /** New items are marked as starting and cannot be deleted for a while (databases, vhosts). */
  deleteLock?: boolean;
}

/** What a change of an item sends: the item, what is changed, and the form's body. */
export interface ManagedUpdate {
  id: string;
  edit: ManagedEdit;
  values: Record<string, unknown>;
}

export interface ManagedItemsContext {
  list: ManagedListName;
  deleteLock: boolean;
  items: ManagedItem[];
  /** Seconds left before a new item may be deleted, by item id. */
  locks: Record<string, number>;
  /** The item a deletion is being confirmed for, or a change is open or running for. */
  selected: string | null;
  /** What is being changed in the selected item. */
  edit: ManagedEdit | null;
  /** The `submitCount` of each form's last submit taken (each submit is sent once). */
  taken: { create: number; edit: number };
  /** Why the load or the last deletion failed (shown with the list). */
  error: string | null;
  /** Why the last addition was refused, when no field of the form says it. */
  createError: string | null;
  /** Why the last change of the open form was refused, when no field of the form says it. */
  editError: string | null;
  /** What the last change's answer warned of (its configuration was not checked). */
  warning: string | null;
}

export type ManagedItemsEvent =
  | { type: 'list.reload.pressed' }
  | { type: 'item.edit.pressed'; id: string; edit: ManagedEdit }
  | { type: 'item.edit.cancelled' }
  | { type: 'item.delete.pressed'; id: string }
  | { type: 'item.delete.confirmed' }
  | { type: 'item.delete.cancelled' }
  /** The create form and the open change's form report themselves. */
  | { type: 'xstate.snapshot.createForm'; snapshot: FormSnapshot }
  | { type: 'xstate.snapshot.editForm'; snapshot: FormSnapshot }
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

/** The item of a list with this id. */
export function itemOfList(
  context: Pick<ManagedItemsContext, 'list' | 'items'>,
  id: string | null,
): ManagedItem | undefined {
  return context.items.find((item) => itemIdOf(context.list, item) === id);
}

/** The change open in a list: what is changed, and its form. */
function openChange(context: Pick<ManagedItemsContext, 'list' | 'edit'>) {
  const { list, edit } = context;
  const form = edit ? EDIT_FORMS[list][edit] : undefined;
  if (!edit || !form) throw new Error(`The ${list} list has no ${String(edit)} change`);
  return { edit, form };
}

/** What the form machine takes of a form of the view. */
function formInput(form: ManagedFormDefinition, initialValues?: Record<string, unknown>) {
  return {
    fields: form.fields,
    checks: form.checks,
    initialValues: initialValues ?? form.initialValues,
  } satisfies FormInput;
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

/** A refusal on a form: its field errors on the form's fields, else its message above them. */
function refusalOnForm(error: unknown, form: ManagedFormDefinition) {
  const { fieldErrors, elsewhere } = refusalOnFields(
    fieldErrorsOf(error),
    Object.keys(form.fields),
  );
  const onFields = Object.keys(fieldErrors).length > 0;
  return { fieldErrors, message: onFields ? (elsewhere[0] ?? null) : messageOf(error) };
}

/** A form's submit that the list has not taken yet. */
function newSubmit(snapshot: FormSnapshot, taken: number): boolean {
  return snapshot.matches('submitted') && snapshot.context.submitCount > taken;
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
    update: fromPromise<ManagedItem, ManagedUpdate>(async () => {
      throw new Error('update is provided by the app');
    }),
    remove: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('remove is provided by the app');
    }),
    /** The forms: their submit only reports the values, which the list then sends. */
    createForm: formMachine,
    editForm: formMachine,
  },
  delays: { lockTick: 1000 },
  guards: {
    'a new item was submitted': ({ context, event }) => {
      assertEvent(event, 'xstate.snapshot.createForm');
      return newSubmit(event.snapshot, context.taken.create);
    },
    'the change was submitted': ({ context, event }) => {
      assertEvent(event, 'xstate.snapshot.editForm');
      return newSubmit(event.snapshot, context.taken.edit);
    },
    'the item can be changed so': ({ context, event }) => {
      assertEvent(event, 'item.edit.pressed');
      return (
        itemOfList(context, event.id) !== undefined &&
        EDIT_FORMS[context.list][event.edit] !== undefined
      );
    },
    'the item may be deleted': ({ context, event }) => {
      assertEvent(event, 'item.delete.pressed');
      return itemOfList(context, event.id) !== undefined && (context.locks[event.id] ?? 0) <= 0;
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
    'take the new item': assign(({ context, event }) => {
      assertEvent(event, 'xstate.snapshot.createForm');
      return {
        taken: { ...context.taken, create: event.snapshot.context.submitCount },
        error: null,
        createError: null,
        warning: null,
      };
    }),
    'say another change is on its way': assign(({ context, event }) => {
      assertEvent(event, 'xstate.snapshot.createForm');
      return {
        taken: { ...context.taken, create: event.snapshot.context.submitCount },
        createError: M.changeBusy,
      };
    }),
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
    'keep why the item was refused': assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.create');
      return { createError: refusalOnForm(event.error, CREATE_FORMS[context.list]).message };
    }),
    /** After an add, the create form is empty again, ready for the next item (its count anew). */
    'forget the added submit': assign(({ context }) => ({
      taken: { ...context.taken, create: 0 },
    })),
    'empty the create form': sendTo('createForm', { type: 'form.cleared' as const }),
    'tell the create form': sendTo('createForm', ({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.create');
      const { fieldErrors } = refusalOnForm(event.error, CREATE_FORMS[context.list]);
      return { type: 'errors.arrived' as const, errors: fieldErrors };
    }),
    'open the change': assign(({ context, event }) => {
      assertEvent(event, 'item.edit.pressed');
      return {
        selected: event.id,
        edit: event.edit,
        taken: { ...context.taken, edit: 0 },
        error: null,
        editError: null,
        warning: null,
      };
    }),
    'take the change': assign(({ context, event }) => {
      assertEvent(event, 'xstate.snapshot.editForm');
      return {
        taken: { ...context.taken, edit: event.snapshot.context.submitCount },
        editError: null,
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
        edit: null,
        warning: warningOf(event.output),
      };
    }),
    'keep why the change was refused': assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.update');
      return { editError: refusalOnForm(event.error, openChange(context).form).message };
    }),
    'tell the change form': sendTo('editForm', ({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.update');
      const { fieldErrors } = refusalOnForm(event.error, openChange(context).form);
      return { type: 'errors.arrived' as const, errors: fieldErrors };
    }),
    'drop the item': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.remove');
      return {
        items: context.items.filter((item) => itemIdOf(context.list, item) !== context.selected),
        selected: null,
        warning: warningOf(event.output),
      };
    }),
    'keep why the deletion failed': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.remove');
      return { error: messageOf(event.error), selected: null };
    }),
    'ask about the item': assign(({ event }) => {
      assertEvent(event, 'item.delete.pressed');
      return { selected: event.id, error: null, createError: null, warning: null };
    }),
    'forget the selection': assign({ selected: null, edit: null }),
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
    'One list of the managed server: loaded, then changed one change at a time (add, change, or delete after a confirmation that names what is lost); new databases and vhosts cannot be deleted for 60 s.',
  context: ({ input }) => ({
    list: input.list,
    deleteLock: input.deleteLock ?? false,
    items: [],
    locks: {},
    selected: null,
    edit: null,
    taken: { create: 0, edit: 0 },
    error: null,
    createError: null,
    editError: null,
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
          invoke: {
            id: 'createForm',
            src: 'createForm',
            input: ({ context }) => formInput(CREATE_FORMS[context.list]),
            // Submitted while another change is on its way: not sent, and the form says why.
            onSnapshot: {
              guard: 'a new item was submitted',
              actions: 'say another change is on its way',
            },
          },
          states: {
            idle: {
              description: 'The list and its create form are shown; a change may start.',
              on: {
                'xstate.snapshot.createForm': {
                  guard: 'a new item was submitted',
                  target: 'creating',
                  actions: 'take the new item',
                },
                'item.edit.pressed': {
                  guard: 'the item can be changed so',
                  target: 'editing',
                  actions: 'open the change',
                },
                'item.delete.pressed': {
                  guard: 'the item may be deleted',
                  target: 'confirming',
                  actions: 'ask about the item',
                },
              },
            },
            creating: {
              description: 'The new item is sent.',
              invoke: {
                id: 'create',
                src: 'create',
                input: ({ context, event }) => {
                  assertEvent(event, 'xstate.snapshot.createForm');
                  return CREATE_FORMS[context.list].body(event.snapshot.context.values);
                },
                onDone: {
                  target: 'idle',
                  actions: ['add the item', 'forget the added submit', 'empty the create form'],
                },
                onError: {
                  target: 'idle',
                  actions: ['keep why the item was refused', 'tell the create form'],
                },
              },
            },
            editing: {
              description:
                'The form of a change of the chosen item shows (a password, the SSL settings or the aliases of a vhost), started from the item.',
              invoke: {
                id: 'editForm',
                src: 'editForm',
                input: ({ context }) => {
                  const { form } = openChange(context);
                  const item = itemOfList(context, context.selected) ?? {};
                  return formInput(form, form.startFrom(item));
                },
                // Saved again while the change is on its way: that one is sent already.
                onSnapshot: { guard: 'the change was submitted', actions: 'take the change' },
              },
              initial: 'open',
              states: {
                open: {
                  description: 'The form is filled in; Save sends it, Cancel closes it.',
                  on: {
                    'xstate.snapshot.editForm': {
                      guard: 'the change was submitted',
                      target: 'saving',
                      actions: 'take the change',
                    },
                    'item.edit.cancelled': {
                      target: '#managedItems.ready.work.idle',
                      actions: 'forget the selection',
                    },
                  },
                },
                saving: {
                  description: 'The change is sent; a refusal shows on the form.',
                  invoke: {
                    id: 'update',
                    src: 'update',
                    input: ({ context, event }) => {
                      assertEvent(event, 'xstate.snapshot.editForm');
                      const { edit, form } = openChange(context);
                      return {
                        id: context.selected ?? '',
                        edit,
                        values: form.body(event.snapshot.context.values),
                      };
                    },
                    onDone: {
                      target: '#managedItems.ready.work.idle',
                      actions: 'replace the item',
                    },
                    onError: {
                      target: 'open',
                      actions: ['keep why the change was refused', 'tell the change form'],
                    },
                  },
                },
              },
            },
            confirming: {
              description:
                'The user is asked to confirm the deletion, told what is lost; nothing is sent yet.',
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
                onError: { target: 'idle', actions: 'keep why the deletion failed' },
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
