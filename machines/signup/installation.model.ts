/** The "strata residential" installation section's registration (lehi_fiber). */
import { FAILURE_WITHOUT_WORDS, failureMessage } from '#shared/api-error';
import type {
  InstallationSlotsResponse,
  InstallationTime,
  InstallType,
} from '#shared/signup/serviceability';
import { defineMachine, expectThat, sample, type Outcome } from '../registry/types.ts';
import { installationMachine } from './installation.machine.ts';
import {
  selectDropDetails,
  selectInstallDetails,
  selectInstallationErrors,
  selectInstallationValid,
  selectInstallationView,
  type InstallationSnapshot,
} from './installation.selectors.ts';
import { SAMPLE_DETAILS, SAMPLE_OFFERINGS, sampleDays, sampleSlots } from './samples.ts';

const days = sampleDays();

/** The server's usual answer: two times tomorrow (8 AM and 1 PM), one the day after. */
export const FREE_TIMES = sampleSlots();
const [EIGHT_TOMORROW, ONE_TOMORROW, EIGHT_DAY_AFTER] = FREE_TIMES.availableTimes;
/** Tomorrow is full: the first free time is the day after. */
const FROM_DAY_AFTER: InstallationSlotsResponse = {
  startDate: days.dayAfter,
  availableTimes: [EIGHT_DAY_AFTER],
};
/** An answer that lists a time today (a server whose day has not turned yet, say). */
const EIGHT_TODAY: InstallationTime = {
  ...EIGHT_TOMORROW,
  date: days.today,
  resourceId: `slot-${days.today}-1`,
  startDateTime: `${days.today}T08:00:00-06:00`,
  endDateTime: `${days.today}T10:00:00-06:00`,
};
const LISTING_TODAY: InstallationSlotsResponse = {
  startDate: days.today,
  availableTimes: [EIGHT_TODAY],
};
/** Every time is booked. */
const NONE_FREE: InstallationSlotsResponse = { startDate: days.tomorrow, availableTimes: [] };

/** Every time the samples know, each date with the same times in every answer that lists it. */
const ALL_TIMES = [...FREE_TIMES.availableTimes, EIGHT_TODAY];
/** The times of a date (in the samples' order, which is the server's: by time). */
const timesOn = (date: string | null) => ALL_TIMES.filter((time) => time.date === date);

const TIMED_OUT = new Error('Timed out when trying to contact server');
/** A failure without words (a proxy's bare 502, say); its status keeps it apart from the other. */
const WORDLESS = Object.assign(new Error(''), { status: 502 });
const failureShown = (error: unknown) => failureMessage(error) ?? FAILURE_WITHOUT_WORDS;

const NOTE = 'Gate code 1234';
const NOT_OFFERED = 'premium' as InstallType;

const TIME_SAMPLES = [
  sample('choose 8 AM tomorrow', {
    type: 'install.time.chosen',
    resourceId: EIGHT_TOMORROW.resourceId,
  }),
  sample('choose 1 PM tomorrow', {
    type: 'install.time.chosen',
    resourceId: ONE_TOMORROW.resourceId,
  }),
  sample('choose 8 AM the day after', {
    type: 'install.time.chosen',
    resourceId: EIGHT_DAY_AFTER.resourceId,
  }),
] as const;

const DATE_SAMPLES = [
  sample('choose today', { type: 'install.date.chosen', date: days.today }),
  sample('choose tomorrow', { type: 'install.date.chosen', date: days.tomorrow }),
  sample('choose the day after', { type: 'install.date.chosen', date: days.dayAfter }),
] as const;

/** What the section shows and sends, as the declaration speaks of it. */
interface Projection {
  type: string | null;
  /** The days with free times, and the earliest day the picker offers. */
  dates: string[];
  from: string;
  date: string | null;
  slot: string | null;
  /** The error shown with Try again (null when none shows). */
  failure: string | null;
  notes: string;
  attachPoint: boolean;
}

/** A date is taken when it is tomorrow or later and has free times (signup.md §4, §5). */
const chooseDate =
  (date: string) =>
  (before: Projection): Outcome =>
    date >= days.tomorrow && before.dates.includes(date)
      ? { to: 'scheduling.choosing time', with: { date, slot: null } }
      : 'ignored';

/** A time is taken when it is one of the chosen date's. */
const chooseTime =
  (resourceId: string) =>
  (before: Projection): Outcome =>
    timesOn(before.date).some((time) => time.resourceId === resourceId)
      ? { to: 'scheduling.scheduled', with: { date: before.date, slot: resourceId } }
      : 'ignored';

const DATES = Object.fromEntries(DATE_SAMPLES.map((s) => [s.label, chooseDate(s.event.date)]));
const TIMES = Object.fromEntries(
  TIME_SAMPLES.map((s) => [s.label, chooseTime(s.event.resourceId)]),
);

