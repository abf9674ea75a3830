/**
 * The browser-level path runner: the same generated paths as the machine-level tests
 * (tests/machines/paths/plan.ts), walked in the real app against the real API. A mapping module
 * per machine says how a person causes each event (a click, typing, a media change…) and what the
 * page must show in each state (usually by feeding the predicted snapshot to the machine's own
 * selectors). Each runnable path becomes one named Playwright test.
 *
 * To plug in a machine: write `tests/e2e/paths/mappings/<name>.ts` exporting a
 * {@link BrowserMapping} and add it to `tests/e2e/paths/mappings/index.ts`.
 */
import { expect as baseExpect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { machineByName } from '../../../machines/registry.ts';
import {
  planPaths,
  type MachinePlan,
  type PlannedPath,
  type PlannedStep,
} from '../../machines/paths/plan.ts';

export interface BrowserContext {
  page: Page;
  /** Playwright's `expect`, with the runner's timeout (short in the runner's own tests). */
  expect: typeof baseExpect;
  /** Opens a path of the app and checks it with axe (the `visit` fixture). */
  visit(path: string): Promise<void>;
  /** The events still to come after the current action (a login types the right or a wrong
   * password depending on whether the server is to accept it). */
  upcoming: readonly EventObject[];
}

/** Where an event happens in a path, for mappings that cause it only in some places. */
export interface EventPlace {
  event: EventObject;
  index: number;
  previous?: EventObject;
  next?: EventObject;
  /** Every event before it in the path, in order. */
  earlier: readonly EventObject[];
}

export interface StateCheckContext extends BrowserContext {
  /** Where the machine must be now, as traversal predicts it (feed it to the selectors). */
  step: Pick<PlannedStep, 'snapshot' | 'value' | 'states' | 'projection'>;
}

export interface BrowserMapping {
  /** The registry name of the machine. */
  machine: string;
  /** Puts the page where the machine starts (its initial state and the entry's `input`). */
  start(context: BrowserContext): Promise<void>;
  /** How a person causes each event type. */
  events: Record<string, (context: BrowserContext, event: EventObject) => Promise<void>>;
  /** What the page must show in each state key. */
  states: Record<string, (context: StateCheckContext) => Promise<void>>;
  /** Event types no person can cause in the browser, with the reason (or a function giving the
   * reason where it cannot be caused): paths using them are left to the machine-level tests. */
  notCaused?: Record<string, string | ((place: EventPlace) => string | undefined)>;
  /** State keys the page does not show (a passing state…), with the reason. */
  notShown?: Record<string, string>;
  /** Event types that take long in the browser (a real order and its login): a path with one has
   * the time of a slow test. */
  slowEvents?: readonly string[];
}

export class BrowserPathFailure extends Error {
  override name = 'BrowserPathFailure';
}

const plans = new Map<string, MachinePlan>();

export function planFor(mapping: BrowserMapping): MachinePlan {
  let plan = plans.get(mapping.machine);
  if (!plan) {
    const entry = machineByName(mapping.machine);
    if (!entry) throw new Error(`No machine "${mapping.machine}" in machines/registry.ts`);
    plan = planPaths(entry);
    plans.set(mapping.machine, plan);
  }
  return plan;
}

const stepSnapshots = new Map<string, Map<string, AnyMachineSnapshot>>();

/**
 * The snapshot a planned path of `mapping` reaches after `events` (its steps so far): for a
 * mapping that asks, at a step, whether the page offers it there.
 */
export function snapshotAfter(
  mapping: BrowserMapping,
  events: readonly EventObject[],
): AnyMachineSnapshot {
  let snapshots = stepSnapshots.get(mapping.machine);
  if (!snapshots) {
    const plan = planFor(mapping);
    snapshots = new Map([['[]', plan.initial.snapshot]]);
    for (const path of plan.paths) {
      const seen: EventObject[] = [];
      for (const step of path.steps) {
        seen.push(step.event);
        snapshots.set(JSON.stringify(seen), step.snapshot);
      }
    }
    stepSnapshots.set(mapping.machine, snapshots);
  }
  const snapshot = snapshots.get(JSON.stringify(events));
  if (!snapshot) throw new Error('no planned path has these steps');
  return snapshot;
}

/**
 * A `notCaused` rule: the step is one the machine takes where it stands (the page offers it
 * there), or `reason`. The mapping is named by a function: the rules are written inside it.
 */
export const offeredBy =
  (mapping: () => BrowserMapping) =>
  (reason: string) =>
  ({ event, earlier }: EventPlace): string | undefined =>
    snapshotAfter(mapping(), earlier).can(event as never) ? undefined : reason;

/** Why a path cannot run in the browser, or undefined when it can. */
export function whyNotRunnable(mapping: BrowserMapping, path: PlannedPath): string | undefined {
  for (const [index, step] of path.steps.entries()) {
    const rule = mapping.notCaused?.[step.event.type];
    const reason =
      typeof rule === 'function'
        ? rule({
            event: step.event,
            index,
            previous: path.steps[index - 1]?.event,
            next: path.steps[index + 1]?.event,
            earlier: path.steps.slice(0, index).map((step) => step.event),
          })
        : rule;
    if (reason) return `${step.event.type}: ${reason}`;
    if (!mapping.events[step.event.type])
      return `${step.event.type} has no browser action in the mapping`;
  }
  return undefined;
}

/** The paths the browser walks, and the ones it leaves to the machine-level tests. */
export function browserPaths(mapping: BrowserMapping) {
  const plan = planFor(mapping);
  const runnable: PlannedPath[] = [];
  const skipped: { path: PlannedPath; reason: string }[] = [];
  for (const path of plan.paths) {
    const reason = whyNotRunnable(mapping, path);
    if (reason) skipped.push({ path, reason });
    else runnable.push(path);
  }
  return { plan, runnable, skipped };
}

/** What a path shows the browser: the states it passes through and the transitions it takes. */
export function itemsOf(plan: MachinePlan, path: PlannedPath): Set<string> {
  const items = new Set<string>(plan.initial.states.map((key) => `state:${key}`));
  for (const step of path.steps) for (const key of step.states) items.add(`state:${key}`);
  for (const id of path.transitions) items.add(`transition:${id}`);
  return items;
}

/**
 * The fewest runnable paths (greedy set cover) that together pass through every state and take
 * every transition that any runnable path reaches: the browser walks these, the machine-level
 * tests walk them all. Ties go to the shorter path, then to the plan's order.
 */
export function coveringPaths(mapping: BrowserMapping): {
  covering: PlannedPath[];
  /** States and transitions the runnable paths reach, and those any generated path reaches. */
  items: number;
  planItems: number;
  runnable: number;
} {
  const { plan, runnable } = browserPaths(mapping);
  const itemsByPath = runnable.map((path) => ({ path, items: itemsOf(plan, path) }));
  const missing = new Set(itemsByPath.flatMap(({ items }) => [...items]));
  const total = missing.size;
  const covering: PlannedPath[] = [];
  while (missing.size > 0) {
    let best: (typeof itemsByPath)[number] | undefined;
    let bestGain = 0;
    for (const candidate of itemsByPath) {
      let gain = 0;
      for (const item of candidate.items) if (missing.has(item)) gain += 1;
      if (
        gain > bestGain ||
        (gain === bestGain &&
          best &&
          gain > 0 &&
          candidate.path.steps.length < best.path.steps.length)
      ) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    covering.push(best.path);
    for (const item of best.items) missing.delete(item);
  }
  // Keep the plan's order, so that test names stay stable and read in order.
  covering.sort((a, b) => runnable.indexOf(a) - runnable.indexOf(b));
  const planItems = new Set(plan.paths.flatMap((path) => [...itemsOf(plan, path)])).size;
  return { covering, items: total, planItems, runnable: runnable.length };
}

/** Problems of a mapping: states it neither checks nor explains, unknown names. */
export function mappingProblems(mapping: BrowserMapping): string[] {
  const plan = planFor(mapping);
  const problems: string[] = [];
  const keys = new Set(plan.model.states.map((s) => s.key));
  for (const state of plan.model.states) {
    const restable = (state.kind === 'atomic' || state.kind === 'final') && !state.transient;
    if (restable && !mapping.states[state.key] && !mapping.notShown?.[state.key])
      problems.push(`state "${state.key}" is neither checked nor listed in notShown`);
  }
  for (const key of [...Object.keys(mapping.states), ...Object.keys(mapping.notShown ?? {})])
    if (!keys.has(key)) problems.push(`state "${key}" does not exist in ${mapping.machine}`);
  const eventTypes = new Set(plan.model.transitions.map((t) => t.event));
  for (const type of [...Object.keys(mapping.events), ...Object.keys(mapping.notCaused ?? {})])
    if (!eventTypes.has(type))
      problems.push(`event "${type}" is not handled by ${mapping.machine}`);
  return problems;
}

export interface RunBrowserOptions {
  /** Timeout of each page check (ms); defaults to the project's expect timeout. */
  timeout?: number;
}

export async function runBrowserPath(
  context: Omit<BrowserContext, 'expect' | 'upcoming'>,
  mapping: BrowserMapping,
  path: PlannedPath,
  options: RunBrowserOptions = {},
): Promise<void> {
  const plan = planFor(mapping);
  const expect = options.timeout ? baseExpect.configure({ timeout: options.timeout }) : baseExpect;
  const events = path.steps.map((step) => step.event);
  const at = (index: number): BrowserContext => ({
    ...context,
    expect,
    upcoming: events.slice(index + 1),
  });

  const where = (index: number) =>
    index < 0
      ? 'at the start'
      : `after step ${index + 1} "${path.steps[index].label}" (${path.steps[index].event.type})`;

  const checkStates = async (index: number, step: StateCheckContext['step']) => {
    for (const key of step.states) {
      const check = mapping.states[key];
      if (!check) continue;
      try {
        await check({ ...at(index), step });
      } catch (error) {
        throw new BrowserPathFailure(
          `${where(index)} the page does not show state "${key}":\n${(error as Error).message}\n` +
            `path: ${path.title}`,
        );
      }
    }
  };

  try {
    await mapping.start(at(-1));
  } catch (error) {
    throw new BrowserPathFailure(`the path could not start: ${(error as Error).message}`);
  }
  await checkStates(-1, plan.initial);
  for (const [index, step] of path.steps.entries()) {
    const act = mapping.events[step.event.type];
    try {
      await act(at(index), step.event);
    } catch (error) {
      throw new BrowserPathFailure(
        `${where(index)} the action failed:\n${(error as Error).message}\npath: ${path.title}`,
      );
    }
    await checkStates(index, step);
  }
}
