/**
 * The notices banner shown after login (portal.md §2, §4; docs/people.md "Notices"): it loads the
 * current notices the user has not acknowledged, shows them, and sends Acknowledge (every notice)
 * or Ignore (ignorable notices only). A notice answered leaves the banner; with none left the
 * banner is empty. Logging out clears the notices (portal.md §4 "Logout").
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Notice } from '#shared/notices/types';
import { failureMessage } from '#shared/api-error';

export interface BannerContext {
  notices: readonly Notice[];
  /** The notice being answered. */
  pendingId: number | null;
  /** Why the last call failed. */
  error: string | null;
}

export type BannerEvent =
  | { type: 'notice.acknowledge.pressed'; id: number }
  | { type: 'notice.ignore.pressed'; id: number }
  | { type: 'notices.retry.pressed' }
  | { type: 'session.logged.out' }
  | { type: 'xstate.done.actor.load'; output: readonly Notice[] }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.answer'; output: unknown }
  | { type: 'xstate.error.actor.answer'; error: unknown };

function messageOf(error: unknown): string {
  return failureMessage(error) ?? String(error);
}

export const noticesBannerMachine = setup({
  types: { context: {} as BannerContext, events: {} as BannerEvent },
  actors: {
    /** GET /notices; provided by the app. */
    load: fromPromise<readonly Notice[]>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** POST /notices/{id}/ack or DELETE /notices/{id}; provided by the app. */
    answer: fromPromise<unknown, { id: number; how: 'acknowledge' | 'ignore' }>(async () => {
      throw new Error('answer is provided by the app');
    }),
  },
  guards: {
    'notices remain': ({ context }) => context.notices.length > 0,
    'the notice is shown': ({ context, event }) =>
      'id' in event && context.notices.some((n) => n.id === event.id),
    'the notice is shown and ignorable': ({ context, event }) =>
      'id' in event && context.notices.some((n) => n.id === event.id && n.ignorable),
  },
  actions: {
    'store the notices': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      return { notices: event.output, error: null };
    }),
    'store the error': assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.load', 'xstate.error.actor.answer']);
      return { error: messageOf(event.error), pendingId: null };
    }),
    'remember the notice': assign(({ event }) => {
      assertEvent(event, ['notice.acknowledge.pressed', 'notice.ignore.pressed']);
      return { pendingId: event.id, error: null };
    }),
    'drop the answered notice': assign(({ context }) => ({
      notices: context.notices.filter((n) => n.id !== context.pendingId),
      pendingId: null,
    })),
    'clear the notices': assign({ notices: [], pendingId: null, error: null }),
  },
}).createMachine({
  id: 'noticesBanner',
  context: { notices: [], pendingId: null, error: null },
  initial: 'loading',
  on: { 'session.logged.out': { target: '.cleared', actions: 'clear the notices' } },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'deciding', actions: 'store the notices' },
        onError: { target: 'failed', actions: 'store the error' },
      },
    },
    deciding: {
      always: [{ guard: 'notices remain', target: 'showing' }, { target: 'empty' }],
    },
    showing: {
      on: {
        'notice.acknowledge.pressed': {
          guard: 'the notice is shown',
          target: 'acknowledging',
          actions: 'remember the notice',
        },
        'notice.ignore.pressed': {
          guard: 'the notice is shown and ignorable',
          target: 'ignoring',
          actions: 'remember the notice',
        },
      },
    },
    acknowledging: {
      invoke: {
        id: 'answer',
        src: 'answer',
        input: ({ context }) => ({ id: context.pendingId ?? 0, how: 'acknowledge' as const }),
        onDone: { target: 'deciding', actions: 'drop the answered notice' },
        onError: { target: 'showing', actions: 'store the error' },
      },
    },
    ignoring: {
      invoke: {
        id: 'answer',
        src: 'answer',
        input: ({ context }) => ({ id: context.pendingId ?? 0, how: 'ignore' as const }),
        onDone: { target: 'deciding', actions: 'drop the answered notice' },
        onError: { target: 'showing', actions: 'store the error' },
      },
    },
    empty: {},
    failed: { on: { 'notices.retry.pressed': 'loading' } },
    cleared: { type: 'final' },
  },
});

export type NoticesBannerActor = ActorRefFrom<typeof noticesBannerMachine>;
