/**
 * A table of the Billing page (portal.md "/billing"; docs/api.md `GET /billing/bills` and
 * `GET /billing/payments`): one page of records (`limit`/`offset`, newest first), loaded again
 * when the page asks (after a payment, an autopay change or an address change), Previous and Next
 * (another offset), and a clear error with Try again. The page machine owns one for the bills and
 * one for the payments (billing-page.machine.ts); the app provides `load`.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { BillsPage, PageInfo, PaymentsPage } from '#shared/billing/schemas';

export interface RecordsPageInput {
  /** Records a page (BILLING.pageSize). */
  limit: number;
}

export interface RecordsPageContext<P> {
  limit: number;
  /** The first record of the page shown or asked for. */
  offset: number;
  page: P | null;
  /** Why the page could not be loaded. */
  error: string | null;
}

export type RecordsPageEvent<P = PageInfo> =
  /** Previous or Next: the page at `offset`. */
  | { type: 'page.requested'; offset: number }
  /** The page machine asks for the same page again (something changed). */
  | { type: 'reload.requested' }
  | { type: 'retry.pressed' }
  | { type: 'xstate.done.actor.load'; output: P }
  | { type: 'xstate.error.actor.load'; error: unknown };

/** What `load` is given. */
export interface PageRequest {
  limit: number;
  offset: number;
}

export function createRecordsPageMachine<P extends PageInfo>() {
  /** The page at the offset asked for is loaded (first, or again): it shows, or the failure does. */
  const LOAD = {
    id: 'load',
    src: 'load',
    input: ({ context }: { context: RecordsPageContext<P> }) => ({
      limit: context.limit,
      offset: context.offset,
    }),
    onDone: { target: 'loaded', actions: 'store the page' },
    onError: { target: 'failed', actions: 'store the failure' },
  } as const;
  return setup({
    types: {
      context: {} as RecordsPageContext<P>,
      events: {} as RecordsPageEvent<P>,
      input: {} as RecordsPageInput,
    },
    actors: {
      /** GET the page asked for; provided by the app. */
      load: fromPromise<P, PageRequest>(async () => {
        throw new Error('load is provided by the app');
      }),
    },
    actions: {
      'take the offset': assign(({ event }) => {
        assertEvent(event, 'page.requested');
        return { offset: Math.max(0, event.offset) };
      }),
      'store the page': assign(({ event }) => {
        assertEvent(event, 'xstate.done.actor.load');
        return { page: event.output, offset: event.output.offset, error: null };
      }),
      'store the failure': assign(({ event }) => {
        assertEvent(event, 'xstate.error.actor.load');
        const message = (event.error as { message?: unknown } | null)?.message;
        return { page: null, error: typeof message === 'string' ? message : '' };
      }),
    },
  }).createMachine({
    id: 'billingRecords',
    description:
      'One page of bills or payments: Previous and Next load another page, the page machine ' +
      'has the same page loaded again after a change, a failure offers Try again.',
    context: ({ input }) => ({ limit: input.limit, offset: 0, page: null, error: null }),
    initial: 'loading',
    states: {
      loading: {
        description:
          'The page is on its way; the table shows a loading indicator. Another request starts the load again.',
        invoke: LOAD,
        on: {
          'page.requested': { target: 'loading', reenter: true, actions: 'take the offset' },
          'reload.requested': { target: 'loading', reenter: true },
        },
      },
      loaded: {
        description: 'The table shows the page, with Previous and Next where there is one.',
        on: {
          'page.requested': { target: 'reloading', actions: 'take the offset' },
          'reload.requested': 'reloading',
        },
      },
      reloading: {
        description:
          'Another page (or the same one again) is on its way; the table keeps the page shown meanwhile, busy. A later request starts it again, so the table never ends on an older answer.',
        invoke: LOAD,
        on: {
          'page.requested': { target: 'reloading', reenter: true, actions: 'take the offset' },
          'reload.requested': { target: 'reloading', reenter: true },
        },
      },
      failed: {
        description: 'The page could not be loaded: the table says why and offers Try again.',
        on: {
          'retry.pressed': 'loading',
          'reload.requested': 'loading',
        },
      },
    },
  });
}

export const billsPageMachine = createRecordsPageMachine<BillsPage>();
export const paymentsPageMachine = createRecordsPageMachine<PaymentsPage>();
/** The table machine charted and path-tested (its records' type plays no part in its states). */
export const recordsPageMachine = createRecordsPageMachine<PageInfo>();

export type RecordsPageActor<P extends PageInfo> = ActorRefFrom<
  ReturnType<typeof createRecordsPageMachine<P>>
>;
