/** The "strata residential" installation section's registration (lehi_fiber). */
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { installationMachine } from './installation.machine.ts';
import {
  selectInstallDetails,
  selectInstallationValid,
  selectInstallationView,
  type InstallationSnapshot,
} from './installation.selectors.ts';
import { SAMPLE_DETAILS, SAMPLE_OFFERINGS, sampleDays, sampleSlots } from './samples.ts';

const days = sampleDays();
const slots = sampleSlots();
const [first] = slots.availableTimes;

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
    sample('free times arrive', { type: 'xstate.done.actor.slots', output: slots }),
    sample('times fail to load', {
      type: 'xstate.error.actor.slots',
      error: new Error('Timed out when trying to contact server'),
    }),
    sample('press Try again', { type: 'install.times.retry.pressed' }),
    sample('choose tomorrow', { type: 'install.date.chosen', date: days.tomorrow }),
    sample('choose today', { type: 'install.date.chosen', date: days.today }),
    sample('choose the first time', { type: 'install.time.chosen', resourceId: first.resourceId }),
    sample('choose a time of another day', {
      type: 'install.time.chosen',
      resourceId: slots.availableTimes[2].resourceId,
    }),
    sample('write a note', { type: 'install.notes.typed', text: 'Gate code 1234' }),
    sample('confirm the attach point', { type: 'drop.confirmed', accepted: true }),
  ],
  project: ({ context }) => ({
    type: context.installType,
    times: context.times.length > 0,
    date: context.date,
    slot: context.slot?.resourceId ?? null,
    // The notes and the attach point go with the order: two states that differ only in them are
    // different, so that a path's snapshot never carries what another path did.
    notes: context.notes !== '',
    attachPoint: context.dropAccepted,
  }),
  limit: 500,
  // signup.md §4 "Lehi-style installation": the type, then a date (tomorrow at the earliest,
  // once the free times are known), then a time of that date; notes and the attach point any time.
  expect: {
    // Nothing chosen yet: the type first, no times loaded, no date or slot, no notes, the attach
    // point not yet confirmed.
    start: {
      to: 'scheduling.choosing type',
      with: {
        type: null,
        times: false,
        date: null,
        slot: null,
        notes: false,
        attachPoint: false,
      },
    },
    on: {
      scheduling: {
        'write a note': 'stays',
        'confirm the attach point': 'stays',
        'choose standard installation': { to: 'scheduling.loading times', with: { type: 'basic' } },
        'choose advanced installation': {
          to: 'scheduling.loading times',
          with: { type: 'advanced' },
        },
      },
      'scheduling.loading times': {
        'free times arrive': { to: 'scheduling.choosing date', with: { times: true } },
        'times fail to load': 'scheduling.times failed',
      },
      'scheduling.times failed': { 'press Try again': 'scheduling.loading times' },
      'scheduling.choosing date': {
        'choose today': 'ignored',
        'choose tomorrow': { to: 'scheduling.choosing time', with: { date: days.tomorrow } },
      },
      'scheduling.choosing time': {
        'choose today': 'ignored',
        'choose tomorrow': { to: 'scheduling.choosing time', with: { date: days.tomorrow } },
        'choose the first time': {
          to: 'scheduling.scheduled',
          with: { slot: first.resourceId },
        },
        'choose a time of another day': 'ignored',
      },
      'scheduling.scheduled': {
        'choose today': 'ignored',
        'choose tomorrow': { to: 'scheduling.choosing time', with: { slot: null } },
        'choose the first time': { to: 'scheduling.scheduled', with: { slot: first.resourceId } },
        'choose a time of another day': 'ignored',
      },
    },
  },
  states: {
    'scheduling.choosing type': (snapshot: InstallationSnapshot) => {
      const view = selectInstallationView(snapshot);
      expectThat(!view.dateEnabled && !view.timeEnabled, 'date and time wait for the type');
      expectThat(!selectInstallationValid(snapshot), 'the type is required');
    },
    'scheduling.loading times': (snapshot: InstallationSnapshot) => {
      const view = selectInstallationView(snapshot);
      expectThat(view.loadingTimes && !view.dateEnabled, 'no date while the query runs');
    },
    'scheduling.times failed': (snapshot: InstallationSnapshot) => {
      expectThat(selectInstallationView(snapshot).error !== null, 'the error shows');
    },
    'scheduling.choosing date': (snapshot: InstallationSnapshot) => {
      const view = selectInstallationView(snapshot);
      expectThat(view.dateEnabled && !view.timeEnabled, 'the date can be chosen, not the time');
      expectThat(view.minDate >= days.tomorrow, 'tomorrow at the earliest');
    },
    'scheduling.choosing time': (snapshot: InstallationSnapshot) => {
      const view = selectInstallationView(snapshot);
      expectThat(view.timeEnabled && view.timesOfDate.length > 0, "the date's times show");
      expectThat(!selectInstallationValid(snapshot), 'the time is required');
    },
    'scheduling.scheduled': (snapshot: InstallationSnapshot) => {
      const details = selectInstallDetails(snapshot);
      expectThat(selectInstallationValid(snapshot), 'type, date and time are chosen');
      expectThat(
        details?.external_install_id === first.resourceId && details.date === days.tomorrow,
        'the slot is sent as external_install_id',
      );
    },
  },
});
