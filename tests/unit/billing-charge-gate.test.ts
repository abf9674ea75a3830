/**
 * Autopay charges with a bounded number in flight (issue 31 "A billing run that scales": "charges
 * autopay with a bounded number of charges in flight (configurable, e.g. 16) … so one slow
 * processor call does not hold the others"; docs/billing.md "The billing run"): an instance's
 * calls to the processor pass through its gate, which lets BILLING_CHARGE_CONCURRENCY of them run
 * at once and starts a waiting one as soon as any ends. Promises only: no clock, no timers.
 */
import { describe, expect, it } from 'vitest';
import { processorGate } from '../../src/server/billing/jobs.ts';
import { loadConfig } from '../../src/server/config.ts';

function config(concurrency: string) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data-dir',
    BANK_ENCRYPTION_KEY: '7e57'.repeat(16),
    BILLING_CHARGE_CONCURRENCY: concurrency,
  });
}

/** A processor call the test answers when it likes; counts the calls in flight. */
function processor() {
  const state = { inFlight: 0, most: 0, started: [] as number[] };
  const answers = new Map<number, () => void>();
  const call = (n: number) => async () => {
    state.inFlight += 1;
    state.most = Math.max(state.most, state.inFlight);
    state.started.push(n);
    await new Promise<void>((resolve) => answers.set(n, resolve));
    state.inFlight -= 1;
    return n;
  };
  const answer = async (n: number) => {
    answers.get(n)!();
    // Let the gate hand the slot over.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { state, call, answer };
}

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('the processor gate of autopay charges', () => {
  it('keeps BILLING_CHARGE_CONCURRENCY calls in flight, and a slow one holds no other', async () => {
    const gate = processorGate(config('3'));
    const p = processor();
    const results = Array.from({ length: 10 }, (_, n) => gate(p.call(n)));
    await settle();
    expect(p.state.started).toEqual([0, 1, 2]);

    // Call 0 is slow: it never answers until the end. The others go through, three at a time.
    for (let n = 1; n < 8; n += 1) {
      await p.answer(n);
      expect(p.state.inFlight).toBe(3);
    }
    expect(p.state.started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Nothing waits any more: the slots are given back.
    await p.answer(8);
    await p.answer(9);
    expect(p.state.inFlight).toBe(1);
    await p.answer(0);
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(p.state.most).toBe(3);
  });

  it('is one gate per configuration: an instance’s charge jobs share its bound', async () => {
    const shared = config('2');
    const p = processor();
    const first = processorGate(shared)(p.call(0));
    const second = processorGate(shared)(p.call(1));
    const third = processorGate(shared)(p.call(2));
    await settle();
    expect(p.state.started).toEqual([0, 1]);
    await p.answer(1);
    expect(p.state.started).toEqual([0, 1, 2]);
    await p.answer(0);
    await p.answer(2);
    expect(await Promise.all([first, second, third])).toEqual([0, 1, 2]);
  });

  it('defaults to 16 in flight', async () => {
    const gate = processorGate(config(''));
    const p = processor();
    const results = Array.from({ length: 20 }, (_, n) => gate(p.call(n)));
    await settle();
    expect(p.state.inFlight).toBe(16);
    for (let n = 0; n < 20; n += 1) await p.answer(n);
    await Promise.all(results);
    expect(p.state.most).toBe(16);
  });
});
