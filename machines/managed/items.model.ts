/**
 * A list of the managed server view, registered with the databases list (portal.md §4: "After
 * creation, each new database and vhost is marked as starting and its delete button is disabled
 * for 60 s, shown as 'Delete (Disabled for Ns)'"; §9: delete lock 60 s). Every list shares the
 * machine; the databases list is the one with the lock, so it covers every state.
 */
import { MANAGED } from '#shared/portal-constants';
import { deleteDisabledLabel } from '#shared/messages/managed';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { managedItemsMachine, type ManagedItemsContext } from './items.machine.ts';
import {
  selectBusy,
  selectCanChange,
  selectConfirming,
  selectLoadFailed,
  selectRows,
} from './items.selectors.ts';

const SHOP = { database_id: 7, database_name: 'shop', username: 'shop' };
const BLOG = { database_id: 8, database_name: 'blog', username: 'blog' };
const REFUSED = {
  message: 'A database of this name already exists on this server',
  errors: { database_name: 'A database of this name already exists on this server' },
};
const TICK = { type: 'xstate.after.lockTick.managedItems.ready.locks.counting' } as const;

/** What the spec says a tick does: the lock counts down by one, and ends at 0. */
const tick = ({ lock }: { lock: number }) =>
  lock > 1
    ? { to: 'ready.locks.counting', with: { lock: lock - 1 } }
    : { to: 'ready.locks.quiet', with: { lock: 0 } };

export const managedItemsModel = defineMachine({
  name: 'managed-items',
  title: 'A list of a managed server (databases)',
  description:
    'One list of the managed server view: SSL certificates, MySQL databases, vhosts, FTP users, ' +
    'domain redirects or PHP settings all work alike. The list loads; then one change at a time ' +
    'is sent (add, change, or delete after a confirmation), and a refusal shows its reasons on ' +
    'the form. A new database or vhost is marked as starting and its Delete button is disabled ' +
    'for 60 seconds, showing "Delete (Disabled for Ns)" as it counts down.',
  machine: managedItemsMachine,
  input: { list: 'mysql_database', deleteLock: true },
  events: [
    sample('the list arrives', { type: 'xstate.done.actor.load', output: [BLOG] }),
    sample('the list fails', { type: 'xstate.error.actor.load', error: { message: 'Timed out' } }),
    sample('load again', { type: 'list.reload.pressed' }),
    sample('add a database', {
      type: 'item.create.submitted',
      values: { database_name: 'shop', username: 'shop', password: 'Quiet-Harbor-Lantern-42' },
    }),
    sample('it is created', { type: 'xstate.done.actor.create', output: SHOP }),
    sample('it is refused', { type: 'xstate.error.actor.create', error: REFUSED }),
    sample('change its password', {
      type: 'item.update.submitted',
      id: '8',
      values: { password: 'Copper-Meadow-Whistle-77' },
    }),
    sample('it is changed', { type: 'xstate.done.actor.update', output: BLOG }),
    sample('the change is refused', { type: 'xstate.error.actor.update', error: REFUSED }),
    sample('delete the new one', { type: 'item.delete.pressed', id: '7' }),
    sample('delete the old one', { type: 'item.delete.pressed', id: '8' }),
    sample('confirm', { type: 'item.delete.confirmed' }),
    sample('cancel', { type: 'item.delete.cancelled' }),
    sample('it is deleted', { type: 'xstate.done.actor.remove', output: null }),
    sample('the deletion fails', { type: 'xstate.error.actor.remove', error: REFUSED }),
    sample('a second passes', TICK),
  ],
  project: ({ context }: { context: ManagedItemsContext }) => ({
    lock: context.locks['7'] ?? 0,
    ids: context.items.map((item) => String(item.database_id)).sort(),
    refused: context.error !== null,
  }),
  limit: 20_000,
  expect: {
    // The list loads first: nothing listed, no lock counting, nothing refused.
    start: { to: 'loading', with: { lock: 0, ids: [], refused: false } },
    on: {
      loading: {
        'the list arrives': { to: ['ready.work.idle', 'ready.locks.quiet'], with: { ids: ['8'] } },
        'the list fails': 'failed',
      },
      failed: { 'load again': 'loading' },
      'ready.work.idle': {
        'add a database': { to: 'ready.work.creating', with: { refused: false } },
        'change its password': 'ready.work.updating',
        // §4: the delete of a new database is disabled for 60 s.
        'delete the new one': ({ lock, ids }) =>
          ids.includes('7') && lock === 0 ? 'ready.work.confirming' : 'ignored',
        'delete the old one': ({ ids }) =>
          ids.includes('8') ? 'ready.work.confirming' : 'ignored',
      },
      'ready.work.creating': {
        'it is created': ({ ids }) => ({
          to: ['ready.work.idle', 'ready.locks.counting'],
          with: {
            lock: MANAGED.deleteLockSeconds,
            ids: [...new Set([...ids, '7'])].sort(),
          },
        }),
        'it is refused': { to: 'ready.work.idle', with: { refused: true } },
      },
      'ready.work.updating': {
        'it is changed': { to: 'ready.work.idle', with: { refused: false } },
        'the change is refused': { to: 'ready.work.idle', with: { refused: true } },
      },
      'ready.work.confirming': { confirm: 'ready.work.deleting', cancel: 'ready.work.idle' },
      'ready.work.deleting': {
        'it is deleted': 'ready.work.idle',
        'the deletion fails': { to: 'ready.work.idle', with: { refused: true } },
      },
      'ready.locks.counting': { 'a second passes': tick },
    },
    timers: { 'ready.locks.counting': { lockTick: 1000 } },
  },
  states: {
    loading: (s) => expectThat(!selectCanChange(s), 'nothing can change while loading'),
    failed: (s) => expectThat(selectLoadFailed(s), 'the failure shows'),
    'ready.work.idle': (s) => {
      expectThat(selectCanChange(s) && !selectBusy(s), 'a change may start');
      for (const row of selectRows(s)) {
        const lock = s.context.locks[row.id] ?? 0;
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
    'ready.work.updating': (s) => expectThat(selectBusy(s), 'the form waits'),
    'ready.work.deleting': (s) => expectThat(selectBusy(s), 'the list waits'),
    'ready.work.confirming': (s) => expectThat(selectConfirming(s) !== null, 'the question shows'),
    'ready.locks.quiet': () => undefined,
    'ready.locks.counting': (s) =>
      expectThat(Object.keys(s.context.locks).length > 0, 'a lock counts down'),
  },
});
