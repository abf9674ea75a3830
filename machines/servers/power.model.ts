/** The server power machine's registration: the power buttons of /server/{iid}. */
import { SERVERS } from '#shared/servers/constants';
import { ERROR_MESSAGES } from '#shared/messages';
import { SERVER_MESSAGES } from '#shared/servers/messages';
import type { PowerStatus } from '#shared/servers/rules';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { powerMachine, type PowerContext } from './power.machine.ts';
import {
  selectCanForceStop,
  selectCanStart,
  selectCanStop,
  selectConfirmingForceStop,
  selectPower,
  selectPowerBusy,
  selectPowerError,
  selectSecondsSinceShutdown,
} from './power.selectors.ts';

const status = (power: PowerStatus['power'], extra: Partial<PowerStatus> = {}): PowerStatus => ({
  power,
  // Stopped just now: the counter starts at 0.
  time_since_shutdown_issued: power === 'stopped' ? 0 : null,
  last_error: null,
  ...extra,
});

/** A task's error as the hypervisor words it. */
const START_FAILED = 'start failed';
const STOP_FAILED = 'stop failed';
/** The server fetched again, as after start and stop. */
const RELOAD = { 'reload the server': true } as const;

interface Projection {
  power: string | null;
  action: string | null;
  /** The reason shown: the server's, the task's, or the timeout's words. */
  error: string | null;
  /** The seconds since shutdown shown, up to 2 (enough to see it count, and a bounded graph). */
  seconds: number | null;
}

