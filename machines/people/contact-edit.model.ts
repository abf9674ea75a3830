/** The contact edit machine's registrations (portal.md §3, §4 "Contact edit", §6). */
import type { SnapshotFrom } from 'xstate';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '#shared/messages';
import { PEOPLE_MESSAGES } from '#shared/people/messages';
import { levelOf } from '#shared/people/grants';
import { mayChangeRecovery } from '#shared/people/recovery';
import { defineMachine, expectThat, sample, type Outcome } from '../registry/types.ts';
import { contactEditMachine } from './contact-edit.machine.ts';
import {
  selectCanConvert,
  selectCanDelete,
  selectCanDemote,
  selectConfirming,
  selectContact,
  selectConvertGrid,
  selectEditError,
  selectEditing,
  selectRowRefusal,
  selectSaving,
} from './contact-edit.selectors.ts';
import {
  AS_USER,
  CONTACT,
  CONTACTS_MANAGER,
  EDITOR,
  LAST_MANAGER,
  RENAMED,
  refused422,
  TIMED_OUT,
} from './samples.ts';
import { CONTACT_FIELDS } from '#shared/people/fields';
import * as v from 'valibot';

type Snapshot = SnapshotFrom<typeof contactEditMachine>;

interface Projection {
  saved: boolean;
  user: boolean;
  name: string;
  savedName: string;
  emailOk: boolean;
  phoneOk: boolean;
  uid: boolean;
  password: boolean;
  payments: string;
  services: string;
  errors: string;
  /** The reason shown after a refusal that names no field. */
  error: string | null;
}

const project = ({ context }: Snapshot): Projection => ({
  saved: context.contact !== null,
  user: context.contact?.user != null,
  name: context.draft.name,
  savedName: context.contact?.name ?? '',
  emailOk: v.safeParse(CONTACT_FIELDS.email, context.draft.email).success,
  // The spec's phone mask, through the shared field rule.
  phoneOk: v.safeParse(CONTACT_FIELDS.phone, context.draft.phone).success,
  uid: context.login.uid !== '',
  password: context.login.password !== '',
  payments: levelOf(context.perms.payments),
  services: levelOf(context.perms.services),
  errors: Object.keys(context.errors)
    .filter((key) => context.errors[key])
    .sort()
    .join(','),
  error: context.error,
});

/** The people list loaded again. */
const CHANGED = { 'contact changed': true } as const;
const EMAIL_REFUSED = FIELD_MESSAGES.email;
const USERNAME = 'robin';
const PASSWORD = 'correct horse battery staple';

const fixedEvents = [
  sample('type a name', { type: 'field.changed', field: 'name', value: CONTACT.name }),
  sample('type an email', { type: 'field.changed', field: 'email', value: CONTACT.email }),
  sample('press Edit', { type: 'contact.edit.pressed' }),
  sample('type a new name', { type: 'field.changed', field: 'name', value: RENAMED.name }),
  sample('type a bad phone', { type: 'field.changed', field: 'phone', value: '555' }),
  sample('type a good phone', { type: 'field.changed', field: 'phone', value: CONTACT.phone }),
  sample('press Cancel', { type: 'edit.cancel.pressed' }),
  sample('press Save', { type: 'save.pressed' }),
  sample('the server refuses the email', {
    type: 'xstate.error.actor.saveContact',
    error: refused422('email', EMAIL_REFUSED),
  }),
  sample('saving times out', { type: 'xstate.error.actor.saveContact', error: TIMED_OUT }),
  sample('press Make user', { type: 'user.convert.pressed' }),
  sample('type a username', { type: 'login.changed', field: 'uid', value: USERNAME }),
  sample('type a password', { type: 'login.changed', field: 'password', value: PASSWORD }),
  sample('choose payments view', {
    type: 'permission.level.chosen',
    category: 'payments',
    level: 'view',
  }),
  // The editor holds payments view only: manage is not theirs to give.
  sample('choose payments manage', {
    type: 'permission.level.chosen',
    category: 'payments',
    level: 'manage',
  }),
  sample('choose services view', {
    type: 'permission.level.chosen',
    category: 'services',
    level: 'view',
  }),
  sample('press Cancel on the login', { type: 'convert.cancel.pressed' }),
  sample('submit the login', { type: 'convert.submitted' }),
  sample('the user is made', { type: 'xstate.done.actor.makeUser', output: AS_USER }),
  sample('the username is taken', {
    type: 'xstate.error.actor.makeUser',
    error: refused422('uid', PEOPLE_MESSAGES.usernameTaken),
  }),
  sample('press Make contact', { type: 'user.demote.pressed' }),
  sample('press Delete', { type: 'contact.delete.pressed' }),
  sample('confirm', { type: 'confirmation.accepted' }),
  sample('decline', { type: 'confirmation.declined' }),
  sample('the user is a contact again', {
    type: 'xstate.done.actor.demoteUser',
    output: { ...AS_USER, user: null },
  }),
  sample('making it a contact is refused', {
    type: 'xstate.error.actor.demoteUser',
    error: LAST_MANAGER,
  }),
  sample('the contact is deleted', { type: 'xstate.done.actor.deleteContact', output: {} }),
  sample('deleting times out', { type: 'xstate.error.actor.deleteContact', error: TIMED_OUT }),
];

