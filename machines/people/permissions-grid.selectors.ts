/** What the permissions grid shows, from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { permissionsGridMachine } from './permissions-grid.machine.ts';
import { gridRows } from './grid.ts';

type Snapshot = SnapshotFrom<typeof permissionsGridMachine>;

export const selectGridRows = (s: Snapshot) =>
  gridRows({ granter: s.context.granter, before: s.context.before }, s.context.perms);
export const selectGridChanged = (s: Snapshot) => s.matches('changed');
export const selectGridSaving = (s: Snapshot) => s.matches('saving');
export const selectGridError = (s: Snapshot) => s.context.error;
export const selectGridPerms = (s: Snapshot) => s.context.perms;
