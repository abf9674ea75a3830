/**
 * Path generation for a registered machine, with `xstate/graph`:
 * - shortest paths to every distinct state (state value plus the entry's projection);
 * - one more path for every transition the shortest paths do not take (the shortest path to its
 *   source, then its event), so every transition of the definition is walked;
 * - all simple paths as well when the graph is small (`simplePathsUpTo` vertices).
 * Paths that are a prefix of another are dropped. Pure and synchronous: the machine-level runner
 * (Vitest) and the browser-level runner (Playwright) share the result.
 */
import {
  __unsafe_getAllOwnEventDescriptors as ownEventDescriptors,
  createActor,
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  type AdjacencyValue,
} from 'xstate/graph';
import {
  activeStateKeys,
  chartModel,
  stateKey,
  transitionIndex,
  type ChartModel,
} from '../../../machines/charts/model.ts';
import type { EventSample, RegisteredMachine } from '../../../machines/registry.ts';
import {
  ANY_STATE,
  declarationOf,
  judgeStep,
  rowId,
  rowsFor,
  type ActionRun,
} from './declaration.ts';

export interface PlannedStep {
  event: EventObject;
  /** The sample's words ("choose dark"). */
  label: string;
  /** Where the machine must be afterwards: serialized like the graph's vertices. */
  expected: string;
  value: StateValue;
  /** The entry's projection of the context afterwards (what guards read). */
  projection: unknown;
  /** Every state key active afterwards. */
  states: string[];
  /** The snapshot traversal predicts (browser mappings feed it to the machine's selectors). */
  snapshot: AnyMachineSnapshot;
}

/**
 * Why a path exists: to reach a state, to take a transition, a simple path of a small graph, or
 * to check a declared row no other path checks (for example a sample the spec says is ignored).
 */
export type PathReason = 'state' | 'transition' | 'simple' | 'declared';

export interface PlannedPath {
  /** The path in words, unique within the machine: "choose dark → open the signup page ⇒ …". */
  title: string;
  steps: PlannedStep[];
  reason: PathReason;
  /** Transition ids the path takes, as traversal predicts them. */
  transitions: string[];
}

export interface MachinePlan {
  entry: RegisteredMachine;
  model: ChartModel;
  /** Distinct states of the graph (value + projection) and edges between them. */
  vertices: number;
  edges: number;
  initial: {
    expected: string;
    value: StateValue;
    projection: unknown;
    states: string[];
    snapshot: AnyMachineSnapshot;
  };
  paths: PlannedPath[];
  serialize(snapshot: AnyMachineSnapshot): string;
  /** Whether simple paths were generated (small graphs only). */
  simplePaths: boolean;
  /** Every sample label the walk offered somewhere (for checking the declaration's labels). */
  labels: Set<string>;
  /**
   * Every edge of the graph (each sample at each vertex) judged against its declared rows, not
   * only the edges the paths take: a machine that ignores a declared sample in one situation (a
   * list guard that holds for one notice and not for two) fails here even when another vertex
   * takes the transition and the paths never need this edge.
   */
  graph: { checks: number; problems: string[] };
}

const DEFAULT_SIMPLE_PATHS_UP_TO = 6;