/** The server saves what was sent. */
const events = (s: Snapshot) => [
  ...fixedEvents,
  sample('the contact is saved', {
    type: 'xstate.done.actor.saveContact',
    output: { ...(s.context.contact ?? CONTACT), ...s.context.draft },
  }),
];

const DESCRIPTION =
  'One authorized contact on Account Home. Edit starts from a snapshot of the contact and ' +
  'Cancel puts the snapshot back; Save checks every field with the shared rules first and shows ' +
  'the server’s messages on the fields it names. Make user asks for a username and a password ' +
  'and the rights on the grid, where only what the editor holds can be granted; Make contact ' +
  'and Delete ask first. The primary admin keeps its login and cannot be deleted, and someone ' +
  'without contacts manage sees the contact but cannot change it. A login holding rights the ' +
  'editor lacks cannot be changed at all (its actions show disabled, with the reason), and a ' +
  'login’s email and phone are changed only by the login itself or the primary admin.';

const STATES = {
  viewing: (s: Snapshot) => {
    expectThat(!selectEditing(s) && !selectSaving(s), 'the contact shows as saved');
    expectThat(
      selectRowRefusal(s) === selectEditError(s),
      'a refusal of Make contact or Delete shows on the row',
    );
    const contact = selectContact(s);
    expectThat(contact !== null, 'a saved contact');
    expectThat(selectCanConvert(s) === (contact.user === null), 'Make user only on a contact');
    expectThat(selectCanDemote(s) === (contact.user !== null), 'Make contact only on a user');
    expectThat(selectCanDelete(s), 'Delete is offered');
  },
  editing: (s: Snapshot) => {
    expectThat(selectEditing(s) && !selectSaving(s), 'the form is open');
    expectThat(selectRowRefusal(s) === null, 'the form shows its own messages, not the row');
  },
  saving: (s: Snapshot) => expectThat(selectSaving(s), 'the form waits'),
  converting: (s: Snapshot) => {
    for (const row of selectConvertGrid(s))
      for (const option of row.options)
        if (option.level !== 'none' && !option.chosen)
          expectThat(
            option.allowed ===
              (row.category === 'contacts' ||
                (row.category === 'payments' && option.level === 'view')),
            `only what the editor holds can be chosen (${row.category} ${option.level})`,
          );
  },
  makingUser: (s: Snapshot) => expectThat(selectSaving(s), 'the login waits'),
  confirmingDemote: (s: Snapshot) => expectThat(selectConfirming(s) === 'demote', 'asks first'),
  demoting: (s: Snapshot) => expectThat(selectSaving(s), 'the change waits'),
  confirmingDelete: (s: Snapshot) => expectThat(selectConfirming(s) === 'delete', 'asks first'),
  deleting: (s: Snapshot) => expectThat(selectSaving(s), 'the deletion waits'),
  closed: (s: Snapshot) => expectThat(selectContact(s) === null, 'nothing was saved'),
  deleted: (s: Snapshot) => expectThat(!selectEditing(s), 'the contact is gone'),
};

/**
 * A login's email and phone are the login's own or the primary admin's to change (docs/people.md
 * "A login's recovery", the shared rule): the walk's editor is neither, so on a user typing there
 * changes nothing; on a plain contact it is theirs.
 */
const recoveryTyped = (before: Projection, outcome: Outcome): Outcome =>
  !before.user ||
  mayChangeRecovery(
    { uid: EDITOR.username, primaryAdmin: EDITOR.primaryAdmin },
    { uid: AS_USER.user!.uid },
  )
    ? outcome
    : 'ignored';

const missing = (before: Projection) =>
  [before.emailOk ? '' : 'email', before.name ? '' : 'name', before.phoneOk ? '' : 'phone']
    .filter(Boolean)
    .join(',');

