/**
 * What a machine registers so that QA gets generated path tests and product owners get charts.
 * Each machine keeps its entry beside it (`<name>.model.ts`, built with {@link defineMachine});
 * `machines/registry.ts` lists them. See docs/statecharts.md.
 */
import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';

/** Events the machine receives from xstate itself: timers, finished or failed actors. */
export type SystemEvent =
  | { type: `xstate.after.${string}` }
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error?: unknown }
  | { type: `xstate.done.state.${string}`; output?: unknown };

/** An event used in traversal, with the words that describe it in a path. */
export interface EventSample<TEvent extends { type: string } = { type: string }> {
  /** Short words for the path in words, e.g. "address typed", "one match". */
  label: string;
  event: TEvent;
}

export type SampleEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | SystemEvent;

/** Something that must not be reachable, and why (keeps coverage at 100% honestly). */
export type Unreachable =
  /** A state key (its path joined by dots, e.g. `loggedIn.idle`). */
  | { state: string; reason: string }
  /** A transition id as the coverage table prints it. */
  | { transition: string; reason: string };

/** The implementations `machine.provide(...)` accepts. */
export type Fakes<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

/**
 * Where a sample must lead, as the specification says (never as the machine computes it):
 * - `'ignored'`: nothing happens (no transition of this state, its children or its parents);
 * - `'stays'`: handled without leaving the state (for example a value is remembered);
 * - a state key (`'checking'`, `'router.xwi'`) or several: active afterwards;
 * - `{ to, with }`: the same, and the projection afterwards has these values;
 * - `{ to, runs }`: the same, and the step runs these of the declaration's `effects` (by action
 *   name: the parameters it must be given, a declared object naming the keys it checks, or
 *   `true` when it takes none).
 */
export type Outcome =
  | 'ignored'
  | 'stays'
  | string
  | readonly string[]
  | {
      to: 'ignored' | 'stays' | string | readonly string[];
      with?: Readonly<Record<string, unknown>>;
      runs?: Readonly<Record<string, unknown>>;
    };

/**
 * An outcome, or a rule giving it from the projection before the step (for samples whose result
 * depends on what the visitor did before). Write rules from the specification, with the shared
 * rules of `src/shared/` where the spec states them, never with the machine's own guards.
 */
export type Expectation<TProjection = unknown> = Outcome | ((before: TProjection) => Outcome);

/**
 * What the specification expects of a machine, independently of it: the runner checks the
 * running machine against this at every step of every generated path.
 */
export interface Declaration<TProjection = unknown> {
  /**
   * By state key (`'*'`: in any state), then by sample label: where the sample leads. Every step
   * of every path must be declared for a state it starts in; a transition the machine takes that
   * no declaration names fails, and so does a declared one that does not happen.
   */
  on: Readonly<Record<string, Readonly<Record<string, Expectation<TProjection>>>>>;
  /**
   * By state key: the timers entering the state starts, by delay name, in milliseconds (from
   * `TIMERS` in src/shared/constants.ts). A timer started with another delay, or not at all, or
   * one that is not declared, fails.
   */
  timers?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * Samples at every limit the specification names (just at and just past it); they join the
   * walk like the other samples, and their outcomes are declared in `on` like any other.
   */
  boundaries?: readonly EventSample[];
  /**
   * Where the machine starts and what shows then (the projection's values), from its input: an
   * empty form, the amount due, no saved choice.
   */
  start?: {
    to: string | readonly string[];
    with?: Readonly<Record<string, unknown>>;
  };
  /**
   * By state key: the actors (by invoke id) that must be running while the state is active, such
   * as the poll while an action is under way. A state that drops a declared call fails.
   */
  running?: Readonly<Record<string, readonly string[]>>;
  /**
   * The named actions the app provides whose runs the specification says when to do (reload the
   * server after start and stop, store the chosen scheme, tell the page a contact changed). Every
   * step must run exactly the ones its rows declare in `runs`, with the declared parameters: a
   * run no row declares fails, and so does a declared run that does not happen. An event the
   * machine emits to the app (the token coordinator's "retry these requests") is an effect too,
   * named by its type, its other fields the parameters. A declared parameter may be a predicate
   * (give it a `toJSON` that says what it accepts, for the failure's message).
   */
  effects?: readonly string[];
  /**
   * By actor source: what each call of it must be given (its `input`), from the projection
   * and the state keys active after the step that made the call: the ids and values the
   * specification says are sent (the server's id, the action pressed, the page asked for). A
   * declared object checks the keys it names (recursively), a regular expression the form of a
   * text (a random key, say). Once a declaration names `inputs`,
   * every call with an input of an actor the runner scripts must be declared here.
   */
  inputs?: Readonly<
    Record<string, (projection: TProjection, states: readonly string[]) => unknown>
  >;
}

