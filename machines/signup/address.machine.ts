/**
 * The serviceable-address search (signup.md §2 item 1, §4, §8): the address box with its
 * suggestion dropdown, then the checks that decide whether the address can be ordered.
 *
 * - Suggestions are asked for once typing pauses for 750 ms; one request at a time: typing again
 *   cancels the one in flight, so a stale answer never replaces a newer one. A failed request
 *   gives an empty list.
 * - The dropdown hides a moment (150 ms, within 100-200 ms) after the box loses focus, so that a
 *   click on a suggestion still lands.
 * - Choosing a suggestion gets its details, then searches the serviceable addresses: zero
 *   matches opens the "address unavailable" modal with the contact-list form, exactly one goes
 *   on, several open a selection modal. The serviceability details then decide: orderable or
 *   early signup goes on to the address's offering; otherwise the §8 message of its case shows.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { TIMERS } from '#shared/first-load-constants';
import type { AddressAvailabilityCase } from '#shared/messages';
import {
  AvailabilityContactRequestSchema,
  addressAvailabilityCase,
  type AddressDetailsResponse,
  type AddressSuggestion,
  type ServiceabilityDetails,
  type ServiceableAddressMatch,
  type ServiceOffering,
} from '#shared/signup/serviceability';
import { formMachine, type FormInput } from '../forms/form.machine.ts';
import { FAILURE_WITHOUT_WORDS, failureMessage } from '#shared/api-error';

/** The contact-list form of the "address unavailable" modal: its fields are the request's. */
export const AVAILABILITY_CONTACT_FIELDS = {
  name: AvailabilityContactRequestSchema.entries.name,
  phone: AvailabilityContactRequestSchema.entries.phone,
  email: AvailabilityContactRequestSchema.entries.email,
  address: AvailabilityContactRequestSchema.entries.address,
  recaptcha_token: AvailabilityContactRequestSchema.entries.recaptcha_token,
} as const;

export interface AddressContext {
  /** What the box shows. */
  search: string;
  suggestions: AddressSuggestion[];
  /** The suggestion the arrow keys point at, -1 for none. */
  activeIndex: number;
  chosen: AddressSuggestion | null;
  address: AddressDetailsResponse | null;
  matches: ServiceableAddressMatch[];
  match: ServiceableAddressMatch | null;
  /** The address of a pre-signup link, checked without a search. */
  linked: { address_id: number; service_class_id: number } | null;
  details: ServiceabilityDetails | null;
  offering: ServiceOffering | null;
  unavailable: AddressAvailabilityCase | null;
  /** Why a check failed (the request's message). */
  error: string | null;
}

/** What the checks of a chosen address found: nothing yet. */
const NO_CHECKS = {
  address: null,
  matches: [],
  match: null,
  linked: null,
  details: null,
  offering: null,
  unavailable: null,
  error: null,
} satisfies Partial<AddressContext>;

/** Nothing typed, nothing found. */
export const EMPTY_ADDRESS_CONTEXT: AddressContext = {
  search: '',
  suggestions: [],
  activeIndex: -1,
  chosen: null,
  ...NO_CHECKS,
};

export type AddressEvent =
  | { type: 'address.typed'; value: string }
  | { type: 'address.focused' }
  | { type: 'address.blurred' }
  | { type: 'suggestions.next.pressed' }
  | { type: 'suggestions.previous.pressed' }
  /** Enter: choose the suggestion the arrow keys point at. */
  | { type: 'suggestion.picked' }
  /** Escape. */
  | { type: 'suggestions.dismissed' }
  | { type: 'suggestion.chosen'; addrId: number }
  | { type: 'match.chosen'; addressId: number; serviceClassId: number }
  | { type: 'match.dismissed' }
  | { type: 'contact.closed' }
  | { type: 'contact.opened' }
  | { type: 'address.retry.pressed' }
  /** A pre-signup link's address: checked at once, as if the visitor had chosen it. */
  | { type: 'address.prefilled'; addressId: number; serviceClassId: number; formatted: string }
  /** The answers of the checks the machine follows, by the id of the actor that gave them. */
  | { type: 'xstate.done.actor.suggestions'; output: AddressSuggestion[] }
  | { type: 'xstate.done.actor.details'; output: AddressDetailsResponse }
  | { type: 'xstate.done.actor.search'; output: ServiceableAddressMatch[] }
  | { type: 'xstate.done.actor.serviceability'; output: ServiceabilityDetails }
  | { type: 'xstate.done.actor.offering'; output: ServiceOffering }
  | {
      type: `xstate.error.actor.${'details' | 'search' | 'serviceability' | 'offering'}`;
      error: unknown;
    };

function messageOf(error: unknown): string {
  return failureMessage(error) ?? FAILURE_WITHOUT_WORDS;
}

