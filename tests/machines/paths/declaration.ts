/**
 * The specification's side of a path test: a registration's `expect` (machines/registry/types.ts
 * `Declaration`) says, state by state and sample by sample, where the machine must go and which
 * timers it must start. The runner (run.ts) checks every step against it; this module finds the
 * declaration of a step, resolves it, and judges what the running machine did.
 */
import type { AnyStateMachine } from 'xstate';
import type {
  Declaration,
  EventSample,
  Expectation,
  Outcome,
  RegisteredMachine,
} from '../../../machines/registry.ts';

/** The entry's declaration. */
export function declarationOf(entry: RegisteredMachine): Declaration {
  return entry.expect;
}

/** `'*'` in a declaration: in any state. */
export const ANY_STATE = '*';

/** A declared row: a state key (or `*`) and a sample label. */
export function rowId(state: string, label: string): string {
  return `${state} › ${label}`;
}

/** Running rows: a state key and an actor that must run while it is active. */
export function runningRowId(state: string, id: string): string {
  return `${state} › runs ${id}`;
}

/** Input rows: an actor source whose calls' inputs are declared. */
export function inputRowId(src: string): string {
  return `input › ${src}`;
}

/** Effect rows: a named action of the app whose runs are declared. */
export function effectRowId(name: string): string {
  return `effect › ${name}`;
}

/** Timer rows: a state key and a delay name. */
export function timerRowId(state: string, delay: string): string {
  return `${state} › timer ${delay}`;
}

