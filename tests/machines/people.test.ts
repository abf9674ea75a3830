/**
 * The people machines for the users the path walks do not start as: a viewer (contacts view
 * only) and the primary admin (portal.md §6, docs/people.md "Rules").
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { normalizePerms } from '#shared/people/grants';
import { contactEditMachine } from '#machines/people/contact-edit.machine';
import {
  selectCanConvert,
  selectCanDelete,
  selectCanDemote,
  selectCanEdit,
} from '#machines/people/contact-edit.selectors';
import { permissionsGridMachine } from '#machines/people/permissions-grid.machine';
import { selectGridRows } from '#machines/people/permissions-grid.selectors';
import { AS_USER, CONTACT } from '#machines/people/samples';

const VIEWER = { contacts: { has_view: true, has_manage: false } };
const EVERYTHING = normalizePerms({ admin: { has_view: true, has_manage: true } });
const PRIMARY = {
  ...AS_USER,
  user: { uid: 'owner', perms: EVERYTHING, primary_admin: true },
};

function start(contact: typeof CONTACT, granter: object) {
  const actor = createActor(contactEditMachine, { input: { contact, granter } });
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
