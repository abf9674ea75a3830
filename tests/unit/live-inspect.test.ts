// @vitest-environment jsdom
/**
 * The live view's `inspect` option: nothing in production; outside it, the events reported while
 * the live view is still loading reach it, in order, once it has arrived.
 */
import { createActor, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { liveInspect } from '../../src/web/app/live-inspect.ts';

describe('liveInspect', () => {
  it('gives no inspect option in production', () => {
    expect(liveInspect(true)).toBeUndefined();
  });

  it('hands the events reported before the live view loaded over to it, in order', async () => {
    const machine = createMachine({
      id: 'live-inspect-test',
      initial: 'a',
      states: { a: { on: { next: 'b' } }, b: {} },
    });
    const actor = createActor(machine, { inspect: liveInspect(false) }).start();
    actor.send({ type: 'next' });
    const { liveInspection } = await import('../../src/web/app/live-inspection.ts');
    await expect
      .poll(() => liveInspection.getSnapshot().get('here|live-inspect-test'))
      .toMatchObject({ active: ['b'], lastEvent: 'next' });
    actor.stop();
  });
});
