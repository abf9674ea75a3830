/**
 * The `reveal` region of `ordering`: how far the page has opened up (signup.md §4 "Progressive
 * reveal"). It only moves forward while the address stays.
 */
import { signupSetup } from '../actions.ts';

export const reveal = signupSetup.createStateConfig({
  description: 'How far the page has opened up. It only moves forward.',
  initial: 'customer details',
  states: {
    'customer details': {
      description: 'Customer details (name, email, phone, date of birth) show.',
      always: { guard: 'the customer details are valid', target: 'speed' },
    },
    speed: {
      description: 'The customer details were valid: the speed cards show.',
      always: { guard: 'a speed is chosen', target: 'router' },
    },
    router: {
      description: 'A speed was chosen: the XWi router section shows.',
      always: { guard: 'the router choice is complete', target: 'connectivity details' },
    },
    'connectivity details': {
      description:
        "The router choice was complete: the provider's connectivity section (and voice, where offered) shows.",
      always: { guard: 'every service is valid', target: 'services complete' },
    },
    'services complete': {
      description:
        'Every service was valid: the attribution question shows (the account, order summary, payment and agreement follow in their own regions).',
    },
  },
});
