/**
 * Account Home's people section machine with its real children (the contacts loader, a contact
 * edit machine per contact, the new contact's, the permissions grid) and fake calls: what the page
 * passes between them, which the children's own path tests and the page's (inert children)
 * cannot see. portal.md §4 "Contact edit", §6; docs/people.md "The people section": after a
 * change the list loads again; a form open on one contact stays open when another changes; the
 * new contact's form and the grid close once saved; Permissions only for a user other than the
 * primary admin; Add contact only for someone who manages contacts.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { contactEditMachine } from '../../machines/people/contact-edit.machine.ts';
import { selectContact, selectEditing } from '../../machines/people/contact-edit.selectors.ts';
import { contactsLoader } from '../../machines/people/contacts.loader.ts';
import { peopleSectionWith } from '../../machines/people/people-section.machine.ts';
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
} from '../../machines/people/people-section.selectors.ts';
import { permissionsGridMachine } from '../../machines/people/permissions-grid.machine.ts';
import { selectGridPerms } from '../../machines/people/permissions-grid.selectors.ts';
import {
  AS_USER,
  CONTACT,
  CONTACTS_MANAGER,
  EDITOR,
  TIMED_OUT,
} from '../../machines/people/samples.ts';
import type { AuthorizedContact } from '../../src/shared/people/types.ts';
import type { Perms } from '../../src/shared/permissions.ts';

const OTHER: AuthorizedContact = { ...CONTACT, contact_id: 8, cntid: 1002, name: 'Sam Ortiz' };
const USER: AuthorizedContact = { ...AS_USER, contact_id: 9, cntid: 1003, name: 'Robin User' };
const NEW: AuthorizedContact = { ...CONTACT, contact_id: 10, cntid: 1004, name: 'Kim New' };

/** The section over a fake server: each load answers the next of `loads` (an Error: it fails). */
function section(loads: (AuthorizedContact[] | Error)[], granter: Perms = CONTACTS_MANAGER) {
  const calls = { loads: 0, saved: [] as unknown[], rights: [] as unknown[] };
  const machine = peopleSectionWith({
    list: contactsLoader.provide({
      actors: {
        load: fromPromise(async () => {
          const answer = loads[Math.min(calls.loads, loads.length - 1)];
          calls.loads += 1;
          if (answer instanceof Error) throw Object.assign(answer, TIMED_OUT);
          return answer;
        }),
      },
    }),
    contact: contactEditMachine.provide({
      actors: {
        saveContact: fromPromise(async ({ input }) => {
          calls.saved.push(input);
          return input.contactId === null
            ? NEW
            : { ...CONTACT, ...input.contact, contact_id: input.contactId };
        }),
      },
    }),
    grid: permissionsGridMachine.provide({
      actors: {
        savePermissions: fromPromise(async ({ input }) => {
          calls.rights.push(input);
          return { ...USER, user: { ...USER.user!, perms: input.perms } } as AuthorizedContact;
        }),
      },
    }),
  });
  const actor = createActor(machine, { input: { granter, editor: EDITOR } }).start();
  return { actor, calls };
}

const names = (s: PeopleSectionSnapshot) => selectListedContacts(s)?.map((c) => c.name) ?? null;
const rowOf = (s: PeopleSectionSnapshot, id: number) =>
  selectContactRows(s).find((row) => row.contact.contact_id === id)!.actor;

