/**
 * Account Home's people section as one page machine (portal.md §3 "Authorized contact", §4
 * "Contact edit", §6; docs/people.md "The people section"): it owns the contacts list, a contact
 * edit machine per contact listed, the new contact's and the open permissions grid, and the view
 * creates only this actor, reads its selectors and sends it (or the child it names) what the
 * person does.
 *
 * | id           | machine                                   | what                                  |
 * | ------------ | ----------------------------------------- | ------------------------------------- |
 * | `list`       | contacts.loader.ts (GET authorized_contacts) | the contacts and users listed      |
 * | (one a row)  | contact-edit.machine.ts                   | a contact listed: Edit, Make user, …  |
 * | `newContact` | contact-edit.machine.ts (no contact)      | Add contact, while its form is open   |
 * | `grid`       | permissions-grid.machine.ts               | Permissions of one user, while open   |
 *
 * Each time the list shows, every contact listed has its machine: one whose contact is listed as
 * it was keeps its own (a form open on another row stays open), one whose contact changed or went
 * is stopped, and a new one starts. A contact saved, made a user or a contact again, or deleted
 * (a row's `contact changed`), a new contact saved, and rights saved have the list loaded again;
 * the new contact's form and the grid then close.
 */
import {
  assertEvent,
  assign,
  enqueueActions,
  sendParent,
  sendTo,
  setup,
  type ActorRefFrom,
} from 'xstate';
import { managesContacts } from '#shared/people/grants';
import type { AuthorizedContact } from '#shared/people/types';
import type { Perms } from '#shared/permissions';
import type { LoaderSnapshot } from '../session/loader.selectors.ts';
import { contactEditMachine, OFFERED, outrankedReason } from './contact-edit.machine.ts';
import { contactsLoader } from './contacts.loader.ts';
import { permissionsGridMachine } from './permissions-grid.machine.ts';
import type { Editor } from './types.ts';

export interface PeopleSectionInput {
  /** The rights of the person editing (all of them for a site admin acting as the customer). */
  granter: Perms;
  /** Who is editing: their login and whether it is the account's primary admin. */
  editor: Editor;
}

/** A contact listed, with its machine (started for this version of the contact). */
export interface ContactRowRef {
  /** The contact as listed: a changed contact is another row. */
  key: string;
  contact: AuthorizedContact;
  actor: ActorRefFrom<typeof contactEditMachine>;
}

export interface PeopleSectionContext {
  granter: Perms;
  editor: Editor;
  /** The contacts as last listed (kept while they load again, or after a failed reload). */
  contacts: AuthorizedContact[] | null;
  /** Why the contacts could not be loaded, while that shows. */
  loadError: string | null;
  rows: ContactRowRef[];
  /** The user whose permissions are open. */
  permissionsOf: AuthorizedContact | null;
}

type ListSnapshot = LoaderSnapshot<AuthorizedContact[]>;

export type PeopleSectionEvent =
  | { type: 'contacts.retry.pressed' }
  | { type: 'contact.add.pressed' }
  | { type: 'permissions.open.pressed'; contactId: number }
  | { type: 'permissions.close.pressed' }
  /** A row saved, converted, demoted or deleted its contact (its `contact changed`). */
  | { type: 'contacts.changed' }
  /** The new contact was saved (its `contact changed`). */
  | { type: 'contact.added' }
  /** The grid saved the rights (its `permissions changed`). */
  | { type: 'permissions.changed' }
  | { type: 'xstate.snapshot.list'; snapshot: ListSnapshot }
  /** What the list shows now (raised by the page from the loader's snapshot). */
  | { type: 'contacts.listed' }
  | { type: 'contacts.failed' }
  | { type: 'contacts.loading' }
  /** The new contact was given up (its final state). */
  | { type: 'xstate.done.actor.newContact' };

const keyOf = (contact: AuthorizedContact) => `${contact.contact_id}:${JSON.stringify(contact)}`;

/** The contacts a list snapshot shows, or null (loading, or failed with nothing shown). */
const listedIn = (snapshot: ListSnapshot): AuthorizedContact[] | null =>
  snapshot.matches('loaded') || snapshot.matches('reloading') ? snapshot.context.data : null;

