/**
 * The chart model of a machine: a walk over `machine.root` keeping everything a faithful drawing
 * needs (nested and parallel states, initial and final states, events, guards, eventless and
 * delayed transitions, invoked actors, descriptions). Path coverage counts states and
 * transitions from the same model, so the chart and the coverage table always agree.
 * Pure: no DOM, no Node; ordering follows the machine definition, so output is deterministic.
 */
import type { AnyStateMachine } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'state-done';

export interface ChartInvoke {
  id: string;
  src: string;
}

export interface ChartState {
  /** The state's path joined by dots (`loggedIn.idle`); the machine itself is `''`. */
  key: string;
  name: string;
  kind: StateKind;
  description?: string;
  /** Key of the initial child of a compound state. */
  initial?: string;
  children: ChartState[];
  invokes: ChartInvoke[];
  tags: string[];
  /** Left at once by an `always` transition without a guard: a snapshot never rests here. */
  transient: boolean;
  depth: number;
}

export interface ChartDelay {
  name: string;
  /** Milliseconds, or null when the delay is computed from context at run time. */
  ms: number | null;
}

export interface ChartTransition {
  /** Readable and unique: `source › trigger [guard] → target`. Used in coverage and `unreachable`. */
  id: string;
  /** Key of the state that declares it (`''` for the machine). */
  source: string;
  /** Target keys; empty when the transition stays (runs actions only). */
  targets: string[];
  kind: TransitionKind;
  /** The raw event type (`''` for `always`). */
  event: string;
  /** What starts it, in words: the event name, `always`, `after debounce`, `lookup done`. */
  trigger: string;
  guard?: string;
  /** Named actions it runs (xstate's built-in `assign`, `raise`… are left out). */
  actions: string[];
  reenter: boolean;
  delay?: ChartDelay;
  /** Position among the candidates for the same event on the same source. */
  index: number;
}

export interface ChartModel {
  machineId: string;
  description?: string;
  root: ChartState;
  /** Every state but the machine itself, in document order. */
  states: ChartState[];
  transitions: ChartTransition[];
}

/** Minimal shapes of xstate's state nodes and transitions (their public fields). */
interface NodeLike {
  key: string;
  path: string[];
  type: StateKind;
  description?: string;
  tags: string[];
  history?: false | 'shallow' | 'deep';
  states: Record<string, NodeLike>;
  initial?: { target: readonly NodeLike[] };
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  invoke: { id: string; src: unknown }[];
}

interface TransitionLike {
  source: NodeLike;
  target?: readonly NodeLike[];
  eventType: string;
  guard?: unknown;
  actions: readonly unknown[];
  reenter: boolean;
}

export function stateKey(node: { path: readonly string[] }): string {
  return node.path.join('.');
}

/** The label of a guard as a chart shows it: names, `and`/`or`/`not`, `in state`. */
export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (fn.name === 'and' && fn.guards) return fn.guards.map(nestedGuardLabel).join(' and ');
    if (fn.name === 'or' && fn.guards) return fn.guards.map(nestedGuardLabel).join(' or ');
    if (fn.name === 'not' && fn.guards) return `not ${nestedGuardLabel(fn.guards[0])}`;
    if (fn.name === 'stateIn')
      return `in ${typeof fn.stateValue === 'string' ? fn.stateValue : JSON.stringify(fn.stateValue)}`;
    return fn.name && fn.name !== 'guard' ? fn.name : 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    const name = String(type);
    if (params === undefined || typeof params === 'function') return name;
    return `${name} ${JSON.stringify(params)}`;
  }
  return 'inline guard';
}

function nestedGuardLabel(guard: unknown): string {
  const label = guardLabel(guard) ?? '';
  return /\s(and|or)\s/.test(label) ? `(${label})` : label;
}

function actionName(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && 'type' in action) {
    const type = String((action as { type: unknown }).type);
    return type.startsWith('xstate.') ? undefined : type;
  }
  if (typeof action === 'function') {
    const fn = action as { type?: string; name?: string };
    if (fn.type?.startsWith('xstate.')) return undefined;
    return fn.name && !['action', 'anonymous'].includes(fn.name) ? fn.name : undefined;
  }
  return undefined;
}

function srcName(src: unknown): string {
  if (typeof src === 'string') return src;
  if (src && typeof src === 'object' && 'id' in src) return String((src as { id: unknown }).id);
  return 'inline actor';
}

function resolveDelay(machine: AnyStateMachine, name: string): ChartDelay {
  const delays = (machine.implementations?.delays ?? {}) as Record<string, unknown>;
  const value = delays[name];
  if (typeof value === 'number') return { name, ms: value };
  if (value === undefined && /^\d+$/.test(name)) return { name: `${name} ms`, ms: Number(name) };
  return { name, ms: null };
}

