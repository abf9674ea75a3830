import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '../../src/shared/constants.ts';
import { CONNECTIVITY_MESSAGES, FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { formMachine, type FormValues } from '../../machines/forms/form.machine.ts';
import { selectFieldError } from '../../machines/forms/form.selectors.ts';
import { activationMachine } from '../../machines/signup/activation.machine.ts';
import { selectActivationValid } from '../../machines/signup/activation.selectors.ts';
import { attributionMachine } from '../../machines/signup/attribution.machine.ts';
import {
  selectAttributionValue,
  selectAttributionView,
} from '../../machines/signup/attribution.selectors.ts';
import { installationMachine } from '../../machines/signup/installation.machine.ts';
import {
  selectDropDetails,
  selectInstallDetails,
  selectInstallationErrors,
  selectInstallationValid,
  selectInstallationView,
} from '../../machines/signup/installation.selectors.ts';
import { residentialDetailsMachine } from '../../machines/signup/residential-details.machine.ts';
import {
  selectCustomerDetails,
  selectResidentialErrors,
  selectResidentialValid,
} from '../../machines/signup/residential-details.selectors.ts';
import {
  SAMPLE_DETAILS,
  SAMPLE_OFFERINGS,
  sampleDays,
  sampleSlots,
} from '../../machines/signup/samples.ts';

const days = sampleDays();

describe('utopia residential: ownership, tribal question, city account', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(rules: Partial<typeof SAMPLE_DETAILS.utopia.requirements> = {}) {
    const sent: FormValues[] = [];
    const machine = residentialDetailsMachine.provide({
      actors: {
        ownerContactForm: formMachine.provide({
          actors: {
            submit: fromPromise(async ({ input }) => {
              sent.push(input.values);
              return { renter_id: 1 };
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, {
      input: {
        rules: { ...SAMPLE_DETAILS.utopia.requirements, ...rules },
        addressId: 1,
        providerId: 'utopia',
      },
    }).start();
    return { actor, sent, snap: () => actor.getSnapshot() };
  }

  it('asks an owner nothing more; the ownership answer is required where owner data is needed', () => {
    const { actor, snap } = start({ owner_data_required: true });
    expect(selectResidentialErrors(snap())).toEqual({
      is_owner: CONNECTIVITY_MESSAGES.ownershipRequired,
    });
    actor.send({ type: 'ownership.chosen', owner: true });
    expect(selectResidentialValid(snap())).toBe(true);
    expect(selectCustomerDetails(snap())).toMatchObject({ is_owner: true, owner_name: '' });
  });

  it("a renter gives the owner's contact, sent with the address and provider before the section is complete", async () => {
    const { actor, sent, snap } = start({ renters_allowed: true });
    actor.send({ type: 'ownership.chosen', owner: false });
    const form = snap().children.ownerContact!;
    form.send({ type: 'submit.pressed' });
    expect(selectFieldError(form.getSnapshot(), 'owner_name')).toBe(FIELD_MESSAGES.ownerName);
    expect(selectFieldError(form.getSnapshot(), 'owner_phone')).toBe(FIELD_MESSAGES.phone);
    form.send({
      type: 'form.filled',
      values: {
        owner_name: 'Olive Owner',
        owner_phone: '(801) 555-0188',
        owner_email: 'olive@example.com',
      },
    });
    expect(selectResidentialValid(snap())).toBe(false);
    form.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      {
        owner_name: 'Olive Owner',
        owner_phone: '(801) 555-0188',
        owner_email: 'olive@example.com',
        address_id: 1,
        provider_id: 'utopia',
      },
    ]);
    expect(selectResidentialValid(snap())).toBe(true);
    expect(selectCustomerDetails(snap())).toMatchObject({
      is_owner: false,
      owner_name: 'Olive Owner',
      owner_email: 'olive@example.com',
    });
    // Editing after sending asks for another send.
    form.send({ type: 'field.changed', field: 'owner_name', value: 'Olive Owens' });
    await vi.advanceTimersByTimeAsync(TIMERS.inputValidationDelayMs);
    expect(selectResidentialValid(snap())).toBe(false);
    // Becoming the owner drops the owner's contact.
    actor.send({ type: 'ownership.chosen', owner: true });
    expect(selectCustomerDetails(snap()).owner_name).toBe('');
  });

  it('where renters may not order, a renter cannot complete the section', () => {
    const { actor, snap } = start({ renters_allowed: false });
    actor.send({ type: 'ownership.chosen', owner: false });
    expect(snap().matches({ ownership: 'renter refused' })).toBe(true);
    expect(selectResidentialErrors(snap()).is_owner).toBe(CONNECTIVITY_MESSAGES.ownersOnly);
    expect(selectResidentialValid(snap())).toBe(false);
  });

  it('asks the tribal question only where the provider demands it', () => {
    const asked = start({ tribal_question_required: true, owner_data_required: false });
    expect(selectResidentialErrors(asked.snap()).is_tribal).toBe(
      CONNECTIVITY_MESSAGES.tribalRequired,
    );
    asked.actor.send({ type: 'tribal.answered', member: true });
    expect(selectCustomerDetails(asked.snap()).is_tribal).toBe(true);
    expect(selectResidentialValid(asked.snap())).toBe(true);

    const notAsked = start({ tribal_question_required: false, owner_data_required: false });
    notAsked.actor.send({ type: 'tribal.answered', member: true });
    expect(selectCustomerDetails(notAsked.snap()).is_tribal).toBeNull();
    expect(selectResidentialValid(notAsked.snap())).toBe(true);
  });

  it("checks Bountiful's city customer id and account id with the portal's messages", async () => {
    const { snap } = start({ city_account_required: true, owner_data_required: false });
    const city = snap().children.cityAccount!;
    city.send({ type: 'field.changed', field: 'city_customer_id', value: '2345' });
    city.send({ type: 'field.changed', field: 'city_account_id', value: '12a' });
    await vi.advanceTimersByTimeAsync(TIMERS.inputValidationDelayMs);
    expect(selectFieldError(city.getSnapshot(), 'city_customer_id')).toBe(
      FIELD_MESSAGES.cityCustomerId,
    );
    expect(selectFieldError(city.getSnapshot(), 'city_account_id')).toBe(
      FIELD_MESSAGES.cityAccountId,
    );
    expect(selectResidentialValid(snap())).toBe(false);
    city.send({
      type: 'form.filled',
      values: { city_customer_id: '1234567', city_account_id: '9876' },
    });
    expect(selectResidentialValid(snap())).toBe(true);
    expect(selectCustomerDetails(snap())).toMatchObject({
      city_customer_id: '1234567',
      city_account_id: '9876',
    });
  });
});

describe('strata residential: installation scheduling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(needsOntInstall = true) {
    const requests: unknown[] = [];
    const machine = installationMachine.provide({
      actors: {
        getInstallationSlots: fromPromise(async ({ input }) => {
          requests.push(input);
          return sampleSlots();
        }),
      },
    });
    const actor = createActor(machine, {
      input: {
        options: SAMPLE_OFFERINGS.lehi.installation_options,
        needsOntInstall,
        addressId: 12,
        providerId: 'lehi_fiber',
        drop: { latitude: 40.39, longitude: -111.85 },
        earliest: days.tomorrow,
      },
    }).start();
    return { actor, requests, view: () => selectInstallationView(actor.getSnapshot()) };
  }

  it('goes type, then date (once the times are loaded), then time; all three are required', async () => {
    const { actor, requests, view } = start();
    expect(selectInstallationErrors(actor.getSnapshot())).toMatchObject({
      installation_type: CONNECTIVITY_MESSAGES.installationType,
      time: CONNECTIVITY_MESSAGES.installationTime,
    });
    actor.send({ type: 'install.type.chosen', installType: 'advanced' });
    expect(view()).toMatchObject({ loadingTimes: true, dateEnabled: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([
      { install_type: 'advanced', provider_id: 'lehi_fiber', address_id: 12 },
    ]);
    expect(view()).toMatchObject({ dateEnabled: true, timeEnabled: false, minDate: days.tomorrow });
    expect(view().availableDates).toEqual([days.tomorrow, days.dayAfter]);
    actor.send({ type: 'install.date.chosen', date: days.today });
    expect(view().date).toBeNull();
    actor.send({ type: 'install.date.chosen', date: days.tomorrow });
    expect(view().timesOfDate).toHaveLength(2);
    const slot = view().timesOfDate[1];
    actor.send({ type: 'install.time.chosen', resourceId: slot.resourceId });
    actor.send({ type: 'install.notes.typed', text: 'Dog in the yard' });
    actor.send({ type: 'drop.confirmed', accepted: true });
    expect(selectInstallationValid(actor.getSnapshot())).toBe(true);
    expect(selectInstallDetails(actor.getSnapshot())).toEqual({
      date: days.tomorrow,
      display_time: slot.displayTime,
      duration: 120,
      end_datetime: slot.endDateTime,
      external_install_id: slot.resourceId,
      installation_type: 'advanced',
      notes: 'Dog in the yard',
      start_datetime: slot.startDateTime,
      time: slot.time,
    });
    expect(selectDropDetails(actor.getSnapshot())).toEqual({
      accepted: true,
      latitude: 40.39,
      longitude: -111.85,
      notes: 'Dog in the yard',
      needs_ont_install: true,
    });
    // Another type starts the date and time over.
    actor.send({ type: 'install.type.chosen', installType: 'basic' });
    expect(view()).toMatchObject({ date: null, resourceId: null, dateEnabled: false });
  });

  it('needs nothing where the ONT is in place', () => {
    const { actor } = start(false);
    expect(selectInstallationValid(actor.getSnapshot())).toBe(true);
    expect(selectInstallDetails(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'install.type.chosen', installType: 'basic' });
    expect(selectInstallationView(actor.getSnapshot()).loadingTimes).toBe(false);
  });
});

describe('bonfire residential: the desired activation date', () => {
  it('takes tomorrow at the earliest and is required unless early signup', () => {
    const actor = createActor(activationMachine, {
      input: { earliest: days.tomorrow, earlySignup: false },
    }).start();
    expect(selectActivationValid(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'activation.date.chosen', date: days.today });
    expect(actor.getSnapshot().context.date).toBeNull();
    actor.send({ type: 'activation.date.chosen', date: days.dayAfter });
    expect(selectActivationValid(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'activation.date.cleared' });
    expect(selectActivationValid(actor.getSnapshot())).toBe(false);

    const early = createActor(activationMachine, {
      input: { earliest: days.tomorrow, earlySignup: true },
    }).start();
    expect(selectActivationValid(early.getSnapshot())).toBe(true);
  });
});

describe('attribution', () => {
  it('shows Skip until something is chosen and sends Other as "Other: text"', () => {
    const actor = createActor(attributionMachine).start();
    expect(selectAttributionView(actor.getSnapshot()).showSkip).toBe(true);
    actor.send({ type: 'attribution.chosen', id: 'radio' });
    expect(selectAttributionValue(actor.getSnapshot())).toBe('Radio');
    expect(selectAttributionView(actor.getSnapshot()).showSkip).toBe(false);
    actor.send({ type: 'attribution.chosen', id: 'other' });
    actor.send({ type: 'attribution.other.typed', text: '  a flyer ' });
    expect(selectAttributionValue(actor.getSnapshot())).toBe('Other: a flyer');

    const skipping = createActor(attributionMachine).start();
    skipping.send({ type: 'attribution.skipped' });
    expect(selectAttributionView(skipping.getSnapshot()).skipped).toBe(true);
    expect(selectAttributionValue(skipping.getSnapshot())).toBeNull();
  });
});
