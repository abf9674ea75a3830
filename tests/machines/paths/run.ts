/**
 * The machine-level runner: drives a real actor of the production machine (with the entry's fakes)
 * through a planned path. Plain events are sent; `xstate.after.*` steps advance a simulated clock
 * by the delay's milliseconds (so timers fire through the machine's own scheduling, in their real
 * order, without waiting); `xstate.done.actor.*` / `xstate.error.actor.*` steps settle the invoked
 * actor, which the runner scripts unless the entry fakes it. After every step:
 * - the step must be declared in the entry's `expect` (what the specification says), and the
 *   machine must do what the declaration says: go to the declared states (or ignore the sample),
 *   take no transition the declaration does not name, start exactly the declared timers with the
 *   declared delays (observed on the machine's scheduler, so a delay is checked as the machine
 *   really uses it);
 * - the actor must be where traversal predicted (fakes agree with the definition);
 * - the assertion of every active state must hold.
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import {
  activeStateKeys,
  stateKey,
  transitionIndex,
  type ChartModel,
} from '../../../machines/charts/model.ts';
import type { RegisteredMachine } from '../../../machines/registry.ts';
import {
  declarationOf,
  judgeInputs,
  judgeStart,
  judgeStartEffects,
  judgeStep,
  runningRowId,
  judgeTimers,
  stateIds,
  timerOf,
  type ActionRun,
  type ActorCall,
  type ScheduledTimer,
} from './declaration.ts';
import { describeValue, type MachinePlan, type PlannedPath } from './plan.ts';

export interface Visited {
  states: Set<string>;
  transitions: Set<string>;
  /** Declared rows (sample rows and timer rows) that some step checked. */
  rows: Set<string>;
  /** How many declared expectations were checked, step by step. */
  checks: number;
}

export function emptyVisited(): Visited {
  return { states: new Set(), transitions: new Set(), rows: new Set(), checks: 0 };
}

export class PathFailure extends Error {
  override name = 'PathFailure';
}

