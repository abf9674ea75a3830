/**
 * The `payment` region of `ordering`: the order summary and the payment method, shown once the
 * services and the customer details are valid.
 */
import { signupSetup } from '../actions.ts';

export const payment = signupSetup.createStateConfig({
  description: 'The order summary and the payment method.',
  initial: 'waiting for services and customer',
  states: {
    'waiting for services and customer': {
      description: 'Hidden until the services and the customer details are valid.',
      always: { guard: 'the services and customer details are complete', target: 'shown' },
    },
    shown: {
      description: 'The order summary and payment show (and stay shown).',
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }) => ({
          accountName:
            `${String(context.customer.values.fname ?? '')} ${String(context.customer.values.lname ?? '')}`.trim(),
        }),
        onSnapshot: { actions: 'remember the payment' },
      },
    },
  },
});