export const serverPowerModel = defineMachine({
  name: 'server-power',
  title: 'Server power',
  description:
    'The power buttons of a server. Start, Stop (an orderly shutdown) and Force stop (pulling ' +
    'the plug, after a confirmation) send the call, then read the power status again and again, ' +
    'waiting a little longer each time, until the server is running or stopped as asked, or ' +
    'until it takes too long. After Start and Stop the server is fetched again. While a call runs ' +
    'every power button is disabled. While stopped, the seconds since shutdown count up.',
  machine: powerMachine,
  input: { iid: 5001 },
  events: [
    sample('press Start', { type: 'server.start.pressed' }),
    sample('press Stop', { type: 'server.stop.pressed' }),
    sample('press Force stop', { type: 'server.forcestop.pressed' }),
    sample('confirm the force stop', { type: 'server.forcestop.confirmed' }),
    sample('cancel the force stop', { type: 'server.forcestop.cancelled' }),
    sample('press Reload', { type: 'power.reload.pressed' }),
    sample('it is running', { type: 'xstate.done.actor.load', output: status('running') }),
    sample('it is stopped', { type: 'xstate.done.actor.load', output: status('stopped') }),
    sample('it is starting', { type: 'xstate.done.actor.load', output: status('starting') }),
    sample('the status cannot be read', {
      type: 'xstate.error.actor.load',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('the call is accepted', { type: 'xstate.done.actor.send', output: status('starting') }),
    sample('the call is refused', {
      type: 'xstate.error.actor.send',
      error: { message: SERVER_MESSAGES.powerBusy },
    }),
    sample('a poll says still on its way', { type: 'power.polled', status: status('stopping') }),
    sample('a poll says running', { type: 'power.polled', status: status('running') }),
    sample('a poll says stopped', { type: 'power.polled', status: status('stopped') }),
    sample('a poll says the stop failed', {
      type: 'power.polled',
      status: status('running', { last_error: STOP_FAILED }),
    }),
    sample('a poll says the start failed', {
      type: 'power.polled',
      status: status('stopped', { last_error: START_FAILED }),
    }),
    sample('a second passes', { type: 'xstate.after.shutdownTick.serverPower.stopped' }),
    sample('the action takes too long', { type: 'xstate.after.powerTimeout.serverPower.busy' }),
    sample('the other action takes too long', {
      type: 'xstate.after.powerTimeout.serverPower.waiting',
    }),
  ],
  project: ({ context }: { context: PowerContext }): Projection => ({
    power: context.power,
    action: context.action,
    error: context.error,
    seconds:
      context.secondsSinceShutdown === null ? null : Math.min(context.secondsSinceShutdown, 2),
  }),
  limit: 400,
  expect: {
    effects: ['reload the server'],
    // The power status is read first: nothing known yet, no action pressed, no reason, no
    // shutdown counter (portal.md is silent on what shows before the status arrives).
    start: {
      to: 'loading',
      with: { power: null, action: null, error: null, seconds: null },
    },
    on: {
      loading: {
        'it is running': 'running',
        'it is stopped': 'stopped',
        'it is starting': 'waiting',
        'the status cannot be read': { to: 'failed', with: { error: ERROR_MESSAGES.timeout } },
      },
      running: {
        'press Stop': { to: 'busy.sending', with: { action: 'stop' } },
        'press Force stop': 'confirmingForceStop',
        'press Start': 'ignored',
      },
      confirmingForceStop: {
        'confirm the force stop': { to: 'busy.sending', with: { action: 'force_stop' } },
        'cancel the force stop': 'running',
        'press Start': 'ignored',
        'press Stop': 'ignored',
      },
      stopped: {
        'press Start': { to: 'busy.sending', with: { action: 'start', error: null } },
        'press Stop': 'ignored',
        'press Force stop': 'ignored',
        // The seconds since shutdown count up, one a second.
        'a second passes': (before: Projection) => ({
          to: 'stopped',
          with: { seconds: Math.min((before.seconds ?? 0) + 1, 2) },
        }),
      },
      'busy.sending': {
        'the call is accepted': 'busy.polling',
        'the call is refused': { to: 'failed', with: { error: SERVER_MESSAGES.powerBusy } },
        'press Start': 'ignored',
        'press Stop': 'ignored',
        'press Force stop': 'ignored',
      },
      'busy.polling': {
        'a poll says still on its way': 'stays',
        // Start and stop, once done, fetch the server again (portal.md §4 Servers); force stop
        // does not.
        'a poll says running': (before: Projection) =>
          before.action === 'start'
            ? { to: 'running', with: { action: null }, runs: RELOAD }
            : 'stays',
        'a poll says stopped': (before: Projection) =>
          before.action === 'start'
            ? 'stays'
            : {
                to: 'stopped',
                with: { action: null },
                runs: before.action === 'stop' ? RELOAD : {},
              },
        'a poll says the start failed': (before: Projection) =>
          before.action === 'start'
            ? { to: 'failed', with: { error: START_FAILED } }
            : {
                to: 'stopped',
                with: { action: null },
                runs: before.action === 'stop' ? RELOAD : {},
              },
        // A stop or force stop that failed leaves it running, with the task's reason.
        'a poll says the stop failed': (before: Projection) =>
          before.action === 'start'
            ? { to: 'running', with: { action: null }, runs: RELOAD }
            : { to: 'failed', with: { error: STOP_FAILED } },
        'press Start': 'ignored',
        'press Stop': 'ignored',
      },
      busy: {
        'the action takes too long': {
          to: 'failed',
          with: { error: SERVER_MESSAGES.powerTimedOut },
        },
      },
      waiting: {
        'a poll says still on its way': 'stays',
        'a poll says running': 'running',
        'a poll says stopped': 'stopped',
        'a poll says the start failed': 'stopped',
        'a poll says the stop failed': 'running',
        'the other action takes too long': {
          to: 'failed',
          with: { error: SERVER_MESSAGES.powerTimedOut },
        },
        'press Start': 'ignored',
      },
      failed: {
        'press Reload': { to: 'loading', with: { error: null } },
        'press Start': 'ignored',
      },
    },
    // Every call names the server; a power call names the action pressed (portal.md §7 Servers).
    // Polling goes on while an action is under way, ours or another page's.
    running: {
      loading: ['load'],
      'busy.sending': ['send'],
      'busy.polling': ['poll'],
      waiting: ['poll'],
    },
    inputs: {
      load: () => ({ iid: 5001 }),
      send: (after: Projection) => ({ iid: 5001, action: after.action }),
      poll: () => ({ iid: 5001 }),
    },
    timers: {
      stopped: { shutdownTick: SERVERS.shutdownTickMs },
      busy: { powerTimeout: SERVERS.powerTimeoutMs },
      waiting: { powerTimeout: SERVERS.powerTimeoutMs },
    },
  },
  states: {
    loading: (snapshot) => {
      expectThat(selectPowerBusy(snapshot), 'the buttons wait for the status');
    },
    running: (snapshot) => {
      expectThat(selectPower(snapshot) === 'running', 'shows running');
      expectThat(selectCanStop(snapshot) && selectCanForceStop(snapshot), 'Stop and Force stop');
      expectThat(!selectCanStart(snapshot), 'Start is disabled');
      expectThat(selectSecondsSinceShutdown(snapshot) === null, 'no shutdown counter');
    },
    confirmingForceStop: (snapshot) => {
      expectThat(selectConfirmingForceStop(snapshot), 'the confirmation shows');
    },
    stopped: (snapshot) => {
      expectThat(selectPower(snapshot) === 'stopped', 'shows stopped');
      expectThat(selectCanStart(snapshot), 'Start is enabled');
      expectThat(!selectCanStop(snapshot) && !selectCanForceStop(snapshot), 'no Stop');
    },
    waiting: (snapshot) => {
      expectThat(selectPowerBusy(snapshot), 'every button is disabled');
    },
    'busy.sending': (snapshot) => {
      expectThat(selectPowerBusy(snapshot), 'every button is disabled');
      expectThat(!selectCanStart(snapshot) && !selectCanStop(snapshot), 'no power button');
    },
    'busy.polling': (snapshot) => {
      expectThat(selectPowerBusy(snapshot), 'every button is disabled');
      expectThat(
        ['starting', 'stopping', 'force_stopping'].includes(selectPower(snapshot) ?? ''),
        'shows the action under way',
      );
    },
    failed: (snapshot) => {
      expectThat(selectPowerError(snapshot) !== null, 'the reason shows');
    },
  },
});
