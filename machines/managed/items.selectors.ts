/** What a list of the managed server view shows, from its machine's snapshot. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { editsOf, type ManagedEdit } from '#shared/managed/forms';
import {
  DELETE_QUESTIONS,
  deleteDisabledLabel,
  ITEM_NAMES,
  MANAGED_MESSAGES as M,
  type DeleteQuestion,
} from '#shared/managed/messages';
import type { formMachine } from '../forms/form.machine.ts';
import {
  itemIdOf,
  itemOfList,
  type ManagedItem,
  type managedItemsMachine,
} from './items.machine.ts';

export type ManagedItemsSnapshot = SnapshotFrom<typeof managedItemsMachine>;
export type ManagedFormActor = ActorRefFrom<typeof formMachine>;

export interface ManagedItemRow {
  id: string;
  item: ManagedItem;
  /** Marked as starting: created less than 60 s ago (databases and vhosts). */
  starting: boolean;
  /** "Delete", or "Delete (Disabled for Ns)" while starting. */
  deleteLabel: string;
  deleteDisabled: boolean;
  /** The changes the row offers (a password, SSL settings, aliases), with their buttons' names. */
  edits: { edit: ManagedEdit; label: string }[];
  /** Whether a change may be opened now (no other change is on its way). */
  editDisabled: boolean;
}

export function selectRows(snapshot: ManagedItemsSnapshot): ManagedItemRow[] {
  const { list, items, locks } = snapshot.context;
  const busy = !snapshot.matches({ ready: { work: 'idle' } });
  const edits = editsOf(list).map((edit) => ({ edit, label: M.editButtons[edit] }));
  return items.map((item) => {
    const id = itemIdOf(list, item);
    const seconds = locks[id] ?? 0;
    return {
      id,
      item,
      starting: seconds > 0,
      deleteLabel: seconds > 0 ? deleteDisabledLabel(seconds) : 'Delete',
      deleteDisabled: seconds > 0 || busy,
      edits,
      editDisabled: busy,
    };
  });
}

export const selectLoading = (s: ManagedItemsSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: ManagedItemsSnapshot) => s.matches('failed');
export const selectBusy = (s: ManagedItemsSnapshot) =>
  s.matches({ ready: { work: 'creating' } }) ||
  s.matches({ ready: { work: { editing: 'saving' } } }) ||
  s.matches({ ready: { work: 'deleting' } });
/** The id of the item whose deletion is being confirmed. */
export const selectConfirming = (s: ManagedItemsSnapshot) =>
  s.matches({ ready: { work: 'confirming' } }) ? s.context.selected : null;

/** The confirmation of a deletion: what is deleted and what is lost with it. */
export function selectDeleteQuestion(s: ManagedItemsSnapshot): DeleteQuestion | null {
  if (!s.matches({ ready: { work: 'confirming' } })) return null;
  const item = itemOfList(s.context, s.context.selected);
  return item ? DELETE_QUESTIONS[s.context.list](item) : null;
}

/** Why the load or the last deletion failed. */
export const selectError = (s: ManagedItemsSnapshot) => s.context.error;
/** Why the last addition was refused, when no field of the create form says it. */
export const selectCreateError = (s: ManagedItemsSnapshot) => s.context.createError;
/** What the last change's answer warned of: its configuration was not checked. */
export const selectWarning = (s: ManagedItemsSnapshot) => s.context.warning;
/** Nothing is being changed: a change may start. */
export const selectCanChange = (s: ManagedItemsSnapshot) => s.matches({ ready: { work: 'idle' } });
/** The new item is on its way. */
export const selectCreating = (s: ManagedItemsSnapshot) =>
  s.matches({ ready: { work: 'creating' } });

/** The form that adds an item (while the list is shown). */
export function selectCreateForm(s: ManagedItemsSnapshot): ManagedFormActor | undefined {
  return (s.children as { createForm?: ManagedFormActor }).createForm;
}

export interface OpenChange {
  id: string;
  edit: ManagedEdit;
  item: ManagedItem;
  title: string;
  /** The Save button's name. */
  save: string;
  form: ManagedFormActor | undefined;
  saving: boolean;
  /** Why the change was refused, when no field of the form says it. */
  error: string | null;
}

/** The change of an item whose form is open, if one is. */
export function selectOpenChange(s: ManagedItemsSnapshot): OpenChange | null {
  const { list, selected, edit, editError } = s.context;
  if (!s.matches({ ready: { work: 'editing' } }) || !edit || selected === null) return null;
  const item = itemOfList(s.context, selected) ?? {};
  return {
    id: selected,
    edit,
    item,
    title: M.editTitles[edit](ITEM_NAMES[list](item)),
    save: M.editSaved[edit],
    form: (s.children as { editForm?: ManagedFormActor }).editForm,
    saving: s.matches({ ready: { work: { editing: 'saving' } } }),
    error: editError,
  };
}

/**
 * The host names a list serves, for the web server switch's confirmation: the vhosts' domains,
 * or the redirected domains with their targets; null until the list is loaded.
 */
export function selectHostNames(s: ManagedItemsSnapshot): string[] | null {
  if (!s.matches('ready')) return null;
  const { list, items } = s.context;
  if (list === 'vhosts') return items.map((item) => String(item.domain));
  if (list === 'domain_redirects') {
    return items.map((item) =>
      M.nginxOffRedirect(String(item.redirect_from), String(item.redirect_to)),
    );
  }
  return [];
}
