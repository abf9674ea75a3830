/** The web server switch's registration (portal.md §2 "a web server (nginx) on/off toggle"). */
import { MANAGED_MESSAGES } from '#shared/messages/managed';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { nginxMachine } from './nginx.machine.ts';
import {
  selectNginxFailed,
  selectSwitchBusy,
  selectSwitchEnabled,
  selectSwitchOn,
} from './nginx.selectors.ts';

const UNREACHABLE = { message: 'The managed server cannot be reached; try again in a minute' };

export const managedNginxModel = defineMachine({
  name: 'managed-nginx',
  title: 'Web server switch (managed server)',
  description:
    'The on/off switch of the web server (nginx) on a managed server. The status loads first; ' +
    'the switch then turns the web server off or on and shows it turning until the server ' +
    'answers. If the status or the switch fails, the reason shows and the status can be loaded ' +
    'again.',
  machine: nginxMachine,
  events: [
    sample('status on', { type: 'xstate.done.actor.status', output: { status: 'on' } }),
    sample('status off', { type: 'xstate.done.actor.status', output: { status: 'off' } }),
    sample('status fails', { type: 'xstate.error.actor.status', error: UNREACHABLE }),
    sample('flip the switch', { type: 'nginx.switch.toggled' }),
    sample('stopped', { type: 'xstate.done.actor.switchOff', output: { status: 'off' } }),
    sample('stop fails', { type: 'xstate.error.actor.switchOff', error: UNREACHABLE }),
    sample('stop answered: still on', {
      type: 'xstate.done.actor.switchOff',
      output: { status: 'on' },
    }),
    sample('start answered: still off', {
      type: 'xstate.done.actor.switchOn',
      output: { status: 'off' },
    }),
    sample('started', { type: 'xstate.done.actor.switchOn', output: { status: 'on' } }),
    sample('start fails', { type: 'xstate.error.actor.switchOn', error: UNREACHABLE }),
    sample('start fails with no reason', { type: 'xstate.error.actor.switchOn', error: {} }),
    sample('load again', { type: 'nginx.reload.pressed' }),
  ],
  project: ({ context }) => ({ error: context.error }),
  limit: 100,
  expect: {
    // The status loads first; nothing has failed.
    start: { to: 'loading', with: { error: null } },
    on: {
      loading: {
        'status on': 'on',
        'status off': 'off',
        'status fails': { to: 'failed', with: { error: UNREACHABLE.message } },
      },
      on: { 'flip the switch': 'turningOff' },
      // The switch shows what the server answers.
      turningOff: {
        stopped: 'off',
        'stop answered: still on': 'on',
        'stop fails': { to: 'failed', with: { error: UNREACHABLE.message } },
      },
      off: { 'flip the switch': 'turningOn' },
      turningOn: {
        started: 'on',
        'start answered: still off': 'off',
        'start fails': { to: 'failed', with: { error: UNREACHABLE.message } },
        // The server's reason when it gives one, else the product's own words.
        'start fails with no reason': {
          to: 'failed',
          with: { error: MANAGED_MESSAGES.nginxFailed },
        },
      },
      failed: { 'load again': { to: 'loading', with: { error: null } } },
    },
    running: { loading: ['status'], turningOff: ['switchOff'], turningOn: ['switchOn'] },
    // PUT /managed_vm/{iid}/nginx with enable: false to turn it off, true to turn it on.
    inputs: {
      switchNginx: (_after: unknown, states: readonly string[]) => ({
        enable: states.includes('turningOn'),
      }),
    },
  },
  states: {
    loading: (s) => expectThat(selectSwitchBusy(s) && !selectSwitchEnabled(s), 'the switch waits'),
    on: (s) => expectThat(selectSwitchOn(s) && selectSwitchEnabled(s), 'the switch shows on'),
    off: (s) => expectThat(!selectSwitchOn(s) && selectSwitchEnabled(s), 'the switch shows off'),
    turningOff: (s) => expectThat(selectSwitchBusy(s) && !selectSwitchEnabled(s), 'turning off'),
    turningOn: (s) => expectThat(selectSwitchBusy(s) && !selectSwitchEnabled(s), 'turning on'),
    failed: (s) => expectThat(selectNginxFailed(s) !== null, 'the reason shows'),
  },
});
