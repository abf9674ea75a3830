/**
 * One navigation's check (portal.md §2 "Access"): it asks the route gate
 * (machines/session/route-gate.machine.ts) whether the page asked for may open, and ends with the
 * gate's verdict once the gate has decided: at once when the login state is known (or the page is
 * open to everyone), else when the session machine has told the gate who is logged in. The router
 * reads a verdict the gate gave at once with its selector; when the gate waits, it loads this
 * module (out of the first load) and awaits `checkRoute` in the route's `beforeLoad`: the wait is
 * this machine's, no view waits on an actor. Asking the gate again is harmless: it decides the
 * same route the same way.
 *
 * The app provides the gate (`askGate`, see `routeCheckFor`): it sends the gate `route.requested`
 * and only then tells the check the gate's verdict, now and at each change (`gate.changed`), so
 * an earlier route's verdict is never taken for this one.
 */
import {
  assertEvent,
  assign,
  createActor,
  fromCallback,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { RouteRequest, routeGateMachine } from '#machines/session/route-gate.machine';
import { selectGateVerdict, type GateVerdict } from '#machines/session/route-gate.selectors';

export interface RouteCheckInput {
  route: RouteRequest;
}

export interface RouteCheckContext extends RouteCheckInput {
  verdict: GateVerdict;
}

export type RouteCheckEvent = { type: 'gate.changed'; verdict: GateVerdict };

export const routeCheckMachine = setup({
  types: {
    context: {} as RouteCheckContext,
    events: {} as RouteCheckEvent,
    input: {} as RouteCheckInput,
    output: {} as GateVerdict,
  },
  actors: {
    /**
     * Asks the gate about the route, then sends `gate.changed` with its verdict now and each time
     * it changes; the app's (`routeCheckFor`).
     */
    askGate: fromCallback<RouteCheckEvent, RouteCheckInput>(() => {}),
  },
  actions: {
    'keep the verdict': assign(({ event }) => {
      assertEvent(event, 'gate.changed');
      return { verdict: event.verdict };
    }),
  },
  guards: {
    'the gate has decided': ({ event }) => event.verdict.kind !== 'pending',
  },
}).createMachine({
  id: 'routeCheck',
  description:
    'Asks the route gate about the page asked for, and ends with its verdict once it has decided.',
  context: ({ input }) => ({ route: input.route, verdict: { kind: 'pending' } }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The gate has not decided yet: the login state is not known.',
      invoke: { id: 'askGate', src: 'askGate', input: ({ context }) => ({ route: context.route }) },
      on: {
        'gate.changed': {
          guard: 'the gate has decided',
          target: 'decided',
          actions: 'keep the verdict',
        },
      },
    },
    decided: {
      type: 'final',
      description: 'The page opens, or the user goes to login or to their account.',
    },
  },
  output: ({ context }) => context.verdict,
});

export type RouteCheckActor = ActorRefFrom<typeof routeCheckMachine>;

/** The check over the app's route gate: it asks the gate, then follows the gate's verdict. */
export function routeCheckFor(gate: ActorRefFrom<typeof routeGateMachine>) {
  return routeCheckMachine.provide({
    actors: {
      askGate: fromCallback<RouteCheckEvent, RouteCheckInput>(({ input, sendBack }) => {
        gate.send({ type: 'route.requested', route: input.route });
        const tell = (snapshot: SnapshotFrom<typeof routeGateMachine>) =>
          sendBack({ type: 'gate.changed', verdict: selectGateVerdict(snapshot) });
        tell(gate.getSnapshot());
        const subscription = gate.subscribe(tell);
        return () => subscription.unsubscribe();
      }),
    },
  });
}

/** Runs one route check over the app's gate: the gate's verdict, once it has decided. */
export function checkRoute(
  gate: ActorRefFrom<typeof routeGateMachine>,
  route: RouteRequest,
): Promise<GateVerdict> {
  // Its output once it ends, without xstate's toPromise: every xstate function a lazily loaded
  // machine uses joins xstate's code in the first load.
  const check = createActor(routeCheckFor(gate), { input: { route } });
  const verdict = new Promise<GateVerdict>((resolve, reject) =>
    check.subscribe({ complete: () => resolve(check.getSnapshot().output!), error: reject }),
  );
  check.start();
  return verdict;
}
