/**
 * How a machine keeps up with data another actor holds (docs/statecharts.md "Following another
 * actor"): it invokes a `follow` actor, which sends it an event each time what it follows changes,
 * and once at the start with what it holds then. The machine declares `follow` as a no-op
 * (`followsNothing`), so its path tests send the events themselves; the app provides
 * `following(...)` over its actors. No view forwards one actor's data to another.
 */
import { fromCallback, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';

/** What a machine invokes as `follow` until the app says what it follows. */
export const followsNothing = fromCallback<EventObject>(() => {});

type Snapshots<S extends readonly AnyActorRef[]> = { [K in keyof S]: SnapshotFrom<S[K]> };

/**
 * Follows `sources`: `pick` reads what matters from their snapshots (null: nothing to tell); each
 * time it picks something that is not `equal` to what it picked last (null included: a value that
 * comes back after a null is news again), the machine that invoked it gets `toEvent(picked)`.
 */
export function following<const S extends readonly AnyActorRef[], T, E extends EventObject>(
  sources: S,
  pick: (snapshots: Snapshots<S>) => T | null,
  toEvent: (picked: T) => E,
  equal: (a: T, b: T) => boolean = Object.is,
) {
  return fromCallback<EventObject>(({ sendBack }) => {
    let started = false;
    let last: T | null = null;
    const same = (a: T | null, b: T | null) => (a === null || b === null ? a === b : equal(a, b));
    const check = () => {
      const picked = pick(sources.map((source) => source.getSnapshot()) as Snapshots<S>);
      if (started && same(last, picked)) return;
      started = true;
      last = picked;
      if (picked !== null) sendBack(toEvent(picked));
    };
    check();
    const subscriptions = sources.map((source) => source.subscribe(check));
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  });
}