/** Whether two state keys are on one line of descent (the root, '', is everyone's parent). */
export function sameLineage(a: string, b: string): boolean {
  return a === '' || b === '' || a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

export interface DeclaredRow {
  /** The state key the row is declared under (`*` for any state). */
  state: string;
  expectation: Expectation;
}

/**
 * The rows that declare a sample in the states active before a step: the deepest declaring state
 * of each line of descent, plus the `*` row if there is one.
 */
export function rowsFor(
  entry: RegisteredMachine,
  activeKeys: readonly string[],
  label: string,
): DeclaredRow[] {
  const on = declarationOf(entry).on;
  const declaring = activeKeys.filter((key) => on[key] && label in on[key]);
  const deepest = declaring.filter(
    (key) => !declaring.some((other) => other !== key && other.startsWith(`${key}.`)),
  );
  const rows = deepest.map((state) => ({ state, expectation: on[state][label] }));
  if (on[ANY_STATE] && label in on[ANY_STATE])
    rows.push({ state: ANY_STATE, expectation: on[ANY_STATE][label] });
  return rows;
}

export interface ResolvedOutcome {
  /** `'ignored'`, `'stays'`, or the state keys that must be active afterwards. */
  to: 'ignored' | 'stays' | readonly string[];
  with?: Readonly<Record<string, unknown>>;
  runs?: Readonly<Record<string, unknown>>;
}

export function resolve(expectation: Expectation, before: unknown): ResolvedOutcome {
  const outcome: Outcome =
    typeof expectation === 'function'
      ? (expectation as (before: unknown) => Outcome)(before)
      : expectation;
  const target = typeof outcome === 'object' && !Array.isArray(outcome) ? outcome : { to: outcome };
  const { to } = target as { to: string | readonly string[] };
  return {
    to: to === 'ignored' || to === 'stays' ? to : typeof to === 'string' ? [to] : to,
    with: (target as { with?: Record<string, unknown> }).with,
    runs: (target as { runs?: Record<string, unknown> }).runs,
  };
}

export function describeOutcome(outcome: ResolvedOutcome): string {
  const where = typeof outcome.to === 'string' ? outcome.to : outcome.to.join(' + ');
  return outcome.with ? `${where} with ${JSON.stringify(outcome.with)}` : where;
}

/**
 * A named action a step ran, with its parameters (XState's `@xstate.action` inspection), or an
 * event the machine emitted to the app, with its fields.
 */
export interface ActionRun {
  type: string;
  params: unknown;
}

/** The innermost of some active state keys (`form.search.nothing`, not `form`). */
function leaves(keys: readonly string[]): string[] {
  return keys.filter((key) => !keys.some((other) => other.startsWith(`${key}.`)));
}

/** Compares values the way a product owner reads them (objects by content). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The declared values of a projection that it does not have. */
function differences(
  declared: Readonly<Record<string, unknown>> | undefined,
  projection: unknown,
): { key: string; declared: unknown; actual: unknown }[] {
  return Object.entries(declared ?? {}).flatMap(([key, value]) => {
    const actual = (projection as Record<string, unknown> | null)?.[key];
    return same(actual, value) ? [] : [{ key, declared: value, actual }];
  });
}

export interface StepFacts {
  label: string;
  /** State keys active before and after the step. */
  before: readonly string[];
  after: readonly string[];
  projectionBefore: unknown;
  projectionAfter: unknown;
  /** Source state keys of the transitions the step's event took (root actor only). */
  sources: readonly string[];
  /** The named actions the step ran (root actor only). */
  ran: readonly ActionRun[];
}

/**
 * Judges one step against its declaration. Returns what is wrong (empty when all holds) and the
 * rows that were checked.
 */
export function judgeStep(
  entry: RegisteredMachine,
  facts: StepFacts,
): { problems: string[]; rows: string[] } {
  const rows = rowsFor(entry, facts.before, facts.label);
  const problems: string[] = [];
  if (rows.length === 0) {
    problems.push(
      `"${facts.label}" is not declared for any of the states ${facts.before.join(', ') || '(none)'}` +
        ` (add it to expect.on: where must it lead?)`,
    );
    return { problems, rows: [] };
  }
  const covers = (state: string, source: string) =>
    state === ANY_STATE || sameLineage(state, source);
  for (const source of facts.sources) {
    if (!rows.some((row) => covers(row.state, source)))
      problems.push(
        `the machine took a transition of "${source || '(the machine)'}" on "${facts.label}", ` +
          `which no declaration of the states it was in names`,
      );
  }
  const outcomes = rows.map((row) => resolve(row.expectation, facts.projectionBefore));
  for (const [index, row] of rows.entries()) {
    const outcome = outcomes[index];
    const declared = `declared "${row.state}" › "${facts.label}" ⇒ ${describeOutcome(outcome)}`;
    if (outcome.to === 'ignored') {
      const moved = facts.sources.filter((source) => covers(row.state, source));
      if (moved.length)
        problems.push(
          `${declared}, but the machine took a transition of "${moved[0] || '(the machine)'}"`,
        );
    } else if (outcome.to === 'stays') {
      const left = leaves(facts.before).filter(
        (key) => covers(row.state, key) && !facts.after.includes(key),
      );
      if (left.length)
        problems.push(
          `${declared}, but the machine left ${left.join(' + ')} for ${leaves(facts.after).join(' + ')}`,
        );
    } else {
      const missing = outcome.to.filter((key) => !facts.after.includes(key));
      if (missing.length)
        problems.push(`${declared}, but the machine is in ${leaves(facts.after).join(' + ')}`);
    }
    for (const { key, actual } of differences(outcome.with, facts.projectionAfter))
      problems.push(`${declared}, but ${key} is ${JSON.stringify(actual)}`);
  }
  const effects = judgeEffects(entry, outcomes, facts);
  problems.push(...effects.problems);
  return { problems, rows: [...rows.map((row) => rowId(row.state, facts.label)), ...effects.rows] };
}

/** The start row's id. */
export const START_ROW = 'start';

/** Judges where the machine starts and what shows then against the declaration's `start`. */
export function judgeStart(
  entry: RegisteredMachine,
  states: readonly string[],
  projection: unknown,
): { problems: string[]; rows: string[] } {
  const start = declarationOf(entry).start;
  if (!start) return { problems: [], rows: [] };
  const problems: string[] = [];
  const { to } = resolve(start, undefined) as { to: readonly string[] };
  if (to.some((key) => !states.includes(key)))
    problems.push(
      `declared to start in ${to.join(' + ')}, but it starts in ${leaves(states).join(' + ')}`,
    );
  for (const { key, declared, actual } of differences(start.with, projection))
    problems.push(
      `declared to start with ${key} ${JSON.stringify(declared)}, but it is ${JSON.stringify(actual)}`,
    );
  return { problems, rows: [START_ROW] };
}

/** Nothing the specification says happens on its own: no declared effect runs at the start. */
export function judgeStartEffects(entry: RegisteredMachine, ran: readonly ActionRun[]): string[] {
  const watched = new Set(declarationOf(entry).effects ?? []);
  return ran
    .filter((run) => watched.has(run.type))
    .map((run) => `the machine ran "${run.type}" at the start, before anything happened`);
}

/**
 * Judges the runs of the declaration's `effects` in one step: each run must be declared in the
 * `runs` of one of the step's rows, with the declared parameters, and each declared run must
 * happen. Declarations without `effects` are not judged.
 */
function judgeEffects(
  entry: RegisteredMachine,
  outcomes: readonly ResolvedOutcome[],
  facts: StepFacts,
): { problems: string[]; rows: string[] } {
  const watched = new Set(declarationOf(entry).effects ?? []);
  const problems: string[] = [];
  const checked: string[] = [];
  if (watched.size === 0) return { problems, rows: checked };
  // Every row's runs of a name must happen: rows of several states may each declare one (a
  // message to each of two children), and a list declares several runs of one row.
  const declared = new Map<string, unknown[]>();
  for (const outcome of outcomes)
    for (const [name, params] of Object.entries(outcome.runs ?? {}))
      declared.set(name, [
        ...(declared.get(name) ?? []),
        ...(Array.isArray(params) ? params : [params]),
      ]);
  const ran = facts.ran.filter((run) => watched.has(run.type));
  for (const [name, wanted] of declared) {
    const runs = ran.filter((run) => run.type === name);
    const missing = wanted.filter(
      (params) => params !== true && !runs.some((run) => holds(run.params, params)),
    );
    if (runs.length === 0)
      problems.push(
        `"${facts.label}" is declared to run "${name}", and the machine did not run it`,
      );
    else if (missing.length > 0)
      problems.push(
        `"${facts.label}" ran "${name}" with ${runs.map((run) => JSON.stringify(run.params)).join(', ')}, declared ${missing.map((params) => JSON.stringify(params)).join(', ')}`,
      );
    else checked.push(effectRowId(name));
  }
  for (const run of ran) {
    if (!declared.has(run.type))
      problems.push(
        `"${facts.label}" ran "${run.type}"${run.params === undefined ? '' : ` with ${JSON.stringify(run.params)}`}, ` +
          `which no declaration of the states it was in names (add it to runs)`,
      );
  }
  return { problems, rows: checked };
}

/** Every state node of a machine: its id (as timer events name it) and its key. */
export function stateIds(machine: AnyStateMachine): Map<string, string> {
  const ids = new Map<string, string>();
  const walk = (node: { id: string; path: string[]; states: Record<string, unknown> }) => {
    ids.set(node.id, node.path.join('.'));
    for (const child of Object.values(node.states))
      walk(child as { id: string; path: string[]; states: Record<string, unknown> });
  };
  walk(machine.root as never);
  return ids;
}

/** `xstate.after.<delay>.<state id>` → the state's key and the delay's name. */
export function timerOf(
  ids: Map<string, string>,
  eventType: string,
): { state: string; delay: string } | undefined {
  if (!eventType.startsWith('xstate.after.')) return undefined;
  const rest = eventType.slice('xstate.after.'.length);
  for (const [id, state] of ids) {
    if (rest.endsWith(`.${id}`))
      return { state, delay: rest.slice(0, rest.length - id.length - 1) };
  }
  return undefined;
}

export interface ScheduledTimer {
  state: string;
  delay: string;
  ms: number;
}

/**
 * Judges the timers a step started: each must be declared for its state with the same delay, and
 * every state entered by the step must start the timers declared for it.
 */
export function judgeTimers(
  entry: RegisteredMachine,
  started: readonly ScheduledTimer[],
  entered: readonly string[],
): { problems: string[]; rows: string[] } {
  const declared = declarationOf(entry).timers ?? {};
  const problems: string[] = [];
  const rows: string[] = [];
  for (const timer of started) {
    const ms = declared[timer.state]?.[timer.delay];
    if (ms === undefined)
      problems.push(
        `"${timer.state}" started the timer ${timer.delay} (${timer.ms} ms), which is not declared`,
      );
    else if (ms !== timer.ms)
      problems.push(
        `"${timer.state}" started the timer ${timer.delay} with ${timer.ms} ms, declared ${ms} ms`,
      );
    else rows.push(timerRowId(timer.state, timer.delay));
  }
  for (const state of entered) {
    for (const [delay, ms] of Object.entries(declared[state] ?? {})) {
      if (!started.some((t) => t.state === state && t.delay === delay))
        problems.push(
          `"${state}" was entered without starting the declared timer ${delay} (${ms} ms)`,
        );
    }
  }
  return { problems, rows };
}

/**
 * Whether an actor's input holds what was declared: a declared object names the keys it checks
 * (recursively; others may be there too), a regular expression is a text's form (a key of 32 hex
 * digits), anything else must be equal.
 */
function holds(actual: unknown, declared: unknown): boolean {
  if (declared instanceof RegExp) return typeof actual === 'string' && declared.test(actual);
  if (typeof declared === 'function') return (declared as (value: unknown) => boolean)(actual);
  if (declared !== null && typeof declared === 'object' && !Array.isArray(declared)) {
    if (actual === null || typeof actual !== 'object') return false;
    return Object.entries(declared).every(([key, value]) =>
      holds((actual as Record<string, unknown>)[key], value),
    );
  }
  return same(actual, declared);
}

export interface ActorCall {
  src: string;
  input: unknown;
}

/**
 * Judges the calls a step made to scripted actors: each input must be what the declaration says
 * for the projection and the states after the step. Declarations without `inputs` are not judged.
 */
export function judgeInputs(
  entry: RegisteredMachine,
  calls: readonly ActorCall[],
  projection: unknown,
  states: readonly string[],
): { problems: string[]; rows: string[] } {
  const declared = declarationOf(entry).inputs;
  const problems: string[] = [];
  const rows: string[] = [];
  if (!declared) return { problems, rows };
  for (const call of calls) {
    const expected = declared[call.src];
    if (!expected) {
      if (call.input !== undefined)
        problems.push(
          `the actor "${call.src}" was called with ${JSON.stringify(call.input)}, ` +
            `and its input is not declared (add it to expect.inputs)`,
        );
      continue;
    }
    const want = expected(projection, states);
    if (!holds(call.input, want))
      problems.push(
        `the actor "${call.src}" was called with ${JSON.stringify(call.input)}, ` +
          `declared ${JSON.stringify(want)}`,
      );
    rows.push(inputRowId(call.src));
  }
  return { problems, rows };
}

/** Every row a registration declares (sample rows, timer rows and input rows). */
export function declaredRows(entry: RegisteredMachine): string[] {
  const rows: string[] = [];
  for (const [state, labels] of Object.entries(declarationOf(entry).on))
    for (const label of Object.keys(labels)) rows.push(rowId(state, label));
  for (const [state, delays] of Object.entries(declarationOf(entry).timers ?? {}))
    for (const delay of Object.keys(delays)) rows.push(timerRowId(state, delay));
  for (const [state, ids] of Object.entries(declarationOf(entry).running ?? {}))
    for (const id of ids) rows.push(runningRowId(state, id));
  for (const src of Object.keys(declarationOf(entry).inputs ?? {})) rows.push(inputRowId(src));
  for (const name of declarationOf(entry).effects ?? []) rows.push(effectRowId(name));
  if (declarationOf(entry).start) rows.push(START_ROW);
  return rows;
}

/** The boundary samples' labels. */
export function boundaryLabels(entry: RegisteredMachine): Set<string> {
  return new Set((declarationOf(entry).boundaries ?? []).map((s: EventSample) => s.label));
}
