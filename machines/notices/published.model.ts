/**
 * The Admin tab's published notices (the issue "The portal as a customer finds it", 16: "An admin
 * can publish a notice but cannot list the notices published, see who acknowledged them, or
 * withdraw one. Add the list (title, reach: every customer or one, period, acknowledged and
 * ignored counts), edit before it starts, and withdraw (ends it now), each with its confirmation
 * (nothing sent before the user confirms; the confirmation names the notice and what will
 * happen)").
 */
import { ERROR_MESSAGES } from '#shared/messages';
import { NOTICE_MESSAGES } from '#shared/people/messages';
import { NOTICE_ADMIN_MESSAGES as M } from '#shared/notices/messages';
import type { PublishedNotice } from '#shared/notices/types';
import type { SnapshotFrom } from 'xstate';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { publishedNoticesMachine } from './published.machine.ts';
import {
  selectConfirmation,
  selectEdit,
  selectError,
  selectListed,
  selectLoadFailed,
  selectLoading,
  selectRows,
} from './published.selectors.ts';

const notice = (
  id: number,
  title: string,
  period: PublishedNotice['period'],
  cid: number | null,
): PublishedNotice => ({
  id,
  title,
  content: 'The network is **down** on Sunday.',
  content_html: '<p>The network is <strong>down</strong> on Sunday.</p>\n',
  ignorable: false,
  cid,
  period,
  starts_at: '2026-06-02T10:00:00.000Z',
  ends_at: '2026-06-02T14:00:00.000Z',
  created_by: 'admin',
  withdrawn_at: null,
  withdrawn_by: null,
  acknowledged: 2,
  ignored: 1,
});

/** Not started: it may be edited and withdrawn. */
const UPCOMING = notice(1, 'Planned maintenance', 'upcoming', null);
/** Shown now: it may be withdrawn, not edited. */
const CURRENT = notice(2, 'New mail servers', 'current', 100_001);
/** Over: nothing more to do with it. */
const ENDED = notice(3, 'Old outage', 'ended', null);
const NEW_TITLE = 'Maintenance moved';
const WITHDRAWN: PublishedNotice = {
  ...CURRENT,
  period: 'withdrawn',
  withdrawn_at: '2026-06-02T11:00:00.000Z',
  withdrawn_by: 'admin',
};

/** The listed title of the notice being edited or withdrawn. */
function titleOfSelected(s: SnapshotFrom<typeof publishedNoticesMachine>): string {
  return s.context.notices.find((n) => n.id === s.context.selectedId)?.title ?? '';
}

interface Projection {
  /** How many notices are listed. */
  listed: number;
  /** The upcoming notice is listed, not started. */
  upcoming: boolean;
  /** Its title in the list. */
  upcomingTitle: string | null;
  /** The current notice is listed, shown now. */
  current: boolean;
  /** The notice being edited or withdrawn. */
  selected: number | null;
  /** The edit form's title, and its message. */
  title: string;
  titleError: string | null;
  error: string | null;
  done: string | null;
}

