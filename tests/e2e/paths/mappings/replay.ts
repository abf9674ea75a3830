/**
 * The machine's state after the events a path has caused so far, replayed from its start.
 * A path's predicted snapshot is the first one traversal met with the same state and projection,
 * which may have come by other steps: what the projection leaves out (which fields were
 * visited, the order words were picked in) is then another history's. Mappings that check
 * such details replay the path's own events instead.
 */
import type { Page } from '@playwright/test';
import { getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { planFor, type BrowserContext, type BrowserMapping } from '../runner.ts';

const walked = new WeakMap<Page, EventObject[]>();

/** Forgets what an earlier path on the page did (call it in `start`). */
export function startReplay(page: Page) {
  walked.set(page, []);
}

/** The mapping's event actions, each first noting its event for the replay. */
export function replayed(events: BrowserMapping['events']): BrowserMapping['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, act]) => [
      type,
      async (context: BrowserContext, event: EventObject) => {
        walked.get(context.page)?.push(event);
        await act(context, event);
      },
    ]),
  );
}

/** The snapshot after the events caused on the page so far. */
export function replaySnapshot(mapping: BrowserMapping, page: Page): AnyMachineSnapshot {
  const plan = planFor(mapping);
  let snapshot = plan.initial.snapshot;
  for (const event of walked.get(page) ?? [])
    snapshot = getNextSnapshot(plan.entry.machine as never, snapshot as never, event as never);
  return snapshot;
}
