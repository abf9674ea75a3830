/**
 * Authorized contacts and the permissions grid, held to portal.md §3, §5, §6 and docs/api.md
 * "Contacts and users": mobile and fax take the phone mask or nothing, zip 5 digits and extension
 * 4, the address all or nothing; manage implies view, and nobody grants or removes a right they do
 * not hold (changing a category needs the higher of the two levels).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PERMISSION_CATEGORIES } from '../../src/shared/constants.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { PEOPLE_FIELD_MESSAGES } from '../../src/shared/people/messages.ts';
import { CONTACT_FIELDS, contactAddressErrors } from '../../src/shared/people/fields.ts';
import {
  flagsOf,
  levelOf,
  managesContacts,
  mayGrantLevel,
  normalizePerms,
  rightsBeyond,
  ungrantableCategories,
  withLevel,
} from '../../src/shared/people/grants.ts';
import {
  changedRecoveryFields,
  mayChangeRecovery,
  sameEmail,
} from '../../src/shared/people/recovery.ts';
import type { Perms } from '../../src/shared/permissions.ts';

/** The message a contact field gives this value, or null when it accepts it. */
function fieldError(field: keyof typeof CONTACT_FIELDS, value: unknown): string | null {
  const result = v.safeParse(CONTACT_FIELDS[field], value);
  return result.success ? null : result.issues[0].message;
}

describe('mobile, fax, zip code and extension: empty, or their pattern', () => {
  it('accepts them left empty or out', () => {
    for (const field of ['mobile', 'fax', 'zip_code', 'zip_ext'] as const) {
      expect(fieldError(field, '')).toBeNull();
      expect(fieldError(field, '   ')).toBeNull();
      expect(fieldError(field, undefined)).toBeNull();
    }
  });

  it('accepts mobile and fax in the phone mask (###) ###-####', () => {
    expect(fieldError('mobile', '(801) 555-0100')).toBeNull();
    expect(fieldError('fax', ' (801) 555-0199 ')).toBeNull();
  });

  it('refuses mobile and fax outside the mask, each with its own message', () => {
    expect(fieldError('mobile', '801-555-0100')).toBe(PEOPLE_FIELD_MESSAGES.mobile);
    expect(fieldError('mobile', '(801) 555-010')).toBe(PEOPLE_FIELD_MESSAGES.mobile);
    expect(fieldError('fax', '8015550199')).toBe(PEOPLE_FIELD_MESSAGES.fax);
  });

  it('takes a zip code of exactly 5 digits and an extension of exactly 4', () => {
    expect(fieldError('zip_code', '84601')).toBeNull();
    expect(fieldError('zip_code', '8460')).toBe(FIELD_MESSAGES.zip);
    expect(fieldError('zip_code', '846011')).toBe(FIELD_MESSAGES.zip);
    expect(fieldError('zip_code', '8460a')).toBe(FIELD_MESSAGES.zip);
    expect(fieldError('zip_ext', '1234')).toBeNull();
    expect(fieldError('zip_ext', '123')).toBe(PEOPLE_FIELD_MESSAGES.zipExt);
    expect(fieldError('zip_ext', '12345')).toBe(PEOPLE_FIELD_MESSAGES.zipExt);
  });
});

describe('contactAddressErrors: the address is all or nothing', () => {
  const none = { line1: '', line2: '', city: '', state: '', zip_code: '', zip_ext: '' };
  const whole = { ...none, line1: '12 N Main St', city: 'Provo', state: 'UT', zip_code: '84601' };
  const incomplete = PEOPLE_FIELD_MESSAGES.addressIncomplete;

  it('accepts no address at all', () => {
    expect(contactAddressErrors(none)).toEqual({});
  });

  it('accepts street, city, state and zip code together, with or without unit and extension', () => {
    expect(contactAddressErrors(whole)).toEqual({});
    expect(contactAddressErrors({ ...whole, line2: 'Apt 4', zip_ext: '1234' })).toEqual({});
  });

  it.each(['line1', 'city', 'state', 'zip_code'] as const)(
    'blames %s when only it is missing',
    (field) => {
      expect(contactAddressErrors({ ...whole, [field]: '' })).toEqual({ [field]: incomplete });
    },
  );

  it('blames the street when only a unit or an extension is given', () => {
    expect(contactAddressErrors({ ...none, line2: 'Apt 4' })).toEqual({ line1: incomplete });
    expect(contactAddressErrors({ ...none, zip_ext: '1234' })).toEqual({ line1: incomplete });
  });

  it('blames the first missing part in the order of the form', () => {
    expect(contactAddressErrors({ ...none, line1: '12 N Main St', zip_code: '84601' })).toEqual({
      city: incomplete,
    });
    expect(contactAddressErrors({ ...none, city: 'Provo', state: 'UT' })).toEqual({
      line1: incomplete,
    });
  });
});

