/**
 * The live view's source: xstate's `inspect` option reports every snapshot and event of the app's
 * running machines here, and the charts page highlights them. Outside production only: pass
 * `liveInspect(config.production)` to `createActor(machine, { inspect })` for any machine that
 * should show live on /control/charts/ (the app-wide actors get it in main.tsx).
 * Kept tiny on purpose: it is part of the initial bundle; the charts page loads everything else.
 */
import type { ActorRefLike, InspectionEvent } from 'xstate';

export interface LiveMachine {
  /** The machine's id (`machine.id`), which links it to its registry entry. */
  machineId: string;
  /** The running snapshot (read `_nodes` for active states). */
  snapshot: unknown;
  /** The last event the actor processed, and how many it has processed. */
  lastEvent?: { type: string };
  events: number;
  /** Transition definitions the last event took (`_transitions` of its microsteps). */
  taken: readonly unknown[];
}

type Listener = () => void;

function machineIdOf(actorRef: ActorRefLike): string | undefined {
  const logic = (actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic?.root && typeof logic.id === 'string' ? logic.id : undefined;
}

export class LiveInspection {
  private machines: ReadonlyMap<string, LiveMachine> = new Map();
  private readonly listeners = new Set<Listener>();
  private readonly pendingTaken = new Map<ActorRefLike, unknown[]>();

  readonly inspect = (event: InspectionEvent): void => {
    const machineId = machineIdOf(event.actorRef);
    if (!machineId) return;
    if (event.type === '@xstate.event') {
      this.pendingTaken.set(event.actorRef, []);
    } else if (event.type === '@xstate.microstep') {
      const taken = this.pendingTaken.get(event.actorRef) ?? [];
      taken.push(...event._transitions);
      this.pendingTaken.set(event.actorRef, taken);
    } else if (event.type === '@xstate.snapshot') {
      const previous = this.machines.get(machineId);
      const next = new Map(this.machines);
      next.set(machineId, {
        machineId,
        snapshot: event.snapshot,
        lastEvent: { type: event.event.type },
        events: (previous?.events ?? 0) + 1,
        taken: this.pendingTaken.get(event.actorRef) ?? [],
      });
      this.pendingTaken.delete(event.actorRef);
      this.machines = next;
      this.listeners.forEach((listener) => listener());
    }
  };

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** An immutable map, replaced on every change (for `useSyncExternalStore`). */
  getSnapshot = (): ReadonlyMap<string, LiveMachine> => this.machines;
}

export const liveInspection = new LiveInspection();

/** The `inspect` option for `createActor`: the live view outside production, nothing in it. */
export function liveInspect(production: boolean): ((event: InspectionEvent) => void) | undefined {
  return production ? undefined : liveInspection.inspect;
}
