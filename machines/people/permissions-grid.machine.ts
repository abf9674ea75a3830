/**
 * The permissions grid of a user (portal.md §3 "Permission categories", §6; docs/people.md
 * "Rules"): view and manage per category, manage implying view. A level can be chosen only when
 * the person editing holds what the change needs (the shared rule `ungrantableCategories`), so
 * the grid shows before the server refuses what cannot be granted or removed. Save sends the
 * rights (PATCH /user/[admin_]authorized_users/{contact_id}); a refusal (a 409 on the primary
 * admin or the last contacts manager, a 403) shows its message and keeps the choice.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { PermissionCategory } from '#shared/constants';
import { levelOf, normalizePerms, withLevel, type Level } from '#shared/people/grants';
import type { AuthorizedContact } from '#shared/people/types';
import type { Perms } from '#shared/permissions';
import { PERMISSION_CATEGORIES } from '#shared/constants';
import { mayChooseLevel } from './grid.ts';
import { messageOf } from './types.ts';

export interface PermissionsGridInput {
  contactId: number;
  /** The user's rights as saved. */
  before: Perms;
  /** The rights of the person editing. */
  granter: Perms;
}

export interface PermissionsGridContext {
  contactId: number;
  before: Required<Perms>;
  granter: Perms;
  perms: Required<Perms>;
  error: string | null;
}

export type PermissionsGridEvent =
  | { type: 'permission.level.chosen'; category: PermissionCategory; level: Level }
  | { type: 'permissions.reset.pressed' }
  | { type: 'permissions.save.pressed' }
  | { type: 'xstate.done.actor.savePermissions'; output: AuthorizedContact }
  | { type: 'xstate.error.actor.savePermissions'; error: unknown };

const samePerms = (a: Perms, b: Perms) =>
  PERMISSION_CATEGORIES.every((category) => levelOf(a[category]) === levelOf(b[category]));

export const permissionsGridMachine = setup({
  types: {
    context: {} as PermissionsGridContext,
    events: {} as PermissionsGridEvent,
    input: {} as PermissionsGridInput,
  },
  actors: {
    /** PATCH /user/[admin_]authorized_users/{contact_id} with the rights. */
    savePermissions: fromPromise<AuthorizedContact, { contactId: number; perms: Perms }>(
      async () => {
        throw new Error('savePermissions is provided by the app');
      },
    ),
  },
  actions: {
    'store the level': assign(({ context, event }) => {
      assertEvent(event, 'permission.level.chosen');
      return { perms: withLevel(context.perms, event.category, event.level), error: null };
    }),
    'put the saved rights back': assign(({ context }) => ({ perms: context.before, error: null })),
    'store the saved rights': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.savePermissions');
      const saved = normalizePerms(event.output.user?.perms);
      return { before: saved, perms: saved, error: null };
    }),
    'store the refusal': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.savePermissions');
      return { error: messageOf(event.error) };
    }),
    /** The app loads the list again. */
    'permissions changed': () => {},
  },
  guards: {
    // A level that is already chosen is no change (a refusal's reason stays on screen).
    'the editor may change this level': ({ context, event }) => {
      assertEvent(event, 'permission.level.chosen');
      if (levelOf(context.perms[event.category]) === event.level) return false;
      return mayChooseLevel(
        { granter: context.granter, before: context.before },
        context.perms,
        event.category,
        event.level,
      );
    },
    'the rights are as saved': ({ context }) => samePerms(context.perms, context.before),
  },
}).createMachine({
  id: 'permissionsGrid',
  description:
    'View and manage per category; only what the editor holds can be given or taken; Save sends the rights.',
  context: ({ input }) => {
    const before = normalizePerms(input.before);
    return {
      contactId: input.contactId,
      before,
      granter: input.granter,
      perms: before,
      error: null,
    };
  },
  initial: 'comparing',
  states: {
    comparing: {
      description: 'Whether the grid differs from the saved rights.',
      always: [{ guard: 'the rights are as saved', target: 'unchanged' }, { target: 'changed' }],
    },
    unchanged: {
      description: 'The grid shows the saved rights; Save is disabled.',
      on: {
        'permission.level.chosen': {
          guard: 'the editor may change this level',
          target: 'comparing',
          actions: 'store the level',
        },
      },
    },
    changed: {
      description: 'The grid differs from the saved rights: Save and Reset are offered.',
      on: {
        'permission.level.chosen': {
          guard: 'the editor may change this level',
          target: 'comparing',
          actions: 'store the level',
        },
        'permissions.reset.pressed': { target: 'unchanged', actions: 'put the saved rights back' },
        'permissions.save.pressed': 'saving',
      },
    },
    saving: {
      description: 'The rights are sent.',
      invoke: {
        id: 'savePermissions',
        src: 'savePermissions',
        input: ({ context }) => ({ contactId: context.contactId, perms: context.perms }),
        onDone: {
          target: 'comparing',
          actions: ['store the saved rights', 'permissions changed'],
        },
        onError: { target: 'changed', actions: 'store the refusal' },
      },
    },
  },
});

export type PermissionsGridActor = ActorRefFrom<typeof permissionsGridMachine>;
