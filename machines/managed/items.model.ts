/**
 * A list of the managed server view, registered with the databases list (portal.md §4: "After
 * creation, each new database and vhost is marked as starting and its delete button is disabled
 * for 60 s, shown as 'Delete (Disabled for Ns)'"; §7: POST /mysql_database, PUT
 * /mysql_database/{databaseId} (password), DELETE /mysql_database/{databaseId}; §9: delete lock
 * 60 s; the destructive-action inventory: a deletion asks first, naming what is lost, and
 * nothing is sent before Confirm). Every list shares the machine; the databases list is the one
 * with the lock and a change of its items (a password), so it covers every state.
 */
import { DATABASE_FORM, PASSWORD_CHANGE_FORM } from '#shared/managed/forms';
import { MANAGED } from '#shared/managed/constants';
import {
  DELETE_QUESTIONS,
  deleteDisabledLabel,
  MANAGED_MESSAGES as M,
} from '#shared/managed/messages';
import { PASSWORD_MESSAGES } from '#shared/messages/account';
import { formMachine } from '../forms/form.machine.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { managedItemsMachine, type ManagedItemsContext } from './items.machine.ts';
import {
  selectBusy,
  selectCanChange,
  selectConfirming,
  selectDeleteQuestion,
  selectLoadFailed,
  selectOpenChange,
  selectRows,
  type ManagedItemsSnapshot,
} from './items.selectors.ts';

const SHOP = { database_id: 7, database_name: 'shop', username: 'shop_user' };
const BLOG = { database_id: 8, database_name: 'blog', username: 'blog_user' };
const NEW_DATABASE = {
  database_name: 'shop',
  username: 'shop_user',
  password: 'Quiet-Harbor-Lantern-42',
};
const NEW_PASSWORD = 'Copper-Meadow-Whistle-77';
const TAKEN = {
  message: M.databaseNameTaken,
  errors: { database_name: M.databaseNameTaken },
};
const AGENT_DOWN = { message: M.agentUnavailable, errors: {} };
const TOO_EASY = {
  message: PASSWORD_MESSAGES.scoreTooLow,
  errors: { password: PASSWORD_MESSAGES.scoreTooLow },
};
const TICK = { type: 'xstate.after.lockTick.managedItems.ready.locks.counting' } as const;

/** A form as it reports itself to the list: filled in, or submitted (its `submitCount`-th Save). */
function formReport(
  form: { fields: Record<string, unknown> },
  values: Record<string, unknown>,
  submitCount: number,
) {
  return formMachine.resolveState({
    value: submitCount > 0 ? 'submitted' : { editing: 'idle' },
    context: {
      fields: form.fields as never,
      checks: undefined,
      values,
      touched: {},
      errors: {},
      pending: [],
      valid: true,
      submitError: null,
      response: submitCount > 0 ? values : null,
      submitCount,
      submitRequested: false,
    },
  });
}

const PASSWORDS = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };

/** What the spec says a tick does: the lock counts down by one, and ends at 0. */
const tick = ({ lock }: { lock: number }) =>
  lock > 1
    ? { to: 'ready.locks.counting', with: { lock: lock - 1 } }
    : { to: 'ready.locks.quiet', with: { lock: 0 } };

const built = new Map<string, ReturnType<typeof buildSamples>>();

/**
 * The samples; a form's Save is a new submit of the form (one more than the list has taken). Built
 * once for each count taken, so that a sample is the same object wherever it is offered.
 */
function events(snapshot: ManagedItemsSnapshot) {
  const { taken } = snapshot.context;
  const key = `${taken.create}/${taken.edit}`;
  if (!built.has(key)) built.set(key, buildSamples(taken));
  return built.get(key) ?? [];
}

