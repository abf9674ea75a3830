/**
 * The `checkout` region of `ordering`: Agree and Finish, shown once the payment is valid too;
 * Place order hands the order to the checkout once the whole form is valid.
 */
import { signupSetup } from '../actions.ts';

export const checkout = signupSetup.createStateConfig({
  description: 'Agree and Finish: the terms, "I agree", the captcha and Place order.',
  initial: 'waiting for the payment',
  states: {
    'waiting for the payment': {
      description: 'Hidden until the payment is valid too.',
      always: { guard: 'the payment is complete too', target: 'shown' },
    },
    shown: {
      description:
        'Agree and Finish shows. Place order hands the order over once the whole form (services, customer, account, payment) is valid.',
      invoke: { id: 'checkout', src: 'checkout' },
      on: {
        'order.place.pressed': {
          guard: 'the whole form is valid',
          actions: 'hand the order to the checkout',
        },
      },
    },
  },
});
