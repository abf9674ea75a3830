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
 * saved or on Cancel. After a change the list loads again, and Try again has it tried again:
 * what the section tells the list (XState's `sendTo`) is declared as the effect `xstate.sendTo`.
 * What the new contact's form and the grid start with is declared in `inputs`; each contact's
 * machine keeps what it started with, and every state that lists the contacts checks it. That a
 * form open on one contact stays open when another changes is judged with the real children in
 * tests/machines/people-section.test.ts.
 */
import { createMachine } from 'xstate';
import { normalizePerms } from '#shared/people/grants';
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
/** A user holding a right the editor lacks (services manage): the editor may not change theirs. */
const OUTRANKING: AuthorizedContact = {
  ...AS_USER,
  contact_id: CONTACT.contact_id + 2,
  cntid: 1003,
  user: {
    uid: 'morgan',
    perms: normalizePerms({ services: { has_view: true, has_manage: true } }),
    primary_admin: false,
  },
};
const FIRST = [CONTACT, USER, OUTRANKING];
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
/** A contact's machine as the walk sees it: it keeps what it was started with. */
const startedWith = createMachine({
  id: 'startedWith',
  types: {} as { input: unknown; context: { input: unknown } },
  context: ({ input }) => ({ input }),
});
type StartedWith = { getSnapshot(): { status: string; context: { input: unknown } } };

/** What the section tells the list (XState's `sendTo`, run as `xstate.sendTo`). */
const SENT = 'xstate.sendTo';
const LOAD_AGAIN = { [SENT]: { targetId: 'list', event: { type: 'reload.requested' } } };
const TRY_AGAIN = { [SENT]: { targetId: 'list', event: { type: 'retry.pressed' } } };

const SHOW_FIRST = 'the contacts show';
const SHOW_AGAIN = 'the contacts show again, changed';
const FAIL = 'the contacts cannot be loaded';
const RELOAD = 'the contacts load again after Try again';
const PERMISSIONS_OF_USER = 'press Permissions on the user';
const PERMISSIONS_OF_OUTRANKING = 'press Permissions on a user holding a right the editor lacks';

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
    sample(PERMISSIONS_OF_OUTRANKING, {
      type: 'permissions.open.pressed',
      contactId: OUTRANKING.contact_id,
    }),
    sample('press Permissions on a contact', {
      type: 'permissions.open.pressed',
      contactId: CONTACT.contact_id,
    }),
    sample('press Cancel on the permissions', { type: 'permissions.close.pressed' }),
    sample('the rights are saved', { type: 'permissions.changed' }),
  ],
  project,
  limit: 500,
  // The list is inert (its loads are samples); each contact's machine keeps what it started
  // with; the new contact's form and the grid are scripted by the runner.
  fakes: { actors: { contactsList: inert, contactRow: startedWith } } as never,
  expect: {
    effects: [SENT],
    inputs: {
      // A new contact: no contact yet, with the editor's rights (docs/people.md).
      newContact: () => ({ contact: null, granter: CONTACTS_MANAGER, editor: EDITOR }),
      // The user's grid: the user and the rights they hold now, changed within the editor's.
      permissionsGrid: () => ({
        contactId: USER.contact_id,
        before: USER.user!.perms,
        granter: CONTACTS_MANAGER,
      }),
    },
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
      '*': { 'a contact is changed': { to: 'stays', runs: LOAD_AGAIN } },
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
        'press Try again': { to: 'stays', runs: TRY_AGAIN },
      },
      'adding.closed': {
        'press Add contact': 'adding.open',
        'the new contact is saved': 'ignored',
      },
      'adding.open': {
        'press Add contact': 'ignored',
        'the new contact is saved': { to: 'adding.closed', runs: LOAD_AGAIN },
        'the new contact is given up': 'adding.closed',
      },
      'permissions.closed': {
        // Only a user listed has permissions to open.
        [PERMISSIONS_OF_USER]: (b: Projection) =>
          b.listed === 'first'
            ? { to: 'permissions.open', with: { permissionsOf: USER.contact_id } }
            : 'ignored',
        [PERMISSIONS_OF_OUTRANKING]: 'ignored',
        'press Permissions on a contact': 'ignored',
        'press Cancel on the permissions': 'ignored',
        'the rights are saved': 'ignored',
      },
      'permissions.open': {
        [PERMISSIONS_OF_USER]: 'ignored',
        [PERMISSIONS_OF_OUTRANKING]: 'ignored',
        'press Permissions on a contact': 'ignored',
        'press Cancel on the permissions': {
          to: 'permissions.closed',
          with: { permissionsOf: null },
        },
        'the rights are saved': {
          to: 'permissions.closed',
          with: { permissionsOf: null },
          runs: LOAD_AGAIN,
        },
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
      const rows = selectContactRows(s);
      expectThat(rows.length === contacts!.length, 'each contact listed has its row');
      // docs/people.md: every contact listed has its machine, started with that contact and the
      // editor's rights; a contact no longer listed has none.
      rows.forEach((row, index) => {
        const actor = row.actor as unknown as StartedWith;
        expectThat(row.contact === contacts![index], 'each row is its contact’s');
        expectThat(actor.getSnapshot().status === 'active', 'each row’s machine runs');
        expectThat(
          JSON.stringify(actor.getSnapshot().context.input) ===
            JSON.stringify({
              contact: contacts![index],
              granter: CONTACTS_MANAGER,
              editor: EDITOR,
            }),
          'each row’s machine started with its contact and the editor’s rights',
        );
      });
      const others = Object.keys(s.children).filter(
        (id) => !['list', 'newContact', 'grid'].includes(id),
      );
      expectThat(others.length === rows.length, 'no machine runs for a contact no longer listed');
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