function buildSamples(taken: ManagedItemsContext['taken']) {
  return [
    sample('the list arrives', { type: 'xstate.done.actor.load', output: [BLOG] }),
    sample('the list fails', { type: 'xstate.error.actor.load', error: { message: 'Timed out' } }),
    sample('load again', { type: 'list.reload.pressed' }),
    sample('type in the create form', {
      type: 'xstate.snapshot.createForm',
      snapshot: formReport(DATABASE_FORM, NEW_DATABASE, 0),
    }),
    sample('press Add database', {
      type: 'xstate.snapshot.createForm',
      snapshot: formReport(DATABASE_FORM, NEW_DATABASE, taken.create + 1),
    }),
    sample('it is created', { type: 'xstate.done.actor.create', output: SHOP }),
    sample('the name is taken', { type: 'xstate.error.actor.create', error: TAKEN }),
    sample('the server is unreachable', { type: 'xstate.error.actor.create', error: AGENT_DOWN }),
    sample("change blog's password", { type: 'item.edit.pressed', id: '8', edit: 'password' }),
    sample("change blog's SSL settings", { type: 'item.edit.pressed', id: '8', edit: 'ssl' }),
    sample('type in the change form', {
      type: 'xstate.snapshot.editForm',
      snapshot: formReport(PASSWORD_CHANGE_FORM, PASSWORDS, 0),
    }),
    sample('press Save password', {
      type: 'xstate.snapshot.editForm',
      snapshot: formReport(PASSWORD_CHANGE_FORM, PASSWORDS, taken.edit + 1),
    }),
    sample('cancel the change', { type: 'item.edit.cancelled' }),
    sample('it is changed', { type: 'xstate.done.actor.update', output: BLOG }),
    sample('the password is too easy', { type: 'xstate.error.actor.update', error: TOO_EASY }),
    sample('delete the new one', { type: 'item.delete.pressed', id: '7' }),
    sample('delete the old one', { type: 'item.delete.pressed', id: '8' }),
    sample('confirm', { type: 'item.delete.confirmed' }),
    sample('cancel', { type: 'item.delete.cancelled' }),
    sample('it is deleted', { type: 'xstate.done.actor.remove', output: null }),
    sample('the deletion fails', { type: 'xstate.error.actor.remove', error: AGENT_DOWN }),
    sample('a second passes', TICK),
  ];
}

/** Only what the guards and the spec's expectations read. */
function project({ context }: { context: ManagedItemsContext }) {
  return {
    lock: context.locks['7'] ?? 0,
    ids: context.items.map((item) => String(item.database_id)).sort(),
    /** The item a deletion is asked about, or a change is open for. */
    selected: context.selected,
    changing: context.edit,
    /** What shows with the list, above the create form, and in the open change's form. */
    refused: context.error,
    createRefused: context.createError,
    changeRefused: context.editError,
  };
}

type Projection = ReturnType<typeof project>;

