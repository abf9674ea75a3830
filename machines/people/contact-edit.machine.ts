/**
 * One authorized contact on Account Home (portal.md §3 "Authorized contact", §4 "Contact edit",
 * §6; docs/people.md). Starting an edit snapshots the contact and cancelling restores the
 * snapshot; saving checks the fields with the shared rules (the server's own schema) and sends
 * them, and a 422 puts the server's messages on the fields it names. A contact becomes a user
 * with a username, a password and rights chosen on the permissions grid (only the levels the
 * person editing may grant can be chosen); a user becomes a contact again, or the contact is
 * deleted, after a confirmation. The primary admin keeps its login and cannot be deleted.
 * Nothing of a login holding a right the editor lacks can be changed (`rightsBeyond`), and a
 * login's email and phone only by the login itself or the primary admin (`mayChangeRecovery`):
 * the server's own rules (docs/people.md "A login's recovery").
 *
 * HTTP calls are named actors provided by the app; `contact changed` tells the app to load the
 * list again.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { PermissionCategory } from '#shared/constants';
import { PERMISSION_CATEGORY_TEXT } from '#shared/messages/portal';
import { PEOPLE_MESSAGES } from '#shared/people/messages';
import type { Level } from '#shared/people/grants';
import { managesContacts, normalizePerms, rightsBeyond, withLevel } from '#shared/people/grants';
import { CONTACT_FIELDS, contactAddressErrors, PasswordInput } from '#shared/people/fields';
import { mayChangeRecovery, RECOVERY_FIELDS } from '#shared/people/recovery';
import { UsernameSchema } from '#shared/schemas/username';
import type { AuthorizedContact } from '#shared/people/types';
import type { Perms } from '#shared/permissions';
import { checkForm, type FormValues } from '../forms/validation.ts';
import { mayChooseLevel } from './grid.ts';
import {
  draftOf,
  fieldErrorsOf,
  messageOf,
  type ContactDraft,
  type ContactField,
  type Editor,
  type FieldErrors,
} from './types.ts';

export interface ContactEditInput {
  /** null: a new contact, edited at once. */
  contact: AuthorizedContact | null;
  /** The rights of the person editing (all of them for a site admin acting as the customer). */
  granter: Perms;
  /** Who is editing: their login and whether it is the account's primary admin. */
  editor: Editor;
}

export interface Login {
  uid: string;
  password: string;
}

export interface ContactEditContext {
  contact: AuthorizedContact | null;
  granter: Perms;
  editor: Editor;
  /** The form's values. */
  draft: ContactDraft;
  /** The contact as it was when the edit started; cancel puts it back. */
  snapshot: ContactDraft | null;
  login: Login;
  /** The rights on the grid. */
  perms: Required<Perms>;
  errors: FieldErrors;
  /** Why the last call failed, when no field is to blame. */
  error: string | null;
}

export type ContactEditEvent =
  | { type: 'contact.edit.pressed' }
  | { type: 'field.changed'; field: ContactField; value: string | number }
  | { type: 'edit.cancel.pressed' }
  | { type: 'save.pressed' }
  | { type: 'user.convert.pressed' }
  | { type: 'login.changed'; field: keyof Login; value: string }
  | { type: 'permission.level.chosen'; category: PermissionCategory; level: Level }
  | { type: 'convert.cancel.pressed' }
  | { type: 'convert.submitted' }
  | { type: 'user.demote.pressed' }
  | { type: 'contact.delete.pressed' }
  | { type: 'confirmation.accepted' }
  | { type: 'confirmation.declined' }
  | { type: 'xstate.done.actor.saveContact'; output: AuthorizedContact }
  | { type: 'xstate.error.actor.saveContact'; error: unknown }
  | { type: 'xstate.done.actor.makeUser'; output: AuthorizedContact }
  | { type: 'xstate.error.actor.makeUser'; error: unknown }
  | { type: 'xstate.done.actor.demoteUser'; output: AuthorizedContact }
  | { type: 'xstate.error.actor.demoteUser'; error: unknown }
  | { type: 'xstate.done.actor.deleteContact'; output: unknown }
  | { type: 'xstate.error.actor.deleteContact'; error: unknown };