/** Choosing a type asks for its times and starts the date and time over. */
const chooseType = (type: InstallType) => ({
  to: 'scheduling.loading times',
  with: { type, dates: [], from: days.tomorrow, date: null, slot: null, failure: null },
});

const STATES = [
  'choosing type',
  'loading times',
  'times failed',
  'choosing date',
  'choosing time',
  'scheduled',
] as const;
type State = (typeof STATES)[number];

/** What every state shows and sends, from the spec and the sample data. */
function shows(state: State) {
  return (snapshot: InstallationSnapshot) => {
    const view = selectInstallationView(snapshot);
    expectThat(view.needed, 'the section asks for the installation (an ONT must be installed)');
    expectThat(view.loadingTimes === (state === 'loading times'), 'the query shows while it runs');
    expectThat(
      view.timesFailed === (state === 'times failed'),
      'Try again shows only when the times failed',
    );
    // signup.md §4: the date only once a type is chosen and no query runs; a day to choose.
    const dating = state === 'choosing date' || state === 'choosing time' || state === 'scheduled';
    expectThat(
      view.dateEnabled === (dating && view.availableDates.length > 0),
      `the date picker is enabled only with free days to choose (got ${view.dateEnabled})`,
    );
    expectThat(view.timeEnabled === (view.date !== null), 'the time only once a date is chosen');
    const shown = JSON.stringify(view.timesOfDate.map((time) => time.resourceId));
    const wanted = JSON.stringify(timesOn(view.date).map((time) => time.resourceId));
    expectThat(shown === wanted, `the chosen date's times show, only them (got ${shown})`);

    // install_details (signup.md §3 "Lehi-style installation"): the chosen slot's every field.
    const details = selectInstallDetails(snapshot);
    const slot = ALL_TIMES.find((time) => time.resourceId === view.resourceId) ?? null;
    const expected = {
      date: view.date,
      display_time: slot?.displayTime ?? null,
      duration: slot?.duration ?? null,
      end_datetime: slot?.endDateTime ?? null,
      external_install_id: slot?.resourceId ?? null,
      installation_type: view.installType,
      notes: view.notes,
      start_datetime: slot?.startDateTime ?? null,
      time: slot?.time ?? null,
    };
    expectThat(
      JSON.stringify(details) === JSON.stringify(expected),
      `install_details carry the chosen slot (got ${JSON.stringify(details)})`,
    );
    expectThat((state === 'scheduled') === (slot !== null), 'a slot is chosen once scheduled');

    // drop_details: the attach point of the address, its confirmation and the notes.
    const drop = selectDropDetails(snapshot);
    expectThat(
      drop.latitude === SAMPLE_DETAILS.lehi.drop_latitude &&
        drop.longitude === SAMPLE_DETAILS.lehi.drop_longitude &&
        drop.needs_ont_install,
      `drop_details carry the address's attach point (got ${JSON.stringify(drop)})`,
    );

    // signup.md §5: type, date and time must all be chosen; each missing one is an error.
    const errors = Object.keys(selectInstallationErrors(snapshot)).sort().join();
    const missing = [
      ...(view.date === null ? ['date'] : []),
      ...(view.installType === null ? ['installation_type'] : []),
      ...(view.resourceId === null ? ['time'] : []),
    ].join();
    expectThat(errors === missing, `the missing choices are the errors (got ${errors})`);
    expectThat(selectInstallationValid(snapshot) === (missing === ''), 'valid once all chosen');
  };
}