export function serializerFor(entry: RegisteredMachine) {
  return (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({
      value: snapshot.value,
      status: snapshot.status === 'active' ? undefined : snapshot.status,
      context: entry.project(snapshot),
    });
}

/** The entry's samples for a snapshot, with the declaration's boundary samples. */
export function allSamples(
  entry: RegisteredMachine,
  snapshot: AnyMachineSnapshot,
): readonly EventSample[] {
  const samples = typeof entry.events === 'function' ? entry.events(snapshot) : entry.events;
  return [...samples, ...(declarationOf(entry).boundaries ?? [])];
}

/** The samples the current state accepts (by the event types its active states handle). */
export function samplesFor(
  entry: RegisteredMachine,
  snapshot: AnyMachineSnapshot,
): readonly EventSample[] {
  const all = allSamples(entry, snapshot);
  const accepted = new Set(ownEventDescriptors(snapshot));
  if (accepted.has('*')) return all;
  return all.filter(
    (sample) =>
      accepted.has(sample.event.type) ||
      [...accepted].some((d) => d.endsWith('.*') && sample.event.type.startsWith(d.slice(0, -1))),
  );
}

/** A transition as XState's microstep inspection reports it. */
interface TakenTransition {
  source: { path: string[] };
  eventType: string;
}

/**
 * A pure `machine.transition` call that reports the transitions it takes: `record` gets each of
 * them and the event sent.
 */
function transitionProbe(
  entry: RegisteredMachine,
  record: (transition: TakenTransition, event: EventObject) => void,
  recordAction: (action: ActionRun) => void = () => {},
) {
  let sent: EventObject = { type: '' };
  const self = createActor(entry.machine, {
    input: entry.input,
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      for (const t of event._transitions) record(t as unknown as TakenTransition, sent);
    },
  });
  const scope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: (action: ActionRun) => {
      // An event emitted to the app is judged by its type, its other fields the parameters.
      if (action.type === 'xstate.emit') {
        const { type, ...params } = (action.params as { event: EventObject }).event;
        recordAction({ type, params });
      } else recordAction({ type: action.type, params: action.params });
    },
  };
  return (snapshot: AnyMachineSnapshot, event: EventObject) => {
    sent = event;
    (entry.machine as AnyStateMachine).transition(snapshot, event, scope as never);
  };
}

/** Records which transitions (by model id) a pure `machine.transition` call takes. */
function transitionRecorder(entry: RegisteredMachine, model: ChartModel) {
  const idOf = transitionIndex(model);
  let taken: string[] = [];
  const probe = transitionProbe(entry, (t) => {
    const id = idOf(t as unknown as Parameters<typeof idOf>[0]);
    if (id) taken.push(id);
  });
  return (snapshot: AnyMachineSnapshot, event: EventObject): string[] => {
    taken = [];
    probe(snapshot, event);
    return [...new Set(taken)];
  };
}

/**
 * The source state keys of the transitions an event takes from a snapshot, and the named actions
 * it runs (root machine).
 */
function stepRecorder(entry: RegisteredMachine) {
  let taken: string[] = [];
  let ran: ActionRun[] = [];
  const probe = transitionProbe(
    entry,
    (t, event) => {
      if (t.eventType === event.type) taken.push(stateKey(t.source));
    },
    (action) => ran.push(action),
  );
  return (snapshot: AnyMachineSnapshot, event: EventObject) => {
    taken = [];
    ran = [];
    probe(snapshot, event);
    return { sources: taken, ran };
  };
}

/**
 * The keys of a path's prefixes, the empty one first and the whole path last: each step adds its
 * event and the state it expects. A path is a prefix of another (or the same) exactly when its
 * whole key is one of the other's prefix keys.
 */
function prefixKeys(path: PlannedPath): string[] {
  const keys = [''];
  for (const step of path.steps)
    keys.push(`${keys.at(-1)}\u0000${JSON.stringify(step.event)}\u0001${step.expected}`);
  return keys;
}

