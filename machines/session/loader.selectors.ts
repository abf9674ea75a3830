import type { SnapshotFrom } from 'xstate';
import type { createLoaderMachine } from './loader.machine.ts';

/** A snapshot of a loader whose data is a `T` (machines/<area>/<page>.loader.ts names each page's). */
export type LoaderSnapshot<T = unknown> = SnapshotFrom<ReturnType<typeof createLoaderMachine<T>>>;

export function selectLoading<T>(snapshot: LoaderSnapshot<T>): boolean {
  return snapshot.matches('loading');
}

export function selectReloading<T>(snapshot: LoaderSnapshot<T>): boolean {
  return snapshot.matches('reloading');
}

/**
 * The loaded data, typed by the loader it comes from: a page's loader (`createLoaderMachine<T>()`)
 * holds a `T`, which its `load` actor was checked to answer. Pages read it through their own
 * selector (e.g. `selectInvoice`), never by naming a type here.
 */
export function selectData<T>(snapshot: LoaderSnapshot<T>): T | null {
  return snapshot.matches('loaded') || snapshot.matches('reloading') ? snapshot.context.data : null;
}

export function selectLoadError<T>(snapshot: LoaderSnapshot<T>): string | null {
  return snapshot.matches('failed') ? snapshot.context.error : null;
}