export const installationModel = defineMachine({
  name: 'signup-installation',
  title: 'Signup: installation scheduling (strata residential)',
  description:
    'Lehi Fiber addresses that need an optical network terminal installed ask for the ' +
    'installation: first the type (standard or advanced, each with its fee), then a date (only ' +
    'once a type is chosen and its free times are loaded; tomorrow at the earliest), then a time ' +
    'slot of that date. Changing the type starts the date and time over. A map shows where the ' +
    'fiber attaches to the home, with room for notes.',
  machine: installationMachine,
  input: {
    options: SAMPLE_OFFERINGS.lehi.installation_options,
    needsOntInstall: true,
    addressId: SAMPLE_DETAILS.lehi.address_id,
    providerId: 'lehi_fiber',
    drop: {
      latitude: SAMPLE_DETAILS.lehi.drop_latitude,
      longitude: SAMPLE_DETAILS.lehi.drop_longitude,
    },
    earliest: days.tomorrow,
  },
  events: [
    sample('choose standard installation', { type: 'install.type.chosen', installType: 'basic' }),
    sample('choose advanced installation', {
      type: 'install.type.chosen',
      installType: 'advanced',
    }),
    // A type the offering does not list (an older page's, say): the machine checks it all the same.
    sample('choose a type not offered', { type: 'install.type.chosen', installType: NOT_OFFERED }),
    sample('free times arrive', { type: 'xstate.done.actor.slots', output: FREE_TIMES }),
    sample('free times from the day after', {
      type: 'xstate.done.actor.slots',
      output: FROM_DAY_AFTER,
    }),
    sample('times arrive listing today', {
      type: 'xstate.done.actor.slots',
      output: LISTING_TODAY,
    }),
    sample('no free times', { type: 'xstate.done.actor.slots', output: NONE_FREE }),
    sample('times fail to load', { type: 'xstate.error.actor.slots', error: TIMED_OUT }),
    sample('times fail without words', { type: 'xstate.error.actor.slots', error: WORDLESS }),
    sample('press Try again', { type: 'install.times.retry.pressed' }),
    ...DATE_SAMPLES,
    ...TIME_SAMPLES,
    sample('write a note', { type: 'install.notes.typed', text: NOTE }),
    sample('confirm the attach point', { type: 'drop.confirmed', accepted: true }),
    sample('untick the attach point', { type: 'drop.confirmed', accepted: false }),
  ],
  // What a person sees, read through the section's view and the drop details it sends.
  project: (snapshot): Projection => {
    const view = selectInstallationView(snapshot);
    const drop = selectDropDetails(snapshot);
    return {
      type: view.installType,
      dates: view.availableDates,
      from: view.minDate,
      date: view.date,
      slot: view.resourceId,
      failure: view.timesFailed ? view.error : null,
      // The notes and the attach point go with the order: two states that differ only in them
      // are different, so that a path's snapshot never carries what another path did.
      notes: drop.notes,
      attachPoint: drop.accepted,
    };
  },
  limit: 2000,
  // signup.md §4 "Lehi-style installation": the type, then a date (tomorrow at the earliest,
  // once the free times are known), then a time of that date; notes and the attach point any time.
  expect: {
    // Nothing chosen yet: the type first, no times loaded, no date or slot, no notes, the attach
    // point not yet confirmed; the picker would start tomorrow.
    start: {
      to: 'scheduling.choosing type',
      with: {
        type: null,
        dates: [],
        from: days.tomorrow,
        date: null,
        slot: null,
        failure: null,
        notes: '',
        attachPoint: false,
      },
    },
    on: {
      scheduling: {
        'write a note': { to: 'stays', with: { notes: NOTE } },
        'confirm the attach point': { to: 'stays', with: { attachPoint: true } },
        'untick the attach point': { to: 'stays', with: { attachPoint: false } },
        'choose standard installation': chooseType('basic'),
        'choose advanced installation': chooseType('advanced'),
        // Only the types the offering lists can be chosen.
        'choose a type not offered': 'ignored',
      },
      // A date with free times, tomorrow at the earliest, once the times are known; then a time
      // of that date, which a date chosen again starts over. Declared state by state, so that each
      // state where they are chosen must take them.
      'scheduling.choosing date': DATES,
      'scheduling.choosing time': { ...DATES, ...TIMES },
      'scheduling.scheduled': { ...DATES, ...TIMES },
      // The days with free times show; the picker starts tomorrow, or at the first free day when
      // that is later (the answer's startDate).
      'scheduling.loading times': {
        'free times arrive': {
          to: 'scheduling.choosing date',
          with: { dates: [days.tomorrow, days.dayAfter], from: days.tomorrow },
        },
        'free times from the day after': {
          to: 'scheduling.choosing date',
          with: { dates: [days.dayAfter], from: days.dayAfter },
        },
        'times arrive listing today': {
          to: 'scheduling.choosing date',
          with: { dates: [days.today], from: days.tomorrow },
        },
        'no free times': { to: 'scheduling.choosing date', with: { dates: [] } },
        // The failure's words show with Try again.
        'times fail to load': {
          to: 'scheduling.times failed',
          with: { failure: failureShown(TIMED_OUT) },
        },
        'times fail without words': {
          to: 'scheduling.times failed',
          with: { failure: failureShown(WORDLESS) },
        },
      },
      'scheduling.times failed': {
        'press Try again': { to: 'scheduling.loading times', with: { failure: null } },
      },
    },
    // GET /connectivity_clots/installation (signup.md §7): the type, the provider, the address.
    inputs: {
      getInstallationSlots: ({ type }) => ({
        install_type: type,
        provider_id: 'lehi_fiber',
        address_id: SAMPLE_DETAILS.lehi.address_id,
      }),
    },
    running: { 'scheduling.loading times': ['slots'] },
  },
  states: Object.fromEntries(STATES.map((state) => [`scheduling.${state}`, shows(state)])),
});
