/**
 * The pre-signup link (signup.md §2 "Routes": `signupHash`): while the wizard waits for an
 * address, it starts this machine for a link of the route not yet opened. The link is opened
 * (GET /self_signup/pre_signup/{signupHash}); the machine ends with what the link prefills, or
 * the server's reason it could not be opened. The wizard then remembers it and has the link's
 * address checked as if the visitor had chosen it (wizard/waiting-for-an-address.ts).
 *
 * A machine of its own so that the wizard's chart stays narrow (docs/signup-wizard.md).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { failureMessage } from '#shared/api-error';
import type { PreSignup } from '#shared/signup/order';

/** The pre-signup link of the route (signupHash): loaded once, applied once ordering starts. */
export interface SignupLink {
  status: 'none' | 'loaded' | 'failed';
  /** What the link prefills, until it is applied. */
  prefill: PreSignup | null;
  /** Why the link could not be opened (the server's message). */
  message: string | null;
}

export const NO_LINK: SignupLink = { status: 'none', prefill: null, message: null };

export interface SignupLinkInput {
  /** The route's link, not yet opened. */
  signupHash: string;
}

interface SignupLinkContext {
  signupHash: string;
  link: SignupLink;
}

type SignupLinkEvent =
  | { type: 'xstate.done.actor.preSignup'; output: PreSignup }
  | { type: 'xstate.error.actor.preSignup'; error: unknown };

export const signupLinkMachine = setup({
  types: {
    context: {} as SignupLinkContext,
    events: {} as SignupLinkEvent,
    input: {} as SignupLinkInput,
    output: {} as SignupLink,
  },
  actors: {
    /** GET /self_signup/pre_signup/{signupHash}: what a pre-signup link prefills. */
    getPreSignup: fromPromise<PreSignup, { signupHash: string }>(async () => {
      throw new Error('getPreSignup is provided by the app');
    }),
  },
  actions: {
    'remember the signup link': assign({
      link: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.preSignup');
        return { status: 'loaded' as const, prefill: event.output, message: null };
      },
    }),
    'remember the signup link failed': assign({
      link: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.preSignup');
        return { status: 'failed' as const, prefill: null, message: failureMessage(event.error) };
      },
    }),
  },
}).createMachine({
  id: 'signupLink',
  description:
    'The pre-signup link: opened once, it ends with what it prefills or why it could not be opened.',
  context: ({ input }) => ({ signupHash: input.signupHash, link: NO_LINK }),
  initial: 'opening the signup link',
  states: {
    'opening the signup link': {
      description: 'Getting what the link prefills (nothing shows of it meanwhile).',
      invoke: {
        id: 'preSignup',
        src: 'getPreSignup',
        input: ({ context }) => ({ signupHash: context.signupHash }),
        onDone: { target: 'opened', actions: 'remember the signup link' },
        onError: { target: 'not opened', actions: 'remember the signup link failed' },
      },
    },
    opened: {
      type: 'final',
      description: 'The link prefills the page: its address is checked as if chosen.',
    },
    'not opened': {
      type: 'final',
      description: 'The link is unknown or used: the address box says so above it.',
    },
  },
  output: ({ context }) => context.link,
});

export type SignupLinkActor = ActorRefFrom<typeof signupLinkMachine>;