export const publishedNoticesModel = defineMachine({
  name: 'notices-published',
  title: 'Published notices (Admin)',
  description:
    'The notices a site admin published, on the Admin tab: each with its title, whom it ' +
    'reaches (every customer or one), its period, and how many users acknowledged and ignored ' +
    'it. A notice that has not started can be edited; one that has not ended can be withdrawn ' +
    '(it ends now). Each change first asks, naming the notice and saying what will happen, and ' +
    'nothing is sent before the admin confirms. Save checks the notice as the server would and ' +
    'shows what is missing instead of asking. A refused change shows the server’s reason.',
  machine: publishedNoticesMachine,
  // The server answers a save with the notice as the form sent it (its title, say).
  events: (snapshot) => [
    sample('the list arrives', {
      type: 'xstate.done.actor.load',
      output: [UPCOMING, CURRENT, ENDED],
    }),
    sample('no notices yet', { type: 'xstate.done.actor.load', output: [] }),
    sample('the list fails', {
      type: 'xstate.error.actor.load',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('try again', { type: 'notices.retry.pressed' }),
    sample('a notice is published', { type: 'notices.changed' }),
    sample('edit the upcoming notice', { type: 'notice.edit.pressed', id: UPCOMING.id }),
    sample('edit the current notice', { type: 'notice.edit.pressed', id: CURRENT.id }),
    sample('withdraw the current notice', { type: 'notice.withdraw.pressed', id: CURRENT.id }),
    sample('withdraw the ended notice', { type: 'notice.withdraw.pressed', id: ENDED.id }),
    sample('change the title', { type: 'draft.changed', field: 'title', value: NEW_TITLE }),
    sample('clear the title', { type: 'draft.changed', field: 'title', value: '' }),
    sample('press Save', { type: 'edit.submitted' }),
    sample('cancel the edit', { type: 'edit.cancelled' }),
    sample('confirm the changes', { type: 'save.confirmed' }),
    sample('confirm the withdrawal', { type: 'withdraw.confirmed' }),
    sample('cancel the question', { type: 'confirmation.cancelled' }),
    sample('it is saved', {
      type: 'xstate.done.actor.save',
      output: { ...UPCOMING, title: snapshot.context.draft.title },
    }),
    sample('the save is refused: it started', {
      type: 'xstate.error.actor.save',
      error: { message: M.started },
    }),
    sample('it is withdrawn', { type: 'xstate.done.actor.withdraw', output: WITHDRAWN }),
    sample('the withdrawal is refused: it ended', {
      type: 'xstate.error.actor.withdraw',
      error: { message: M.alreadyEnded },
    }),
  ],
  project: ({ context }): Projection => ({
    listed: context.notices.length,
    upcoming: context.notices.some((n) => n.id === UPCOMING.id && n.period === 'upcoming'),
    upcomingTitle: context.notices.find((n) => n.id === UPCOMING.id)?.title ?? null,
    current: context.notices.some((n) => n.id === CURRENT.id && n.period === 'current'),
    selected: context.selectedId,
    title: context.draft.title,
    titleError: context.errors.title ?? null,
    error: context.error,
    done: context.done,
  }),
  limit: 500,
  expect: {
    // The list loads first: nothing chosen, nothing failed or done.
    start: {
      to: 'loading',
      with: { listed: 0, selected: null, title: '', error: null, done: null },
    },
    on: {
      loading: {
        'the list arrives': { to: 'listing', with: { listed: 3, error: null } },
        'no notices yet': { to: 'listing', with: { listed: 0 } },
        'the list fails': { to: 'failed', with: { error: ERROR_MESSAGES.timeout } },
      },
      failed: { 'try again': { to: 'loading', with: { error: null } } },
      listing: {
        // A notice published on the page shows in the list: it is read again.
        'a notice is published': { to: 'loading', with: { done: null } },
        // Edit before it starts: the form opens with the notice as it is.
        'edit the upcoming notice': (before: Projection) =>
          before.upcoming
            ? { to: 'editing', with: { selected: UPCOMING.id, title: before.upcomingTitle } }
            : 'ignored',
        // A started notice is not edited.
        'edit the current notice': 'ignored',
        // Withdraw asks first: nothing is sent.
        'withdraw the current notice': (before: Projection) =>
          before.current ? { to: 'confirmingWithdraw', with: { selected: CURRENT.id } } : 'ignored',
        // An ended notice is not withdrawn.
        'withdraw the ended notice': 'ignored',
      },
      editing: {
        'change the title': { to: 'stays', with: { title: NEW_TITLE, titleError: null } },
        'clear the title': { to: 'stays', with: { title: '' } },
        // Save asks first (nothing is sent); a notice without a title is not asked about.
        'press Save': (before: Projection) =>
          before.title.trim() === ''
            ? { to: 'stays', with: { titleError: NOTICE_MESSAGES.title } }
            : 'confirmingSave',
        'cancel the edit': { to: 'listing', with: { selected: null } },
      },
      confirmingSave: {
        'confirm the changes': 'saving',
        // Back to the form, as it was written.
        'cancel the question': (before: Projection) => ({
          to: 'editing',
          with: { title: before.title, selected: before.selected },
        }),
      },
      saving: {
        // The list shows the notice as saved.
        'it is saved': (before: Projection) => ({
          to: 'listing',
          with: { upcomingTitle: before.title, selected: null, done: M.saved, error: null },
        }),
        'the save is refused: it started': { to: 'editing', with: { error: M.started } },
      },
      confirmingWithdraw: {
        'confirm the withdrawal': 'withdrawing',
        'cancel the question': { to: 'listing', with: { selected: null } },
      },
      withdrawing: {
        'it is withdrawn': {
          to: 'listing',
          with: { current: false, selected: null, done: M.withdrawn },
        },
        'the withdrawal is refused: it ended': {
          to: 'listing',
          with: { error: M.alreadyEnded, selected: null },
        },
      },
    },
    running: { loading: ['load'], saving: ['save'], withdrawing: ['withdraw'] },
    // The edited notice is sent whole, as its form holds it; a withdrawal names its notice.
    inputs: {
      save: (after: Projection) => ({
        id: UPCOMING.id,
        notice: {
          title: after.title,
          content: UPCOMING.content,
          ignorable: UPCOMING.ignorable,
          cid: null,
          starts_at: UPCOMING.starts_at,
          ends_at: UPCOMING.ends_at,
        },
      }),
      withdraw: () => ({ id: CURRENT.id }),
    },
  },
  states: {
    loading: (s) => expectThat(selectLoading(s), 'the list is loading'),
    failed: (s) => {
      expectThat(selectLoadFailed(s), 'the list failed');
      expectThat(selectError(s) !== null, 'the reason shows');
    },
    listing: (s) => {
      expectThat(selectListed(s), 'the list shows');
      for (const row of selectRows(s)) {
        expectThat(
          row.canEdit === (row.notice.period === 'upcoming'),
          'Edit only on notices not started',
        );
        expectThat(
          row.canWithdraw === (row.notice.period === 'upcoming' || row.notice.period === 'current'),
          'Withdraw only on notices not ended',
        );
        expectThat(
          row.reach === (row.notice.cid === null ? M.everyCustomer : M.oneCustomer(row.notice.cid)),
          'the reach shows',
        );
      }
      expectThat(selectEdit(s) === null, 'no form is open');
      expectThat(selectConfirmation(s) === null, 'nothing is asked');
    },
    editing: (s) => {
      const edit = selectEdit(s);
      expectThat(edit !== null && !edit.busy, 'the form is open');
      expectThat(edit.heading === M.editTitle(titleOfSelected(s)), 'the form names the notice');
      expectThat(selectConfirmation(s) === null, 'nothing is asked yet');
    },
    confirmingSave: (s) => {
      const question = selectConfirmation(s);
      expectThat(question?.kind === 'save' && !question.sending, 'the changes are asked about');
      expectThat(question.message === M.confirmSave(titleOfSelected(s)), 'it names the notice');
    },
    saving: (s) => expectThat(selectConfirmation(s)?.sending === true, 'the changes are sent'),
    confirmingWithdraw: (s) => {
      const question = selectConfirmation(s);
      expectThat(
        question?.kind === 'withdraw' && !question.sending,
        'the withdrawal is asked about',
      );
      expectThat(
        question.message === M.confirmWithdraw(titleOfSelected(s)) &&
          titleOfSelected(s) === CURRENT.title,
        'it names the notice and says it ends now',
      );
      expectThat(
        selectRows(s).every((row) => !row.canEdit && !row.canWithdraw),
        'one at a time',
      );
    },
    withdrawing: (s) =>
      expectThat(selectConfirmation(s)?.sending === true, 'the withdrawal is sent'),
  },
});
