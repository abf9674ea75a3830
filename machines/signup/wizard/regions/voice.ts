/**
 * The `voice` region of `ordering`: where voice is offered, a checkbox to be contacted about it
 * (pre-checked when the route's `components` ask for voice).
 */
import { signupSetup } from '../actions.ts';

export const voice = signupSetup.createStateConfig({
  description: 'The voice option: a checkbox to be contacted about voice service.',
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Is voice offered at the address?',
      always: [
        {
          guard: 'voice is offered here',
          target: 'not requested',
          actions: 'pre-check voice when the link asks for it',
        },
        { target: 'not offered' },
      ],
    },
    'not offered': {
      description: 'Voice is not offered here: no voice section.',
    },
    'not requested': {
      description: 'The visitor has not asked to be contacted about voice (voice action none).',
      on: {
        'voice.toggled': {
          guard: 'the voice box is checked',
          target: 'requested',
          actions: 'remember voice contact',
        },
      },
    },
    requested: {
      description: 'The visitor asked to be contacted about voice (voice action new).',
      on: {
        'voice.toggled': {
          guard: 'the voice box is cleared',
          target: 'not requested',
          actions: 'remember voice contact',
        },
      },
    },
  },
});
