/** The admin proxy machine's registration: path samples and state checks. */
import { SESSION_NOTICES } from '#shared/session/messages';
import type { AdminCustomerSummary } from '#shared/session/types';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { adminProxyMachine } from './admin-proxy.machine.ts';
import {
  selectAdminProxyError,
  selectCustomers,
  selectNoMatch,
  selectSearching,
  selectSwitchingTo,
} from './admin-proxy.selectors.ts';
import { DEMO_USER_AS_ADMIN } from './samples.ts';

const dana: AdminCustomerSummary = {
  cid: 1001,
  name: 'Dana Demo',
  username: 'demo',
  email: 'dana@example.com',
  service_address: null,
};

export const adminProxyModel = defineMachine({
  name: 'admin-proxy',
  title: 'Admin: act as a customer',
  description:
    'A site administrator looks a customer up by name, username, email or address and acts as ' +
    'them, to see the portal as they do. Before switching, the administrator confirms their own ' +
    'password (Verify Identity). While acting as the customer a banner says so on every page; ' +
    'logging out returns the administrator to this screen.',
  machine: adminProxyMachine,
  events: [
    sample('search for dana', { type: 'search.typed', query: 'dana' }),
    sample('search for nothing', { type: 'search.typed', query: '  ' }),
    sample('customers found', { type: 'xstate.done.actor.searchCustomers', output: [dana] }),
    sample('nobody found', { type: 'xstate.done.actor.searchCustomers', output: [] }),
    sample('search fails', {
      type: 'xstate.error.actor.searchCustomers',
      error: { status: 0, message: 'Timed out when trying to contact server' },
    }),
    sample('act as dana', { type: 'customer.chosen', customer: dana }),
    sample('password confirmed', { type: 'xstate.done.actor.verifyIdentity' }),
    sample('password window closed', {
      type: 'xstate.error.actor.verifyIdentity',
      error: { status: 401, message: SESSION_NOTICES.reauthCancelled },
    }),
    sample('now acting as dana', {
      type: 'xstate.done.actor.startProxy',
      output: DEMO_USER_AS_ADMIN,
    }),
    sample('switch refused', {
      type: 'xstate.error.actor.startProxy',
      error: { status: 403, message: 'You do not have the necessary permissions' },
    }),
  ],
  project: ({ context }) => ({
    found: context.searched ? context.customers.length : null,
    chosen: context.chosen?.cid ?? null,
    error: context.error !== null,
  }),
  limit: 500,
  fakes: { actions: { 'act as the customer': () => {} } },
  // portal.md: search by name, username, email or address; Verify Identity before switching.
  // portal.md §1: the admin proxies as the customer: the session becomes the chosen customer's,
  // marked as the admin's proxy (what the banner and the return to the admin read).
  expect: {
    effects: ['act as the customer'],
    // The screen opens with no search made, no customer chosen, no error.
    start: { to: 'idle', with: { found: null, chosen: null, error: false } },
    on: {
      idle: {
        'search for dana': 'searching',
        'search for nothing': 'ignored',
        'act as dana': { to: 'verifying', with: { chosen: dana.cid } },
      },
      searching: {
        'customers found': { to: 'idle', with: { found: 1, error: false } },
        'nobody found': { to: 'idle', with: { found: 0, error: false } },
        'search fails': { to: 'idle', with: { error: true } },
      },
      verifying: {
        'password confirmed': 'switching',
        'password window closed': { to: 'idle', with: { chosen: null, error: true } },
      },
      switching: {
        'now acting as dana': {
          to: 'actingAs',
          runs: {
            'act as the customer': {
              user: { cid: dana.cid, username: dana.username, proxy: { admin_username: 'admin' } },
            },
          },
        },
        'switch refused': { to: 'idle', with: { chosen: null, error: true } },
      },
    },
  },
  states: {
    idle: (snapshot) => {
      expectThat(!selectSearching(snapshot), 'no search should be under way');
      expectThat(selectSwitchingTo(snapshot) === null, 'no switch should be under way');
      if (selectNoMatch(snapshot))
        expectThat(selectCustomers(snapshot).length === 0, '"no match" shows only without results');
      const error = selectAdminProxyError(snapshot);
      expectThat(error === null || error !== '', 'an error should have words');
    },
    searching: (snapshot) => {
      expectThat(selectSearching(snapshot), 'the search should show it is busy');
      expectThat(snapshot.context.query !== '', 'only a search with text runs');
    },
    verifying: (snapshot) => {
      expectThat(selectSwitchingTo(snapshot)?.cid === dana.cid, 'the chosen customer should show');
    },
    switching: (snapshot) => {
      expectThat(selectSwitchingTo(snapshot)?.cid === dana.cid, 'the chosen customer should show');
    },
    actingAs: (snapshot) => {
      expectThat(snapshot.status === 'done', 'the screen is done once acting as the customer');
    },
  },
});
