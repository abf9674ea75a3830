/**
 * The admin proxy screen (portal.md §1, §4): a site admin finds a customer and acts as them.
 * Acting as someone asks the admin to verify their identity (their password) first, then starts
 * the proxy (POST /admin/proxy) and hands the customer's session to the session machine.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AdminCustomerSummary, SessionUser } from '#shared/session/types';
import { requestFailureOf } from './types.ts';

export interface AdminProxyContext {
  query: string;
  customers: AdminCustomerSummary[];
  /** Whether a search ran (an empty list then means "no match"). */
  searched: boolean;
  /** The customer the admin chose to act as. */
  chosen: AdminCustomerSummary | null;
  error: string | null;
}

export type AdminProxyEvent =
  | { type: 'search.typed'; query: string }
  | { type: 'customer.chosen'; customer: AdminCustomerSummary }
  /** The answers of the calls the machine follows. */
  | { type: 'xstate.done.actor.searchCustomers'; output: AdminCustomerSummary[] }
  | { type: 'xstate.error.actor.searchCustomers'; error: unknown }
  | { type: 'xstate.error.actor.verifyIdentity'; error: unknown }
  | { type: 'xstate.error.actor.startProxy'; error: unknown };

export const adminProxyMachine = setup({
  types: {
    context: {} as AdminProxyContext,
    events: {} as AdminProxyEvent,
  },
  actors: {
    /** GET /admin/customers?q=… */
    searchCustomers: fromPromise<AdminCustomerSummary[], { query: string }>(async () => {
      throw new Error('searchCustomers is provided by the app');
    }),
    /** The Verify Identity modal: resolves once the password is confirmed, rejects when cancelled. */
    verifyIdentity: fromPromise<void>(async () => {
      throw new Error('verifyIdentity is provided by the app');
    }),
    /** POST /admin/proxy: the customer's session, with `proxy` set. */
    startProxy: fromPromise<SessionUser, { cid: number }>(async () => {
      throw new Error('startProxy is provided by the app');
    }),
  },
  actions: {
    'store query': assign({
      query: ({ event, context }) =>
        event.type === 'search.typed' ? event.query.trim() : context.query,
      customers: [],
      searched: false,
      error: null,
    }),
    'store customers': assign({
      customers: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.searchCustomers');
        return event.output ?? [];
      },
      searched: true,
    }),
    'store choice': assign({
      chosen: ({ event, context }) =>
        event.type === 'customer.chosen' ? event.customer : context.chosen,
      error: null,
    }),
    'store failure': assign({
      error: ({ event }) => {
        assertEvent(event, [
          'xstate.error.actor.searchCustomers',
          'xstate.error.actor.verifyIdentity',
          'xstate.error.actor.startProxy',
        ]);
        return requestFailureOf(event.error).message || null;
      },
    }),
    'forget choice': assign({ chosen: null }),
    /** Hands the customer's session to the session machine (which opens their account). */
    'act as the customer': (_, _params: { user: SessionUser }) => {},
  },
  guards: {
    'the query has text': ({ event }) => event.type === 'search.typed' && event.query.trim() !== '',
  },
}).createMachine({
  id: 'adminProxy',
  description: 'A site admin finds a customer and acts as them after confirming their password.',
  context: { query: '', customers: [], searched: false, chosen: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The search box waits for a name, username, email or address.',
      on: {
        'search.typed': {
          guard: 'the query has text',
          target: 'searching',
          actions: 'store query',
        },
        'customer.chosen': { target: 'verifying', actions: 'store choice' },
      },
    },
    searching: {
      description: 'Customers matching the search are being looked up.',
      invoke: {
        id: 'searchCustomers',
        src: 'searchCustomers',
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: 'idle', actions: 'store customers' },
        onError: { target: 'idle', actions: 'store failure' },
      },
    },
    verifying: {
      description: 'The Verify Identity modal asks for the admin’s password.',
      invoke: {
        id: 'verifyIdentity',
        src: 'verifyIdentity',
        onDone: 'switching',
        onError: { target: 'idle', actions: ['forget choice', 'store failure'] },
      },
    },
    switching: {
      description: 'The admin becomes the customer.',
      invoke: {
        id: 'startProxy',
        src: 'startProxy',
        input: ({ context }) => ({ cid: context.chosen?.cid ?? 0 }),
        onDone: {
          target: 'actingAs',
          actions: { type: 'act as the customer', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'idle', actions: ['forget choice', 'store failure'] },
      },
    },
    actingAs: {
      type: 'final',
      description: 'The admin acts as the customer; their account opens.',
    },
  },
});
