/**
 * Actor logic whose code loads only when it is about to be needed, for a machine's child that
 * most visits never run (the second factor's code step): `logic` stands for it in the parent's
 * `provide`, and `load()` imports it. The app loads it before the parent can invoke it (when an
 * answer says the step comes next); invoking it before that is a programming error and throws.
 */
import type { AnyActorLogic } from 'xstate';

export interface LazyLogic<TLogic extends AnyActorLogic> {
  logic: TLogic;
  /** Imports the logic once; a failed import is tried again on the next call. */
  load(): Promise<TLogic>;
}

export function lazyActorLogic<TLogic extends AnyActorLogic>(
  importLogic: () => Promise<TLogic>,
): LazyLogic<TLogic> {
  let loaded: TLogic | undefined;
  let loading: Promise<TLogic> | undefined;
  const current = (): TLogic => {
    if (!loaded) throw new Error('This actor logic is used before it was loaded');
    return loaded;
  };
  // Every property is the loaded logic's, its methods bound to it.
  const logic = new Proxy({} as TLogic, {
    get: (_target, key) => {
      const real = current();
      const value: unknown = Reflect.get(real, key, real);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(real)
        : value;
    },
    has: (_target, key) => Reflect.has(current(), key),
    getPrototypeOf: () => Object.getPrototypeOf(current()) as object | null,
  });
  return {
    logic,
    load: () => {
      loading ??= importLogic().then(
        (real) => (loaded = real),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
