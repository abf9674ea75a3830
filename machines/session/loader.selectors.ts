import type { SnapshotFrom } from 'xstate';
import type { loaderMachine } from './loader.machine.ts';

export type LoaderSnapshot = SnapshotFrom<typeof loaderMachine>;

export function selectLoading(snapshot: LoaderSnapshot): boolean {
  return snapshot.matches('loading');
}

export function selectReloading(snapshot: LoaderSnapshot): boolean {
  return snapshot.matches('reloading');
}

/** The loaded data, typed by the page that knows its shape. */
export function selectData<T>(snapshot: LoaderSnapshot): T | null {
  return snapshot.matches('loaded') || snapshot.matches('reloading')
    ? (snapshot.context.data as T)
    : null;
}

export function selectLoadError(snapshot: LoaderSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.error : null;
}
