/**
 * The pre-signup link's registration (signup.md §2 "Routes": signupHash; §8 "This signup link
 * has expired or has already been used."): a route with a link opens it once and ends with what
 * it prefills or the server's reason (the wizard starts it only for a link not yet opened).
 */
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { defineMachine, expectThat, sample, type Declaration } from '../registry/types.ts';
import { SAMPLE_PRE_SIGNUP } from './order-samples.ts';
import { signupLinkMachine } from './signup-link.machine.ts';
import {
  selectLinkMessage,
  selectLinkOpening,
  type SignupLinkSnapshot,
} from './signup-link.selectors.ts';

const DESCRIPTION =
  'The pre-signup link of the signup route (signupHash), opened by the wizard while the ' +
  'address box waits, once; nothing of it shows meanwhile. It ends ' +
  'with what the link prefills (the wizard then checks its address as if the visitor had chosen ' +
  'it and fills in the customer details and services), or with the server’s reason when the link ' +
  'is unknown or used (the page says so above the address box).';

const EVENTS = [
  sample('the link opens', { type: 'xstate.done.actor.preSignup', output: SAMPLE_PRE_SIGNUP }),
  sample('the link is unknown or used', {
    type: 'xstate.error.actor.preSignup',
    error: { status: 404, message: ORDER_MESSAGES.preSignupNotFound },
  }),
];

function project(snapshot: SignupLinkSnapshot) {
  const { link } = snapshot.context;
  return {
    status: link.status,
    prefill: link.prefill?.signup_hash ?? null,
    message: link.message,
    /** The machine has ended (the wizard learns of the link from its end). */
    ended: snapshot.status === 'done',
  };
}

type Projection = ReturnType<typeof project>;

const NOTHING_YET = { status: 'none', prefill: null, message: null, ended: false };

const declaration: Declaration<Projection> = {
  start: { to: 'opening the signup link', with: NOTHING_YET },
  // The route's own link is asked for, nothing else.
  inputs: { getPreSignup: () => ({ signupHash: SAMPLE_PRE_SIGNUP.signup_hash }) },
  on: {
    'opening the signup link': {
      'the link opens': {
        to: 'opened',
        with: { status: 'loaded', prefill: SAMPLE_PRE_SIGNUP.signup_hash, ended: true },
      },
      'the link is unknown or used': {
        to: 'not opened',
        with: {
          status: 'failed',
          prefill: null,
          message: ORDER_MESSAGES.preSignupNotFound,
          ended: true,
        },
      },
    },
  },
};

const STATE_CHECKS: Record<string, (snapshot: SignupLinkSnapshot) => void> = {
  'opening the signup link': (snapshot) => {
    expectThat(selectLinkOpening(snapshot), 'the link is being opened');
    expectThat(selectLinkMessage(snapshot) === null, 'nothing is said while it opens');
  },
  opened: (snapshot) => {
    expectThat(!selectLinkOpening(snapshot), 'the link is no longer being opened');
    expectThat(selectLinkMessage(snapshot) === null, 'a link that opened says nothing');
    expectThat(
      snapshot.output?.prefill?.address.address_id === SAMPLE_PRE_SIGNUP.address.address_id,
      'it ends with what the link prefills, its address included',
    );
  },
  'not opened': (snapshot) => {
    expectThat(
      selectLinkMessage(snapshot) === ORDER_MESSAGES.preSignupNotFound,
      'the server’s reason is said',
    );
    expectThat(
      snapshot.output?.status === 'failed' && snapshot.output.prefill === null,
      'it ends with the reason and nothing to prefill',
    );
  },
};

export const signupLinkModel = defineMachine({
  name: 'signup-link',
  title: 'Signup: the pre-signup link',
  description: DESCRIPTION,
  machine: signupLinkMachine,
  input: { signupHash: SAMPLE_PRE_SIGNUP.signup_hash },
  events: EVENTS,
  project,
  limit: 50,
  states: STATE_CHECKS,
  expect: declaration,
});
