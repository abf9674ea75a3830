import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '../../src/shared/constants.ts';
import type {
  AddressSuggestion,
  ServiceabilityDetails,
  ServiceableAddressMatch,
} from '../../src/shared/signup/serviceability.ts';
import type { formMachine } from '../../machines/forms/form.machine.ts';
import { addressMachine } from '../../machines/signup/address.machine.ts';
import {
  selectAddressOutcome,
  selectAddressView,
} from '../../machines/signup/address.selectors.ts';
import {
  SAMPLE_ADDRESS_DETAILS,
  SAMPLE_DETAILS,
  SAMPLE_MATCHES,
  SAMPLE_OFFERINGS,
  SAMPLE_SUGGESTIONS,
} from '../../machines/signup/samples.ts';

interface Controls {
  searches: string[];
  aborted: string[];
  answers: Map<string, (list: AddressSuggestion[]) => void>;
  matches: ServiceableAddressMatch[];
  details: ServiceabilityDetails;
  suggestFails?: boolean;
}

function start(overrides: Partial<Controls> = {}) {
  const controls: Controls = {
    searches: [],
    aborted: [],
    answers: new Map(),
    matches: [...SAMPLE_MATCHES.one],
    details: SAMPLE_DETAILS.utopia,
    ...overrides,
  };
  const machine = addressMachine.provide({
    actors: {
      suggestAddresses: fromPromise<AddressSuggestion[], { search: string }>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            controls.searches.push(input.search);
            signal.addEventListener('abort', () => controls.aborted.push(input.search));
            if (controls.suggestFails) reject(new Error('down'));
            controls.answers.set(input.search, resolve);
          }),
      ),
      getAddressDetails: fromPromise(async () => SAMPLE_ADDRESS_DETAILS),
      searchServiceableAddresses: fromPromise(async () => controls.matches),
      getServiceability: fromPromise(async () => controls.details),
      getOffering: fromPromise(async () => SAMPLE_OFFERINGS.utopia),
    },
  });
  const actor = createActor(machine).start();
  const view = () => selectAddressView(actor.getSnapshot());
  return { actor, controls, view };
}

async function typeAndWait(actor: ReturnType<typeof start>['actor'], value: string) {
  actor.send({ type: 'address.focused' });
  actor.send({ type: 'address.typed', value });
  await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
}

describe('address search: suggestions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks only once typing pauses for 750 ms, and each keystroke restarts the wait', async () => {
    const { actor, controls } = start();
    actor.send({ type: 'address.typed', value: '24' });
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs - 1);
    actor.send({ type: 'address.typed', value: '245' });
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs - 1);
    expect(controls.searches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(controls.searches).toEqual(['245']);
  });

  it('keeps one request in flight: typing cancels it and its late answer is never shown', async () => {
    const { actor, controls, view } = start();
    await typeAndWait(actor, '245 E');
    actor.send({ type: 'address.typed', value: '245 E Center' });
    expect(controls.aborted).toEqual(['245 E']);
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
    controls.answers.get('245 E Center')!(SAMPLE_SUGGESTIONS);
    await vi.advanceTimersByTimeAsync(0);
    // The stale answer for "245 E" arrives last and changes nothing.
    controls.answers.get('245 E')!([{ addr_id: 999, formatted: 'stale' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(view().suggestions).toEqual(SAMPLE_SUGGESTIONS);
    expect(view().dropdownOpen).toBe(true);
  });

  it('shows an empty list when the request fails, and clears it when the box is emptied', async () => {
    const failing = start({ suggestFails: true });
    await typeAndWait(failing.actor, '245 E');
    expect(failing.view().suggestions).toEqual([]);
    expect(failing.view().dropdownOpen).toBe(false);

    const { actor, controls, view } = start();
    await typeAndWait(actor, '245 E');
    controls.answers.get('245 E')!(SAMPLE_SUGGESTIONS);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'address.typed', value: '  ' });
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
    expect(view().suggestions).toEqual([]);
    expect(controls.searches).toEqual(['245 E']);
  });

  it('hides the dropdown between 100 and 200 ms after blur, so a click still lands', async () => {
    const { actor, controls, view } = start();
    await typeAndWait(actor, '245 E');
    controls.answers.get('245 E')!(SAMPLE_SUGGESTIONS);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'address.blurred' });
    await vi.advanceTimersByTimeAsync(TIMERS.dropdownHideMinMs - 1);
    expect(view().dropdownOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(TIMERS.dropdownHideMaxMs - TIMERS.dropdownHideMinMs + 1);
    expect(view().dropdownOpen).toBe(false);

    // A click right after the blur chooses the suggestion.
    actor.send({ type: 'address.focused' });
    actor.send({ type: 'address.blurred' });
    await vi.advanceTimersByTimeAsync(TIMERS.dropdownHideMinMs - 1);
    actor.send({ type: 'suggestion.chosen', addrId: SAMPLE_SUGGESTIONS[1].addr_id });
    expect(view().search).toBe(SAMPLE_SUGGESTIONS[1].formatted);
    expect(view().dropdownOpen).toBe(false);
    expect(view().status).toBe('checking');
  });

  it('moves through the list with the arrow keys, wraps, picks with Enter and closes with Escape', async () => {
    const { actor, controls, view } = start();
    await typeAndWait(actor, '245 E');
    controls.answers.get('245 E')!(SAMPLE_SUGGESTIONS);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'suggestions.previous.pressed' });
    expect(view().activeIndex).toBe(SAMPLE_SUGGESTIONS.length - 1);
    actor.send({ type: 'suggestions.next.pressed' });
    expect(view().activeIndex).toBe(0);
    actor.send({ type: 'suggestions.dismissed' });
    expect(view()).toMatchObject({ dropdownOpen: false, activeIndex: -1 });
    actor.send({ type: 'suggestion.picked' });
    expect(view().status).toBe('none');
    actor.send({ type: 'suggestions.next.pressed' });
    actor.send({ type: 'suggestions.next.pressed' });
    actor.send({ type: 'suggestion.picked' });
    expect(view().search).toBe(SAMPLE_SUGGESTIONS[0].formatted);
    expect(view().status).toBe('checking');
  });
});

