/**
 * The `connectivity` region of `ordering`: the provider's connectivity form, chosen by the form
 * the address's provider uses (residential details, installation or activation date).
 */
import type { ProviderName } from '#shared/constants';
import { signupSetup } from '../actions.ts';
import { serviceable } from '../context.ts';

export const connectivity = signupSetup.createStateConfig({
  description: "The provider's connectivity form.",
  initial: 'choosing the form',
  states: {
    'choosing the form': {
      description: 'Which form the provider of the address uses.',
      always: [
        {
          guard: 'the provider uses the utopia residential form',
          target: 'utopia residential',
        },
        {
          guard: 'the provider uses the strata residential form',
          target: 'strata residential',
        },
        { target: 'bonfire residential' },
      ],
    },
    'utopia residential': {
      description:
        'utopia, yellowstone_fiber, bountiful_fiber: ownership, tribal question, city utility account.',
      invoke: {
        id: 'connectivity',
        src: 'residentialDetails',
        input: ({ context }) => {
          const { details } = serviceable(context)!;
          return {
            rules: details.requirements,
            addressId: details.address_id,
            providerId: details.provider.name as ProviderName,
          };
        },
        onSnapshot: { actions: 'remember residential details' },
      },
    },
    'strata residential': {
      description: 'lehi_fiber: installation type, date and time, and the fiber attach point.',
      invoke: {
        id: 'connectivity',
        src: 'installation',
        input: ({ context }) => {
          const { details, offering } = serviceable(context)!;
          return {
            options: offering.installation_options,
            needsOntInstall: details.needs_ont_install,
            addressId: details.address_id,
            providerId: details.provider.name as ProviderName,
            drop: { latitude: details.drop_latitude, longitude: details.drop_longitude },
            earliest: context.earliest,
          };
        },
        onSnapshot: { actions: 'remember installation' },
      },
    },
    'bonfire residential': {
      description: 'southern_ute: the desired activation date.',
      invoke: {
        id: 'connectivity',
        src: 'activation',
        input: ({ context }) => ({
          earliest: context.earliest,
          earlySignup: serviceable(context)?.details.early_signup ?? false,
        }),
        onSnapshot: { actions: 'remember activation date' },
      },
    },
  },
});