/** The serviceable addresses that match the chosen one (the `search` actor's answer). */
function matchesOf(event: AddressEvent): ServiceableAddressMatch[] {
  assertEvent(event, 'xstate.done.actor.search');
  return event.output;
}

/** The serviceability of the matched address (the `serviceability` actor's answer). */
function serviceabilityOf(event: AddressEvent): ServiceabilityDetails {
  assertEvent(event, 'xstate.done.actor.serviceability');
  return event.output;
}

export const addressMachine = setup({
  types: {
    context: {} as AddressContext,
    events: {} as AddressEvent,
  },
  actors: {
    /** POST /self_signup/address/suggestions. */
    suggestAddresses: fromPromise<AddressSuggestion[], { search: string }>(async () => []),
    /** POST /self_signup/address/details. */
    getAddressDetails: fromPromise<AddressDetailsResponse, { addr_id: number }>(async () => {
      throw new Error('getAddressDetails is provided by the app');
    }),
    /** GET /connectivity_clots/addresses (pre-validated: the address came from a suggestion). */
    searchServiceableAddresses: fromPromise<
      ServiceableAddressMatch[],
      AddressDetailsResponse['address']
    >(async () => []),
    /** GET /connectivity_clots/details. */
    getServiceability: fromPromise<
      ServiceabilityDetails,
      { service_class_id: number; address_id: number }
    >(async () => {
      throw new Error('getServiceability is provided by the app');
    }),
    /** GET /connectivity_clots/offering. */
    getOffering: fromPromise<ServiceOffering, { service_class_id: number; address_id: number }>(
      async () => {
        throw new Error('getOffering is provided by the app');
      },
    ),
    /** The contact-list form; the app provides its `submit` (POST /connectivity_clots/availability). */
    availabilityContactForm: formMachine,
  },
  delays: {
    addressSuggestionDebounce: TIMERS.addressSuggestionDebounceMs,
    dropdownHide: TIMERS.dropdownHideMs,
  },
  actions: {
    'remember typed text': assign({
      search: ({ event }) => (event.type === 'address.typed' ? event.value : ''),
    }),
    'forget suggestions': assign({ suggestions: [], activeIndex: -1 }),
    'stop pointing': assign({ activeIndex: -1 }),
    'remember suggestions': assign({
      suggestions: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.suggestions');
        return event.output;
      },
      activeIndex: -1,
    }),
    'point at next suggestion': assign({
      activeIndex: ({ context }) => (context.activeIndex + 1) % context.suggestions.length,
    }),
    'point at previous suggestion': assign({
      activeIndex: ({ context }) =>
        context.activeIndex <= 0 ? context.suggestions.length - 1 : context.activeIndex - 1,
    }),
    'choose suggestion': assign(({ context, event }) => {
      const chosen =
        event.type === 'suggestion.chosen'
          ? context.suggestions.find((s) => s.addr_id === event.addrId)
          : context.suggestions[context.activeIndex];
      return chosen ? { chosen, search: chosen.formatted, activeIndex: -1 } : {};
    }),
    'forget the address': assign({ chosen: null, ...NO_CHECKS }),
    'forget the checks': assign(NO_CHECKS),
    'forget the checks but the link': assign(({ context }) => ({
      ...NO_CHECKS,
      linked: context.linked,
    })),
    'use the linked address': assign(({ event }) =>
      event.type === 'address.prefilled'
        ? {
            ...EMPTY_ADDRESS_CONTEXT,
            search: event.formatted,
            linked: { address_id: event.addressId, service_class_id: event.serviceClassId },
          }
        : {},
    ),
    'remember address details': assign({
      address: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.details');
        return event.output;
      },
    }),
    'remember the only match': assign({
      match: ({ event }) => matchesOf(event)[0] ?? null,
    }),
    'remember matches': assign({
      matches: ({ event }) => matchesOf(event),
    }),
    'remember chosen match': assign({
      match: ({ context, event }) =>
        event.type === 'match.chosen'
          ? (context.matches.find(
              (m) =>
                m.address_id === event.addressId && m.service_class_id === event.serviceClassId,
            ) ?? null)
          : null,
    }),
    'remember serviceability': assign(({ event }) => {
      const details = serviceabilityOf(event);
      return { details, unavailable: addressAvailabilityCase(details) };
    }),
    'remember offering': assign({
      offering: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.offering');
        return event.output;
      },
    }),
    'remember error': assign({
      error: ({ event }) => {
        assertEvent(event, [
          'xstate.error.actor.details',
          'xstate.error.actor.search',
          'xstate.error.actor.serviceability',
          'xstate.error.actor.offering',
        ]);
        return messageOf(event.error);
      },
    }),
  },
  guards: {
    'the box is empty': ({ event }) => event.type === 'address.typed' && event.value.trim() === '',
    'suggestions are listed': ({ context }) => context.suggestions.length > 0,
    'a suggestion is pointed at': ({ context }) =>
      context.activeIndex >= 0 && context.activeIndex < context.suggestions.length,
    'the suggestion is listed': ({ context, event }) =>
      event.type === 'suggestion.chosen' &&
      context.suggestions.some((s) => s.addr_id === event.addrId),
    'no serviceable address matches': ({ event }) => matchesOf(event).length === 0,
    'exactly one serviceable address matches': ({ event }) => matchesOf(event).length === 1,
    'the match is listed': ({ context, event }) =>
      event.type === 'match.chosen' &&
      context.matches.some(
        (m) => m.address_id === event.addressId && m.service_class_id === event.serviceClassId,
      ),
    'the address can be ordered': ({ event }) =>
      addressAvailabilityCase(serviceabilityOf(event)) === null,
    'an address was chosen': ({ context }) => context.chosen !== null,
    'a linked address': ({ context }) => context.linked !== null,
  },
}).createMachine({
  id: 'signupAddress',
  description:
    'The address box: suggestions while typing, then the checks that decide whether fiber can be ordered at the chosen address.',
  context: EMPTY_ADDRESS_CONTEXT,
  type: 'parallel',
  states: {
    suggestions: {
      description: 'The list of suggested addresses for what is typed.',
      initial: 'idle',
      on: {
        'address.typed': [
          {
            guard: 'the box is empty',
            target: '.idle',
            actions: ['remember typed text', 'forget suggestions'],
          },
          { target: '.waiting for a pause', actions: 'remember typed text' },
        ],
      },
      states: {
        idle: {
          description: 'Nothing to ask: the list shows the last answer.',
          on: {
            'suggestion.chosen': {
              guard: 'the suggestion is listed',
              actions: 'choose suggestion',
            },
            'suggestion.picked': {
              guard: 'a suggestion is pointed at',
              actions: 'choose suggestion',
            },
          },
        },
        'waiting for a pause': {
          description: 'Typing goes on: the request waits until typing pauses for 750 ms.',
          after: { addressSuggestionDebounce: 'asking' },
          on: {
            'address.typed': [
              {
                guard: 'the box is empty',
                target: 'idle',
                actions: ['remember typed text', 'forget suggestions'],
              },
              { target: 'waiting for a pause', reenter: true, actions: 'remember typed text' },
            ],
            'suggestion.chosen': {
              guard: 'the suggestion is listed',
              target: 'idle',
              actions: 'choose suggestion',
            },
            'suggestion.picked': {
              guard: 'a suggestion is pointed at',
              target: 'idle',
              actions: 'choose suggestion',
            },
          },
        },
        asking: {
          description:
            'One request for suggestions is in flight; typing again cancels it, so its answer is never shown.',
          invoke: {
            id: 'suggestions',
            src: 'suggestAddresses',
            input: ({ context }) => ({ search: context.search.trim() }),
            onDone: { target: 'idle', actions: 'remember suggestions' },
            onError: { target: 'idle', actions: 'forget suggestions' },
          },
          on: {
            'suggestion.chosen': {
              guard: 'the suggestion is listed',
              target: 'idle',
              actions: 'choose suggestion',
            },
            'suggestion.picked': {
              guard: 'a suggestion is pointed at',
              target: 'idle',
              actions: 'choose suggestion',
            },
          },
        },
      },
    },
    dropdown: {
      description: 'Whether the suggestion dropdown is open.',
      initial: 'closed',
      states: {
        closed: {
          description: 'The dropdown is hidden.',
          on: {
            'address.focused': 'open',
            'address.typed': 'open',
            'suggestions.next.pressed': { guard: 'suggestions are listed', target: 'open' },
          },
        },
        open: {
          description:
            'The dropdown shows the suggestions (when there are any); arrow keys move through them.',
          on: {
            'address.blurred': 'closing',
            'suggestions.dismissed': { target: 'closed', actions: 'stop pointing' },
            'suggestions.next.pressed': {
              guard: 'suggestions are listed',
              actions: 'point at next suggestion',
            },
            'suggestions.previous.pressed': {
              guard: 'suggestions are listed',
              actions: 'point at previous suggestion',
            },
            'suggestion.picked': { guard: 'a suggestion is pointed at', target: 'closed' },
            'suggestion.chosen': { guard: 'the suggestion is listed', target: 'closed' },
          },
        },
        closing: {
          description:
            'The box lost focus: the dropdown stays a moment so that a click on a suggestion still lands.',
          after: { dropdownHide: { target: 'closed', actions: 'stop pointing' } },
          on: {
            'address.focused': 'open',
            'address.typed': 'open',
            'suggestion.chosen': { guard: 'the suggestion is listed', target: 'closed' },
          },
        },
      },
    },
    check: {
      description: 'What the chosen address allows.',
      initial: 'no address',
      on: {
        'address.typed': { target: '.no address', actions: 'forget the address' },
        'suggestion.chosen': {
          guard: 'the suggestion is listed',
          target: '.getting details',
          actions: 'forget the checks',
        },
        'suggestion.picked': {
          guard: 'a suggestion is pointed at',
          target: '.getting details',
          actions: 'forget the checks',
        },
        'address.prefilled': {
          target: '.checking serviceability',
          actions: 'use the linked address',
        },
      },
      states: {
        'no address': {
          description: 'No address is chosen yet.',
        },
        'getting details': {
          description: 'Getting the street, city, state and zip of the chosen suggestion.',
          invoke: {
            id: 'details',
            src: 'getAddressDetails',
            input: ({ context }) => ({ addr_id: context.chosen?.addr_id ?? 0 }),
            onDone: { target: 'searching', actions: 'remember address details' },
            onError: { target: 'failed', actions: 'remember error' },
          },
        },
        searching: {
          description: 'Looking for serviceable addresses that match it.',
          invoke: {
            id: 'search',
            src: 'searchServiceableAddresses',
            input: ({ context }) =>
              context.address?.address ?? {
                line1: '',
                line2: '',
                city: '',
                state: '',
                zip_code: '',
              },
            onDone: [
              { guard: 'no serviceable address matches', target: 'no match' },
              {
                guard: 'exactly one serviceable address matches',
                target: 'checking serviceability',
                actions: 'remember the only match',
              },
              { target: 'choosing a match', actions: 'remember matches' },
            ],
            onError: { target: 'failed', actions: 'remember error' },
          },
        },
        'no match': {
          description:
            'No serviceable address matches: the "address unavailable" modal offers the contact list.',
          invoke: {
            id: 'contact',
            src: 'availabilityContactForm',
            input: ({ context }): FormInput => ({
              fields: AVAILABILITY_CONTACT_FIELDS,
              initialValues: { address: context.address?.formatted ?? context.search },
            }),
          },
          initial: 'modal open',
          states: {
            'modal open': {
              description: 'The modal with the contact-list form (name, phone, email, address).',
              on: { 'contact.closed': 'modal closed' },
            },
            'modal closed': {
              description:
                'The modal was closed: the page says the address is unavailable and can reopen it.',
              on: { 'contact.opened': 'modal open' },
            },
          },
        },
        'choosing a match': {
          description:
            'Several serviceable addresses match (a building): a modal lets the visitor choose.',
          on: {
            'match.chosen': {
              guard: 'the match is listed',
              target: 'checking serviceability',
              actions: 'remember chosen match',
            },
            'match.dismissed': { target: 'no address', actions: 'forget the address' },
          },
        },
        'checking serviceability': {
          description: 'Getting the serviceability details of the matching address.',
          invoke: {
            id: 'serviceability',
            src: 'getServiceability',
            input: ({ context }) => {
              const address = context.match ?? context.linked;
              return {
                service_class_id: address?.service_class_id ?? 0,
                address_id: address?.address_id ?? 0,
              };
            },
            onDone: [
              {
                guard: 'the address can be ordered',
                target: 'loading offering',
                actions: 'remember serviceability',
              },
              { target: 'unavailable', actions: 'remember serviceability' },
            ],
            onError: { target: 'failed', actions: 'remember error' },
          },
        },
        'loading offering': {
          description: 'The address can be ordered: getting its speeds, router, mesh and options.',
          invoke: {
            id: 'offering',
            src: 'getOffering',
            input: ({ context }) => ({
              service_class_id: context.details?.service_class_id ?? 0,
              address_id: context.details?.address_id ?? 0,
            }),
            onDone: { target: 'serviceable', actions: 'remember offering' },
            onError: { target: 'failed', actions: 'remember error' },
          },
        },
        serviceable: {
          description:
            'Fiber can be ordered here (orderable or early signup): the rest of the form appears.',
        },
        unavailable: {
          description:
            'The address cannot be ordered: the message of its case (disabled, business, in service, not available) with the sales contacts.',
        },
        failed: {
          description:
            'A check failed (network or server): the error shows with a Try again button.',
          on: {
            'address.retry.pressed': [
              {
                guard: 'an address was chosen',
                target: 'getting details',
                actions: 'forget the checks',
              },
              // A pre-signup link's address is checked again from its serviceability.
              {
                guard: 'a linked address',
                target: 'checking serviceability',
                actions: 'forget the checks but the link',
              },
            ],
          },
        },
      },
    },
  },
});

export type AddressActor = ActorRefFrom<typeof addressMachine>;
