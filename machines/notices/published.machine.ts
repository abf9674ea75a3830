/**
 * The Admin tab's published notices (docs/people.md "The provider's side of notices"): the list
 * loads (every notice with its reach, period and counts); a notice that has not started may be
 * edited, one that has not ended withdrawn. Each change asks first, naming the notice and what
 * will happen, and nothing is sent before the admin confirms. Saved or withdrawn, the notice is
 * replaced in the list by the server's answer; a refusal shows its reason (and its field
 * messages on the edit form).
 *
 * The app provides the calls: `load` (GET /notices/published), `save` (PUT /notices/{id}) and
 * `withdraw` (POST /notices/{id}/withdraw).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { failureMessage } from '#shared/api-error';
import { NOTICE_ADMIN_MESSAGES as M } from '#shared/notices/messages';
import { canEditNotice, canWithdrawNotice } from '#shared/notices/rules';
import type { EditedNotice } from '#shared/notices/schemas';
import type { PublishedNotice } from '#shared/notices/types';
import {
  bodyOf,
  draftErrors,
  draftOf,
  EMPTY_DRAFT,
  type NoticeDraft,
  type NoticeDraftField,
} from './draft.ts';

export interface PublishedNoticesContext {
  notices: readonly PublishedNotice[];
  /** The notice being edited or withdrawn. */
  selectedId: number | null;
  /** The edit form's values. */
  draft: NoticeDraft;
  /** The edit form's messages, by field (shown once Save was pressed, or from the server). */
  errors: Record<string, string>;
  /** Why the last call failed. */
  error: string | null;
  /** What the last change did ("Notice saved", "Notice withdrawn"). */
  done: string | null;
}

export type PublishedNoticesEvent =
  | { type: 'notices.retry.pressed' }
  /** A notice was published on the page: the list is read again. */
  | { type: 'notices.changed' }
  | { type: 'notice.edit.pressed'; id: number }
  | { type: 'notice.withdraw.pressed'; id: number }
  | { type: 'draft.changed'; field: NoticeDraftField; value: string | boolean }
  | { type: 'edit.submitted' }
  | { type: 'edit.cancelled' }
  | { type: 'save.confirmed' }
  | { type: 'withdraw.confirmed' }
  | { type: 'confirmation.cancelled' }
  | { type: 'xstate.done.actor.load'; output: readonly PublishedNotice[] }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.save'; output: PublishedNotice }
  | { type: 'xstate.error.actor.save'; error: unknown }
  | { type: 'xstate.done.actor.withdraw'; output: PublishedNotice }
  | { type: 'xstate.error.actor.withdraw'; error: unknown };

function messageOf(error: unknown): string {
  return failureMessage(error) ?? String(error);
}

