/**
 * The `inspect` option that feeds the charts page's live view (live-inspection.ts) outside
 * production. Only this small forwarder is part of the initial load: the live view and the chart
 * helpers it needs are loaded with `import()` when the app does not run in production, and never
 * in production. Events reported before they arrive are kept and handed over in order.
 */
import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

let forward: Inspect | undefined;

function load(): Inspect {
  const pending: InspectionEvent[] = [];
  let target: Inspect | undefined;
  void import('./live-inspection.ts').then(({ liveInspection }) => {
    target = liveInspection.inspect;
    for (const event of pending.splice(0)) target(event);
  });
  return (event) => {
    if (target) target(event);
    else pending.push(event);
  };
}

/** The `inspect` option for `createActor`: the live view outside production, nothing in it. */
export function liveInspect(production: boolean): Inspect | undefined {
  if (production) return undefined;
  forward ??= load();
  return forward;
}
