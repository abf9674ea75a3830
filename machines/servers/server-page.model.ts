/**
 * A server page machine's registration: what the page does between its children (the servers
 * list, the power, the editor, each registered on its own: list.model.ts, power.model.ts,
 * editor.model.ts). The children here are inert and the samples are what they tell the page;
 * what the page passes on to them is driven with the real children in
 * tests/machines/server-page.test.ts. portal.md §8: "Server not found" when the server is absent
 * after the load; §4: after start and stop the server is fetched again; the issue "The portal as
 * a customer finds it": once deleted, the servers list opens.
 */
import { createMachine } from 'xstate';
import type { ServerRecord } from '#shared/servers/rules';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import type { ListNote } from './list.machine.ts';
import { LISTED_SERVER } from './list.model.ts';
import { serverPageMachine } from './server-page.machine.ts';
import {
  selectPageEditor,
  selectPageLoading,
  selectPageServer,
  selectPageServerDeleted,
  selectPageServerNotFound,
  type ServerPageSnapshot,
} from './server-page.selectors.ts';

const SERVER = LISTED_SERVER;
const OTHER: ServerRecord = { ...SERVER, iid: SERVER.iid + 1, name: 'mail-1' };
/** The server read again with a bigger size (as after a saved resize). */
const RESIZED: ServerRecord = { ...SERVER, cpus: 4, mem: 8192, mem_gb: 8, monthly_cost: 176 };

/** What the user may do with services: the list offers its actions by these (portal.md §6). */
const PERMS = { services: { has_view: true, has_manage: true } };

const shown = (...servers: ServerRecord[]): ListNote => ({ type: 'servers.shown', servers });

function project(snapshot: ServerPageSnapshot) {
  return {
    /** The name shown (as the title), or null while no server shows. */
    shown: selectPageServer(snapshot)?.name ?? null,
    cpus: selectPageServer(snapshot)?.cpus ?? null,
    notFound: selectPageServerNotFound(snapshot),
  };
}

/**
 * The power and the editor as the walk sees them: they never move on their own. The list is the
 * runner's scripted actor: it finishes (the server deleted) when the path says so.
 */
const inert = createMachine({ id: 'inert' });

export const serverPageModel = defineMachine({
  name: 'server-page',
  title: 'Server page',
  description:
    'A server’s page holds three parts, each charted on its own: the servers list (read once the ' +
    'page opens, and again after a change), the power buttons and the size editor. The server ' +
    'shows, with its editor, once the list has it; if the list does not have it, "Server not ' +
    'found". After Start or Stop has finished, and after a size is saved, the server is read ' +
    'again. Delete server goes to the list, which asks first; once deleted, the servers list ' +
    'opens.',
  machine: serverPageMachine,
  input: { iid: SERVER.iid, perms: PERMS },
  events: [
    sample('the list has the server', shown(OTHER, SERVER)),
    sample('the list has it resized', shown(RESIZED)),
    sample('the list does not have it', shown(OTHER)),
    sample('a start or a save is done', { type: 'server.changed' }),
    sample('press Reload', { type: 'servers.reload.pressed' }),
    sample('press Delete server', { type: 'server.delete.pressed' }),
    sample('confirm the delete', { type: 'server.delete.confirmed' }),
    sample('cancel the delete', { type: 'server.delete.cancelled' }),
    sample('the list deleted it', { type: 'xstate.done.actor.list' }),
  ],
  project,
  limit: 300,
  fakes: {
    actors: { serverPower: inert, serverEditor: inert },
  } as never,
  expect: {
    start: { to: 'loading', with: { shown: null, cpus: null, notFound: false } },
    // The list reads the servers for this user: it is given what the user may do.
    inputs: { serversList: () => ({ perms: PERMS }) },
    // The list and the power live as long as the page; the editor while the server shows.
    running: {
      loading: ['list', 'power'],
      shown: ['list', 'power', 'editor'],
      notFound: ['list', 'power'],
    },
    on: {
      '*': {
        // Passed on to the list (judged with the real children): the page stays where it is.
        'a start or a save is done': 'stays',
        'press Reload': 'stays',
        'the list deleted it': 'deleted',
      },
      loading: {
        'the list has the server': {
          to: 'shown',
          with: { shown: SERVER.name, cpus: SERVER.cpus, notFound: false },
        },
        'the list has it resized': {
          to: 'shown',
          with: { shown: SERVER.name, cpus: RESIZED.cpus, notFound: false },
        },
        'the list does not have it': { to: 'notFound', with: { shown: null, notFound: true } },
        // Delete is not offered before the server shows.
        'press Delete server': 'ignored',
        'confirm the delete': 'ignored',
        'cancel the delete': 'ignored',
      },
      shown: {
        // Read again: the page (and its editor) shows the server as read.
        'the list has the server': { to: 'stays', with: { shown: SERVER.name, cpus: SERVER.cpus } },
        'the list has it resized': {
          to: 'stays',
          with: { shown: SERVER.name, cpus: RESIZED.cpus },
        },
        'the list does not have it': { to: 'notFound', with: { shown: null, notFound: true } },
        'press Delete server': 'stays',
        'confirm the delete': 'stays',
        'cancel the delete': 'stays',
      },
      notFound: {
        'the list has the server': {
          to: 'shown',
          with: { shown: SERVER.name, cpus: SERVER.cpus, notFound: false },
        },
        'the list has it resized': {
          to: 'shown',
          with: { shown: SERVER.name, cpus: RESIZED.cpus, notFound: false },
        },
        'the list does not have it': 'ignored',
        'press Delete server': 'ignored',
        'confirm the delete': 'ignored',
        'cancel the delete': 'ignored',
      },
    },
  },
  states: {
    loading: (snapshot) => {
      expectThat(selectPageLoading(snapshot), 'the server is being read');
      expectThat(selectPageServer(snapshot) === null, 'no server shows yet');
    },
    shown: (snapshot) => {
      expectThat(selectPageServer(snapshot)?.iid === SERVER.iid, 'the page’s server shows');
      expectThat(selectPageEditor(snapshot) !== undefined, 'its editor shows');
      expectThat(!selectPageServerNotFound(snapshot), 'no "Server not found"');
    },
    notFound: (snapshot) => {
      expectThat(selectPageServerNotFound(snapshot), '"Server not found" shows');
      expectThat(selectPageEditor(snapshot) === undefined, 'no editor shows');
    },
    deleted: (snapshot) => {
      expectThat(selectPageServerDeleted(snapshot), 'the servers list opens');
      expectThat(!selectPageServerNotFound(snapshot), 'no "Server not found"');
    },
  },
});