describe('permission levels: none, view or manage; manage implies view', () => {
  it('reads a category left out, or with neither flag, as none', () => {
    expect(levelOf(undefined)).toBe('none');
    expect(levelOf({ has_view: false, has_manage: false })).toBe('none');
    expect(levelOf({ has_view: true, has_manage: false })).toBe('view');
    expect(levelOf({ has_view: false, has_manage: true })).toBe('manage');
  });

  it('writes each level as its flags, manage with view', () => {
    expect(flagsOf('none')).toEqual({ has_view: false, has_manage: false });
    expect(flagsOf('view')).toEqual({ has_view: true, has_manage: false });
    expect(flagsOf('manage')).toEqual({ has_view: true, has_manage: true });
  });

  it('gives every category, left out as none and manage with view', () => {
    const perms = normalizePerms({ services: { has_view: false, has_manage: true } });
    expect(Object.keys(perms).sort()).toEqual([...PERMISSION_CATEGORIES].sort());
    expect(perms.services).toEqual({ has_view: true, has_manage: true });
    expect(perms.payments).toEqual({ has_view: false, has_manage: false });
    expect(normalizePerms(undefined).account).toEqual({ has_view: false, has_manage: false });
  });

  it('sets one category of the grid: view off turns manage off too', () => {
    const manager = normalizePerms({ payments: { has_view: true, has_manage: true } });
    expect(withLevel(manager, 'payments', 'none').payments).toEqual({
      has_view: false,
      has_manage: false,
    });
    expect(withLevel(manager, 'services', 'view').payments).toEqual(manager.payments);
  });

  it('finds who manages contacts, directly or through admin manage', () => {
    expect(managesContacts({ contacts: { has_view: true, has_manage: true } })).toBe(true);
    expect(managesContacts({ admin: { has_view: true, has_manage: true } })).toBe(true);
    expect(managesContacts({ contacts: { has_view: true, has_manage: false } })).toBe(false);
    expect(managesContacts(undefined)).toBe(false);
  });
});

describe('granting permissions (portal.md §6; docs/people.md)', () => {
  const paymentsManager: Perms = { payments: { has_view: true, has_manage: true } };
  const paymentsViewer: Perms = { payments: { has_view: true, has_manage: false } };

  it('lets anyone set a category to none, even without any right', () => {
    expect(mayGrantLevel(undefined, 'payments', 'none')).toBe(true);
    expect(mayGrantLevel({}, 'admin', 'none')).toBe(true);
  });

  it('lets a granter give view or manage only as far as they hold it', () => {
    expect(mayGrantLevel(paymentsViewer, 'payments', 'view')).toBe(true);
    expect(mayGrantLevel(paymentsViewer, 'payments', 'manage')).toBe(false);
    expect(mayGrantLevel(paymentsManager, 'payments', 'manage')).toBe(true);
    expect(mayGrantLevel(paymentsManager, 'services', 'view')).toBe(false);
  });

  it('finds nothing to refuse in categories that do not change', () => {
    const before: Perms = { payments: { has_view: true, has_manage: true } };
    expect(ungrantableCategories({}, before, before)).toEqual([]);
    expect(ungrantableCategories(undefined, undefined, undefined)).toEqual([]);
    // A category left out is none: leaving it out again is no change.
    expect(
      ungrantableCategories({}, {}, { services: { has_view: false, has_manage: false } }),
    ).toEqual([]);
  });

  it('reads a user without rights yet, or losing them all, as none in every category', () => {
    expect(ungrantableCategories(paymentsViewer, undefined, paymentsViewer)).toEqual([]);
    expect(ungrantableCategories(paymentsViewer, paymentsViewer, undefined)).toEqual([]);
    expect(ungrantableCategories({}, undefined, paymentsViewer)).toEqual(['payments']);
    expect(ungrantableCategories({}, paymentsViewer, undefined)).toEqual(['payments']);
  });

  it('needs the higher of the two levels to raise or lower a category', () => {
    const viewToManage = ungrantableCategories(
      paymentsViewer,
      paymentsViewer,
      withLevel(paymentsViewer, 'payments', 'manage'),
    );
    expect(viewToManage).toEqual(['payments']);
    const manageToView = ungrantableCategories(
      paymentsViewer,
      paymentsManager,
      withLevel(paymentsManager, 'payments', 'view'),
    );
    expect(manageToView).toEqual(['payments']);
    expect(
      ungrantableCategories(
        paymentsManager,
        paymentsManager,
        withLevel(paymentsManager, 'payments', 'view'),
      ),
    ).toEqual([]);
    expect(ungrantableCategories(paymentsViewer, {}, withLevel({}, 'payments', 'view'))).toEqual(
      [],
    );
  });
});

