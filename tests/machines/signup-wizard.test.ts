import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '../../src/shared/constants.ts';
import type {
  ServiceabilityDetails,
  ServiceOffering,
} from '../../src/shared/signup/serviceability.ts';
import { addressMachine } from '../../machines/signup/address.machine.ts';
import {
  SAMPLE_ADDRESS_DETAILS,
  SAMPLE_DETAILS,
  SAMPLE_MATCHES,
  SAMPLE_OFFERINGS,
  SAMPLE_SUGGESTIONS,
  sampleDays,
} from '../../machines/signup/samples.ts';
import { offeringCart } from '../../src/shared/cart/offering.ts';
import { selectOrderSummary } from '../../machines/signup/order-summary.selectors.ts';
import { signupMachine } from '../../machines/signup/signup.machine.ts';
import { ORDER_SECTION_ACTORS } from '../../machines/signup/wizard/order-section-logic.ts';
import {
  selectActors,
  selectCartChoices,
  selectCustomerValid,
  selectInstallationFeeWaived,
  selectProgress,
  selectRevealed,
  selectRevealStage,
  selectServicesOrder,
  selectServicesValid,
} from '../../machines/signup/signup.selectors.ts';

type Place = keyof typeof SAMPLE_OFFERINGS;

function start(components: string[] = []) {
  let place: Place = 'utopia';
  const address = addressMachine.provide({
    actors: {
      suggestAddresses: fromPromise(async () => SAMPLE_SUGGESTIONS),
      getAddressDetails: fromPromise(async () => SAMPLE_ADDRESS_DETAILS),
      searchServiceableAddresses: fromPromise(async () => [...SAMPLE_MATCHES.one]),
      getServiceability: fromPromise(
        async (): Promise<ServiceabilityDetails> => SAMPLE_DETAILS[place],
      ),
      getOffering: fromPromise(async (): Promise<ServiceOffering> => SAMPLE_OFFERINGS[place]),
    },
  });
  const wizard = createActor(
    signupMachine.provide({ actors: { addressLookup: address, ...ORDER_SECTION_ACTORS } }),
    {
      input: {
        components,
        signupHash: null,
        displayInline: false,
        earliest: sampleDays().tomorrow,
      },
    },
  ).start();
  const snap = () => wizard.getSnapshot();
  const actors = () => selectActors(snap());
  async function chooseAddress(at: Place) {
    place = at;
    actors().address!.send({ type: 'address.typed', value: '245 E' });
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
    actors().address!.send({ type: 'suggestion.chosen', addrId: 1 });
    await vi.advanceTimersByTimeAsync(0);
  }
  function fillCustomer() {
    actors().customer!.send({
      type: 'form.filled',
      values: {
        fname: 'Dana',
        lname: 'Demo',
        email: 'dana@example.com',
        phone: '(801) 555-0123',
        dob: '1985-04-12',
      },
    });
  }
  return { wizard, snap, actors, chooseAddress, fillCustomer };
}