export const contactEditModel = defineMachine({
  name: 'contact-edit',
  title: 'Contact edit',
  description: DESCRIPTION,
  machine: contactEditMachine,
  // Add contact: a new contact, by someone with contacts manage and payments view (not the
  // primary admin).
  input: { contact: null, granter: CONTACTS_MANAGER, editor: EDITOR },
  events,
  project,
  limit: 20000,
  expect: {
    effects: ['contact changed'],
    // Add contact: the form opens empty (name, email and phone required, so not yet valid), no
    // login and no rights, nothing saved, no message.
    start: {
      to: 'editing',
      with: {
        saved: false,
        user: false,
        name: '',
        savedName: '',
        emailOk: false,
        phoneOk: false,
        uid: false,
        password: false,
        payments: 'none',
        services: 'none',
        errors: '',
        error: null,
      },
    },
    on: {
      viewing: {
        'press Edit': { to: 'editing', with: { errors: '', error: null } },
        'press Make user': (before: Projection) =>
          before.user
            ? 'ignored'
            : { to: 'converting', with: { uid: false, password: false, payments: 'none' } },
        'press Make contact': (before: Projection) =>
          before.user ? { to: 'confirmingDemote', with: { error: null } } : 'ignored',
        'press Delete': { to: 'confirmingDelete', with: { error: null } },
      },
      editing: {
        'type a name': { to: 'stays', with: { name: CONTACT.name } },
        'type a new name': { to: 'stays', with: { name: RENAMED.name } },
        'type an email': (before: Projection) =>
          recoveryTyped(before, { to: 'stays', with: { emailOk: true } }),
        'type a bad phone': (before: Projection) =>
          recoveryTyped(before, { to: 'stays', with: { phoneOk: false } }),
        'type a good phone': (before: Projection) =>
          recoveryTyped(before, { to: 'stays', with: { phoneOk: true } }),
        // portal.md §4: cancelling restores the snapshot; a new contact is given up.
        'press Cancel': (before: Projection) =>
          before.saved
            ? { to: 'viewing', with: { name: before.savedName, phoneOk: true, errors: '' } }
            : { to: 'closed', with: { saved: false } },
        // Name, email and phone are required and checked before anything is sent.
        'press Save': (before: Projection) =>
          missing(before) === '' ? 'saving' : { to: 'stays', with: { errors: missing(before) } },
      },
      saving: {
        // Every saved change has the people list loaded again, to show what the server kept.
        'the contact is saved': (before: Projection) => ({
          to: 'viewing',
          with: { saved: true, savedName: before.name, errors: '', error: null },
          runs: CHANGED,
        }),
        'the server refuses the email': { to: 'editing', with: { errors: 'email', error: null } },
        'saving times out': { to: 'editing', with: { errors: '', error: ERROR_MESSAGES.timeout } },
      },
      converting: {
        'type a username': { to: 'stays', with: { uid: true } },
        'type a password': { to: 'stays', with: { password: true } },
        'choose payments view': { to: 'stays', with: { payments: 'view' } },
        'choose payments manage': 'ignored',
        'choose services view': 'ignored',
        'press Cancel on the login': { to: 'viewing', with: { uid: false, password: false } },
        'submit the login': (before: Projection) =>
          before.uid && before.password
            ? 'makingUser'
            : {
                to: 'stays',
                with: {
                  errors: [before.password ? '' : 'password', before.uid ? '' : 'uid']
                    .filter(Boolean)
                    .join(','),
                },
              },
      },
      makingUser: {
        'the user is made': { to: 'viewing', with: { user: true, uid: false }, runs: CHANGED },
        'the username is taken': { to: 'converting', with: { errors: 'uid' } },
      },
      confirmingDemote: { confirm: 'demoting', decline: 'viewing' },
      demoting: {
        'the user is a contact again': { to: 'viewing', with: { user: false }, runs: CHANGED },
        'making it a contact is refused': {
          to: 'viewing',
          with: { user: true, error: PEOPLE_MESSAGES.lastContactsManager },
        },
      },
      confirmingDelete: { confirm: 'deleting', decline: 'viewing' },
      deleting: {
        'the contact is deleted': { to: 'deleted', runs: CHANGED },
        'deleting times out': { to: 'viewing', with: { error: ERROR_MESSAGES.timeout } },
      },
    },
    running: {
      saving: ['saveContact'],
      makingUser: ['makeUser'],
      demoting: ['demoteUser'],
      deleting: ['deleteContact'],
    },
    // What each call sends (portal.md §7 "Contacts and users"): the contact's id once it is
    // saved (none for a new one), the fields typed, the login typed.
    inputs: {
      saveContact: (after: Projection) => ({
        contactId: after.saved ? CONTACT.contact_id : null,
        contact: { name: after.name },
      }),
      makeUser: (after: Projection) => ({
        contactId: CONTACT.contact_id,
        uid: after.uid ? USERNAME : '',
        password: after.password ? PASSWORD : '',
      }),
      demoteUser: () => ({ contactId: CONTACT.contact_id }),
      deleteContact: () => ({ contactId: CONTACT.contact_id }),
    },
  },
  states: STATES,
});