/** The login's fields as LOGIN_FIELDS checks them (its rights are the grid's). */
const LOGIN_SCHEMAS = { uid: UsernameSchema, password: PasswordInput };

export function checkContact(draft: ContactDraft) {
  return checkForm(CONTACT_FIELDS, draft as unknown as FormValues, () =>
    contactAddressErrors(draft),
  );
}

export function checkLogin(login: Login) {
  return checkForm(LOGIN_SCHEMAS, login as unknown as FormValues);
}

const withoutEmpty = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message));

const NO_RIGHTS = (): Required<Perms> => normalizePerms({});

type Rules = Pick<ContactEditContext, 'contact' | 'granter' | 'editor'>;

/**
 * Why nothing of this contact can be changed: its login holds rights the editor lacks (the
 * server's `403` in its own words), or null. Only said to someone who manages contacts.
 */
export function outrankedReason({ contact, granter }: Rules): string | null {
  if (!managesContacts(granter) || !contact?.user) return null;
  const beyond = rightsBeyond(granter, contact.user.perms);
  if (beyond.length === 0) return null;
  return PEOPLE_MESSAGES.cannotChange(beyond.map((c) => PERMISSION_CATEGORY_TEXT[c].label));
}

/** Why the login's email and phone are not the editor's to change, or null (a plain contact). */
export function recoveryFieldsReason({ contact, editor }: Rules): string | null {
  if (!contact?.user) return null;
  const mine = mayChangeRecovery(
    { uid: editor.username, primaryAdmin: editor.primaryAdmin },
    { uid: contact.user.uid },
  );
  return mine ? null : PEOPLE_MESSAGES.recoveryFields;
}

const isRecoveryField = (field: ContactField) =>
  (RECOVERY_FIELDS as readonly string[]).includes(field);

/**
 * What the contact's row offers someone who manages contacts, before the ranks are compared:
 * Edit always, Make user on a contact, Make contact (and Permissions) on a user other than the
 * primary admin, Delete on all but the primary admin. Offered and not outranked: enabled.
 */
export const OFFERED = {
  'contact.edit.pressed': ({ granter }: Rules) => managesContacts(granter),
  'user.convert.pressed': ({ granter, contact }: Rules) =>
    managesContacts(granter) && contact !== null && contact.user === null,
  'user.demote.pressed': ({ granter, contact }: Rules) =>
    managesContacts(granter) && contact?.user != null && !contact.user.primary_admin,
  'contact.delete.pressed': ({ granter, contact }: Rules) =>
    managesContacts(granter) && contact !== null && !contact.user?.primary_admin,
} as const;

export type RowAction = keyof typeof OFFERED;

const offeredAndNotOutranked = (action: RowAction) => (context: Rules) =>
  OFFERED[action](context) && outrankedReason(context) === null;

