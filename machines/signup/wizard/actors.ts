/**
 * The wizard's actors (one per section, the lazily loaded second half, the pre-signup link's
 * machine) and
 * the setup that carries them with the wizard's types: guards.ts and actions.ts extend it.
 */
import { fromPromise, setup, type AnyActorLogic } from 'xstate';
import { formMachine } from '../../forms/form.machine.ts';
import type { accountMachine } from '../account.machine.ts';
import { activationMachine } from '../activation.machine.ts';
import { addressMachine } from '../address.machine.ts';
import { attributionMachine } from '../attribution.machine.ts';
import type { checkoutMachine } from '../checkout.machine.ts';
import { installationMachine } from '../installation.machine.ts';
import { lazyLogic } from '../lazy.ts';
import type { paymentMachine } from '../payment.machine.ts';
import { residentialDetailsMachine } from '../residential-details.machine.ts';
import { servicesMachine } from '../services.machine.ts';
import { signupLinkMachine } from '../signup-link.machine.ts';
import type { SignupContext, SignupEvent, SignupInput } from './types.ts';

/**
 * Stand-ins for the second half's machines, never in the page's first load: the app provides its
 * own lazy logics (with their HTTP calls, src/web/features/signup/signup-machine.ts), tests the
 * machines themselves or `ORDER_SECTION_ACTORS` (order-section-logic.ts). Unprovided, loading
 * them fails, as a failed load of their code would.
 */
const provided = <TLogic extends AnyActorLogic>(name: string) =>
  lazyLogic<TLogic>(name, () => Promise.reject(new Error(`${name} is provided by the app`)));
const ORDER_SECTION_STAND_INS = {
  account: provided<typeof accountMachine>('account'),
  payment: provided<typeof paymentMachine>('payment'),
  checkout: provided<typeof checkoutMachine>('checkout'),
};

/** The sections of the page's first half: in the first chunk, loaded with the wizard. */
export const FIRST_SECTION_MACHINES = {
  addressLookup: addressMachine,
  customerForm: formMachine,
  services: servicesMachine,
  residentialDetails: residentialDetailsMachine,
  installation: installationMachine,
  activation: activationMachine,
  attribution: attributionMachine,
};

/** The wizard's types and actors; guards.ts adds the guards, actions.ts the actions. */
export const wizardActors = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
  },
  actors: {
    ...FIRST_SECTION_MACHINES,
    // Typed as the machines themselves: the app provides its own (lazy) implementations.
    account: ORDER_SECTION_STAND_INS.account as typeof accountMachine,
    payment: ORDER_SECTION_STAND_INS.payment as typeof paymentMachine,
    checkout: ORDER_SECTION_STAND_INS.checkout as typeof checkoutMachine,
    /** Loads the second half's code (its own chunks in the browser). */
    loadOrderSections: fromPromise(async () => {
      await Promise.all(Object.values(ORDER_SECTION_STAND_INS).map((logic) => logic.load()));
    }),
    /** The pre-signup link, opened once (the app provides its GET). */
    signupLink: signupLinkMachine,
  },
});
