/**
 * Actor logic whose code loads on first use. The second half of the signup (account, payment,
 * checkout) is not in the page's first load: the wizard names those actors in `setup` with a
 * stand-in made here, loads their code in the background (the `loadOrderSections` actor) and
 * invokes them only once it has loaded. The stand-in forwards every call of xstate's actor-logic
 * interface to the real machine, so the running child is that machine in every respect (its
 * snapshots, its `machine`, its own children).
 */
import type { AnyActorLogic } from 'xstate';

export type LazyLogic<TLogic extends AnyActorLogic> = TLogic & {
  /** Loads the code once (a failed load may be tried again); resolves with the real logic. */
  load(): Promise<TLogic>;
  /** The code has loaded: the logic may be invoked. */
  readonly loaded: boolean;
};

export function lazyLogic<TLogic extends AnyActorLogic>(
  name: string,
  load: () => Promise<TLogic>,
): LazyLogic<TLogic> {
  let logic: TLogic | undefined;
  let loading: Promise<TLogic> | undefined;
  const real = (): TLogic => {
    if (!logic) throw new Error(`The ${name} logic was used before its code loaded`);
    return logic;
  };
  type Method = (...args: unknown[]) => unknown;
  const forward =
    (method: 'transition' | 'getInitialSnapshot' | 'getPersistedSnapshot' | 'start') =>
    (...args: unknown[]) =>
      (real() as unknown as Record<string, Method | undefined>)[method]?.(...args);
  const stand = {
    transition: forward('transition'),
    getInitialSnapshot: forward('getInitialSnapshot'),
    getPersistedSnapshot: forward('getPersistedSnapshot'),
    start: forward('start'),
    restoreSnapshot: (...args: unknown[]) => {
      const target = real() as unknown as Record<string, Method | undefined>;
      return target.restoreSnapshot ? target.restoreSnapshot(...args) : args[0];
    },
    load: () => {
      loading ??= load().then((loaded) => (logic = loaded));
      loading.catch(() => {
        loading = undefined;
      });
      return loading;
    },
    get loaded() {
      return logic !== undefined;
    },
  };
  return stand as unknown as LazyLogic<TLogic>;
}