export function planPaths(entry: RegisteredMachine): MachinePlan {
  const model = chartModel(entry.machine);
  const serialize = serializerFor(entry);
  const labels = new Map<string, string>();
  const offered = new Set<string>();
  const events = (snapshot: AnyMachineSnapshot) =>
    samplesFor(entry, snapshot).map((s) => {
      offered.add(s.label);
      const key = JSON.stringify(s.event);
      if (!labels.has(key)) labels.set(key, s.label);
      return s.event;
    });
  const options = {
    input: entry.input,
    events,
    serializeState: (snapshot: AnyMachineSnapshot) => serialize(snapshot),
    limit: entry.limit,
  } as const;
  const machine = entry.machine as AnyStateMachine;

  const adjacency = getAdjacencyMap(machine, options) as unknown as Record<
    string,
    AdjacencyValue<AnyMachineSnapshot, EventObject>
  >;
  const vertexKeys = Object.keys(adjacency);
  const edgeCount = vertexKeys.reduce(
    (sum, key) => sum + Object.keys(adjacency[key].transitions).length,
    0,
  );
  const transitionsOf = transitionRecorder(entry, model);

  // Judge every edge against the declared rows of the states it starts in, when asked (the path
  // tests ask; the browser runner, which plans the same machines, does not).
  const judgeGraph = () => {
    const stepOf = stepRecorder(entry);
    const graph = { checks: 0, problems: [] as string[] };
    for (const vertex of vertexKeys) {
      const { state } = adjacency[vertex];
      const before = activeStateKeys(state);
      for (const { event, state: next } of Object.values(adjacency[vertex].transitions)) {
        const label = labels.get(JSON.stringify(event)) ?? event.type;
        if (rowsFor(entry, before, label).length === 0) continue;
        const judged = judgeStep(entry, {
          label,
          before,
          after: activeStateKeys(next),
          projectionBefore: entry.project(state),
          projectionAfter: entry.project(next),
          ...stepOf(state, event),
        });
        graph.checks += judged.rows.length;
        if (judged.problems.length)
          graph.problems.push(
            `in ${describeValue(state.value)} ${JSON.stringify(entry.project(state))}, ` +
              `"${label}": ${judged.problems.join('; ')}`,
          );
      }
    }
    return graph;
  };
  let graph: MachinePlan['graph'] | undefined;

  type Step = { event: EventObject; state: AnyMachineSnapshot };
  const toPlanned = (steps: Step[], reason: PathReason): PlannedPath => {
    let previous: AnyMachineSnapshot | undefined;
    const planned: PlannedStep[] = [];
    const taken: string[] = [];
    for (const step of steps) {
      if (previous) taken.push(...transitionsOf(previous, step.event));
      if (step.event.type !== 'xstate.init') {
        planned.push({
          event: step.event,
          label: labels.get(JSON.stringify(step.event)) ?? step.event.type,
          expected: serialize(step.state),
          value: step.state.value,
          projection: entry.project(step.state),
          states: activeStateKeys(step.state),
          snapshot: step.state,
        });
      }
      previous = step.state;
    }
    return { title: '', steps: planned, reason, transitions: [...new Set(taken)] };
  };

  const shortest = getShortestPaths(machine, options);
  const initialSnapshot = shortest.find((p) => p.steps.length <= 1)?.state;
  if (!initialSnapshot) throw new Error(`${entry.name}: no initial state found by traversal`);
  const shortestTo = new Map<string, Step[]>();
  const paths: PlannedPath[] = [];
  for (const path of shortest) {
    shortestTo.set(serialize(path.state), path.steps as Step[]);
    paths.push(toPlanned(path.steps as Step[], 'state'));
  }

  // Walk every edge whose transitions the paths so far do not take.
  const covered = new Set(paths.flatMap((p) => p.transitions));
  for (const vertex of vertexKeys) {
    const head = shortestTo.get(vertex);
    if (!head) continue;
    const { state } = adjacency[vertex];
    for (const { event, state: next } of Object.values(adjacency[vertex].transitions)) {
      const ids = transitionsOf(state, event);
      if (ids.every((id) => covered.has(id))) continue;
      const path = toPlanned([...head, { event, state: next }], 'transition');
      path.transitions.forEach((id) => covered.add(id));
      paths.push(path);
    }
  }

  // Check every declared row at least once: rows no path so far checks get a path of their own
  // (the shortest path to a state the row is declared for, then its sample).
  const checked = new Set<string>();
  for (const path of paths) {
    let before = activeStateKeys(initialSnapshot);
    for (const step of path.steps) {
      rowsFor(entry, before, step.label).forEach((row) =>
        checked.add(rowId(row.state, step.label)),
      );
      before = step.states;
    }
  }
  const byLength = [...shortestTo.entries()].sort((a, b) => a[1].length - b[1].length);
  for (const [state, row] of Object.entries(declarationOf(entry).on)) {
    for (const label of Object.keys(row)) {
      if (checked.has(rowId(state, label))) continue;
      for (const [, head] of byLength) {
        const snapshot = head[head.length - 1].state;
        const keys = activeStateKeys(snapshot);
        if (state !== ANY_STATE && !keys.includes(state)) continue;
        if (!rowsFor(entry, keys, label).some((row) => row.state === state)) continue;
        const found = allSamples(entry, snapshot).find((s) => s.label === label);
        if (!found) continue;
        offered.add(label);
        // Timers and actors can only end where they run.
        const system = found.event.type.startsWith('xstate.');
        if (system && !samplesFor(entry, snapshot).includes(found)) continue;
        const key = JSON.stringify(found.event);
        if (!labels.has(key)) labels.set(key, found.label);
        const next = getNextSnapshot(machine, snapshot, found.event);
        const path = toPlanned([...head, { event: found.event, state: next }], 'declared');
        path.steps[path.steps.length - 1].label = label;
        paths.push(path);
        checked.add(rowId(state, label));
        break;
      }
    }
  }

  const simplePaths = vertexKeys.length <= (entry.simplePathsUpTo ?? DEFAULT_SIMPLE_PATHS_UP_TO);
  if (simplePaths) {
    for (const path of getSimplePaths(machine, options)) {
      paths.push(toPlanned(path.steps as Step[], 'simple'));
    }
  }

  // Drop exact duplicates and prefixes of longer paths; keep a stable, readable order.
  // (Longest first: a path whose key is a prefix key of a kept one is left out.)
  const kept: PlannedPath[] = [];
  const keptPrefixes = new Set<string>();
  const bySize = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  for (const path of bySize) {
    const keys = prefixKeys(path);
    if (keptPrefixes.has(keys.at(-1)!)) continue;
    kept.push(path);
    for (const key of keys) keptPrefixes.add(key);
  }
  const reasonOrder: Record<PathReason, number> = {
    state: 0,
    transition: 1,
    simple: 2,
    declared: 3,
  };
  kept.sort(
    (a, b) =>
      reasonOrder[a.reason] - reasonOrder[b.reason] ||
      a.steps.length - b.steps.length ||
      describeSteps(a.steps).localeCompare(describeSteps(b.steps)),
  );
  const titles = new Map<string, number>();
  for (const path of kept) {
    const base = describePath(path.steps);
    const seen = titles.get(base) ?? 0;
    titles.set(base, seen + 1);
    path.title = seen === 0 ? base : `${base} (${seen + 1})`;
  }

  return {
    entry,
    model,
    vertices: vertexKeys.length,
    edges: edgeCount,
    initial: {
      expected: serialize(initialSnapshot),
      value: initialSnapshot.value,
      projection: entry.project(initialSnapshot),
      states: activeStateKeys(initialSnapshot),
      snapshot: initialSnapshot,
    },
    paths: kept,
    serialize,
    simplePaths,
    labels: offered,
    get graph() {
      graph ??= judgeGraph();
      return graph;
    },
  };
}

