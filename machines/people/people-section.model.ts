/**
 * The people section machine's registration: what Account Home's contacts and users section does
 * between its children (the contacts loader, a contact edit machine per contact, the new
 * contact's, the permissions grid, each registered on its own: loader.model.ts,
 * contact-edit.model.ts, permissions-grid.model.ts). The children here are inert; the list's loads
 * are samples (the snapshot the loader shows). Spec (portal.md §3, §4 "Contact edit", §6;
 * docs/people.md): the contacts list shows once loaded, or says why it could not be, with Try
 * again; Add contact opens the new contact's form for someone who manages contacts, and it closes
 * once saved or given up; Permissions opens only on a user other than the primary admin whose
 * rights the editor holds (never on a contact without a login), and closes once the rights are
 * saved or on Cancel. That the list loads again after a change, and that a form open on one
 * contact stays open when another changes, is judged with the real children in
 * tests/machines/people-section.test.ts.
 */
import { createMachine } from 'xstate';
import type { AuthorizedContact } from '#shared/people/types';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { contactsLoader } from './contacts.loader.ts';
import { peopleSectionMachine } from './people-section.machine.ts';
import {
  selectCanAddContact,
  selectContactRows,
  selectContactsLoadError,
  selectContactsLoading,
  selectListedContacts,
  selectNewContact,
  selectPermissionsGrid,
  selectPermissionsOf,
  type PeopleSectionSnapshot,
} from './people-section.selectors.ts';
import { AS_USER, CONTACT, CONTACTS_MANAGER, EDITOR, TIMED_OUT } from './samples.ts';

/** A user of the account (not the primary admin) holding only payments view. */
const USER: AuthorizedContact = { ...AS_USER, contact_id: CONTACT.contact_id + 1, cntid: 1002 };
const FIRST = [CONTACT, USER];
/** Listed again after a change: the user is gone. */
const AGAIN = [CONTACT];

const loaded = (contacts: AuthorizedContact[]) =>
  contactsLoader.resolveState({ value: 'loaded', context: { data: contacts, error: null } });
const failed = contactsLoader.resolveState({
  value: 'failed',
  context: { data: null, error: TIMED_OUT.message },
});
const loading = contactsLoader.resolveState({
  value: 'loading',
  context: { data: null, error: TIMED_OUT.message },
});

/** Which list shows: none, the first one or the one listed again. */
type Listed = 'none' | 'first' | 'again';

function project(snapshot: PeopleSectionSnapshot) {
  const contacts = selectListedContacts(snapshot);
  return {
    listed: (contacts === null
      ? 'none'
      : contacts.length === FIRST.length
        ? 'first'
        : 'again') as Listed,
    error: selectContactsLoadError(snapshot),
    permissionsOf: selectPermissionsOf(snapshot),
  };
}
type Projection = ReturnType<typeof project>;

/**
 * The list, the rows and the grid as the walk sees them: they never move on their own (the
 * samples are the list's loads and what the rows and the grid tell the page). The new contact is
 * the runner's scripted actor: it is given up (its final state) when the path says so.
 */
const inert = createMachine({ id: 'inert' });

const SHOW_FIRST = 'the contacts show';
const SHOW_AGAIN = 'the contacts show again, changed';
const FAIL = 'the contacts cannot be loaded';
const RELOAD = 'the contacts load again after Try again';
const PERMISSIONS_OF_USER = 'press Permissions on the user';

/** A load that lists the contacts: the list shows them, whatever showed before. */
const shows = (listed: Listed) => (b: Projection) => ({
  to: b.listed === 'none' ? 'list.shown' : 'stays',
  with: { listed, error: null },
});