export const contactEditMachine = setup({
  types: {
    context: {} as ContactEditContext,
    events: {} as ContactEditEvent,
    input: {} as ContactEditInput,
  },
  actors: {
    /** POST /user/authorized_contacts or PATCH /user/authorized_contacts/{contact_id}. */
    saveContact: fromPromise<
      AuthorizedContact,
      { contactId: number | null; contact: ContactDraft }
    >(async () => {
      throw new Error('saveContact is provided by the app');
    }),
    /** PUT /user/[admin_]authorized_users/{contact_id} with add_perms true. */
    makeUser: fromPromise<
      AuthorizedContact,
      { contactId: number; uid: string; password: string; perms: Perms }
    >(async () => {
      throw new Error('makeUser is provided by the app');
    }),
    /** PUT /user/[admin_]authorized_users/{contact_id} with add_perms false. */
    demoteUser: fromPromise<AuthorizedContact, { contactId: number }>(async () => {
      throw new Error('demoteUser is provided by the app');
    }),
    /** DELETE /user/[admin_]authorized_contacts/{contact_id}. */
    deleteContact: fromPromise<unknown, { contactId: number }>(async () => {
      throw new Error('deleteContact is provided by the app');
    }),
  },
  actions: {
    'snapshot the contact': assign(({ context }) => ({
      draft: draftOf(context.contact),
      snapshot: draftOf(context.contact),
      errors: {},
      error: null,
    })),
    'restore the snapshot': assign(({ context }) => ({
      draft: context.snapshot ?? draftOf(context.contact),
      snapshot: null,
      errors: {},
      error: null,
    })),
    'store the field': assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      return {
        draft: { ...context.draft, [event.field]: event.value },
        errors: { ...context.errors, [event.field]: undefined },
      };
    }),
    'show the field errors': assign(({ context }) => ({
      errors: withoutEmpty(checkContact(context.draft).errors),
    })),
    'store the saved contact': assign(({ event }) => {
      assertEvent(event, [
        'xstate.done.actor.saveContact',
        'xstate.done.actor.makeUser',
        'xstate.done.actor.demoteUser',
      ]);
      return {
        contact: event.output,
        draft: draftOf(event.output),
        snapshot: null,
        errors: {},
        error: null,
        login: { uid: '', password: '' },
      };
    }),
    'store the refusal': assign(({ event }) => {
      assertEvent(event, [
        'xstate.error.actor.saveContact',
        'xstate.error.actor.makeUser',
        'xstate.error.actor.demoteUser',
        'xstate.error.actor.deleteContact',
      ]);
      const errors = fieldErrorsOf(event.error);
      return Object.keys(errors).length > 0
        ? { errors, error: null }
        : { errors: {}, error: messageOf(event.error) };
    }),
    'start the login': assign({
      login: { uid: '', password: '' },
      perms: NO_RIGHTS,
      errors: {},
      error: null,
    }),
    'store the login': assign(({ context, event }) => {
      assertEvent(event, 'login.changed');
      return {
        login: { ...context.login, [event.field]: event.value },
        errors: { ...context.errors, [event.field]: undefined },
      };
    }),
    'show the login errors': assign(({ context }) => ({
      errors: withoutEmpty(checkLogin(context.login).errors),
    })),
    'store the level': assign(({ context, event }) => {
      assertEvent(event, 'permission.level.chosen');
      return { perms: withLevel(context.perms, event.category, event.level) };
    }),
    'forget the error': assign({ error: null }),
    /** The app loads the list again. */
    'contact changed': () => {},
  },
  guards: {
    'a new contact': ({ context }) => context.contact === null,
    'the editor may change the contact': ({ context }) =>
      offeredAndNotOutranked('contact.edit.pressed')(context),
    'the editor may change this field': ({ context, event }) => {
      assertEvent(event, 'field.changed');
      return !isRecoveryField(event.field) || recoveryFieldsReason(context) === null;
    },
    'the fields are valid': ({ context }) => checkContact(context.draft).valid,
    'the login is valid': ({ context }) => checkLogin(context.login).valid,
    'a contact that is not a user': ({ context }) =>
      offeredAndNotOutranked('user.convert.pressed')(context),
    'a user other than the primary admin, not outranking the editor': ({ context }) =>
      offeredAndNotOutranked('user.demote.pressed')(context),
    'not the primary admin, not outranking the editor': ({ context }) =>
      offeredAndNotOutranked('contact.delete.pressed')(context),
    'the editor may choose this level': ({ context, event }) => {
      assertEvent(event, 'permission.level.chosen');
      return mayChooseLevel(
        { granter: context.granter, before: {} },
        context.perms,
        event.category,
        event.level,
      );
    },
  },
}).createMachine({
  id: 'contactEdit',
  description:
    'One authorized contact: edit and cancel back to the snapshot, save, make it a user and back, delete.',
  context: ({ input }) => ({
    contact: input.contact,
    granter: input.granter,
    editor: input.editor,
    draft: draftOf(input.contact),
    snapshot: null,
    login: { uid: '', password: '' },
    perms: NO_RIGHTS(),
    errors: {},
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'A new contact is edited at once; a saved one is shown.',
      always: [
        { guard: 'a new contact', target: 'editing', actions: 'snapshot the contact' },
        { target: 'viewing' },
      ],
    },
    viewing: {
      description: 'The contact as saved, with Edit, Make user or Make contact, and Delete.',
      on: {
        'contact.edit.pressed': {
          guard: 'the editor may change the contact',
          target: 'editing',
          actions: 'snapshot the contact',
        },
        'user.convert.pressed': {
          guard: 'a contact that is not a user',
          target: 'converting',
          actions: 'start the login',
        },
        'user.demote.pressed': {
          guard: 'a user other than the primary admin, not outranking the editor',
          target: 'confirmingDemote',
          actions: 'forget the error',
        },
        'contact.delete.pressed': {
          guard: 'not the primary admin, not outranking the editor',
          target: 'confirmingDelete',
          actions: 'forget the error',
        },
      },
    },
    editing: {
      description:
        'The form, started from a snapshot of the contact. Cancel puts the snapshot back; Save checks every field first.',
      on: {
        'field.changed': { guard: 'the editor may change this field', actions: 'store the field' },
        'edit.cancel.pressed': [
          { guard: 'a new contact', target: 'closed' },
          { target: 'viewing', actions: 'restore the snapshot' },
        ],
        'save.pressed': [
          { guard: 'the fields are valid', target: 'saving', actions: 'forget the error' },
          { actions: 'show the field errors' },
        ],
      },
    },
    saving: {
      description: 'The contact is sent; a 422 shows its messages on the fields it names.',
      invoke: {
        id: 'saveContact',
        src: 'saveContact',
        input: ({ context }) => ({
          contactId: context.contact?.contact_id ?? null,
          contact: context.draft,
        }),
        onDone: { target: 'opening', actions: ['store the saved contact', 'contact changed'] },
        onError: { target: 'editing', actions: 'store the refusal' },
      },
    },
    converting: {
      description:
        'Making the contact a user: a username, a password and the rights on the grid, where only what the editor holds can be granted.',
      on: {
        'login.changed': { actions: 'store the login' },
        'permission.level.chosen': {
          guard: 'the editor may choose this level',
          actions: 'store the level',
        },
        'convert.cancel.pressed': { target: 'viewing', actions: 'start the login' },
        'convert.submitted': [
          { guard: 'the login is valid', target: 'makingUser', actions: 'forget the error' },
          { actions: 'show the login errors' },
        ],
      },
    },
    makingUser: {
      description: 'The login and rights are sent (add_perms true).',
      invoke: {
        id: 'makeUser',
        src: 'makeUser',
        input: ({ context }) => ({
          contactId: context.contact?.contact_id ?? 0,
          uid: context.login.uid,
          password: context.login.password,
          perms: context.perms,
        }),
        onDone: { target: 'viewing', actions: ['store the saved contact', 'contact changed'] },
        onError: { target: 'converting', actions: 'store the refusal' },
      },
    },
    confirmingDemote: {
      description: 'Asks before the user loses its login (its sessions end at once).',
      on: {
        'confirmation.accepted': 'demoting',
        'confirmation.declined': 'viewing',
      },
    },
    demoting: {
      description: 'The user is made a contact again (add_perms false).',
      invoke: {
        id: 'demoteUser',
        src: 'demoteUser',
        input: ({ context }) => ({ contactId: context.contact?.contact_id ?? 0 }),
        onDone: { target: 'viewing', actions: ['store the saved contact', 'contact changed'] },
        onError: { target: 'viewing', actions: 'store the refusal' },
      },
    },
    confirmingDelete: {
      description: 'Asks before the contact (and its login) is deleted.',
      on: {
        'confirmation.accepted': 'deleting',
        'confirmation.declined': 'viewing',
      },
    },
    deleting: {
      description: 'The contact is deleted.',
      invoke: {
        id: 'deleteContact',
        src: 'deleteContact',
        input: ({ context }) => ({ contactId: context.contact?.contact_id ?? 0 }),
        onDone: { target: 'deleted', actions: 'contact changed' },
        onError: { target: 'viewing', actions: 'store the refusal' },
      },
    },
    closed: { type: 'final', description: 'A new contact was given up before it was saved.' },
    deleted: { type: 'final', description: 'The contact is gone.' },
  },
});

export type ContactEditActor = ActorRefFrom<typeof contactEditMachine>;