function describeSteps(steps: readonly PlannedStep[]): string {
  return steps.map((s) => s.label).join(' → ');
}

/** Atomic states of a state value in words: `loggedIn.idle`, `form.address.typing + …`. */
export function describeValue(value: StateValue): string {
  const leaves: string[] = [];
  const walk = (v: StateValue, prefix: string) => {
    if (typeof v === 'string') {
      leaves.push(prefix + v);
      return;
    }
    const entries = Object.entries(v);
    if (entries.length === 0 && prefix) leaves.push(prefix.slice(0, -1));
    for (const [key, child] of entries) walk(child as StateValue, `${prefix}${key}.`);
  };
  walk(value, '');
  return leaves.join(' + ');
}

/** A projection in words: `(saved: dark, system: none)`. */
export function describeProjection(projection: unknown): string {
  if (projection === undefined || projection === null) return '';
  if (typeof projection !== 'object') return `(${String(projection)})`;
  const parts = Object.entries(projection as Record<string, unknown>).map(
    ([key, value]) =>
      `${key}: ${value === null || value === undefined ? 'none' : typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
  );
  return parts.length ? `(${parts.join(', ')})` : '';
}

/** "choose dark → open the signup page ⇒ forced light (saved: dark, …)"; "start" when empty. */
export function describePath(steps: readonly PlannedStep[]): string {
  const last = steps.at(-1);
  if (!last) return 'start';
  const where = [describeValue(last.value), describeProjection(last.projection)];
  return `${describeSteps(steps)} ⇒ ${where.filter(Boolean).join(' ')}`;
}
