/**
 * The wizard's actors (one per section, the lazily loaded second half, the pre-signup link) and
 * the setup that carries them with the wizard's types: guards.ts and actions.ts extend it.
 */
import { fromPromise, setup } from 'xstate';
import type { PreSignup } from '#shared/signup/order';
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
import type { SignupContext, SignupEvent, SignupInput } from './types.ts';

/**
 * The second half's machines, loaded when an address can be ordered (never in the page's first
 * load). The app provides its own (with their HTTP calls), made the same way.
 */
export const ORDER_SECTION_LOGIC = {
  account: lazyLogic<typeof accountMachine>(
    'account',
    async () => (await import('../account.machine.ts')).accountMachine,
  ),
  payment: lazyLogic<typeof paymentMachine>(
    'payment',
    async () => (await import('../payment.machine.ts')).paymentMachine,
  ),
  checkout: lazyLogic<typeof checkoutMachine>(
    'checkout',
    async () => (await import('../checkout.machine.ts')).checkoutMachine,
  ),
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
    account: ORDER_SECTION_LOGIC.account as typeof accountMachine,
    payment: ORDER_SECTION_LOGIC.payment as typeof paymentMachine,
    checkout: ORDER_SECTION_LOGIC.checkout as typeof checkoutMachine,
    /** Loads the second half's code (its own chunks in the browser). */
    loadOrderSections: fromPromise(async () => {
      await Promise.all(Object.values(ORDER_SECTION_LOGIC).map((logic) => logic.load()));
    }),
    /** GET /self_signup/pre_signup/{signupHash}: what a pre-signup link prefills. */
    getPreSignup: fromPromise<PreSignup, { signupHash: string }>(async () => {
      throw new Error('getPreSignup is provided by the app');
    }),
  },
});