/** `xstate.after.<delay>.<stateId>`, `xstate.done.actor.<id>`… read back into words. */
function describeEvent(
  machine: AnyStateMachine,
  node: NodeLike,
  eventType: string,
): { kind: TransitionKind; trigger: string; delay?: ChartDelay } {
  if (eventType === '') return { kind: 'always', trigger: 'always' };
  const nodeId = (node as unknown as { id: string }).id;
  const afterPrefix = 'xstate.after.';
  if (eventType.startsWith(afterPrefix) && eventType.endsWith(`.${nodeId}`)) {
    const name = eventType.slice(afterPrefix.length, eventType.length - nodeId.length - 1);
    const delay = resolveDelay(machine, name);
    return { kind: 'after', trigger: `after ${delay.name}`, delay };
  }
  const doneActor = 'xstate.done.actor.';
  if (eventType.startsWith(doneActor))
    return { kind: 'done', trigger: `${eventType.slice(doneActor.length)} done` };
  const errorActor = 'xstate.error.actor.';
  if (eventType.startsWith(errorActor))
    return { kind: 'error', trigger: `${eventType.slice(errorActor.length)} failed` };
  if (eventType === `xstate.done.state.${nodeId}`) return { kind: 'state-done', trigger: 'done' };
  return { kind: 'event', trigger: eventType };
}

function isUnguardedAlways(node: NodeLike): boolean {
  return (node.always ?? []).some((t) => t.guard === undefined);
}

/** Walks `machine.root` into a {@link ChartModel}. */
export function chartModel(machine: AnyStateMachine): ChartModel {
  const root = machine.root as unknown as NodeLike;
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const usedIds = new Map<string, number>();

  function visit(node: NodeLike, depth: number): ChartState {
    const key = stateKey(node);
    const kind: StateKind = node.type;
    const state: ChartState = {
      key,
      name: depth === 0 ? machine.id : node.key,
      kind,
      description: node.description,
      initial: node.initial?.target[0] ? stateKey(node.initial.target[0]) : undefined,
      children: [],
      invokes: node.invoke.map((invoke) => ({ id: invoke.id, src: srcName(invoke.src) })),
      tags: [...node.tags].sort(),
      transient: isUnguardedAlways(node),
      depth,
    };
    if (depth > 0) states.push(state);

    const candidates: [string, TransitionLike[]][] = [...node.transitions.entries()];
    if (node.always?.length) candidates.push(['', node.always]);
    for (const [eventType, list] of candidates) {
      list.forEach((t, index) => {
        const { kind: transitionKind, trigger, delay } = describeEvent(machine, node, eventType);
        const targets = (t.target ?? []).map(stateKey);
        const guard = guardLabel(t.guard);
        const actions = t.actions.map(actionName).filter((a): a is string => a !== undefined);
        const base = `${key || '(machine)'} › ${trigger}${guard ? ` [${guard}]` : ''} → ${
          targets.length ? targets.map((target) => target || '(machine)').join(', ') : '(stays)'
        }`;
        const seen = usedIds.get(base) ?? 0;
        usedIds.set(base, seen + 1);
        transitions.push({
          id: seen === 0 ? base : `${base} #${seen + 1}`,
          source: key,
          targets,
          kind: transitionKind,
          event: eventType,
          trigger,
          guard,
          actions,
          reenter: t.reenter,
          delay,
          index,
        });
      });
    }
    state.children = Object.values(node.states).map((child) => visit(child, depth + 1));
    return state;
  }

  const rootState = visit(root, 0);
  return {
    machineId: machine.id,
    description: root.description,
    root: rootState,
    states,
    transitions,
  };
}

/** The key that finds a running transition (`_transitions` of an inspection event) in a model. */
export function transitionLookupKey(source: string, event: string, index: number): string {
  return `${source}\u0000${event}\u0000${index}`;
}

/** Maps transition definitions of any instance of the machine (e.g. after `provide`) to ids. */
export function transitionIndex(model: ChartModel): (t: unknown) => string | undefined {
  const byKey = new Map(
    model.transitions.map((t) => [transitionLookupKey(t.source, t.event, t.index), t.id]),
  );
  return (definition) => {
    const t = definition as TransitionLike;
    if (!t?.source) return undefined;
    const list = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
    const index = list ? list.indexOf(t) : -1;
    if (index < 0) return undefined;
    return byKey.get(transitionLookupKey(stateKey(t.source), t.eventType, index));
  };
}

/** The label of a transition on a chart: trigger, delay, guard in brackets, actions. */
export function transitionLabel(t: ChartTransition): string[] {
  const lines = [t.delay?.ms != null ? `${t.trigger} (${formatMs(t.delay.ms)})` : t.trigger];
  if (t.guard) lines.push(`[${t.guard}]`);
  if (t.actions.length) lines.push(`/ ${t.actions.join(', ')}`);
  return lines;
}

export function formatMs(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms} ms = ${ms / 60_000} min`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms} ms = ${ms / 1000} s`;
  return `${ms} ms`;
}

/** Keys of every state a snapshot is in (including parents), from `snapshot._nodes`. */
export function activeStateKeys(snapshot: unknown): string[] {
  const nodes = (snapshot as { _nodes?: { path: string[] }[] })._nodes ?? [];
  return nodes.map(stateKey).filter((key) => key !== '');
}