/** A 422's messages by field (the web client's failure names them `fieldErrors`). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const failure = error as { errors?: unknown; fieldErrors?: unknown } | null;
  const errors = failure?.fieldErrors ?? failure?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

const listed = (context: PublishedNoticesContext, id: number) =>
  context.notices.find((notice) => notice.id === id);

function replaced(context: PublishedNoticesContext, notice: PublishedNotice) {
  return context.notices.map((n) => (n.id === notice.id ? notice : n));
}

export const publishedNoticesMachine = setup({
  types: {
    context: {} as PublishedNoticesContext,
    events: {} as PublishedNoticesEvent,
  },
  actors: {
    load: fromPromise<readonly PublishedNotice[]>(async () => {
      throw new Error('load is provided by the app');
    }),
    save: fromPromise<PublishedNotice, { id: number; notice: EditedNotice }>(async () => {
      throw new Error('save is provided by the app');
    }),
    withdraw: fromPromise<PublishedNotice, { id: number }>(async () => {
      throw new Error('withdraw is provided by the app');
    }),
  },
  guards: {
    'the notice may be edited': ({ context, event }) => {
      assertEvent(event, 'notice.edit.pressed');
      const notice = listed(context, event.id);
      return notice !== undefined && canEditNotice(notice);
    },
    'the notice may be withdrawn': ({ context, event }) => {
      assertEvent(event, 'notice.withdraw.pressed');
      const notice = listed(context, event.id);
      return notice !== undefined && canWithdrawNotice(notice);
    },
    'the draft is a whole notice': ({ context }) =>
      Object.keys(draftErrors(context.draft)).length === 0,
  },
  actions: {
    'take the list': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      return { notices: event.output, error: null };
    }),
    'keep the error': assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.load', 'xstate.error.actor.withdraw']);
      return { error: messageOf(event.error), selectedId: null };
    }),
    'forget the outcome': assign({ error: null, done: null }),
    'open the notice': assign(({ context, event }) => {
      assertEvent(event, 'notice.edit.pressed');
      const notice = listed(context, event.id);
      return {
        selectedId: event.id,
        draft: notice ? draftOf(notice) : EMPTY_DRAFT,
        errors: {},
        error: null,
        done: null,
      };
    }),
    'select the notice': assign(({ event }) => {
      assertEvent(event, 'notice.withdraw.pressed');
      return { selectedId: event.id, error: null, done: null };
    }),
    'change the draft': assign(({ context, event }) => {
      assertEvent(event, 'draft.changed');
      const draft = { ...context.draft, [event.field]: event.value } as NoticeDraft;
      const { [event.field]: _answered, ...errors } = context.errors;
      return { draft, errors };
    }),
    'show the draft’s errors': assign(({ context }) => ({
      errors: draftErrors(context.draft),
    })),
    'forget the notice': assign({ selectedId: null, errors: {}, draft: EMPTY_DRAFT }),
    'keep the refusal': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.save');
      return { error: messageOf(event.error), errors: fieldErrorsOf(event.error) };
    }),
    'take the saved notice': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.save');
      return {
        notices: replaced(context, event.output),
        selectedId: null,
        draft: EMPTY_DRAFT,
        errors: {},
        error: null,
        done: M.saved,
      };
    }),
    'take the withdrawn notice': assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.withdraw');
      return {
        notices: replaced(context, event.output),
        selectedId: null,
        error: null,
        done: M.withdrawn,
      };
    }),
  },
}).createMachine({
  id: 'publishedNotices',
  description:
    'The published notices: loaded, then one change at a time, each confirmed before it is sent.',
  context: {
    notices: [],
    selectedId: null,
    draft: EMPTY_DRAFT,
    errors: {},
    error: null,
    done: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The published notices are asked for.',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'listing', actions: 'take the list' },
        onError: { target: 'failed', actions: 'keep the error' },
      },
    },
    failed: {
      description: 'The list could not be loaded; the reason shows, with Try again.',
      on: { 'notices.retry.pressed': { target: 'loading', actions: 'forget the outcome' } },
    },
    listing: {
      description:
        'Every notice with its reach, period and counts; Edit on notices not started, ' +
        'Withdraw on notices not ended.',
      on: {
        'notices.changed': { target: 'loading', actions: 'forget the outcome' },
        'notice.edit.pressed': {
          guard: 'the notice may be edited',
          target: 'editing',
          actions: 'open the notice',
        },
        'notice.withdraw.pressed': {
          guard: 'the notice may be withdrawn',
          target: 'confirmingWithdraw',
          actions: 'select the notice',
        },
      },
    },
    editing: {
      description: 'The notice in its form; Save checks it as the server would, then asks.',
      on: {
        'draft.changed': { actions: 'change the draft' },
        'edit.submitted': [
          { guard: 'the draft is a whole notice', target: 'confirmingSave' },
          { actions: 'show the draft’s errors' },
        ],
        'edit.cancelled': {
          target: 'listing',
          actions: ['forget the notice', 'forget the outcome'],
        },
      },
    },
    confirmingSave: {
      description: 'Asks whether to replace the notice, naming it; nothing is sent yet.',
      on: {
        'save.confirmed': { target: 'saving', actions: 'forget the outcome' },
        'confirmation.cancelled': 'editing',
      },
    },
    saving: {
      description: 'The notice is sent again whole.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: context.selectedId ?? 0, notice: bodyOf(context.draft) }),
        onDone: { target: 'listing', actions: 'take the saved notice' },
        onError: { target: 'editing', actions: 'keep the refusal' },
      },
    },
    confirmingWithdraw: {
      description:
        'Asks whether to withdraw the notice, naming it and saying it ends now; nothing is sent yet.',
      on: {
        'withdraw.confirmed': 'withdrawing',
        'confirmation.cancelled': { target: 'listing', actions: 'forget the notice' },
      },
    },
    withdrawing: {
      description: 'The withdrawal is sent.',
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({ id: context.selectedId ?? 0 }),
        onDone: { target: 'listing', actions: 'take the withdrawn notice' },
        onError: { target: 'listing', actions: 'keep the error' },
      },
    },
  },
});

export type PublishedNoticesActor = ActorRefFrom<typeof publishedNoticesMachine>;
