/**
 * The web server switch of a managed server (portal.md §2 "a web server (nginx) on/off toggle";
 * docs/managed-hosting.md): its status is loaded (GET /nginx), then the switch turns it off or on
 * (PUT /nginx `{ enable }`), showing "turning off" or "turning on" until the server answers.
 * Turning it off stops every site of the server at once: the switch asks first, naming the sites
 * and redirects that stop (the page gives them with the press), and nothing is sent before
 * Confirm. Turning it on asks nothing. A failure shows why and leaves the switch where the server
 * last said it was, after a reload.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { NginxRecord } from '#shared/managed/rules';
import { MANAGED_MESSAGES } from '#shared/managed/messages';
import { failureMessage } from '#shared/api-error';

/** What the server serves, as the page knows it (null: its lists are not loaded). */
export interface ServedSites {
  /** The vhosts' domains. */
  sites: readonly string[] | null;
  /** The redirected domains, each with its target. */
  redirects: readonly string[] | null;
}

export interface NginxContext {
  error: string | null;
  /** What turning the web server off stops, named in its confirmation. */
  stops: ServedSites;
}

export type NginxEvent =
  | ({ type: 'nginx.switch.toggled' } & Partial<ServedSites>)
  | { type: 'nginx.off.confirmed' }
  | { type: 'nginx.off.cancelled' }
  | { type: 'nginx.reload.pressed' }
  | { type: 'xstate.done.actor.status'; output: NginxRecord }
  | { type: 'xstate.error.actor.status'; error: unknown }
  | { type: 'xstate.done.actor.switchOff'; output: NginxRecord }
  | { type: 'xstate.error.actor.switchOff'; error: unknown }
  | { type: 'xstate.done.actor.switchOn'; output: NginxRecord }
  | { type: 'xstate.error.actor.switchOn'; error: unknown };

function messageOf(error: unknown): string {
  return failureMessage(error) ?? MANAGED_MESSAGES.nginxFailed;
}

export const nginxMachine = setup({
  types: { context: {} as NginxContext, events: {} as NginxEvent },
  actors: {
    status: fromPromise<NginxRecord>(async () => {
      throw new Error('status is provided by the app');
    }),
    switchNginx: fromPromise<NginxRecord, { enable: boolean }>(async () => {
      throw new Error('switchNginx is provided by the app');
    }),
  },
  guards: {
    'it is on': ({ event }) => {
      assertEvent(event, [
        'xstate.done.actor.status',
        'xstate.done.actor.switchOff',
        'xstate.done.actor.switchOn',
      ]);
      return event.output.status === 'on';
    },
  },
  actions: {
    'keep the error': assign(({ event }) => {
      assertEvent(event, [
        'xstate.error.actor.status',
        'xstate.error.actor.switchOff',
        'xstate.error.actor.switchOn',
      ]);
      return { error: messageOf(event.error) };
    }),
    'forget the error': assign({ error: null }),
    'remember what stops': assign(({ event }) => {
      assertEvent(event, 'nginx.switch.toggled');
      return { stops: { sites: event.sites ?? null, redirects: event.redirects ?? null } };
    }),
  },
}).createMachine({
  id: 'nginx',
  description:
    'The web server (nginx) of a managed server, switched on, and off after a confirmation that names every site that stops.',
  context: { error: null, stops: { sites: null, redirects: null } },
  initial: 'loading',
  states: {
    loading: {
      description: 'The status is asked for.',
      entry: 'forget the error',
      invoke: {
        id: 'status',
        src: 'status',
        onDone: [{ guard: 'it is on', target: 'on' }, { target: 'off' }],
        onError: { target: 'failed', actions: 'keep the error' },
      },
    },
    on: {
      description: 'The web server runs; the switch asks before turning it off.',
      on: { 'nginx.switch.toggled': { target: 'confirmingOff', actions: 'remember what stops' } },
    },
    confirmingOff: {
      description:
        'The user is asked to confirm: every site and redirect of the server stops, each named. Nothing is sent yet.',
      on: { 'nginx.off.confirmed': 'turningOff', 'nginx.off.cancelled': 'on' },
    },
    turningOff: {
      description: 'The server is asked to stop the web server.',
      invoke: {
        id: 'switchOff',
        src: 'switchNginx',
        input: { enable: false },
        onDone: [{ guard: 'it is on', target: 'on' }, { target: 'off' }],
        onError: { target: 'failed', actions: 'keep the error' },
      },
    },
    off: {
      description: 'The web server is stopped; the switch turns it on.',
      on: { 'nginx.switch.toggled': 'turningOn' },
    },
    turningOn: {
      description: 'The server is asked to start the web server.',
      invoke: {
        id: 'switchOn',
        src: 'switchNginx',
        input: { enable: true },
        onDone: [{ guard: 'it is on', target: 'on' }, { target: 'off' }],
        onError: { target: 'failed', actions: 'keep the error' },
      },
    },
    failed: {
      description: 'The status or the switch failed; the user may load the status again.',
      on: { 'nginx.reload.pressed': 'loading' },
    },
  },
});

export type NginxActor = ActorRefFrom<typeof nginxMachine>;
