/** The servers list's registration: the table of /services/servers. */
import { SERVER_MESSAGES } from '#shared/messages/servers';
import type { ServerRecord } from '#shared/servers';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { listMachine, type ListContext } from './list.machine.ts';
import {
  selectListBusy,
  selectListError,
  selectListFailed,
  selectServerNotFound,
  selectSort,
} from './list.selectors.ts';

const SERVER: ServerRecord = {
  iid: 5001,
  name: 'web-1',
  power: 'running',
  time_since_shutdown_issued: null,
  cpus: 2,
  mem: 4096,
  mem_gb: 4,
  disk: 40,
  managed: false,
  monthly_cost: 96,
  last_error: null,
};

/** The refusal shown in a modal notification. */
const NOTIFIED = { 'notify in a modal': true } as const;

interface Projection {
  column: string;
  ascending: boolean;
  failed: boolean;
}

export const serversListModel = defineMachine({
  name: 'servers-list',
  title: 'Servers list',
  description:
    'The table of servers: sorted by a column, ascending first; pressing the sorted column again ' +
    'sorts the other way. It shows the count; creating or deleting a server reads the list ' +
    'again, and a refusal shows in a modal notification. A server page whose server is not in ' +
    'the loaded list says "Server not found".',
  machine: listMachine,
  input: { column: 'iid', ascending: true },
  events: [
    sample('sort by name', { type: 'servers.sort.pressed', column: 'name' }),
    sample('sort by iid', { type: 'servers.sort.pressed', column: 'iid' }),
    sample('press Reload', { type: 'servers.reload.pressed' }),
    sample('create a server', {
      type: 'server.create.pressed',
      server: { cpus: 1, mem: 1024, disk: 10, managed: false },
    }),
    sample('delete a server', { type: 'server.delete.pressed', iid: SERVER.iid }),
    sample('the list loads', {
      type: 'xstate.done.actor.load',
      output: { servers: [SERVER], count: 1 },
    }),
    sample('the list cannot be read', {
      type: 'xstate.error.actor.load',
      error: { message: 'Timed out when trying to contact server' },
    }),
    sample('it is created', { type: 'xstate.done.actor.create', output: SERVER }),
    sample('the create is refused', {
      type: 'xstate.error.actor.create',
      error: { message: SERVER_MESSAGES.cpus },
    }),
    sample('it is deleted', { type: 'xstate.done.actor.remove', output: {} }),
    sample('the delete is refused', {
      type: 'xstate.error.actor.remove',
      error: { message: SERVER_MESSAGES.deleteRunning },
    }),
  ],
  project: ({ context }: { context: ListContext }): Projection => ({
    column: context.column,
    ascending: context.ascending,
    failed: context.error !== null,
  }),
  limit: 300,
  // portal.md §8: most create and update calls for servers show their errors in modal
  // notifications. The spec does not name the delete; a refused delete shows the same way as a
  // refused create (a modal over the table). A list that cannot be read shows its reason in the
  // page instead (with Reload), not in a modal.
  expect: {
    effects: ['notify in a modal'],
    // The table loads, sorted as it is given (by iid, ascending), nothing failed.
    start: { to: 'loading', with: { column: 'iid', ascending: true, failed: false } },
    on: {
      loading: {
        'the list loads': { to: 'ready', with: { failed: false } },
        'the list cannot be read': { to: 'failed', with: { failed: true } },
        'sort by name': 'ignored',
      },
      ready: {
        'sort by name': (before: Projection) => ({
          to: 'loading',
          with: { column: 'name', ascending: before.column === 'name' ? !before.ascending : true },
        }),
        'sort by iid': (before: Projection) => ({
          to: 'loading',
          with: { column: 'iid', ascending: before.column === 'iid' ? !before.ascending : true },
        }),
        'press Reload': 'loading',
        'create a server': { to: 'creating', with: { failed: false } },
        'delete a server': { to: 'deleting', with: { failed: false } },
      },
      creating: {
        'it is created': 'loading',
        'the create is refused': { to: 'ready', with: { failed: true }, runs: NOTIFIED },
        'delete a server': 'ignored',
      },
      deleting: {
        'it is deleted': 'loading',
        'the delete is refused': { to: 'ready', with: { failed: true }, runs: NOTIFIED },
        'create a server': 'ignored',
      },
      failed: { 'press Reload': 'loading', 'sort by name': 'ignored' },
    },
  },
  states: {
    loading: (snapshot) => expectThat(selectListBusy(snapshot), 'the table waits'),
    ready: (snapshot) => {
      expectThat(!selectListBusy(snapshot), 'the table can be used');
      expectThat(!selectListFailed(snapshot), 'no Reload while the list shows');
      expectThat(['iid', 'name'].includes(selectSort(snapshot).column), 'a sort column shows');
      expectThat(
        !selectServerNotFound(snapshot, SERVER.iid) || snapshot.context.servers.length === 0,
        'a listed server is found',
      );
      expectThat(selectServerNotFound(snapshot, 1), 'an absent server is not found');
    },
    creating: (snapshot) => expectThat(selectListBusy(snapshot), 'creating'),
    deleting: (snapshot) => expectThat(selectListBusy(snapshot), 'deleting'),
    failed: (snapshot) => {
      expectThat(selectListError(snapshot) !== null, 'the reason shows');
      expectThat(selectListFailed(snapshot), 'Reload is offered');
    },
  },
});
