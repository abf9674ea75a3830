/**
 * The people machines for the users the path walks do not start as: a viewer (contacts view
 * only), the primary admin, a contacts manager before a login holding more than they do, and
 * the login itself (portal.md §6, docs/people.md "Rules" and "A login's recovery").
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PERMISSION_CATEGORIES } from '#shared/constants';
import { normalizePerms } from '#shared/people/grants';
import { contactEditMachine } from '#machines/people/contact-edit.machine';
import {
  selectCanConvert,
  selectCanDelete,
  selectCanDemote,
  selectCanEdit,
  selectLockedFields,
  selectRowLockedReason,
  selectRowOffers,
} from '#machines/people/contact-edit.selectors';
import { permissionsGridMachine } from '#machines/people/permissions-grid.machine';
import { selectGridRows } from '#machines/people/permissions-grid.selectors';
import { AS_USER, CONTACT, CONTACTS_MANAGER, EDITOR } from '#machines/people/samples';
import type { Editor } from '#machines/people/types';

const VIEWER = { contacts: { has_view: true, has_manage: false } };
const EVERYTHING = normalizePerms({ admin: { has_view: true, has_manage: true } });
const PRIMARY = {
  ...AS_USER,
  user: { uid: 'owner', perms: EVERYTHING, primary_admin: true },
};

function start(contact: typeof CONTACT, granter: object, editor: Editor = EDITOR) {
  const actor = createActor(contactEditMachine, { input: { contact, granter, editor } });
  actor.start();
  return actor;
}

describe('contact edit', () => {
  it('offers a viewer nothing to change, and ignores what they send', () => {
    for (const contact of [CONTACT, AS_USER]) {
      const actor = start(contact, VIEWER);
      const s = actor.getSnapshot();
      expect([
        selectCanEdit(s),
        selectCanConvert(s),
        selectCanDemote(s),
        selectCanDelete(s),
      ]).toEqual([false, false, false, false]);
      for (const type of [
        'contact.edit.pressed',
        'user.convert.pressed',
        'user.demote.pressed',
        'contact.delete.pressed',
      ] as const) {
        actor.send({ type });
        expect(actor.getSnapshot().value).toBe('viewing');
      }
    }
  });

  it('keeps the primary admin a user and never deletes it, but lets its details be edited', () => {
    const actor = start(PRIMARY, EVERYTHING);
    const s = actor.getSnapshot();
    expect(selectCanDemote(s)).toBe(false);
    expect(selectCanDelete(s)).toBe(false);
    actor.send({ type: 'user.demote.pressed' });
    actor.send({ type: 'contact.delete.pressed' });
    expect(actor.getSnapshot().value).toBe('viewing');
    actor.send({ type: 'contact.edit.pressed' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('offers a viewer no action at all, not even a disabled one', () => {
    for (const contact of [CONTACT, AS_USER, PRIMARY]) {
      const s = start(contact, VIEWER).getSnapshot();
      expect(selectRowOffers(s)).toEqual({ edit: null, convert: null, demote: null, delete: null });
      expect(selectRowLockedReason(s)).toBeNull();
    }
  });

  // The server's words (docs/people.md "A login's recovery"): the categories the login holds
  // beyond the editor, by their labels. A contacts manager with payments view before the
  // primary admin (every right): all but Contacts.
  const OUTRANKED =
    'You cannot change a user who holds rights you do not hold yourself: ' +
    'Account, Admin, Invoices, Payments, Services.';

  it('shows a contacts manager Edit disabled with the reason on a login holding more rights', () => {
    // The primary admin as the signup makes it: manage in every category.
    const everyRight = normalizePerms(
      Object.fromEntries(
        PERMISSION_CATEGORIES.map((c) => [c, { has_view: true, has_manage: true }]),
      ),
    );
    const actor = start(
      { ...PRIMARY, user: { ...PRIMARY.user, perms: everyRight } },
      CONTACTS_MANAGER,
    );
    const s = actor.getSnapshot();
    const disabled = { enabled: false, reason: OUTRANKED };
    // The primary admin keeps its login and is never deleted: those are not offered at all.
    expect(selectRowOffers(s)).toEqual({
      edit: disabled,
      convert: null,
      demote: null,
      delete: null,
    });
    expect(selectRowLockedReason(s)).toBe(OUTRANKED);
    actor.send({ type: 'contact.edit.pressed' });
    expect(actor.getSnapshot().value).toBe('viewing');
  });

  it('refuses every change of a user holding a right the editor lacks, and says why', () => {
    const manager = {
      ...AS_USER,
      user: {
        ...AS_USER.user!,
        perms: normalizePerms({ services: { has_view: true, has_manage: true } }),
      },
    };
    const actor = start(manager, CONTACTS_MANAGER);
    const reason = 'You cannot change a user who holds rights you do not hold yourself: Services.';
    const disabled = { enabled: false, reason };
    expect(selectRowOffers(actor.getSnapshot())).toEqual({
      edit: disabled,
      convert: null,
      demote: disabled,
      delete: disabled,
    });
    for (const type of [
      'contact.edit.pressed',
      'user.demote.pressed',
      'contact.delete.pressed',
    ] as const) {
      actor.send({ type });
      expect(actor.getSnapshot().value).toBe('viewing');
    }
    // Holding the same rights (payments view) is no obstacle.
    const s = start(AS_USER, CONTACTS_MANAGER).getSnapshot();
    expect(selectRowOffers(s)).toEqual({
      edit: { enabled: true },
      convert: null,
      demote: { enabled: true },
      delete: { enabled: true },
    });
    expect(selectRowLockedReason(s)).toBeNull();
  });

  const RECOVERY =
    'Only the user or the primary admin can change the email address or phone number of a login.';

  it('leaves a login’s email and phone to the login itself and the primary admin', () => {
    const typeInto = (actor: ReturnType<typeof start>) => {
      actor.send({ type: 'contact.edit.pressed' });
      actor.send({ type: 'field.changed', field: 'email', value: 'new@example.com' });
      actor.send({ type: 'field.changed', field: 'phone', value: '(801) 555-0143' });
      actor.send({ type: 'field.changed', field: 'name', value: 'Robin Hale Jr' });
      const { draft } = actor.getSnapshot().context;
      return [draft.email, draft.phone, draft.name];
    };
    // Another user with contacts manage: the fields show locked, with the reason, and typing
    // there changes nothing; the rest of the contact is still theirs.
    const other = start(AS_USER, CONTACTS_MANAGER);
    expect(selectLockedFields(other.getSnapshot())).toEqual({ email: RECOVERY, phone: RECOVERY });
    expect(typeInto(other)).toEqual([AS_USER.email, AS_USER.phone, 'Robin Hale Jr']);
    const changed = ['new@example.com', '(801) 555-0143', 'Robin Hale Jr'];
    // The login itself.
    const self = start(AS_USER, CONTACTS_MANAGER, { username: 'robin', primaryAdmin: false });
    expect(selectLockedFields(self.getSnapshot())).toEqual({});
    expect(typeInto(self)).toEqual(changed);
    // The primary admin.
    const primary = start(AS_USER, EVERYTHING, { username: 'owner', primaryAdmin: true });
    expect(selectLockedFields(primary.getSnapshot())).toEqual({});
    expect(typeInto(primary)).toEqual(changed);
    // A contact without a login: anyone who manages contacts.
    const plain = start(CONTACT, CONTACTS_MANAGER);
    expect(selectLockedFields(plain.getSnapshot())).toEqual({});
    expect(typeInto(plain)).toEqual(changed);
  });

  it('restores the snapshot on cancel, whatever was typed', () => {
    const actor = start(CONTACT, EVERYTHING);
    actor.send({ type: 'contact.edit.pressed' });
    actor.send({ type: 'field.changed', field: 'name', value: 'Someone Else' });
    actor.send({ type: 'field.changed', field: 'email', value: 'nope' });
    actor.send({ type: 'edit.cancel.pressed' });
    expect(actor.getSnapshot().context.draft.name).toBe(CONTACT.name);
    expect(actor.getSnapshot().context.draft.email).toBe(CONTACT.email);
  });
});

describe('permissions grid', () => {
  it('shows as unavailable every level the editor does not hold, manage implying view', () => {
    const actor = createActor(permissionsGridMachine, {
      input: {
        contactId: 1,
        before: {},
        granter: { payments: { has_view: true, has_manage: false } },
      },
    });
    actor.start();
    const rows = selectGridRows(actor.getSnapshot());
    const allowed = Object.fromEntries(
      rows.map((row) => [row.category, row.options.filter((o) => o.allowed).map((o) => o.level)]),
    );
    expect(allowed.payments).toEqual(['none', 'view']);
    expect(allowed.services).toEqual(['none']);
    actor.send({ type: 'permission.level.chosen', category: 'payments', level: 'view' });
    expect(actor.getSnapshot().context.perms.payments).toEqual({
      has_view: true,
      has_manage: false,
    });
    actor.send({ type: 'permission.level.chosen', category: 'services', level: 'manage' });
    expect(actor.getSnapshot().context.perms.services).toEqual({
      has_view: false,
      has_manage: false,
    });
  });

  it('lets an admin manager give manage, which brings view with it', () => {
    const actor = createActor(permissionsGridMachine, {
      input: { contactId: 1, before: {}, granter: EVERYTHING },
    });
    actor.start();
    actor.send({ type: 'permission.level.chosen', category: 'services', level: 'manage' });
    expect(actor.getSnapshot().context.perms.services).toEqual({
      has_view: true,
      has_manage: true,
    });
  });
});
