/**
 * Coverage of a machine by its path runs, counted from the definition: every state (nested and
 * parallel included) and every transition (events, `always`, `after`, done and error of invoked
 * actors). What is not covered must be listed in the entry's `unreachable` with a reason.
 * Also checks the entry itself: assertions for every state a snapshot can rest in, no assertion
 * or unreachable entry naming something that does not exist; a declaration (`expect`) naming a
 * state or sample that does not exist, or a declared row no path checked.
 */
import type { ChartModel } from '../../../machines/charts/model.ts';
import type { RegisteredMachine } from '../../../machines/registry.ts';
import { ANY_STATE, boundaryLabels, declarationOf, declaredRows, rowId } from './declaration.ts';
import type { Visited } from './run.ts';

export interface CoverageCount {
  covered: number;
  total: number;
  /** Neither covered nor listed unreachable. */
  missing: string[];
  /** Listed unreachable (with the reason). */
  excused: { id: string; reason: string }[];
}

export interface CoverageReport {
  machine: string;
  states: CoverageCount;
  transitions: CoverageCount;
  /** The declaration: rows declared, rows checked by some step, expectations checked in all. */
  declared: { rows: number; checked: number; checks: number; boundaries: number };
  /** Mistakes in the entry: missing assertions, unknown names, "unreachable" things that ran. */
  problems: string[];
}

export function percent(count: { covered: number; total: number }): string {
  if (count.total === 0) return '100%';
  return `${Math.floor((1000 * count.covered) / count.total) / 10}%`;
}

/** Whether the report passes: nothing missing, no problem in the entry. */
export function isComplete(report: CoverageReport): boolean {
  return (
    report.states.missing.length === 0 &&
    report.transitions.missing.length === 0 &&
    report.problems.length === 0
  );
}

export function coverageOf(
  entry: RegisteredMachine,
  model: ChartModel,
  visited: Visited,
  /** Every sample label the walk offered (the plan's `labels`). */
  offered?: ReadonlySet<string>,
): CoverageReport {
  const problems: string[] = [];
  const stateKeys = model.states.map((s) => s.key);
  const transitionIds = model.transitions.map((t) => t.id);
  const unreachableStates = new Map<string, string>();
  const unreachableTransitions = new Map<string, string>();
  for (const item of entry.unreachable ?? []) {
    if (!item.reason.trim()) problems.push(`an unreachable entry has no reason`);
    if ('state' in item) {
      if (!stateKeys.includes(item.state))
        problems.push(`unreachable state "${item.state}" does not exist`);
      unreachableStates.set(item.state, item.reason);
    } else {
      if (!transitionIds.includes(item.transition))
        problems.push(`unreachable transition "${item.transition}" does not exist`);
      unreachableTransitions.set(item.transition, item.reason);
    }
  }

  // Transitions of an unreachable state are unreachable with it.
  const excusedState = (key: string) => {
    for (const [state, reason] of unreachableStates)
      if (key === state || key.startsWith(`${state}.`)) return reason;
    return undefined;
  };

  const count = (
    ids: string[],
    covered: Set<string>,
    excuse: (id: string) => string | undefined,
    what: string,
  ): CoverageCount => {
    const result: CoverageCount = { covered: 0, total: ids.length, missing: [], excused: [] };
    for (const id of ids) {
      const reason = excuse(id);
      if (covered.has(id)) {
        result.covered += 1;
        if (reason) problems.push(`${what} "${id}" is listed unreachable but a path reached it`);
      } else if (reason) result.excused.push({ id, reason });
      else result.missing.push(id);
    }
    return result;
  };

  const states = count(stateKeys, visited.states, excusedState, 'state');
  const transitions = count(
    transitionIds,
    visited.transitions,
    (id) => {
      const transition = model.transitions.find((t) => t.id === id);
      return unreachableTransitions.get(id) ?? (transition && excusedState(transition.source));
    },
    'transition',
  );

  for (const key of Object.keys(entry.states)) {
    if (!stateKeys.includes(key))
      problems.push(`an assertion names state "${key}", which does not exist`);
  }
  for (const state of model.states) {
    const restable = (state.kind === 'atomic' || state.kind === 'final') && !state.transient;
    if (restable && !entry.states[state.key] && !excusedState(state.key))
      problems.push(`state "${state.key}" has no assertion (what must be true there?)`);
  }

  // The declaration: names that exist, rows that some step checked.
  const declaredStates = [
    ...Object.keys(declarationOf(entry).on),
    ...Object.keys(declarationOf(entry).timers ?? {}),
    ...Object.keys(declarationOf(entry).running ?? {}),
  ];
  for (const key of new Set(declaredStates)) {
    if (key !== ANY_STATE && !stateKeys.includes(key))
      problems.push(`the declaration names state "${key}", which does not exist`);
  }
  if (offered) {
    const labels = new Set(
      Object.entries(declarationOf(entry).on)
        .filter(([state]) => state === ANY_STATE || !excusedState(state))
        .flatMap(([, row]) => Object.keys(row)),
    );
    for (const label of labels)
      if (!offered.has(label))
        problems.push(`the declaration names the sample "${label}", which the walk never offers`);
  }
  const boundaries = boundaryLabels(entry);
  for (const label of boundaries) {
    if (!Object.values(declarationOf(entry).on).some((row) => label in row))
      problems.push(`boundary sample "${label}" has no declared outcome`);
  }
  const rows = declaredRows(entry);
  for (const row of rows) {
    const state = row.split(' › ')[0];
    if (visited.rows.has(row) || (state !== ANY_STATE && excusedState(state))) continue;
    problems.push(`declared "${row}" was never checked by a path`);
  }
  const checkedBoundaries = [...boundaries].filter((label) =>
    Object.keys(declarationOf(entry).on).some((state) => visited.rows.has(rowId(state, label))),
  ).length;

  return {
    machine: entry.name,
    states,
    transitions,
    declared: {
      rows: rows.length,
      checked: rows.filter((row) => visited.rows.has(row)).length,
      checks: visited.checks,
      boundaries: checkedBoundaries,
    },
    problems,
  };
}