export const peopleSectionModel = defineMachine({
  name: 'people-section',
  title: 'People section (Account Home)',
  description:
    'Account Home’s authorized contacts and users. The list loads when the page opens; if it ' +
    'cannot be loaded the section says why and offers Try again. Every contact listed has its own ' +
    'contact machine (charted as contact-edit). Someone who manages contacts gets Add contact, ' +
    'which opens the new contact’s form until it is saved or given up, and Permissions on a user ' +
    '(not the primary admin, not holding a right the editor lacks), which opens the user’s grid ' +
    '(charted as permissions-grid) until the rights are saved or Cancel is pressed. After any ' +
    'change the list loads again.',
  machine: peopleSectionMachine,
  input: { granter: CONTACTS_MANAGER, editor: EDITOR },
  events: [
    sample(SHOW_FIRST, { type: 'xstate.snapshot.list', snapshot: loaded(FIRST) } as never),
    sample(SHOW_AGAIN, { type: 'xstate.snapshot.list', snapshot: loaded(AGAIN) } as never),
    sample(FAIL, { type: 'xstate.snapshot.list', snapshot: failed } as never),
    sample(RELOAD, { type: 'xstate.snapshot.list', snapshot: loading } as never),
    sample('press Try again', { type: 'contacts.retry.pressed' }),
    sample('a contact is changed', { type: 'contacts.changed' }),
    sample('press Add contact', { type: 'contact.add.pressed' }),
    sample('the new contact is saved', { type: 'contact.added' }),
    sample('the new contact is given up', { type: 'xstate.done.actor.newContact' }),
    sample(PERMISSIONS_OF_USER, { type: 'permissions.open.pressed', contactId: USER.contact_id }),
    sample('press Permissions on a contact', {
      type: 'permissions.open.pressed',
      contactId: CONTACT.contact_id,
    }),
    sample('press Cancel on the permissions', { type: 'permissions.close.pressed' }),
    sample('the rights are saved', { type: 'permissions.changed' }),
  ],
  project,
  limit: 500,
  fakes: {
    actors: {
      contactsList: inert,
      contactRow: inert,
      permissionsGrid: inert,
    },
  } as never,
  expect: {
    start: {
      to: ['list.loading', 'adding.closed', 'permissions.closed'],
      with: { listed: 'none', error: null, permissionsOf: null },
    },
    running: {
      'list.loading': ['list'],
      'list.shown': ['list'],
      'list.failed': ['list'],
      'adding.open': ['newContact'],
      'permissions.open': ['grid'],
    },
    on: {
      // A change has the list loaded again (judged with the real children): the section stays.
      '*': { 'a contact is changed': 'stays' },
      'list.loading': {
        [SHOW_FIRST]: shows('first'),
        [SHOW_AGAIN]: shows('again'),
        [FAIL]: { to: 'list.failed', with: { listed: 'none', error: TIMED_OUT.message } },
        [RELOAD]: 'stays',
        'press Try again': 'ignored',
      },
      'list.shown': {
        [SHOW_FIRST]: shows('first'),
        [SHOW_AGAIN]: shows('again'),
        [FAIL]: { to: 'list.failed', with: { listed: 'none', error: TIMED_OUT.message } },
        // A list being loaded again keeps showing.
        [RELOAD]: 'stays',
        'press Try again': 'ignored',
      },
      'list.failed': {
        [SHOW_FIRST]: shows('first'),
        [SHOW_AGAIN]: shows('again'),
        [FAIL]: { to: 'stays', with: { listed: 'none', error: TIMED_OUT.message } },
        [RELOAD]: { to: 'list.loading', with: { listed: 'none', error: null } },
        // Passed on to the list, which loads again.
        'press Try again': 'stays',
      },
      'adding.closed': {
        'press Add contact': 'adding.open',
        'the new contact is saved': 'ignored',
      },
      'adding.open': {
        'press Add contact': 'ignored',
        'the new contact is saved': 'adding.closed',
        'the new contact is given up': 'adding.closed',
      },
      'permissions.closed': {
        // Only a user listed has permissions to open.
        [PERMISSIONS_OF_USER]: (b: Projection) =>
          b.listed === 'first'
            ? { to: 'permissions.open', with: { permissionsOf: USER.contact_id } }
            : 'ignored',
        'press Permissions on a contact': 'ignored',
        'press Cancel on the permissions': 'ignored',
        'the rights are saved': 'ignored',
      },
      'permissions.open': {
        [PERMISSIONS_OF_USER]: 'ignored',
        'press Permissions on a contact': 'ignored',
        'press Cancel on the permissions': {
          to: 'permissions.closed',
          with: { permissionsOf: null },
        },
        'the rights are saved': { to: 'permissions.closed', with: { permissionsOf: null } },
      },
    },
  },
  states: {
    'list.loading': (s) => {
      expectThat(selectContactsLoading(s), 'the contacts are loading');
      expectThat(selectListedContacts(s) === null, 'no contacts show yet');
    },
    'list.shown': (s) => {
      const contacts = selectListedContacts(s);
      expectThat(contacts !== null, 'the contacts show');
      expectThat(
        selectContactRows(s).length === contacts!.length,
        'each contact listed has its row',
      );
      expectThat(selectContactsLoadError(s) === null, 'no failure shows');
    },
    'list.failed': (s) => {
      expectThat(selectContactsLoadError(s) === TIMED_OUT.message, 'the failure is said');
      expectThat(selectListedContacts(s) === null, 'no contacts show');
    },
    'adding.closed': (s) => {
      expectThat(selectCanAddContact(s), 'Add contact is offered');
      expectThat(selectNewContact(s) === undefined, 'no new contact’s form');
    },
    'adding.open': (s) => expectThat(selectNewContact(s) !== undefined, 'the new contact’s form'),
    'permissions.closed': (s) =>
      expectThat(selectPermissionsGrid(s) === undefined, 'no permissions open'),
    'permissions.open': (s) => {
      expectThat(selectPermissionsGrid(s) !== undefined, 'the user’s permissions grid');
      expectThat(selectPermissionsOf(s) === USER.contact_id, 'for the user');
    },
  },
});
