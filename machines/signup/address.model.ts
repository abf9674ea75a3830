/** The address search's registration: path samples, projection and state checks. */
import { TIMERS } from '#shared/constants';
import {
  defineMachine,
  expectThat,
  sample,
  type EventSample,
  type SampleEvent,
} from '../registry/types.ts';
import { formMachine } from '../forms/form.machine.ts';
import { addressMachine } from './address.machine.ts';
import {
  selectAddressOutcome,
  selectAddressView,
  type AddressSnapshot,
} from './address.selectors.ts';
import {
  SAMPLE_ADDRESS_DETAILS,
  SAMPLE_DETAILS,
  SAMPLE_MATCHES,
  SAMPLE_OFFERINGS,
  SAMPLE_SUGGESTIONS,
} from './samples.ts';

const failure = new Error('Timed out when trying to contact server');

/** While the visitor types and moves through the dropdown. */
type AddressSample = EventSample<SampleEvent<typeof addressMachine>>;

const TYPING: readonly AddressSample[] = [
  sample('type part of an address', { type: 'address.typed', value: '245 E Cen' }),
  sample('clear the box', { type: 'address.typed', value: '' }),
  sample('focus the box', { type: 'address.focused' }),
  sample('leave the box', { type: 'address.blurred' }),
  sample('press Down', { type: 'suggestions.next.pressed' }),
  sample('press Up', { type: 'suggestions.previous.pressed' }),
  sample('press Enter', { type: 'suggestion.picked' }),
  sample('press Escape', { type: 'suggestions.dismissed' }),
  sample('click a suggestion', { type: 'suggestion.chosen', addrId: 1 }),
  sample('typing pauses 750 ms', {
    type: 'xstate.after.addressSuggestionDebounce.signupAddress.suggestions.waiting for a pause',
  }),
  sample('the dropdown hides', {
    type: 'xstate.after.dropdownHide.signupAddress.dropdown.closing',
  }),
  sample('suggestions arrive', {
    type: 'xstate.done.actor.suggestions',
    output: SAMPLE_SUGGESTIONS,
  }),
  sample('suggestions fail', { type: 'xstate.error.actor.suggestions', error: failure }),
];

/** Once an address is chosen: the checks, the modals and their answers. */
const CHECKING: readonly AddressSample[] = [
  sample('type again', { type: 'address.typed', value: '245 E Cen' }),
  sample('details arrive', { type: 'xstate.done.actor.details', output: SAMPLE_ADDRESS_DETAILS }),
  sample('details fail', { type: 'xstate.error.actor.details', error: failure }),
  sample('no serviceable address', { type: 'xstate.done.actor.search', output: [] }),
  sample('one serviceable address', {
    type: 'xstate.done.actor.search',
    output: [...SAMPLE_MATCHES.one],
  }),
  sample('several serviceable addresses', {
    type: 'xstate.done.actor.search',
    output: [...SAMPLE_MATCHES.several],
  }),
  sample('search fails', { type: 'xstate.error.actor.search', error: failure }),
  sample('choose Apt 102', { type: 'match.chosen', addressId: 102, serviceClassId: 3 }),
  sample('close the selection', { type: 'match.dismissed' }),
  sample('close the unavailable modal', { type: 'contact.closed' }),
  sample('reopen the contact list', { type: 'contact.opened' }),
  sample('orderable here', {
    type: 'xstate.done.actor.serviceability',
    output: SAMPLE_DETAILS.utopia,
  }),
  sample('a business address', {
    type: 'xstate.done.actor.serviceability',
    output: SAMPLE_DETAILS.business,
  }),
  sample('serviceability fails', { type: 'xstate.error.actor.serviceability', error: failure }),
  sample('offering arrives', {
    type: 'xstate.done.actor.offering',
    output: SAMPLE_OFFERINGS.utopia,
  }),
  sample('offering fails', { type: 'xstate.error.actor.offering', error: failure }),
  sample('press Try again', { type: 'address.retry.pressed' }),
];

const PREFILLED = sample('a pre-signup link’s address', {
  type: 'address.prefilled',
  addressId: SAMPLE_DETAILS.utopia.address_id,
  serviceClassId: SAMPLE_DETAILS.utopia.service_class_id,
  formatted: SAMPLE_DETAILS.utopia.formatted_address,
});

function typingPhase(snapshot: AddressSnapshot): boolean {
  return (
    snapshot.matches({ check: 'no address' }) ||
    !snapshot.matches({ suggestions: 'idle' }) ||
    !snapshot.matches({ dropdown: 'closed' })
  );
}

const checking = (snapshot: AddressSnapshot) => selectAddressView(snapshot).status;

interface Projection {
  suggestions: boolean;
  pointing: boolean;
  chosen: boolean;
  matches: number;
  linked: boolean;
}

/** Typing text into the box (while typing, or again once an address is being checked). */
function typed(outcome: string) {
  return { 'type part of an address': outcome, 'type again': outcome };
}

