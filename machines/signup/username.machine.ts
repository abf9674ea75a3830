/**
 * The username of the new account (signup.md §5 "Username", portal.md §5): the local rules with
 * their exact messages, then whether it is free, asked once typing pauses for 300 ms
 * (GET /self_signup/usernames with uid and name). A taken username shows "That username is
 * taken. Here are some suggestions" with the server's suggestions; choosing one fills the box and
 * is checked at once. Typing again cancels a check in flight, so a stale answer never shows.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { TIMERS } from '#shared/constants';
import { usernameError } from '#shared/schemas/username';
import type { UsernameCheckResponse } from '#shared/signup/order';

export interface UsernameInput {
  /** The account holder's first and last name: the server's suggestions come from it. */
  name?: string;
}

export interface UsernameContext {
  uid: string;
  name: string;
  /** The first broken rule's message, once checked. */
  problem: string | null;
  /** Free usernames the server suggests for a taken one. */
  suggestions: string[];
}

export type UsernameEvent =
  | { type: 'username.changed'; value: string }
  | { type: 'username.suggestion.chosen'; uid: string }
  | { type: 'username.retry.pressed' }
  | { type: 'username.name.changed'; name: string };

export const usernameMachine = setup({
  types: {
    context: {} as UsernameContext,
    events: {} as UsernameEvent,
    input: {} as UsernameInput,
  },
  actors: {
    /** GET /self_signup/usernames?uid=&name=; provided by the app. */
    checkUsername: fromPromise<UsernameCheckResponse, { uid: string; name: string }>(async () => {
      throw new Error('checkUsername is provided by the app');
    }),
  },
  delays: {
    usernameCheckDebounce: TIMERS.usernameCheckDebounceMs,
  },
  actions: {
    'remember the username': assign(({ event }) =>
      event.type === 'username.changed'
        ? { uid: event.value.trim(), problem: null, suggestions: [] }
        : {},
    ),
    'use the suggestion': assign(({ event }) =>
      event.type === 'username.suggestion.chosen'
        ? { uid: event.uid, problem: null, suggestions: [] }
        : {},
    ),
    'note the broken rule': assign({
      problem: ({ context }) => usernameError(context.uid) ?? null,
    }),
    'remember the suggestions': assign({
      suggestions: ({ event }) =>
        (event as { output?: UsernameCheckResponse }).output?.suggestions ?? [],
    }),
    'remember the name': assign(({ event }) =>
      event.type === 'username.name.changed' ? { name: event.name.trim() } : {},
    ),
  },
  guards: {
    'the box is empty': ({ event }) =>
      event.type === 'username.changed' && event.value.trim() === '',
    'the username breaks a rule': ({ context }) => usernameError(context.uid) !== undefined,
    'the username is taken': ({ event }) =>
      (event as { output?: UsernameCheckResponse }).output?.in_use === true,
    'the suggestion is listed': ({ context, event }) =>
      event.type === 'username.suggestion.chosen' && context.suggestions.includes(event.uid),
  },
}).createMachine({
  id: 'signupUsername',
  description:
    'The username: its rules show once typing pauses, then the server says whether it is free; a taken one comes with suggestions.',
  context: ({ input }) => ({
    uid: '',
    name: input.name?.trim() ?? '',
    problem: null,
    suggestions: [],
  }),
  initial: 'empty',
  on: {
    'username.changed': [
      { guard: 'the box is empty', target: '.empty', actions: 'remember the username' },
      // Targets below the root: the pause starts over with every keystroke.
      { target: '.typing', actions: 'remember the username' },
    ],
    'username.name.changed': { actions: 'remember the name' },
  },
  states: {
    empty: {
      description: 'No username typed: nothing to check, no message.',
    },
    typing: {
      description: 'Typing: the checks wait until typing pauses for 300 ms.',
      after: {
        usernameCheckDebounce: [
          {
            guard: 'the username breaks a rule',
            target: 'breaks a rule',
            actions: 'note the broken rule',
          },
          { target: 'checking' },
        ],
      },
    },
    'breaks a rule': {
      description: 'The username breaks a rule: the first broken rule’s message shows.',
    },
    checking: {
      description: 'Asking the server whether the username is free.',
      invoke: {
        id: 'checkUsername',
        src: 'checkUsername',
        input: ({ context }) => ({ uid: context.uid, name: context.name }),
        onDone: [
          {
            guard: 'the username is taken',
            target: 'taken',
            actions: 'remember the suggestions',
          },
          { target: 'available' },
        ],
        onError: { target: 'check failed' },
      },
    },
    available: {
      description: 'The username is free: it can be ordered with.',
    },
    taken: {
      description:
        'Someone has this username: "That username is taken. Here are some suggestions" with buttons that fill the box.',
      on: {
        'username.suggestion.chosen': {
          guard: 'the suggestion is listed',
          target: 'checking',
          actions: 'use the suggestion',
        },
      },
    },
    'check failed': {
      description: 'The check did not answer (network or server): a Check again button shows.',
      on: { 'username.retry.pressed': 'checking' },
    },
  },
});

export type UsernameActor = ActorRefFrom<typeof usernameMachine>;