describe('signup wizard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the order summary is the shared cart of the chosen speed, the same object while nothing changes', async () => {
    const { snap, actors, chooseAddress, fillCustomer } = start();
    expect(selectOrderSummary(snap(), '2026-05-04')).toEqual({ cart: null, error: null });
    await chooseAddress('utopia');
    fillCustomer();
    actors().services!.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    const summary = selectOrderSummary(snap(), '2026-05-04');
    expect(summary.error).toBeNull();
    expect(summary.cart).toEqual(
      offeringCart(SAMPLE_OFFERINGS.utopia, selectCartChoices(snap())!, { today: '2026-05-04' }),
    );
    actors().residential?.send({ type: 'ownership.chosen', owner: true });
    expect(selectOrderSummary(snap(), '2026-05-04')).toBe(summary);
  });

  it('reveals each section once the ones before it are done, and never hides one again', async () => {
    const { snap, actors, chooseAddress, fillCustomer } = start();
    expect(selectRevealStage(snap())).toBe('address');
    await chooseAddress('utopia');
    expect(selectRevealed(snap())).toMatchObject({ customer: true, speed: false });
    fillCustomer();
    expect(selectRevealed(snap())).toMatchObject({ speed: true, router: false });
    actors().services!.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    expect(selectRevealed(snap())).toMatchObject({ router: true, connectivity: null });
    actors().services!.send({ type: 'router.chosen', wanted: false });
    expect(selectRevealed(snap())).toMatchObject({
      connectivity: 'utopia residential',
      voice: true,
      attribution: false,
    });
    actors().residential!.send({ type: 'ownership.chosen', owner: true });
    expect(selectRevealed(snap()).attribution).toBe(true);
    expect(selectServicesValid(snap())).toBe(true);
    expect(
      selectProgress(snap())
        .slice(0, 5)
        .every((step) => step.done),
    ).toBe(true);

    // A section that becomes incomplete again stays shown; validity follows it.
    actors().services!.send({ type: 'speed.chosen', speedId: 'speed_10000_sym' });
    expect(selectServicesValid(snap())).toBe(false);
    expect(selectRevealStage(snap())).toBe('services complete');

    actors().attribution!.send({ type: 'attribution.skipped' });
    expect(selectRevealed(snap()).attribution).toBe(false);
  });

  it('a new address resets every section after it', async () => {
    const { snap, actors, chooseAddress, fillCustomer } = start();
    await chooseAddress('utopia');
    fillCustomer();
    actors().services!.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    const services = actors().services;
    actors().address!.send({ type: 'address.typed', value: '153 N' });
    expect(selectRevealStage(snap())).toBe('address');
    expect(selectCustomerValid(snap())).toBe(false);
    expect(selectServicesOrder(snap())).toBeNull();
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
    actors().address!.send({ type: 'suggestion.chosen', addrId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectRevealStage(snap())).toBe('customer details');
    expect(actors().services).not.toBe(services);
    expect(actors().customer!.getSnapshot().context.values.fname).toBe('');
    expect(snap().context.services).toMatchObject({ speedValid: false, routerValid: false });
  });

  it.each([
    ['lehi', 'strata residential'],
    ['southernUte', 'bonfire residential'],
    ['bountiful', 'utopia residential'],
  ] as const)('uses the %s provider form', async (place, form) => {
    const { snap, actors, chooseAddress, fillCustomer } = start();
    await chooseAddress(place);
    fillCustomer();
    actors().services!.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    actors().services!.send({ type: 'router.chosen', wanted: false });
    expect(selectRevealed(snap()).connectivity).toBe(form);
  });

  it('pre-checks voice when the link asks for it; voice is sent as action new', async () => {
    const { snap, actors, chooseAddress } = start(['voice']);
    await chooseAddress('utopia');
    actors().services!.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    expect(selectServicesOrder(snap())?.voice).toEqual({
      service_class_id: 1,
      service_action_type: 'new',
      contact: true,
    });
  });

  it('shows installation fees as waived for southern_ute and for tribal members where offered', async () => {
    const ute = start();
    await ute.chooseAddress('southernUte');
    expect(selectInstallationFeeWaived(ute.snap())).toBe(true);

    const yellowstone = start();
    await yellowstone.chooseAddress('yellowstone');
    expect(selectInstallationFeeWaived(yellowstone.snap())).toBe(false);
    yellowstone.actors().residential!.send({ type: 'tribal.answered', member: true });
    expect(selectInstallationFeeWaived(yellowstone.snap())).toBe(true);
  });

  it('assembles the first half of the order', async () => {
    const { snap, actors, chooseAddress, fillCustomer, wizard } = start();
    await chooseAddress('lehi');
    fillCustomer();
    actors().services!.send({ type: 'speed.chosen', speedId: 'speed_2000_sym' });
    actors().services!.send({ type: 'router.chosen', wanted: true });
    actors().services!.send({ type: 'mesh.chosen', quantity: 1 });
    wizard.send({ type: 'voice.toggled', checked: true });
    actors().attribution!.send({ type: 'attribution.chosen', id: 'event' });
    expect(selectServicesOrder(snap())).toMatchObject({
      service_class_id: 17,
      service_action_type: 'new',
      address_id: SAMPLE_DETAILS.lehi.address_id,
      provider: 'lehi_fiber',
      connectivity: {
        service_action_type: 'new',
        speed_id: 'speed_2000_sym',
        external_soid: 'soid-speed_2000_sym',
        external_adid: SAMPLE_DETAILS.lehi.address_id,
        early_signup: false,
        drop_details: { needs_ont_install: true, accepted: false },
        install_details: { installation_type: null },
      },
      router: { service_action_type: 'new', mesh_type: 'mesh_lease', mesh_quantity: 1 },
      voice: { service_action_type: 'new', contact: true },
      attribution: 'Event',
    });
  });
});