export interface MachineEntry<
  TMachine extends AnyStateMachine = AnyStateMachine,
  TProjection = unknown,
> {
  /** Stable slug: chart file names, test names (`docs/charts/<name>.svg`). */
  name: string;
  /** A human title for the chart page. */
  title: string;
  /** One paragraph for product owners: what the machine decides, in their words. */
  description: string;
  /** The production machine itself, never a copy. */
  machine: TMachine;
  /** The input the machine starts with (the app's usual start for browser paths). */
  input?: InputFrom<TMachine>;
  /**
   * Events with realistic payloads, including `xstate.after.*` and `xstate.done.actor.*` ones.
   * A function receives the current snapshot (for payloads that depend on context, such as the
   * id of a shown banner). Only events the current state accepts are tried.
   */
  events:
    | readonly EventSample<SampleEvent<TMachine>>[]
    | ((snapshot: SnapshotFrom<TMachine>) => readonly EventSample<SampleEvent<TMachine>>[]);
  /**
   * The part of the context that guards read. Two snapshots with the same state value and the same
   * projection are one vertex of the graph; anything growing (counters, lists) must not leak in.
   */
  project(snapshot: SnapshotFrom<TMachine>): TProjection;
  /** Traversal limit (vertices visited) for `xstate/graph`. */
  limit: number;
  /** Generate simple paths too when the graph has at most this many vertices (default 6). */
  simplePathsUpTo?: number;
  /**
   * Fake implementations for machine-level runs. Invoked actors that are not faked here are
   * scripted by the runner (they finish with the output of the path's `xstate.done.actor.*`
   * event); delays run on a simulated clock, so nothing waits in real time.
   */
  fakes?: Fakes<TMachine>;
  /**
   * What must be true in each state, by state key. Required for every state a snapshot can rest
   * in (atomic and final states that are not left at once by an unguarded `always`).
   * Throw (for example with {@link expectThat}) when it does not hold.
   */
  states: Readonly<Record<string, (snapshot: SnapshotFrom<TMachine>) => void>>;
  unreachable?: readonly Unreachable[];
  /** What the specification expects, sample by sample and timer by timer (see {@link Declaration}). */
  expect: Declaration<TProjection>;
}

/** An entry with its machine type erased, as the registry list holds it. */
export type RegisteredMachine = MachineEntry<AnyStateMachine>;

/** Type-checks an entry against its machine, then erases the type for the registry list. */
export function defineMachine<TMachine extends AnyStateMachine, TProjection>(
  entry: MachineEntry<TMachine, TProjection>,
): RegisteredMachine {
  return entry as unknown as RegisteredMachine;
}

/** Helper for readable samples: `sample('choose dark', { type: 'theme.chosen', scheme: 'dark' })`. */
export function sample<const TEvent extends { type: string }>(
  label: string,
  event: TEvent,
): EventSample<TEvent> {
  return { label, event };
}

export class StateAssertionError extends Error {
  override name = 'StateAssertionError';
}

/** Fails a state assertion with a message saying what should have been true. */
export function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new StateAssertionError(message);
}