interface Pending {
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

type Schedule = (
  source: unknown,
  target: unknown,
  event: EventObject,
  delay: number,
  id?: string,
) => void;

interface Scheduled {
  source: unknown;
  event: EventObject;
  delay: number;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function delayOf(machine: AnyStateMachine, eventType: string, snapshot: AnyMachineSnapshot) {
  const rest = eventType.slice('xstate.after.'.length);
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  // The delay name is what precedes the id of the state that declares it.
  for (const node of (snapshot as unknown as { _nodes: { id: string }[] })._nodes) {
    if (!rest.endsWith(`.${node.id}`)) continue;
    const name = rest.slice(0, rest.length - node.id.length - 1);
    const value = delays[name];
    if (typeof value === 'number') return value;
    if (typeof value === 'function')
      return Number(
        (value as (args: unknown) => unknown)({ context: snapshot.context, event: undefined }),
      );
    if (/^\d+$/.test(name)) return Number(name);
  }
  throw new PathFailure(`no active state has the timer ${eventType}`);
}

/**
 * The machine a run drives: the production machine with the entry's fakes and scripted actors
 * (each call of a scripted actor is recorded in `calls`, with its input).
 */
function machineForRun(
  entry: RegisteredMachine,
  pending: Map<string, Pending>,
  calls: ActorCall[],
) {
  const machine = entry.machine as AnyStateMachine;
  const fakes = (entry.fakes ?? {}) as { actors?: Record<string, unknown> };
  const scripted: Record<string, unknown> = {};
  for (const src of Object.keys(machine.implementations.actors ?? {})) {
    if (fakes.actors?.[src]) continue;
    scripted[src] = fromPromise(({ self, input }) => {
      calls.push({ src, input });
      return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
    });
  }
  return machine.provide({
    ...(entry.fakes as object),
    actors: { ...scripted, ...fakes.actors },
  } as never) as AnyStateMachine;
}

export interface RunOptions {
  /** Record what the run visits (for coverage). */
  visited?: Visited;
}

export async function runPath(
  plan: MachinePlan,
  path: PlannedPath,
  options: RunOptions = {},
): Promise<void> {
  const { entry, model } = plan;
  const visited = options.visited ?? emptyVisited();
  const idOf = transitionIndex(model);
  const pending = new Map<string, Pending>();
  const calls: ActorCall[] = [];
  const machine = machineForRun(entry, pending, calls);
  const ids = stateIds(machine);
  const clock = new SimulatedClock();
  const errors: unknown[] = [];
  /** What the current step did: transitions (source key, event type) and timers started. */
  let taken: { source: string; eventType: string }[] = [];
  let started: ScheduledTimer[] = [];
  let ran: ActionRun[] = [];
  // Microsteps of the initial state arrive while the actor is being constructed.
  const root: { ref?: unknown } = {};
  const actor = createActor(machine, {
    input: entry.input,
    clock,
    inspect: (event: InspectionEvent) => {
      if (root.ref !== undefined && event.actorRef !== root.ref) return;
      if (event.type === '@xstate.action') {
        ran.push({ type: event.action.type, params: event.action.params });
        return;
      }
      if (event.type !== '@xstate.microstep') return;
      activeStateKeys(event.snapshot).forEach((key) => visited.states.add(key));
      for (const t of event._transitions) {
        const id = idOf(t);
        if (id) visited.transitions.add(id);
        const { source, eventType } = t as unknown as {
          source: { path: string[] };
          eventType: string;
        };
        taken.push({ source: stateKey(source), eventType });
      }
    },
  });
  root.ref = actor;
  // What the machine emits to the app is a step's effect too, judged by its type like a named
  // action, its other fields the parameters.
  actor.on('*', (emitted: EventObject) => {
    const { type, ...params } = emitted;
    ran.push({ type, params });
  });
  // Observe the timers the machine starts, with the delay it really uses.
  const scheduler = (actor.system as unknown as { scheduler: { schedule: Schedule } }).scheduler;
  const schedule = scheduler.schedule;
  scheduler.schedule = (source, target, event, delay, id) => {
    if (source === actor) {
      const timer = timerOf(ids, event.type);
      if (timer) started.push({ ...timer, ms: delay });
    }
    schedule(source, target, event, delay, id);
  };
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();

  const where = (index: number) =>
    index < 0
      ? `at the start`
      : `after step ${index + 1} "${path.steps[index].label}" (${path.steps[index].event.type})`;

  const check = (index: number, expected: string) => {
    const snapshot = actor.getSnapshot();
    if (errors.length)
      throw new PathFailure(`${where(index)} the machine failed: ${String(errors[0])}`);
    activeStateKeys(snapshot).forEach((key) => visited.states.add(key));
    const actual = plan.serialize(snapshot);
    if (actual !== expected) {
      throw new PathFailure(
        `${where(index)} the machine is in ${describeValue(snapshot.value)} ${actual}, ` +
          `the model expected ${expected}\npath: ${path.title}`,
      );
    }
    const children = snapshot.children as Record<string, unknown>;
    for (const key of activeStateKeys(snapshot)) {
      for (const id of declarationOf(entry).running?.[key] ?? []) {
        visited.rows.add(runningRowId(key, id));
        visited.checks += 1;
        if (!children[id])
          throw new PathFailure(
            `${where(index)} in state "${key}" the actor "${id}" is declared running, and it is not\npath: ${path.title}`,
          );
      }
      const assertion = entry.states[key];
      if (!assertion) continue;
      try {
        assertion(snapshot);
      } catch (error) {
        throw new PathFailure(
          `${where(index)} in state "${key}": ${(error as Error).message}\npath: ${path.title}`,
        );
      }
    }
  };

  const declared = (index: number, problems: string[], rows: string[]) => {
    rows.forEach((row) => visited.rows.add(row));
    visited.checks += rows.length;
    if (problems.length)
      throw new PathFailure(
        `${where(index)} the machine breaks its declaration:\n  ${problems.join('\n  ')}` +
          `\npath: ${path.title}`,
      );
  };

  try {
    const timers = judgeTimers(entry, started, activeStateKeys(actor.getSnapshot()));
    const inputs = judgeInputs(
      entry,
      calls,
      entry.project(actor.getSnapshot()),
      activeStateKeys(actor.getSnapshot()),
    );
    const atStart = judgeStartEffects(entry, ran);
    const start = judgeStart(
      entry,
      activeStateKeys(actor.getSnapshot()),
      entry.project(actor.getSnapshot()),
    );
    declared(
      -1,
      [...timers.problems, ...inputs.problems, ...atStart, ...start.problems],
      [...timers.rows, ...inputs.rows, ...start.rows],
    );
    check(-1, plan.initial.expected);
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot();
      const beforeKeys = activeStateKeys(before);
      const projectionBefore = entry.project(before);
      taken = [];
      started = [];
      ran = [];
      calls.length = 0;
      await perform(step.event, before);
      const after = actor.getSnapshot();
      const afterKeys = activeStateKeys(after);
      if (errors.length)
        throw new PathFailure(`${where(index)} the machine failed: ${String(errors[0])}`);
      const judged = judgeStep(entry, {
        label: step.label,
        before: beforeKeys,
        after: afterKeys,
        projectionBefore,
        projectionAfter: entry.project(after),
        sources: taken.filter((t) => t.eventType === step.event.type).map((t) => t.source),
        ran,
      });
      const timerCheck = judgeTimers(
        entry,
        started,
        afterKeys.filter((key) => !beforeKeys.includes(key)),
      );
      const inputCheck = judgeInputs(entry, calls, entry.project(after), afterKeys);
      declared(
        index,
        [...judged.problems, ...timerCheck.problems, ...inputCheck.problems],
        [...judged.rows, ...timerCheck.rows, ...inputCheck.rows],
      );
      check(index, step.expected);
    }
  } finally {
    actor.stop();
  }

  async function perform(event: EventObject, snapshot: AnyMachineSnapshot) {
    const type = event.type;
    if (type.startsWith('xstate.after.')) {
      // Move the clock by the delay the running machine scheduled (its own value, checked
      // against the declaration when it was started).
      const scheduled = Object.values(
        (actor.system as unknown as { _snapshot: { _scheduledEvents: Record<string, Scheduled> } })
          ._snapshot._scheduledEvents,
      ).find((s) => s.source === actor && s.event.type === type);
      clock.increment(scheduled ? scheduled.delay : delayOf(machine, type, snapshot));
      return;
    }
    const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    if (done) {
      const [, outcome, id] = done;
      const script = pending.get(id);
      if (script) {
        pending.delete(id);
        if (outcome === 'done') script.resolve((event as { output?: unknown }).output);
        else script.reject((event as { error?: unknown }).error);
      } else if (!(snapshot.children as Record<string, unknown>)[id]) {
        throw new PathFailure(`the actor "${id}" is not running, so it cannot finish`);
      }
      await macrotask();
      return;
    }
    actor.send(event);
  }
}

/** Runs every path of a plan and returns what they visited. */
export async function runAll(plan: MachinePlan): Promise<Visited> {
  const visited = emptyVisited();
  for (const path of plan.paths) await runPath(plan, path, { visited });
  return visited;
}

export type { ChartModel };
