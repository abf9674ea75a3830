/**
 * The web server switch's registration (portal.md §2 "a web server (nginx) on/off toggle"; the
 * issue's destructive-action inventory: turning it off stops every site of the server, so it asks
 * first, naming what stops, and nothing is sent before Confirm; turning it on asks nothing).
 */
import { MANAGED_MESSAGES } from '#shared/managed/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { nginxMachine } from './nginx.machine.ts';
import {
  selectNginxFailed,
  selectSwitchBusy,
  selectSwitchEnabled,
  selectSwitchOn,
  selectTurnOffQuestion,
} from './nginx.selectors.ts';

const UNREACHABLE = { message: 'The managed server cannot be reached; try again in a minute' };
const SITES = ['shop.example.com', 'blog.example.com'];
const REDIRECTS = [
  MANAGED_MESSAGES.nginxOffRedirect('old.example.com', 'https://shop.example.com/'),
];

export const managedNginxModel = defineMachine({
  name: 'managed-nginx',
  title: 'Web server switch (managed server)',
  description:
    'The on/off switch of the web server (nginx) on a managed server. The status loads first. ' +
    'Turning it off stops every site of the server, so the switch first asks, naming how many ' +
    'sites and redirects stop and each of them; nothing is sent before Confirm, and Cancel leaves ' +
    'it on. Turning it on asks nothing. The switch shows it turning until the server answers. If ' +
    'the status or the switch fails, the reason shows and the status can be loaded again.',
  machine: nginxMachine,
  events: [
    sample('status on', { type: 'xstate.done.actor.status', output: { status: 'on' } }),
    sample('status off', { type: 'xstate.done.actor.status', output: { status: 'off' } }),
    sample('status fails', { type: 'xstate.error.actor.status', error: UNREACHABLE }),
    sample('flip the switch', { type: 'nginx.switch.toggled', sites: SITES, redirects: REDIRECTS }),
    sample('flip the switch before the sites are known', { type: 'nginx.switch.toggled' }),
    sample('confirm turning it off', { type: 'nginx.off.confirmed' }),
    sample('keep it on', { type: 'nginx.off.cancelled' }),
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
  project: ({ context }) => ({
    error: context.error,
    /** What the confirmation names as stopping. */
    stops: [...(context.stops.sites ?? []), ...(context.stops.redirects ?? [])],
  }),
  limit: 100,
  expect: {
    // The status loads first; nothing has failed.
    start: { to: 'loading', with: { error: null, stops: [] } },
    on: {
      loading: {
        'status on': 'on',
        'status off': 'off',
        'status fails': { to: 'failed', with: { error: UNREACHABLE.message } },
      },
      // Turning it off asks first, naming every site and redirect that stops; nothing is sent.
      on: {
        'flip the switch': { to: 'confirmingOff', with: { stops: [...SITES, ...REDIRECTS] } },
        'flip the switch before the sites are known': { to: 'confirmingOff', with: { stops: [] } },
      },
      confirmingOff: { 'confirm turning it off': 'turningOff', 'keep it on': 'on' },
      // The switch shows what the server answers.
      turningOff: {
        stopped: 'off',
        'stop answered: still on': 'on',
        'stop fails': { to: 'failed', with: { error: UNREACHABLE.message } },
      },
      // Turning it on asks nothing.
      off: {
        'flip the switch': 'turningOn',
        'flip the switch before the sites are known': 'turningOn',
      },
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
    confirmingOff: (s) => {
      const question = selectTurnOffQuestion(s);
      const { sites, redirects } = s.context.stops;
      expectThat(selectSwitchOn(s) && !selectSwitchEnabled(s), 'the switch still shows on');
      expectThat(
        question !== null &&
          question.stops ===
            (sites && redirects
              ? MANAGED_MESSAGES.nginxOffStops(sites.length, redirects.length)
              : MANAGED_MESSAGES.nginxOffStopsUnknown),
        'the question says how many sites and redirects stop',
      );
    },
    off: (s) => expectThat(!selectSwitchOn(s) && selectSwitchEnabled(s), 'the switch shows off'),
    turningOff: (s) => expectThat(selectSwitchBusy(s) && !selectSwitchEnabled(s), 'turning off'),
    turningOn: (s) => expectThat(selectSwitchBusy(s) && !selectSwitchEnabled(s), 'turning on'),
    failed: (s) => expectThat(selectNginxFailed(s) !== null, 'the reason shows'),
  },
});
