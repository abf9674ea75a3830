/**
 * The second half's machines (account, payment, checkout) as lazily loaded logic, with the
 * wizard's `loadOrderSections` that loads them: what the wizard runs when no app provides its own
 * (tests; the app provides the same with its HTTP calls, src/web/features/signup/signup-machine.ts).
 * Never imported by the wizard itself, so that the page's first load carries none of it.
 */
import { fromPromise } from 'xstate';
import type { accountMachine } from '../account.machine.ts';
import type { checkoutMachine } from '../checkout.machine.ts';
import { lazyLogic } from '../lazy.ts';
import type { paymentMachine } from '../payment.machine.ts';

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

/** The wizard's actors of the second half, to provide: `signupMachine.provide({ actors: … })`. */
export const ORDER_SECTION_ACTORS = {
  account: ORDER_SECTION_LOGIC.account as typeof accountMachine,
  payment: ORDER_SECTION_LOGIC.payment as typeof paymentMachine,
  checkout: ORDER_SECTION_LOGIC.checkout as typeof checkoutMachine,
  loadOrderSections: fromPromise(async () => {
    await Promise.all(Object.values(ORDER_SECTION_LOGIC).map((logic) => logic.load()));
  }),
};
