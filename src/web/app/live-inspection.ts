/**
 * The live view's source: xstate's `inspect` option reports every snapshot and event of the app's
 * running machines here, and the charts page highlights them. Other tabs of the app share what
 * they see (BroadcastChannel), so /control/charts/ in one tab can follow the signup wizard being
 * used in another. Outside production only: pass `liveInspect(config.production)`
 * (live-inspect.ts, which loads this module when it is needed) as the `inspect` option of
 * `createActor` / `useActorRef` for any machine that should show live (the app-wide actors get it
 * in main.tsx). Never part of the initial load.
 */
import type { ActorRefLike, InspectionEvent } from 'xstate';
import { stateKey, transitionLookupKey } from '#machines/charts/model';

export interface LiveMachine {
  /** Unique per tab and machine. */
  key: string;
  /** The machine's id (`machine.id`), which links it to its registry entry. */
  machineId: string;
  /** Running in this tab (else in another tab of the app). */
  here: boolean;
  /** `active`, `done`, `error` or `stopped` (its page was left). */
  status: string;
  /** Keys of the active states (`loggedIn.active`…). */
  active: string[];
  /** The last event the actor processed, and how many it has processed. */
  lastEvent?: string;
  events: number;
  /** The transitions the last event took, as {@link transitionLookupKey} keys. */
  taken: string[];
}

interface TransitionLike {
  eventType: string;
  source: {
    path: string[];
    always?: unknown[];
    transitions: Map<string, unknown[]>;
  };
}

type Listener = () => void;

type Message =
  | { kind: 'update'; tab: string; machine: Omit<LiveMachine, 'here' | 'key'> }
  | { kind: 'hello'; tab: string }
  /** The tab's page is gone (closed, reloaded, left for another site). */
  | { kind: 'bye'; tab: string };

const CHANNEL = 'statecharts-live';

function machineIdOf(actorRef: ActorRefLike): string | undefined {
  const logic = (actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic?.root && typeof logic.id === 'string' ? logic.id : undefined;
}

function lookupKeyOf(definition: unknown): string | undefined {
  const t = definition as TransitionLike;
  if (!t?.source) return undefined;
  const list = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
  const index = list?.indexOf(t) ?? -1;
  return index < 0 ? undefined : transitionLookupKey(stateKey(t.source), t.eventType, index);
}

function activeOf(snapshot: unknown): string[] {
  const nodes = (snapshot as { _nodes?: { path: string[] }[] })._nodes ?? [];
  return nodes.map(stateKey).filter((key) => key !== '');
}

export class LiveInspection {
  private machines: ReadonlyMap<string, LiveMachine> = new Map();
  private readonly listeners = new Set<Listener>();
  private readonly pendingTaken = new Map<ActorRefLike, string[]>();
  private readonly tab = Math.random().toString(36).slice(2);
  private channel: BroadcastChannel | undefined;

  readonly inspect = (event: InspectionEvent): void => {
    const machineId = machineIdOf(event.actorRef);
    if (!machineId) return;
    if (event.type === '@xstate.event') {
      this.pendingTaken.set(event.actorRef, []);
    } else if (event.type === '@xstate.microstep') {
      const taken = this.pendingTaken.get(event.actorRef) ?? [];
      for (const t of event._transitions) {
        const key = lookupKeyOf(t);
        if (key) taken.push(key);
      }
      this.pendingTaken.set(event.actorRef, taken);
    } else if (event.type === '@xstate.snapshot') {
      const previous = this.machines.get(`here|${machineId}`);
      const snapshot = event.snapshot as { status?: string };
      const machine = {
        machineId,
        status: snapshot.status ?? 'active',
        active: activeOf(event.snapshot),
        lastEvent: event.event.type,
        events: (previous?.events ?? 0) + 1,
        taken: this.pendingTaken.get(event.actorRef) ?? [],
      };
      this.pendingTaken.delete(event.actorRef);
      this.store({ ...machine, key: `here|${machineId}`, here: true });
      this.post({ kind: 'update', tab: this.tab, machine });
    }
  };

  subscribe = (listener: Listener): (() => void) => {
    this.connect();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** An immutable map, replaced on every change (for `useSyncExternalStore`). */
  getSnapshot = (): ReadonlyMap<string, LiveMachine> => this.machines;

  private store(machine: LiveMachine) {
    const next = new Map(this.machines);
    next.set(machine.key, machine);
    this.machines = next;
    this.listeners.forEach((listener) => listener());
  }

  private connect() {
    if (this.channel || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.onmessage = ({ data }: MessageEvent<Message>) => {
      if (data.tab === this.tab) return;
      if (data.kind === 'bye') {
        this.machines = new Map(
          [...this.machines].filter(([key]) => !key.startsWith(`${data.tab}|`)),
        );
        this.listeners.forEach((listener) => listener());
      } else if (data.kind === 'hello') {
        for (const machine of this.machines.values()) {
          if (!machine.here) continue;
          const { key: _key, here: _here, ...rest } = machine;
          this.post({ kind: 'update', tab: this.tab, machine: rest });
        }
      } else {
        const machine = data.machine;
        this.store({ ...machine, key: `${data.tab}|${machine.machineId}`, here: false });
      }
    };
    this.post({ kind: 'hello', tab: this.tab });
    window.addEventListener('pagehide', () => this.post({ kind: 'bye', tab: this.tab }));
  }

  private post(message: Message) {
    this.connect();
    this.channel?.postMessage(message);
  }
}

export const liveInspection = new LiveInspection();