export const managedItemsModel = defineMachine({
  name: 'managed-items',
  title: 'A list of a managed server (databases)',
  description:
    'One list of the managed server view: SSL certificates, MySQL databases, vhosts, FTP users, ' +
    'domain redirects or PHP settings all work alike. The list loads; then one change at a time ' +
    "is sent: an item added through the list's form, an item changed through its own form (a " +
    "database's or an FTP user's password, a vhost's SSL settings or aliases), or an item " +
    'deleted after a confirmation that names what is lost; nothing is sent before Confirm. A ' +
    'refusal shows its reasons on the form. A new database or vhost is marked as starting and its ' +
    'Delete button is disabled for 60 seconds, showing "Delete (Disabled for Ns)" as it counts down.',
  machine: managedItemsMachine,
  input: { list: 'mysql_database', deleteLock: true },
  events,
  project,
  limit: 20_000,
  fakes: { actors: { createForm: formMachine, editForm: formMachine } },
  expect: {
    // The list loads first: nothing listed, no lock counting, nothing refused.
    start: {
      to: 'loading',
      with: { lock: 0, ids: [], selected: null, refused: null, createRefused: null },
    },
    on: {
      loading: {
        'the list arrives': { to: ['ready.work.idle', 'ready.locks.quiet'], with: { ids: ['8'] } },
        'the list fails': { to: 'failed', with: { refused: 'Timed out' } },
      },
      failed: { 'load again': 'loading' },
      // While another change is on its way, a new item is not sent: the form says why.
      'ready.work': {
        'press Add database': { to: 'stays', with: { createRefused: M.changeBusy } },
      },
      'ready.work.idle': {
        'type in the create form': 'ignored',
        'press Add database': { to: 'ready.work.creating', with: { createRefused: null } },
        // portal.md §7: a database's password is changed (PUT /mysql_database/{id}).
        "change blog's password": ({ ids }) =>
          ids.includes('8')
            ? { to: 'ready.work.editing.open', with: { selected: '8', changing: 'password' } }
            : 'ignored',
        // A database has no SSL settings.
        "change blog's SSL settings": 'ignored',
        // §4: the delete of a new database is disabled for 60 s.
        'delete the new one': ({ lock, ids }) =>
          ids.includes('7') && lock === 0
            ? { to: 'ready.work.confirming', with: { selected: '7' } }
            : 'ignored',
        'delete the old one': ({ ids }) =>
          ids.includes('8') ? { to: 'ready.work.confirming', with: { selected: '8' } } : 'ignored',
      },
      'ready.work.creating': {
        'it is created': ({ ids }) => ({
          to: ['ready.work.idle', 'ready.locks.counting'],
          with: {
            lock: MANAGED.deleteLockSeconds,
            ids: [...new Set([...ids, '7'])].sort(),
          },
        }),
        // A refusal naming the form's field shows on that field, not above the form.
        'the name is taken': { to: 'ready.work.idle', with: { createRefused: null } },
        'the server is unreachable': {
          to: 'ready.work.idle',
          with: { createRefused: M.agentUnavailable },
        },
      },
      'ready.work.editing': {
        // Saved again while the change is on its way: that one is sent already.
        'press Save password': 'stays',
      },
      'ready.work.editing.open': {
        'type in the change form': 'ignored',
        'press Save password': { to: 'ready.work.editing.saving', with: { changeRefused: null } },
        'cancel the change': { to: 'ready.work.idle', with: { selected: null, changing: null } },
      },
      'ready.work.editing.saving': {
        'it is changed': { to: 'ready.work.idle', with: { selected: null, changing: null } },
        // The password's refusal shows on the password field; the form stays open.
        'the password is too easy': {
          to: 'ready.work.editing.open',
          with: { changeRefused: null, changing: 'password' },
        },
      },
      // Nothing is sent before Confirm.
      'ready.work.confirming': {
        confirm: 'ready.work.deleting',
        cancel: { to: 'ready.work.idle', with: { selected: null } },
      },
      'ready.work.deleting': {
        'it is deleted': { to: 'ready.work.idle', with: { selected: null } },
        'the deletion fails': {
          to: 'ready.work.idle',
          with: { refused: M.agentUnavailable, selected: null },
        },
      },
      'ready.locks.counting': { 'a second passes': tick },
    },
    timers: { 'ready.locks.counting': { lockTick: 1000 } },
    running: {
      'ready.work': ['createForm'],
      'ready.work.editing': ['editForm'],
      'ready.work.creating': ['create'],
      'ready.work.editing.saving': ['update'],
      'ready.work.deleting': ['remove'],
    },
    // portal.md §7: what each call is given.
    inputs: {
      create: () => NEW_DATABASE,
      update: ({ selected }: Projection) => ({
        id: selected,
        edit: 'password',
        values: { password: NEW_PASSWORD },
      }),
      remove: ({ selected }: Projection) => ({ id: selected }),
    },
  },
  states: {
    loading: (s) => expectThat(!selectCanChange(s), 'nothing can change while loading'),
    failed: (s) => expectThat(selectLoadFailed(s), 'the failure shows'),
    'ready.work': () => undefined,
    'ready.work.idle': (s) => {
      expectThat(selectCanChange(s) && !selectBusy(s), 'a change may start');
      for (const row of selectRows(s)) {
        const lock = s.context.locks[row.id] ?? 0;
        expectThat(
          row.edits.map((e) => e.label).join() === M.editButtons.password,
          'each database offers Change password',
        );
        if (lock > 0) {
          expectThat(row.starting, 'a new database is marked as starting');
          expectThat(row.deleteDisabled, 'its delete is disabled');
          expectThat(row.deleteLabel === deleteDisabledLabel(lock), `shows ${row.deleteLabel}`);
        } else {
          expectThat(!row.deleteDisabled && row.deleteLabel === 'Delete', 'Delete can be used');
        }
      }
    },
    'ready.work.creating': (s) => expectThat(selectBusy(s), 'the form waits'),
    'ready.work.editing': (s) =>
      expectThat(
        selectOpenChange(s)?.title === M.editTitles.password('the database blog'),
        'the change names its database',
      ),
    'ready.work.editing.open': (s) =>
      expectThat(selectOpenChange(s)?.saving === false && !selectBusy(s), 'the form can be sent'),
    'ready.work.editing.saving': (s) =>
      expectThat(selectOpenChange(s)?.saving === true && selectBusy(s), 'the form waits'),
    'ready.work.deleting': (s) => expectThat(selectBusy(s), 'the list waits'),
    'ready.work.confirming': (s) => {
      const id = selectConfirming(s);
      const item = id === '7' ? SHOP : BLOG;
      const question = selectDeleteQuestion(s);
      expectThat(
        question?.title === DELETE_QUESTIONS.mysql_database(item).title &&
          question.loses.includes(item.database_name) &&
          question.loses.includes(item.username),
        'the question names the database and its user',
      );
    },
    'ready.locks.quiet': () => undefined,
    'ready.locks.counting': (s) =>
      expectThat(Object.keys(s.context.locks).length > 0, 'a lock counts down'),
  },
});