export const addressModel = defineMachine({
  name: 'signup-address',
  title: 'Signup: serviceable address search',
  description:
    'The address box at the top of the signup. Suggestions are asked for once typing pauses for ' +
    'three quarters of a second, one request at a time, and an older answer never replaces a ' +
    'newer one; a failed request just shows no suggestions. The dropdown closes a moment after ' +
    'the box loses focus, so that a click on a suggestion still counts. Choosing a suggestion ' +
    'checks the address: no serviceable match opens the "address unavailable" modal with the ' +
    'contact list, one match goes on, several open a selection modal. An address that can be ' +
    'ordered (or signed up for early) loads its speeds and options; any other shows why not, ' +
    'with the sales contacts. Typing again starts over.',
  machine: addressMachine,
  events: (snapshot) => {
    if (!typingPhase(snapshot)) return CHECKING;
    // A pre-signup link's address is checked from the untouched box, without a search.
    if (snapshot.matches({ check: 'no address' }) && snapshot.context.search === '')
      return [...TYPING, PREFILLED];
    // Both timers running: the 150 ms hide always fires before the 750 ms pause.
    if (snapshot.matches({ dropdown: 'closing' }))
      return TYPING.filter((s) => !s.event.type.includes('addressSuggestionDebounce'));
    return TYPING;
  },
  project: ({ context }) => ({
    suggestions: context.suggestions.length > 0,
    pointing: context.activeIndex >= 0,
    chosen: context.chosen !== null,
    matches: context.matches.length,
    linked: context.linked !== null,
  }),
  limit: 3000,
  fakes: { actors: { availabilityContactForm: formMachine } },
  expect: {
    // An empty box: no suggestions asked for or shown, the dropdown hidden, no address chosen,
    // matched or brought by a pre-signup link.
    start: {
      to: ['suggestions.idle', 'dropdown.closed', 'check.no address'],
      with: { suggestions: false, pointing: false, chosen: false, matches: 0, linked: false },
    },
    on: {
      // Suggestions are asked for once typing pauses for 750 ms; a failed request shows none.
      suggestions: {
        ...typed('suggestions.waiting for a pause'),
        'clear the box': { to: 'suggestions.idle', with: { suggestions: false } },
        'click a suggestion': ({ suggestions }: Projection) =>
          suggestions ? { to: 'suggestions.idle', with: { chosen: true } } : 'ignored',
        'press Enter': ({ pointing }: Projection) =>
          pointing ? { to: 'suggestions.idle', with: { chosen: true } } : 'ignored',
      },
      'suggestions.waiting for a pause': { 'typing pauses 750 ms': 'suggestions.asking' },
      'suggestions.asking': {
        'suggestions arrive': { to: 'suggestions.idle', with: { suggestions: true } },
        'suggestions fail': { to: 'suggestions.idle', with: { suggestions: false } },
      },
      // The dropdown closes a moment after the box loses focus (100-200 ms).
      'dropdown.closed': {
        ...typed('dropdown.open'),
        'clear the box': 'dropdown.open',
        'focus the box': 'dropdown.open',
        'press Down': ({ suggestions }: Projection) => (suggestions ? 'dropdown.open' : 'ignored'),
      },
      'dropdown.open': {
        'type part of an address': 'ignored',
        'clear the box': 'ignored',
        'focus the box': 'ignored',
        'leave the box': 'dropdown.closing',
        'press Escape': { to: 'dropdown.closed', with: { pointing: false } },
        'press Down': ({ suggestions }: Projection) =>
          suggestions ? { to: 'dropdown.open', with: { pointing: true } } : 'ignored',
        'press Up': ({ suggestions }: Projection) => (suggestions ? 'dropdown.open' : 'ignored'),
        'press Enter': ({ pointing }: Projection) => (pointing ? 'dropdown.closed' : 'ignored'),
        'click a suggestion': ({ suggestions }: Projection) =>
          suggestions ? 'dropdown.closed' : 'ignored',
      },
      'dropdown.closing': {
        'type part of an address': 'dropdown.open',
        'clear the box': 'dropdown.open',
        'focus the box': 'dropdown.open',
        'the dropdown hides': { to: 'dropdown.closed', with: { pointing: false } },
        'click a suggestion': ({ suggestions }: Projection) =>
          suggestions ? 'dropdown.closed' : 'ignored',
      },
      // Choosing a suggestion checks the address; typing again starts over.
      check: {
        ...typed('check.no address'),
        'clear the box': 'check.no address',
        'click a suggestion': ({ suggestions }: Projection) =>
          suggestions ? 'check.getting details' : 'ignored',
        'press Enter': ({ pointing }: Projection) =>
          pointing ? 'check.getting details' : 'ignored',
        'a pre-signup link’s address': {
          to: 'check.checking serviceability',
          with: { linked: true },
        },
      },
      'check.getting details': {
        'details arrive': 'check.searching',
        'details fail': 'check.failed',
      },
      'check.searching': {
        'no serviceable address': 'check.no match.modal open',
        'one serviceable address': 'check.checking serviceability',
        'several serviceable addresses': 'check.choosing a match',
        'search fails': 'check.failed',
      },
      'check.no match.modal open': { 'close the unavailable modal': 'check.no match.modal closed' },
      'check.no match.modal closed': { 'reopen the contact list': 'check.no match.modal open' },
      'check.choosing a match': {
        'choose Apt 102': 'check.checking serviceability',
        'close the selection': 'check.no address',
      },
      // An address that can be ordered (or signed up for early) loads its offering.
      'check.checking serviceability': {
        'orderable here': 'check.loading offering',
        'a business address': 'check.unavailable',
        'serviceability fails': 'check.failed',
      },
      'check.loading offering': {
        'offering arrives': 'check.serviceable',
        'offering fails': 'check.failed',
      },
      // Try again checks the chosen address again, or the pre-signup link's.
      'check.failed': {
        'press Try again': (before: Projection) =>
          before.chosen
            ? 'check.getting details'
            : before.linked
              ? { to: 'check.checking serviceability', with: { linked: true } }
              : 'ignored',
      },
    },
    timers: {
      'suggestions.waiting for a pause': {
        addressSuggestionDebounce: TIMERS.addressSuggestionDebounceMs,
      },
      'dropdown.closing': { dropdownHide: TIMERS.dropdownHideMs },
    },
  },
  states: {
    'suggestions.idle': (snapshot) => {
      expectThat(!selectAddressView(snapshot).suggesting, 'no suggestion request is waiting');
    },
    'suggestions.waiting for a pause': (snapshot) => {
      expectThat(selectAddressView(snapshot).suggesting, 'a request waits for the pause');
      expectThat(snapshot.context.search.trim() !== '', 'only text is looked up');
    },
    'suggestions.asking': (snapshot) => {
      expectThat(snapshot.children.suggestions !== undefined, 'exactly one request is in flight');
    },
    'dropdown.closed': (snapshot) => {
      expectThat(!selectAddressView(snapshot).dropdownOpen, 'the dropdown is hidden');
    },
    'dropdown.open': (snapshot) => {
      const view = selectAddressView(snapshot);
      expectThat(view.dropdownOpen === view.suggestions.length > 0, 'the dropdown shows the list');
    },
    'dropdown.closing': (snapshot) => {
      const view = selectAddressView(snapshot);
      expectThat(view.dropdownOpen === view.suggestions.length > 0, 'it stays a moment after blur');
    },
    'check.no address': (snapshot) => {
      expectThat(checking(snapshot) === 'none', 'no address is being checked');
      expectThat(!selectAddressOutcome(snapshot).serviceable, 'nothing can be ordered yet');
    },
    'check.getting details': (snapshot) => {
      expectThat(checking(snapshot) === 'checking', 'the address is being checked');
      expectThat(snapshot.context.chosen !== null, 'a suggestion was chosen');
    },
    'check.searching': (snapshot) => {
      expectThat(checking(snapshot) === 'checking', 'the address is being checked');
      expectThat(snapshot.context.address !== null, 'its details are known');
    },
    'check.no match.modal open': (snapshot) => {
      const view = selectAddressView(snapshot);
      expectThat(view.contactModalOpen, 'the "address unavailable" modal is open');
      expectThat(snapshot.children.contact !== undefined, 'it holds the contact-list form');
    },
    'check.no match.modal closed': (snapshot) => {
      expectThat(!selectAddressView(snapshot).contactModalOpen, 'the modal is closed');
      expectThat(checking(snapshot) === 'no match', 'the page still says no service matches');
    },
    'check.choosing a match': (snapshot) => {
      expectThat(selectAddressView(snapshot).matches.length > 1, 'the modal lists the matches');
    },
    'check.checking serviceability': (snapshot) => {
      const { match, linked, search } = snapshot.context;
      expectThat(match !== null || linked !== null, 'one match (or a link’s address) is checked');
      expectThat(search !== '', 'the box shows the address being checked');
    },
    'check.loading offering': (snapshot) => {
      expectThat(snapshot.context.unavailable === null, 'the address can be ordered');
    },
    'check.serviceable': (snapshot) => {
      const outcome = selectAddressOutcome(snapshot);
      expectThat(outcome.serviceable, 'the rest of the form can appear');
      expectThat(selectAddressView(snapshot).unavailable === null, 'no availability message');
    },
    'check.unavailable': (snapshot) => {
      expectThat(selectAddressView(snapshot).unavailable === 'business', 'the business message');
      expectThat(!selectAddressOutcome(snapshot).serviceable, 'nothing can be ordered');
    },
    'check.failed': (snapshot) => {
      expectThat(selectAddressView(snapshot).error === failure.message, 'the error shows');
    },
  },
});
