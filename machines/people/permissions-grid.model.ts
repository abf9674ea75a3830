/** The permissions grid's registration (portal.md §3 "Permission categories", §6). */
import type { SnapshotFrom } from 'xstate';
import { PEOPLE_MESSAGES } from '#shared/people/messages';
import { levelOf } from '#shared/people/grants';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { permissionsGridMachine } from './permissions-grid.machine.ts';
import { selectGridChanged, selectGridSaving } from './permissions-grid.selectors.ts';
import { AS_USER, CONTACTS_MANAGER, LAST_MANAGER } from './samples.ts';

type Snapshot = SnapshotFrom<typeof permissionsGridMachine>;

interface Projection {
  payments: string;
  contacts: string;
  services: string;
  savedContacts: string;
  /** The reason shown after a refusal. */
  error: string | null;
}

const SAVED_PAYMENTS = AS_USER.user?.perms.payments;

/** A level as the API sends it (portal.md §3: manage includes view). */
const RIGHTS = {
  none: { has_view: false, has_manage: false },
  view: { has_view: true, has_manage: false },
  manage: { has_view: true, has_manage: true },
} as const;
const rights = (level: string) => RIGHTS[level as keyof typeof RIGHTS];

export const permissionsGridModel = defineMachine({
  name: 'permissions-grid',
  title: 'Permissions grid',
  description:
    'The rights of an authorized user: view and manage for each category (account, admin, ' +
    'contacts, invoices, payments, services), manage including view. Only a right the editor ' +
    'holds can be given or taken away, and the grid shows the others unavailable before the ' +
    'server would refuse them. Save sends the rights; a refusal (the primary admin keeps every ' +
    'right, someone must keep contacts manage) shows its reason and keeps the choice.',
  machine: permissionsGridMachine,
  // A user with payments view, edited by someone with contacts manage and payments view.
  input: {
    contactId: AS_USER.contact_id,
    before: AS_USER.user?.perms ?? {},
    granter: CONTACTS_MANAGER,
  },
  events: [
    sample('choose contacts manage', {
      type: 'permission.level.chosen',
      category: 'contacts',
      level: 'manage',
    }),
    sample('choose contacts none', {
      type: 'permission.level.chosen',
      category: 'contacts',
      level: 'none',
    }),
    sample('choose payments none', {
      type: 'permission.level.chosen',
      category: 'payments',
      level: 'none',
    }),
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
    sample('press Reset', { type: 'permissions.reset.pressed' }),
    sample('press Save', { type: 'permissions.save.pressed' }),
    sample('the rights are saved', {
      type: 'xstate.done.actor.savePermissions',
      output: {
        ...AS_USER,
        user: {
          uid: 'robin',
          primary_admin: false,
          perms: {
            ...(AS_USER.user?.perms ?? ({} as never)),
            contacts: { has_view: true, has_manage: true },
          },
        },
      },
    }),
    sample('the last contacts manager is refused', {
      type: 'xstate.error.actor.savePermissions',
      error: LAST_MANAGER,
    }),
  ],
  project: ({ context }: Snapshot): Projection => ({
    payments: levelOf(context.perms.payments),
    contacts: levelOf(context.perms.contacts),
    services: levelOf(context.perms.services),
    savedContacts: levelOf(context.before.contacts),
    error: context.error,
  }),
  limit: 500,
  expect: {
    effects: ['permissions changed'],
    // The grid shows the user's saved rights (payments view, nothing else), unchanged.
    start: {
      to: 'unchanged',
      with: {
        payments: 'view',
        contacts: 'none',
        services: 'none',
        savedContacts: 'none',
        error: null,
      },
    },
    on: {
      '*': {
        // The editor holds contacts manage: any level of contacts can be set.
        'choose contacts manage': (before: Projection) =>
          before.contacts === 'manage'
            ? 'ignored'
            : {
                to:
                  before.savedContacts === 'manage' && before.payments === 'view'
                    ? 'unchanged'
                    : 'changed',
                with: { contacts: 'manage', error: null },
              },
        'choose contacts none': (before: Projection) =>
          before.contacts === 'none'
            ? 'ignored'
            : {
                to:
                  before.savedContacts === 'none' && before.payments === 'view'
                    ? 'unchanged'
                    : 'changed',
                with: { contacts: 'none' },
              },
        // Payments view is the editor's: taking it away is theirs to do.
        'choose payments none': (before: Projection) =>
          before.payments === 'none' ? 'ignored' : { to: 'changed', with: { payments: 'none' } },
        // Payments manage and any services right are not the editor's to give.
        'choose payments manage': 'ignored',
        'choose services view': 'ignored',
      },
      changed: {
        'press Reset': {
          to: 'unchanged',
          with: { payments: levelOf(SAVED_PAYMENTS), error: null },
        },
        'press Save': 'saving',
      },
      saving: {
        // A saved change has the people list loaded again, to show what the server kept.
        'the rights are saved': {
          to: 'unchanged',
          with: { savedContacts: 'manage', contacts: 'manage', error: null },
          runs: { 'permissions changed': true },
        },
        'the last contacts manager is refused': {
          to: 'changed',
          with: { error: PEOPLE_MESSAGES.lastContactsManager },
        },
      },
    },
    running: { saving: ['savePermissions'] },
    // Save sends the user's contact id and the rights chosen (portal.md §7).
    inputs: {
      savePermissions: (after: Projection) => ({
        contactId: AS_USER.contact_id,
        perms: {
          contacts: rights(after.contacts),
          payments: rights(after.payments),
          services: rights(after.services),
        },
      }),
    },
  },
  states: {
    unchanged: (s: Snapshot) => expectThat(!selectGridChanged(s), 'Save is not offered'),
    changed: (s: Snapshot) => expectThat(selectGridChanged(s), 'Save and Reset are offered'),
    saving: (s: Snapshot) => expectThat(selectGridSaving(s), 'the grid waits'),
  },
});
