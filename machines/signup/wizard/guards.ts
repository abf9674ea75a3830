/** The wizard's guards: when the page opens up further, and which form and options show. */
import { assertEvent } from 'xstate';
import { selectAddressOutcome } from '../address.selectors.ts';
import { wizardActors } from './actors.ts';
import { routerChoiceComplete, serviceable, servicesValid, wholeFormValid } from './context.ts';

/** The wizard's setup with its guards; actions.ts adds the actions. */
export const wizardGuards = wizardActors.extend({
  guards: {
    'a new address can be ordered': ({ context, event }) => {
      assertEvent(event, 'xstate.snapshot.address');
      const outcome = selectAddressOutcome(event.snapshot);
      return outcome.serviceable && serviceable(context)?.key !== outcome.key;
    },
    'the address is no longer orderable': ({ context, event }) => {
      assertEvent(event, 'xstate.snapshot.address');
      return context.address.serviceable && !selectAddressOutcome(event.snapshot).serviceable;
    },
    'the customer details are valid': ({ context }) => context.customer.valid,
    'a speed is chosen': ({ context }) => context.services?.speedValid ?? false,
    'the router choice is complete': ({ context }) => routerChoiceComplete(context),
    'every service is valid': ({ context }) => servicesValid(context),
    'the provider uses the utopia residential form': ({ context }) =>
      serviceable(context)?.details.form === 'utopia residential',
    'the provider uses the strata residential form': ({ context }) =>
      serviceable(context)?.details.form === 'strata residential',
    'voice is offered here': ({ context }) =>
      serviceable(context)?.offering.voice.available ?? false,
    'the services are complete': ({ context }) => context.sectionsReady && servicesValid(context),
    'the services and customer details are complete': ({ context }) =>
      context.sectionsReady && servicesValid(context) && context.customer.valid,
    'the payment is complete too': ({ context }) =>
      context.sectionsReady &&
      servicesValid(context) &&
      context.customer.valid &&
      context.payment.valid,
    'the whole form is valid': ({ context }) => wholeFormValid(context),
    'the voice box is checked': ({ event }) => event.type === 'voice.toggled' && event.checked,
    'the voice box is cleared': ({ event }) => event.type === 'voice.toggled' && !event.checked,
  },
});