describe('a login holding rights its editor does not hold (docs/people.md "A login\'s recovery")', () => {
  it('names every category where the login holds more than the editor', () => {
    const contactsManager: Perms = { contacts: { has_view: true, has_manage: true } };
    expect(
      rightsBeyond(contactsManager, { contacts: { has_view: true, has_manage: false } }),
    ).toEqual([]);
    expect(rightsBeyond(contactsManager, {})).toEqual([]);
    expect(
      rightsBeyond(contactsManager, {
        services: { has_view: true, has_manage: false },
        payments: { has_view: true, has_manage: true },
        contacts: { has_view: true, has_manage: true },
      }),
    ).toEqual(['payments', 'services']);
    // View where the editor holds view is not more; manage is.
    const viewer: Perms = { payments: { has_view: true, has_manage: false } };
    expect(rightsBeyond(viewer, { payments: { has_view: true, has_manage: false } })).toEqual([]);
    expect(rightsBeyond(viewer, { payments: { has_view: true, has_manage: true } })).toEqual([
      'payments',
    ]);
  });

  it('lets admin manage hold every right, and a user hold its own', () => {
    const everything = normalizePerms(
      Object.fromEntries(
        PERMISSION_CATEGORIES.map((c) => [c, { has_view: true, has_manage: true }]),
      ),
    );
    expect(rightsBeyond({ admin: { has_view: true, has_manage: true } }, everything)).toEqual([]);
    expect(rightsBeyond(everything, everything)).toEqual([]);
    expect(rightsBeyond(undefined, everything)).toEqual([...PERMISSION_CATEGORIES]);
  });
});

describe('the recovery fields of a login', () => {
  const before = { email: 'ada@example.test', phone: '(801) 555-0100' };

  it('are its email address and phone number, the address compared without letter case', () => {
    expect(changedRecoveryFields(before, before)).toEqual([]);
    expect(changedRecoveryFields(before, { ...before, email: ' ADA@Example.test ' })).toEqual([]);
    expect(changedRecoveryFields(before, { ...before, email: 'eve@example.test' })).toEqual([
      'email',
    ]);
    expect(changedRecoveryFields(before, { ...before, phone: '(801) 555-0101' })).toEqual([
      'phone',
    ]);
    expect(sameEmail('a@x.test', 'b@x.test')).toBe(false);
  });

  it('are changed by the login itself or by the primary admin only', () => {
    expect(mayChangeRecovery({ uid: 1, primaryAdmin: false }, { uid: 1 })).toBe(true);
    expect(mayChangeRecovery({ uid: 2, primaryAdmin: true }, { uid: 1 })).toBe(true);
    expect(mayChangeRecovery({ uid: 2, primaryAdmin: false }, { uid: 1 })).toBe(false);
  });
});
