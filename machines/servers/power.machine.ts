/**
 * A server's power (portal.md §4 "Servers", §7 power calls; docs/servers.md "Power"): stopped,
 * starting, running, stopping, force-stopping, or an error. Start, stop and force stop send the
 * call, then poll the power status with backoff (the `poll` actor: SERVERS.pollFirstMs growing by
 * pollFactor up to pollMaxMs) until the hypervisor's state matches, or the give-up timer
 * (`powerTimeout`) says it did not. After start and stop the server is re-fetched. Force stop asks
 * for a confirmation first. While stopped, the seconds since shutdown count up locally once a
 * second (`shutdownTick`).
 */
import { assertEvent, assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { SERVERS } from '#shared/servers/constants';
import { SERVER_MESSAGES } from '#shared/servers/messages';
import {
  POWER_ACTION_STATES,
  type PowerStatus,
  type ServerPower,
  type ServerPowerAction,
} from '#shared/servers/rules';
import { failureMessage } from '#shared/api-error';

export interface PowerInput {
  iid: number;
}

export interface PowerContext extends PowerInput {
  power: ServerPower | null;
  secondsSinceShutdown: number | null;
  /** Why the last action failed (the server's answer, the task's error, or the timeout). */
  error: string | null;
  /** The action under way. */
  action: ServerPowerAction | null;
}

export type PowerEvent =
  | { type: 'server.start.pressed' }
  | { type: 'server.stop.pressed' }
  | { type: 'server.forcestop.pressed' }
  | { type: 'server.forcestop.confirmed' }
  | { type: 'server.forcestop.cancelled' }
  | { type: 'power.reload.pressed' }
  /** A power status the `poll` actor read. */
  | { type: 'power.polled'; status: PowerStatus }
  | { type: 'xstate.done.actor.load'; output: PowerStatus }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.send'; output: PowerStatus }
  | { type: 'xstate.error.actor.send'; error: unknown };

function messageOf(error: unknown): string {
  return failureMessage(error) ?? String(error);
}

export const powerMachine = setup({
  types: {
    context: {} as PowerContext,
    events: {} as PowerEvent,
    input: {} as PowerInput,
  },
  actors: {
    /** GET /servers/{iid}/power_status; provided by the app. */
    load: fromPromise<PowerStatus, { iid: number }>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** POST /servers/{iid}/{action}; provided by the app. */
    send: fromPromise<PowerStatus, { iid: number; action: ServerPowerAction }>(async () => {
      throw new Error('send is provided by the app');
    }),
    /**
     * Polls GET /servers/{iid}/power_status after powerPollDelay(0), powerPollDelay(1), … and
     * sends each answer as `power.polled`; provided by the app.
     */
    poll: fromCallback<PowerEvent, { iid: number }>(() => () => {}),
  },
  delays: {
    powerTimeout: SERVERS.powerTimeoutMs,
    shutdownTick: SERVERS.shutdownTickMs,
  },
  actions: {
    'store the status': assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.load', 'xstate.done.actor.send', 'power.polled']);
      const status = event.type === 'power.polled' ? event.status : event.output;
      return {
        power: status.power,
        secondsSinceShutdown: status.time_since_shutdown_issued,
        error: status.last_error,
      };
    }),
    'store the failure': assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.load', 'xstate.error.actor.send']);
      return { error: messageOf(event.error) };
    }),
    'store the timeout': assign({ error: SERVER_MESSAGES.powerTimedOut }),
    'forget the error': assign({ error: null }),
    'count a second': assign(({ context }) => ({
      secondsSinceShutdown: (context.secondsSinceShutdown ?? 0) + 1,
    })),
    'remember start': assign({ action: 'start' as const }),
    'remember stop': assign({ action: 'stop' as const }),
    'remember force stop': assign({ action: 'force_stop' as const }),
    'forget the action': assign({ action: null }),
    /** The app fetches the server again (portal.md §4: after start and stop). */
    'reload the server': () => {},
  },
  guards: {
    'it is running': ({ context }) => context.power === 'running',
    'it is stopped': ({ context }) => context.power === 'stopped',
    'the hypervisor reached the target': ({ context, event }) =>
      event.type === 'power.polled' &&
      context.action !== null &&
      event.status.power === POWER_ACTION_STATES[context.action].target,
    'the task ended in an error': ({ event }) =>
      event.type === 'power.polled' &&
      event.status.last_error !== null &&
      (event.status.power === 'running' || event.status.power === 'stopped'),
    'the poll says it settled': ({ event }) =>
      event.type === 'power.polled' &&
      (event.status.power === 'running' || event.status.power === 'stopped'),
    'the action re-fetches the server': ({ context }) =>
      context.action === 'start' || context.action === 'stop',
  },
}).createMachine({
  id: 'serverPower',
  description: 'A server’s power: the buttons, the polling after an action, the shutdown counter.',
  context: ({ input }) => ({
    ...input,
    power: null,
    secondsSinceShutdown: null,
    error: null,
    action: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the power status.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ iid: context.iid }),
        onDone: { target: 'deciding', actions: 'store the status' },
        onError: { target: 'failed', actions: 'store the failure' },
      },
    },
    deciding: {
      description: 'Running, stopped, or an action (perhaps from another page) still under way.',
      always: [
        { guard: 'it is running', target: 'running' },
        { guard: 'it is stopped', target: 'stopped' },
        { target: 'waiting' },
      ],
    },
    running: {
      description: 'Running: Stop and Force stop are enabled.',
      on: {
        'server.stop.pressed': { target: 'busy', actions: ['remember stop', 'forget the error'] },
        'server.forcestop.pressed': 'confirmingForceStop',
      },
    },
    confirmingForceStop: {
      description: 'Force stop pulls the plug: the customer confirms or cancels.',
      on: {
        'server.forcestop.confirmed': {
          target: 'busy',
          actions: ['remember force stop', 'forget the error'],
        },
        'server.forcestop.cancelled': 'running',
      },
    },
    stopped: {
      description: 'Stopped: Start is enabled; the seconds since shutdown count up every second.',
      after: {
        shutdownTick: { target: 'stopped', reenter: true, actions: 'count a second' },
      },
      on: {
        'server.start.pressed': { target: 'busy', actions: ['remember start', 'forget the error'] },
      },
    },
    waiting: {
      description: 'An action started elsewhere is under way: polling until it ends.',
      invoke: { id: 'poll', src: 'poll', input: ({ context }) => ({ iid: context.iid }) },
      after: { powerTimeout: { target: 'failed', actions: 'store the timeout' } },
      on: {
        'power.polled': [
          {
            guard: 'the poll says it settled',
            target: 'deciding',
            actions: 'store the status',
          },
          { actions: 'store the status' },
        ],
      },
    },
    busy: {
      description: 'An action of ours: sending it, then polling with backoff until it is done.',
      initial: 'sending',
      after: { powerTimeout: { target: 'failed', actions: 'store the timeout' } },
      states: {
        sending: {
          description: 'The call is on its way; every power button is disabled.',
          invoke: {
            id: 'send',
            src: 'send',
            input: ({ context }) => ({ iid: context.iid, action: context.action ?? 'start' }),
            onDone: { target: 'polling', actions: 'store the status' },
            onError: { target: '#serverPower.failed', actions: 'store the failure' },
          },
        },
        polling: {
          description: 'Polling the power status with backoff until it matches the action.',
          invoke: { id: 'poll', src: 'poll', input: ({ context }) => ({ iid: context.iid }) },
          on: {
            'power.polled': [
              {
                guard: 'the hypervisor reached the target',
                target: '#serverPower.done',
                actions: 'store the status',
              },
              {
                guard: 'the task ended in an error',
                target: '#serverPower.failed',
                actions: 'store the status',
              },
              { actions: 'store the status' },
            ],
          },
        },
      },
    },
    done: {
      description: 'The action is done: after start and stop the server is fetched again.',
      always: [
        {
          guard: 'the action re-fetches the server',
          target: 'deciding',
          actions: ['reload the server', 'forget the action'],
        },
        { target: 'deciding', actions: 'forget the action' },
      ],
    },
    failed: {
      description: 'The call, the task or the wait failed: the reason shows; Reload reads again.',
      on: {
        'power.reload.pressed': {
          target: 'loading',
          actions: ['forget the error', 'forget the action'],
        },
      },
    },
  },
});

export type PowerActor = ActorRefFrom<typeof powerMachine>;
