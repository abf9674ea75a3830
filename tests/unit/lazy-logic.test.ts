/**
 * A machine's child whose code loads only when needed (src/web/app/lazy-logic.ts, the second
 * factor's code step): once loaded, the stand-in runs as the real logic does, invoked by its
 * parent, its snapshot and output the real ones; used before it loaded, it throws; the import runs
 * once, and again after a failed one.
 */
import { createActor, createMachine, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { lazyActorLogic } from '../../src/web/app/lazy-logic.ts';

const child = createMachine({
  id: 'child',
  initial: 'waiting',
  context: ({ input }: { input: { name: string } }) => ({ name: input.name }),
  states: { waiting: { on: { go: 'finished' } }, finished: { type: 'final' } },
  output: ({ context }) => `done for ${context.name}`,
});

function parentOf(logic: typeof child) {
  return setup({ actors: { child: logic } }).createMachine({
    id: 'parent',
    initial: 'running',
    context: { output: '' },
    states: {
      running: {
        invoke: {
          id: 'child',
          src: 'child',
          input: { name: 'dana' },
          onDone: {
            target: 'over',
            actions: ({ event }) => outputs.push(String(event.output)),
          },
        },
      },
      over: {},
    },
  });
}
const outputs: string[] = [];

describe('actor logic loaded when needed', () => {
  it('runs as the real logic once loaded', async () => {
    let imports = 0;
    const lazy = lazyActorLogic(async () => {
      imports += 1;
      return child;
    });
    await lazy.load();
    await lazy.load();
    expect(imports).toBe(1);
    const parent = createActor(parentOf(lazy.logic)).start();
    const running = parent.getSnapshot().children.child!;
    expect(running.getSnapshot().value).toBe('waiting');
    expect(running.getSnapshot().context).toEqual({ name: 'dana' });
    running.send({ type: 'go' });
    expect(parent.getSnapshot().value).toBe('over');
    expect(outputs.at(-1)).toBe('done for dana');
  });

  it('throws when used before it loaded', () => {
    const lazy = lazyActorLogic(async () => child);
    const parent = createActor(parentOf(lazy.logic));
    parent.subscribe({ error: () => {} });
    parent.start();
    expect(parent.getSnapshot().status).toBe('error');
    expect(String(parent.getSnapshot().error)).toMatch(/before it was loaded/);
  });

  it('imports again after a failed import', async () => {
    let imports = 0;
    const lazy = lazyActorLogic(async () => {
      imports += 1;
      if (imports === 1) throw new Error('offline');
      return child;
    });
    await expect(lazy.load()).rejects.toThrow('offline');
    await expect(lazy.load()).resolves.toBe(child);
    expect(imports).toBe(2);
  });
});
