/** The notices banner's registration (portal.md §2, §4; docs/people.md "Notices"). */
import { ERROR_MESSAGES } from '#shared/messages';
import type { Notice } from '#shared/notices/types';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { noticesBannerMachine } from './banner.machine.ts';
import { selectBannerError, selectBannerVisible, selectNotices } from './banner.selectors.ts';

const notice = (id: number, ignorable: boolean): Notice => ({
  id,
  title: ignorable ? 'New mail servers' : 'Planned maintenance',
  content: 'x',
  content_html: '<p>x</p>',
  ignorable,
  starts_at: '2026-06-01T00:00:00.000Z',
  ends_at: '2026-06-02T00:00:00.000Z',
});
const FIRM = notice(1, false);
const IGNORABLE = notice(2, true);

interface Projection {
  count: number;
  firm: boolean;
  ignorable: boolean;
  /** The reason shown after a failure. */
  error: string | null;
  /** The notice whose answer is on its way. */
  answering: number | null;
}

export const noticesBannerModel = defineMachine({
  name: 'notices-banner',
  title: 'Notices banner',
  description:
    'The banner of notices shown after login. It loads the current notices the user has not ' +
    'acknowledged and shows them; Acknowledge is offered on every notice and Ignore only on ' +
    'notices the provider made ignorable. An answered notice leaves the banner, and with none ' +
    'left the banner is empty. If an answer fails, the notice stays with the reason. Logging ' +
    'out clears the notices.',
  machine: noticesBannerMachine,
  events: [
    sample('two notices load', { type: 'xstate.done.actor.load', output: [FIRM, IGNORABLE] }),
    sample('no notices load', { type: 'xstate.done.actor.load', output: [] }),
    sample('loading fails', {
      type: 'xstate.error.actor.load',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('acknowledge the firm notice', { type: 'notice.acknowledge.pressed', id: FIRM.id }),
    sample('ignore the ignorable notice', { type: 'notice.ignore.pressed', id: IGNORABLE.id }),
    sample('ignore the firm notice', { type: 'notice.ignore.pressed', id: FIRM.id }),
    sample('acknowledge a notice not shown', { type: 'notice.acknowledge.pressed', id: 99 }),
    sample('the answer is recorded', { type: 'xstate.done.actor.answer', output: {} }),
    sample('the answer fails', {
      type: 'xstate.error.actor.answer',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('retry', { type: 'notices.retry.pressed' }),
    sample('log out', { type: 'session.logged.out' }),
  ],
  project: ({ context }): Projection => ({
    count: context.notices.length,
    firm: context.notices.some((n) => n.id === FIRM.id),
    ignorable: context.notices.some((n) => n.id === IGNORABLE.id),
    error: context.error,
    answering: context.pendingId,
  }),
  limit: 200,
  expect: {
    // The banner loads the notices first: none shown yet, nothing failed or answered.
    start: {
      to: 'loading',
      with: { count: 0, firm: false, ignorable: false, error: null, answering: null },
    },
    on: {
      '*': { 'log out': { to: 'cleared', with: { count: 0 } } },
      loading: {
        'two notices load': { to: 'showing', with: { count: 2 } },
        'no notices load': 'empty',
        'loading fails': { to: 'failed', with: { error: ERROR_MESSAGES.timeout } },
      },
      showing: {
        'acknowledge the firm notice': (before: Projection) =>
          before.firm ? { to: 'acknowledging', with: { answering: FIRM.id } } : 'ignored',
        'ignore the ignorable notice': (before: Projection) =>
          before.ignorable ? { to: 'ignoring', with: { answering: IGNORABLE.id } } : 'ignored',
        // Only ignorable notices can be ignored.
        'ignore the firm notice': 'ignored',
        'acknowledge a notice not shown': 'ignored',
      },
      acknowledging: {
        'the answer is recorded': (before: Projection) =>
          before.count > 1
            ? { to: 'showing', with: { count: before.count - 1, firm: false, answering: null } }
            : { to: 'empty', with: { count: 0 } },
        'the answer fails': (before: Projection) => ({
          to: 'showing',
          with: { count: before.count, error: ERROR_MESSAGES.timeout, answering: null },
        }),
      },
      ignoring: {
        'the answer is recorded': (before: Projection) =>
          before.count > 1
            ? {
                to: 'showing',
                with: { count: before.count - 1, ignorable: false, answering: null },
              }
            : { to: 'empty', with: { count: 0 } },
        'the answer fails': (before: Projection) => ({
          to: 'showing',
          with: { count: before.count, error: ERROR_MESSAGES.timeout, answering: null },
        }),
      },
      failed: { retry: 'loading' },
    },
    // The notices load, and an answer is sent, while the banner waits for them.
    running: { loading: ['load'], acknowledging: ['answer'], ignoring: ['answer'] },
    // An answer names the notice pressed, and how it was answered (portal.md §7 Notices).
    inputs: {
      answer: (after: Projection, states: readonly string[]) => ({
        id: after.answering,
        how: states.includes('ignoring') ? 'ignore' : 'acknowledge',
      }),
    },
  },
  states: {
    loading: (snapshot) => expectThat(!selectBannerVisible(snapshot), 'nothing shows yet'),
    showing: (snapshot) => {
      expectThat(selectBannerVisible(snapshot), 'the banner shows');
      for (const view of selectNotices(snapshot)) {
        expectThat(view.canIgnore === view.notice.ignorable, 'Ignore only on ignorable notices');
      }
    },
    acknowledging: (snapshot) =>
      expectThat(
        selectNotices(snapshot).some((v) => v.busy),
        'the answered notice waits',
      ),
    ignoring: (snapshot) =>
      expectThat(
        selectNotices(snapshot).some((v) => v.busy),
        'the answered notice waits',
      ),
    empty: (snapshot) => expectThat(!selectBannerVisible(snapshot), 'no banner'),
    failed: (snapshot) => expectThat(selectBannerError(snapshot) !== null, 'the reason shows'),
    cleared: (snapshot) => expectThat(!selectBannerVisible(snapshot), 'the notices are gone'),
  },
});