describe('address search: the checks', () => {
  async function choose(overrides: Partial<Controls>) {
    const started = start(overrides);
    started.actor.send({ type: 'address.typed', value: '245 E' });
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
    started.controls.answers.get('245 E')!(SAMPLE_SUGGESTIONS);
    await vi.advanceTimersByTimeAsync(0);
    started.actor.send({ type: 'suggestion.chosen', addrId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    return started;
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('one match that can be ordered: the address and its offering are known', async () => {
    const { actor, view } = await choose({});
    expect(view().status).toBe('serviceable');
    const outcome = selectAddressOutcome(actor.getSnapshot());
    expect(outcome).toMatchObject({ serviceable: true, key: '3:1' });
  });

  it('zero matches open the unavailable modal with the contact list, prefilled with the address', async () => {
    const { actor, view } = await choose({ matches: [] });
    expect(view()).toMatchObject({ status: 'no match', contactModalOpen: true });
    const contact = actor.getSnapshot().children.contact as ActorRefFrom<typeof formMachine>;
    expect(contact.getSnapshot().context.values.address).toBe(SAMPLE_ADDRESS_DETAILS.formatted);
    actor.send({ type: 'contact.closed' });
    expect(view()).toMatchObject({ status: 'no match', contactModalOpen: false });
    actor.send({ type: 'contact.opened' });
    expect(view().contactModalOpen).toBe(true);
  });

  it('several matches open the selection, the matching one first; a choice goes on', async () => {
    const several = [
      ...SAMPLE_MATCHES.several.slice(0, 2),
      { ...SAMPLE_MATCHES.several[2], matches_search_address: true },
    ];
    const { actor, view } = await choose({ matches: several });
    expect(view().status).toBe('choosing a match');
    expect(view().matches[0].address_id).toBe(several[2].address_id);
    actor.send({ type: 'match.chosen', addressId: 102, serviceClassId: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.match?.address_id).toBe(102);
    expect(view().status).toBe('serviceable');
  });

  it.each([
    ['disabled', { disabled: true }],
    ['business', { is_business: true }],
    ['in_service', { in_service: true }],
    ['unavailable', { orderable: false, early_signup: false, available: false }],
  ] as const)('a %s address shows its message and cannot be ordered', async (kind, flags) => {
    const { actor, view } = await choose({ details: { ...SAMPLE_DETAILS.utopia, ...flags } });
    expect(view()).toMatchObject({ status: 'unavailable', unavailable: kind });
    expect(selectAddressOutcome(actor.getSnapshot()).serviceable).toBe(false);
  });

  it('an early-signup address gives no message and can be ordered', async () => {
    const { view } = await choose({
      details: { ...SAMPLE_DETAILS.utopia, orderable: false, early_signup: true },
    });
    expect(view()).toMatchObject({ status: 'serviceable', unavailable: null });
  });

  it('typing again forgets the checked address', async () => {
    const { actor, view } = await choose({});
    actor.send({ type: 'address.typed', value: '245 E Center St, Or' });
    expect(view()).toMatchObject({ status: 'none', formatted: null });
    expect(selectAddressOutcome(actor.getSnapshot()).serviceable).toBe(false);
  });

  it('a failed check shows its error and Try again starts over', async () => {
    let fail = true;
    const machine = addressMachine.provide({
      actors: {
        suggestAddresses: fromPromise(async () => SAMPLE_SUGGESTIONS),
        getAddressDetails: fromPromise(async () => {
          if (fail) throw new Error('Timed out when trying to contact server');
          return SAMPLE_ADDRESS_DETAILS;
        }),
        searchServiceableAddresses: fromPromise(async () => [...SAMPLE_MATCHES.one]),
        getServiceability: fromPromise(async () => SAMPLE_DETAILS.utopia),
        getOffering: fromPromise(async () => SAMPLE_OFFERINGS.utopia),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'address.typed', value: '245' });
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
    actor.send({ type: 'suggestion.chosen', addrId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectAddressView(actor.getSnapshot())).toMatchObject({
      status: 'failed',
      error: 'Timed out when trying to contact server',
    });
    fail = false;
    actor.send({ type: 'address.retry.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectAddressView(actor.getSnapshot()).status).toBe('serviceable');
  });
});