describe('Account Home’s people section and its children', () => {
  it('lists the contacts, each with its machine, and adds a contact: saved, listed again, closed', async () => {
    const { actor, calls } = section([[CONTACT], [CONTACT, NEW]]);
    expect(selectContactsLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => names(s) !== null);
    expect(names(actor.getSnapshot())).toEqual([CONTACT.name]);
    expect(selectContact(rowOf(actor.getSnapshot(), CONTACT.contact_id).getSnapshot())).toEqual(
      CONTACT,
    );
    expect(selectCanAddContact(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'contact.add.pressed' });
    const form = selectNewContact(actor.getSnapshot())!;
    expect(selectEditing(form.getSnapshot())).toBe(true);
    for (const [field, value] of Object.entries({
      name: NEW.name,
      email: NEW.email,
      phone: NEW.phone,
    }))
      form.send({ type: 'field.changed', field: field as 'name', value });
    form.send({ type: 'save.pressed' });
    await waitFor(actor, (s) => names(s)?.length === 2);
    expect(calls.saved).toEqual([
      { contactId: null, contact: expect.objectContaining({ name: NEW.name }) },
    ]);
    expect(calls.loads).toBe(2);
    expect(selectNewContact(actor.getSnapshot())).toBeUndefined();
  });

  it('closes the new contact’s form when it is given up, and loads nothing again', async () => {
    const { actor, calls } = section([[CONTACT]]);
    await waitFor(actor, (s) => names(s) !== null);
    actor.send({ type: 'contact.add.pressed' });
    selectNewContact(actor.getSnapshot())!.send({ type: 'edit.cancel.pressed' });
    expect(selectNewContact(actor.getSnapshot())).toBeUndefined();
    expect(calls.loads).toBe(1);
  });

  it('keeps a form open on one contact while another is saved, and shows the saved one as listed again', async () => {
    const renamed = { ...OTHER, name: 'Sam Ortiz-Lee' };
    const { actor, calls } = section([
      [CONTACT, OTHER],
      [CONTACT, renamed],
    ]);
    await waitFor(actor, (s) => names(s) !== null);
    const first = rowOf(actor.getSnapshot(), CONTACT.contact_id);
    first.send({ type: 'contact.edit.pressed' });
    first.send({ type: 'field.changed', field: 'position', value: 'Owner' });

    const other = rowOf(actor.getSnapshot(), OTHER.contact_id);
    other.send({ type: 'contact.edit.pressed' });
    other.send({ type: 'field.changed', field: 'name', value: renamed.name });
    other.send({ type: 'save.pressed' });
    await waitFor(actor, (s) => names(s)?.includes(renamed.name) === true);
    expect(calls.loads).toBe(2);

    // The contact listed as it was keeps its machine, its form still open with what was typed.
    expect(rowOf(actor.getSnapshot(), CONTACT.contact_id)).toBe(first);
    expect(selectEditing(first.getSnapshot())).toBe(true);
    expect(first.getSnapshot().context.draft.position).toBe('Owner');
    // The changed one is a new machine showing the contact as listed.
    const again = rowOf(actor.getSnapshot(), OTHER.contact_id);
    expect(again).not.toBe(other);
    expect(selectContact(again.getSnapshot())?.name).toBe(renamed.name);
    expect(other.getSnapshot().status).toBe('stopped');
  });

  it('opens a user’s permissions with their rights, saves them, lists again and closes', async () => {
    const saved = { ...USER, user: { ...USER.user!, perms: { ...USER.user!.perms } } };
    const { actor, calls } = section([
      [CONTACT, USER],
      [CONTACT, saved],
    ]);
    await waitFor(actor, (s) => names(s) !== null);

    // A contact without a login has no permissions to open.
    actor.send({ type: 'permissions.open.pressed', contactId: CONTACT.contact_id });
    expect(selectPermissionsGrid(actor.getSnapshot())).toBeUndefined();

    actor.send({ type: 'permissions.open.pressed', contactId: USER.contact_id });
    expect(selectPermissionsOf(actor.getSnapshot())).toBe(USER.contact_id);
    const grid = selectPermissionsGrid(actor.getSnapshot())!;
    expect(selectGridPerms(grid.getSnapshot()).payments).toEqual(USER.user!.perms.payments);
    // The editor holds contacts manage: they may give it.
    grid.send({ type: 'permission.level.chosen', category: 'contacts', level: 'view' });
    grid.send({ type: 'permissions.save.pressed' });
    await waitFor(actor, () => calls.loads === 2);
    expect(calls.rights).toEqual([
      {
        contactId: USER.contact_id,
        perms: expect.objectContaining({ contacts: { has_view: true, has_manage: false } }),
      },
    ]);
    expect(selectPermissionsGrid(actor.getSnapshot())).toBeUndefined();
    expect(selectPermissionsOf(actor.getSnapshot())).toBeNull();
  });

  it('closes the permissions on Cancel without saving', async () => {
    const { actor, calls } = section([[USER]]);
    await waitFor(actor, (s) => names(s) !== null);
    actor.send({ type: 'permissions.open.pressed', contactId: USER.contact_id });
    actor.send({ type: 'permissions.close.pressed' });
    expect(selectPermissionsGrid(actor.getSnapshot())).toBeUndefined();
    expect(calls.rights).toEqual([]);
    expect(calls.loads).toBe(1);
  });

  it('says why the contacts could not be loaded, and lists them after Try again', async () => {
    const { actor, calls } = section([new Error('down'), [CONTACT]]);
    await waitFor(actor, (s) => selectContactsLoadError(s) !== null);
    expect(selectContactsLoadError(actor.getSnapshot())).toBe(TIMED_OUT.message);
    expect(names(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'contacts.retry.pressed' });
    await waitFor(actor, (s) => names(s) !== null);
    expect(calls.loads).toBe(2);
    expect(selectContactsLoadError(actor.getSnapshot())).toBeNull();
  });

  it('offers no Add contact to someone who only views contacts', async () => {
    const viewer: Perms = { contacts: { has_view: true, has_manage: false } };
    const { actor } = section([[CONTACT]], viewer);
    await waitFor(actor, (s) => names(s) !== null);
    expect(selectCanAddContact(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'contact.add.pressed' });
    expect(selectNewContact(actor.getSnapshot())).toBeUndefined();
  });
});
