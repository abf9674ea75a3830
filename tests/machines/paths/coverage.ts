/**
 * Coverage of a machine by its path runs, counted from the definition: every state (nested and
 * parallel included) and every transition (events, `always`, `after`, done and error of invoked
 * actors). What is not covered must be listed in the entry's `unreachable` with a reason.
 * Also checks the entry itself: assertions for every state a snapshot can rest in, no assertion
 * or unreachable entry naming something that does not exist.
 */
import type { ChartModel } from '../../../machines/charts/model.ts';
import type { RegisteredMachine } from '../../../machines/registry.ts';
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

  return { machine: entry.name, states, transitions, problems };
}
