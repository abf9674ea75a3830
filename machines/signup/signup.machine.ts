/**
 * The signup wizard (signup.md §2 "Signup page", §4 "Progressive reveal"): one long page whose
 * sections appear as the visitor completes the ones before. Each section is its own actor:
 *
 * | id             | machine                                 | section                                   |
 * | -------------- | --------------------------------------- | ----------------------------------------- |
 * | `address`      | address.machine.ts                      | the serviceable-address search            |
 * | `customer`     | forms/form.machine.ts                   | customer details                          |
 * | `services`     | services.machine.ts                     | speed, router and mesh, connectivity action |
 * | `connectivity` | residential-details / installation / activation | the provider's connectivity form |
 * | `attribution`  | attribution.machine.ts                  | how the visitor heard about us            |
 * | `signupLink`   | signup-link.machine.ts                  | a pre-signup link, opened while waiting   |
 *
 * The wizard follows every section through its snapshots (`onSnapshot`) and keeps a summary of
 * each (valid or not, and its part of the order). A new serviceable address starts the order
 * afresh: every section after the address restarts, so every output and validity resets.
 *
 * The reveal only moves forward while the address stays: address serviceable → customer details;
 * customer details valid → speed; speed chosen → router; router valid → connectivity details (and
 * voice where offered); all services valid → services complete (attribution; the account,
 * summary, payment and agreement of the second half hook in here, see `ordering`).
 *
 * This file composes the machine; its parts live in `wizard/` (README.md): the types
 * (`types.ts`), the context and the rules read from it (`context.ts`), the actors, guards and
 * actions (`actors.ts`, `guards.ts`, `actions.ts`, each extending the setup before it), the
 * first state (`waiting-for-an-address.ts`) and one file per region of `ordering`
 * (`regions/<region>.ts`).
 */
import type { ActorRefFrom } from 'xstate';
import { SIGNUP_CUSTOMER_FIELDS } from '#shared/schemas/person';
import type { FormInput } from '../forms/form.machine.ts';
import { signupSetup } from './wizard/actions.ts';
import { initialContext, serviceable } from './wizard/context.ts';
import { account } from './wizard/regions/account.ts';
import { checkout } from './wizard/regions/checkout.ts';
import { connectivity } from './wizard/regions/connectivity.ts';
import { orderSections } from './wizard/regions/order-sections.ts';
import { payment } from './wizard/regions/payment.ts';
import { reveal } from './wizard/regions/reveal.ts';
import { voice } from './wizard/regions/voice.ts';
import { waitingForAnAddress } from './wizard/waiting-for-an-address.ts';

export { orderSourcesOf, servicesValid } from './wizard/context.ts';
export {
  VOICE_COMPONENT,
  type AttributionSummary,
  type ConnectivitySummary,
  type CustomerSummary,
  type SignupContext,
  type SignupEvent,
  type SignupInput,
  type SignupLink,
  type SignupParams,
} from './wizard/types.ts';

export const signupMachine = signupSetup.createMachine({
  id: 'signup',
  description:
    'The one-page signup: each section appears once the ones before it are done; a new address starts the order again.',
  context: ({ input }) => initialContext(input),
  invoke: {
    id: 'address',
    src: 'addressLookup',
    onSnapshot: [
      {
        guard: 'a new address can be ordered',
        target: '.ordering',
        actions: ['remember the address', 'reset every section after the address'],
      },
      {
        guard: 'the address is no longer orderable',
        target: '.waiting for an address',
        actions: ['remember the address', 'reset every section after the address'],
      },
    ],
  },
  initial: 'waiting for an address',
  states: {
    'waiting for an address': waitingForAnAddress,
    ordering: {
      description:
        'The address can be ordered: the sections after it appear one by one. They all start afresh for each new address.',
      type: 'parallel',
      entry: 'apply the signup link once ordering starts',
      on: {
        'signup.link.loaded': { actions: 'fill in from the signup link' },
      },
      invoke: [
        {
          id: 'customer',
          src: 'customerForm',
          input: (): FormInput => ({ fields: SIGNUP_CUSTOMER_FIELDS }),
          onSnapshot: { actions: 'remember customer details' },
        },
        {
          id: 'services',
          src: 'services',
          input: ({ context }) => ({
            offering: serviceable(context)!.offering,
            available: serviceable(context)?.details.available ?? false,
          }),
          onSnapshot: { actions: 'remember services' },
        },
        {
          id: 'attribution',
          src: 'attribution',
          onSnapshot: { actions: 'remember attribution' },
        },
      ],
      states: {
        reveal,
        connectivity,
        voice,
        'order sections': orderSections,
        account,
        payment,
        checkout,
      },
    },
  },
});

export type SignupActor = ActorRefFrom<typeof signupMachine>;