/** What the children say, in the page: each goes to the page machine as an event. */
export const ROW_TO_PAGE = { 'contact changed': sendParent({ type: 'contacts.changed' }) };
export const NEW_CONTACT_TO_PAGE = { 'contact changed': sendParent({ type: 'contact.added' }) };
export const GRID_TO_PAGE = { 'permissions changed': sendParent({ type: 'permissions.changed' }) };

export const peopleSectionMachine = setup({
  types: {
    context: {} as PeopleSectionContext,
    events: {} as PeopleSectionEvent,
    input: {} as PeopleSectionInput,
    children: {} as { list: 'contactsList'; newContact: 'newContact'; grid: 'permissionsGrid' },
  },
  actors: {
    /** The app provides its load (GET /user/authorized_contacts). */
    contactsList: contactsLoader,
    contactRow: contactEditMachine.provide({ actions: ROW_TO_PAGE as never }),
    newContact: contactEditMachine.provide({ actions: NEW_CONTACT_TO_PAGE as never }),
    permissionsGrid: permissionsGridMachine.provide({ actions: GRID_TO_PAGE as never }),
  },
  actions: {
    'take the list': assign(({ event }) => {
      assertEvent(event, 'xstate.snapshot.list');
      // A list that could not be loaded shows no contacts: none of them can be acted on.
      return event.snapshot.matches('failed')
        ? { loadError: event.snapshot.context.error, contacts: null }
        : { loadError: null };
    }),
    /**
     * Every contact listed has its machine: kept while its contact is listed as it was, stopped
     * once it changed or went, started for a new one.
     */
    'keep a machine per contact': enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'xstate.snapshot.list');
      const contacts = listedIn(event.snapshot) ?? [];
      const keys = new Set(contacts.map(keyOf));
      for (const row of context.rows) if (!keys.has(row.key)) enqueue.stopChild(row.actor);
      enqueue.assign({
        contacts,
        rows: ({ context: now, spawn }) =>
          contacts.map((contact) => {
            const key = keyOf(contact);
            return (
              now.rows.find((row) => row.key === key) ?? {
                key,
                contact,
                actor: spawn('contactRow', {
                  input: { contact, granter: now.granter, editor: now.editor },
                }),
              }
            );
          }),
      });
    }),
    /** The list's state as the section shows it (the loader's snapshot says it each time). */
    'say what the list shows': enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'xstate.snapshot.list');
      const { snapshot } = event;
      if (listedIn(snapshot) !== null) enqueue.raise({ type: 'contacts.listed' });
      else if (snapshot.matches('failed')) enqueue.raise({ type: 'contacts.failed' });
      else if (snapshot.matches('loading')) enqueue.raise({ type: 'contacts.loading' });
    }),
    'load the contacts again': sendTo('list', { type: 'reload.requested' }),
    'try the contacts again': sendTo('list', { type: 'retry.pressed' }),
    'remember whose permissions': assign(({ context, event }) => {
      assertEvent(event, 'permissions.open.pressed');
      return {
        permissionsOf: context.contacts?.find((c) => c.contact_id === event.contactId) ?? null,
      };
    }),
    'forget whose permissions': assign({ permissionsOf: null }),
  },
  guards: {
    'the contacts listed changed': ({ context, event }) =>
      event.type === 'xstate.snapshot.list' &&
      listedIn(event.snapshot) !== null &&
      listedIn(event.snapshot) !== context.contacts,
    /** Loading, listed or failed (the loader's states). */
    'the list says where it is': ({ event }) =>
      event.type === 'xstate.snapshot.list' &&
      (['loading', 'loaded', 'reloading', 'failed'] as const).some((state) =>
        event.snapshot.matches(state),
      ),
    'the editor manages contacts': ({ context }) => managesContacts(context.granter),
    /** Permissions is offered where Make contact is: a user not outranking the editor. */
    'a user whose rights the editor may change': ({ context, event }) => {
      assertEvent(event, 'permissions.open.pressed');
      const contact = context.contacts?.find((c) => c.contact_id === event.contactId) ?? null;
      const rules = { contact, granter: context.granter, editor: context.editor };
      return OFFERED['user.demote.pressed'](rules) && outrankedReason(rules) === null;
    },
  },
}).createMachine({
  id: 'peopleSection',
  description:
    'Account Home’s contacts and users: the list, a machine per contact listed, Add contact ' +
    'and a user’s permissions; after a change the list loads again.',
  context: ({ input }) => ({
    granter: input.granter,
    editor: input.editor,
    contacts: null,
    loadError: null,
    rows: [],
    permissionsOf: null,
  }),
  invoke: {
    id: 'list',
    src: 'contactsList',
    onSnapshot: [
      {
        guard: 'the contacts listed changed',
        actions: ['take the list', 'keep a machine per contact', 'say what the list shows'],
      },
      {
        guard: 'the list says where it is',
        actions: ['take the list', 'say what the list shows'],
      },
    ],
  },
  on: {
    'contacts.changed': { actions: 'load the contacts again' },
  },
  type: 'parallel',
  states: {
    list: {
      description: 'The contacts and users listed.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The contacts are loading (the first time, or after Try again).',
          on: { 'contacts.listed': 'shown', 'contacts.failed': 'failed' },
        },
        shown: {
          description:
            'The contacts as listed, each with its machine; they stay while they load again.',
          on: { 'contacts.failed': 'failed' },
        },
        failed: {
          description:
            'The contacts could not be loaded: the section says why and offers Try again.',
          on: {
            'contacts.retry.pressed': { actions: 'try the contacts again' },
            'contacts.listed': 'shown',
            'contacts.loading': 'loading',
          },
        },
      },
    },
    adding: {
      description: 'Add contact.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No new contact: Add contact for someone who manages contacts.',
          on: {
            'contact.add.pressed': { guard: 'the editor manages contacts', target: 'open' },
          },
        },
        open: {
          description:
            'The new contact’s form (a contact edit machine with no contact). Once saved, the list loads again and the form closes; given up, it closes.',
          invoke: {
            id: 'newContact',
            src: 'newContact',
            input: ({ context }) => ({
              contact: null,
              granter: context.granter,
              editor: context.editor,
            }),
            onDone: 'closed',
          },
          on: {
            'contact.added': { target: 'closed', actions: 'load the contacts again' },
          },
        },
      },
    },
    permissions: {
      description: 'A user’s permissions.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No permissions are open.',
          on: {
            'permissions.open.pressed': {
              guard: 'a user whose rights the editor may change',
              target: 'open',
              actions: 'remember whose permissions',
            },
          },
        },
        open: {
          description:
            'The user’s permissions grid. Once the rights are saved, the list loads again and the grid closes; Cancel closes it.',
          invoke: {
            id: 'grid',
            src: 'permissionsGrid',
            input: ({ context }) => ({
              contactId: context.permissionsOf!.contact_id,
              before: context.permissionsOf!.user?.perms ?? {},
              granter: context.granter,
            }),
          },
          on: {
            'permissions.changed': {
              target: 'closed',
              actions: ['load the contacts again', 'forget whose permissions'],
            },
            'permissions.close.pressed': { target: 'closed', actions: 'forget whose permissions' },
          },
        },
      },
    },
  },
});

export type PeopleSectionActor = ActorRefFrom<typeof peopleSectionMachine>;

/**
 * The page machine with the app's versions of its children (their calls and notifications
 * provided): each still tells this page what it says.
 */
export function peopleSectionWith(children: {
  list: typeof contactsLoader;
  contact: typeof contactEditMachine;
  grid: typeof permissionsGridMachine;
}) {
  return peopleSectionMachine.provide({
    actors: {
      contactsList: children.list,
      contactRow: children.contact.provide({ actions: ROW_TO_PAGE as never }),
      newContact: children.contact.provide({ actions: NEW_CONTACT_TO_PAGE as never }),
      permissionsGrid: children.grid.provide({ actions: GRID_TO_PAGE as never }),
    },
  });
}
