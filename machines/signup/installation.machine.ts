/**
 * The "strata residential" section (lehi_fiber; signup.md §2 item 5, §4 "Lehi-style
 * installation", §5 "Installation"): where an optical network terminal must be installed, the
 * visitor chooses the installation type, then a date (once a type is chosen and its times are
 * loaded; tomorrow at the earliest), then a time slot of that date. A map of the fiber attach
 * point and notes go with it. The rules are the shared ones (`installChoiceErrors`).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { FAILURE_WITHOUT_WORDS, failureMessage } from '#shared/api-error';
import type { ProviderName } from '#shared/constants';
import type {
  InstallationOption,
  InstallationSlotsResponse,
  InstallationTime,
  InstallType,
} from '#shared/signup/serviceability';

export interface InstallationInput {
  options: readonly InstallationOption[];
  needsOntInstall: boolean;
  addressId: number;
  providerId: ProviderName;
  drop: { latitude: number; longitude: number };
  /** The earliest day the picker offers, `YYYY-MM-DD`: tomorrow in the service area. */
  earliest: string;
}

export interface InstallationContext extends InstallationInput {
  installType: InstallType | null;
  /** The first day with times, from the last answer. */
  startDate: string | null;
  times: InstallationTime[];
  date: string | null;
  slot: InstallationTime | null;
  notes: string;
  /** The visitor confirmed the attach point on the map. */
  dropAccepted: boolean;
  error: string | null;
}

export type InstallationEvent =
  | { type: 'install.type.chosen'; installType: InstallType }
  | { type: 'install.date.chosen'; date: string }
  | { type: 'install.time.chosen'; resourceId: string }
  | { type: 'install.times.retry.pressed' }
  | { type: 'install.notes.typed'; text: string }
  | { type: 'drop.confirmed'; accepted: boolean }
  /** The answer of the `slots` actor: the times of the chosen installation type. */
  | { type: 'xstate.done.actor.slots'; output: InstallationSlotsResponse }
  | { type: 'xstate.error.actor.slots'; error: unknown };

export interface InstallationSlotsRequest {
  install_type: InstallType;
  provider_id: ProviderName;
  address_id: number;
}

export const installationMachine = setup({
  types: {
    context: {} as InstallationContext,
    events: {} as InstallationEvent,
    input: {} as InstallationInput,
  },
  actors: {
    /** GET /connectivity_clots/installation. */
    getInstallationSlots: fromPromise<InstallationSlotsResponse, InstallationSlotsRequest>(
      async () => ({ startDate: '', availableTimes: [] }),
    ),
  },
  actions: {
    'remember type': assign({
      installType: ({ event }) => (event.type === 'install.type.chosen' ? event.installType : null),
      times: [],
      startDate: null,
      date: null,
      slot: null,
      error: null,
    }),
    'remember times': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.slots');
      return { times: event.output.availableTimes, startDate: event.output.startDate };
    }),
    'remember error': assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.slots');
        return failureMessage(event.error) ?? FAILURE_WITHOUT_WORDS;
      },
    }),
    'remember date': assign({
      date: ({ event }) => (event.type === 'install.date.chosen' ? event.date : null),
      slot: null,
    }),
    'remember slot': assign({
      slot: ({ context, event }) =>
        event.type === 'install.time.chosen'
          ? (context.times.find(
              (time) => time.resourceId === event.resourceId && time.date === context.date,
            ) ?? null)
          : null,
    }),
    'remember notes': assign({
      notes: ({ event }) => (event.type === 'install.notes.typed' ? event.text : ''),
    }),
    'remember drop confirmation': assign({
      dropAccepted: ({ event }) => (event.type === 'drop.confirmed' ? event.accepted : false),
    }),
  },
  guards: {
    'an offered type is chosen': ({ context, event }) =>
      context.needsOntInstall &&
      event.type === 'install.type.chosen' &&
      context.options.some((option) => option.installation_type === event.installType),
    'the date has free times': ({ context, event }) =>
      event.type === 'install.date.chosen' &&
      event.date >= context.earliest &&
      context.times.some((time) => time.date === event.date),
    'a time of that date is chosen': ({ context, event }) =>
      event.type === 'install.time.chosen' &&
      context.times.some(
        (time) => time.resourceId === event.resourceId && time.date === context.date,
      ),
  },
}).createMachine({
  id: 'signupInstallation',
  description:
    'Installation type, date and time slot where an ONT must be installed, with the map of the fiber attach point.',
  context: ({ input }) => ({
    ...input,
    installType: null,
    startDate: null,
    times: [],
    date: null,
    slot: null,
    notes: '',
    dropAccepted: false,
    error: null,
  }),
  on: {
    'install.notes.typed': { actions: 'remember notes' },
    'drop.confirmed': { actions: 'remember drop confirmation' },
  },
  initial: 'scheduling',
  states: {
    scheduling: {
      description:
        'Type, then date, then time. Shown and required only where an ONT must be installed.',
      on: {
        'install.type.chosen': {
          guard: 'an offered type is chosen',
          target: '.loading times',
          actions: 'remember type',
        },
      },
      initial: 'choosing type',
      states: {
        'choosing type': {
          description: 'Basic or advanced installation, each with its fee.',
        },
        'loading times': {
          description: 'Getting the free installation times for the type: the date waits.',
          invoke: {
            id: 'slots',
            src: 'getInstallationSlots',
            input: ({ context }) => ({
              install_type: context.installType ?? 'basic',
              provider_id: context.providerId,
              address_id: context.addressId,
            }),
            onDone: { target: 'choosing date', actions: 'remember times' },
            onError: { target: 'times failed', actions: 'remember error' },
          },
        },
        'times failed': {
          description: 'The times could not be loaded: the error shows with a Try again button.',
          on: { 'install.times.retry.pressed': 'loading times' },
        },
        'choosing date': {
          description: 'A date with free times, tomorrow at the earliest.',
          on: {
            'install.date.chosen': {
              guard: 'the date has free times',
              target: 'choosing time',
              actions: 'remember date',
            },
          },
        },
        'choosing time': {
          description: 'A time slot of the chosen date.',
          on: {
            'install.date.chosen': {
              guard: 'the date has free times',
              target: 'choosing time',
              actions: 'remember date',
            },
            'install.time.chosen': {
              guard: 'a time of that date is chosen',
              target: 'scheduled',
              actions: 'remember slot',
            },
          },
        },
        scheduled: {
          description:
            'Type, date and time are chosen: the slot is booked when the order is placed.',
          on: {
            'install.date.chosen': {
              guard: 'the date has free times',
              target: 'choosing time',
              actions: 'remember date',
            },
            'install.time.chosen': {
              guard: 'a time of that date is chosen',
              actions: 'remember slot',
            },
          },
        },
      },
    },
  },
});

export type InstallationActor = ActorRefFrom<typeof installationMachine>;
