/**
 * Tests of the path runner and coverage themselves, on a fixture machine with an invoked actor,
 * a named delay, an eventless choice, parallel and final states: a path test must fail when the
 * machine or an assertion is wrong, and coverage must notice what no path reaches.
 */
import { describe, expect, it } from 'vitest';
import { defineMachine, expectThat, type EventSample } from '../../../machines/registry.ts';
import { coverageOf, isComplete, percent } from './coverage.ts';
import { lookupEntry, lookupEntryConfig } from './fixture.ts';
import { describePath, planPaths } from './plan.ts';
import { runAll, runPath } from './run.ts';

describe('path runner', () => {
  const plan = planPaths(lookupEntry);

  it('walks timers, finished and failed actors and eventless choices to full coverage', async () => {
    const report = coverageOf(lookupEntry, plan.model, await runAll(plan));
    expect(report.problems).toEqual([]);
    expect(report.states).toMatchObject({ covered: 14, total: 14, missing: [] });
    expect(report.transitions).toMatchObject({ covered: 12, total: 12, missing: [] });
    expect(isComplete(report)).toBe(true);
    expect(percent(report.transitions)).toBe('100%');
  });

  it('names paths in words', () => {
    const titles = plan.paths.map((p) => p.title);
    expect(titles).toContain(
      'an address typed → a pause in typing → two matches → choose a match ⇒ finished (typed: true, matches: 2)',
    );
    expect(new Set(titles).size).toBe(titles.length);
    expect(describePath([])).toBe('start');
  });

  it('fails a path when a state assertion does not hold', async () => {
    const broken = defineMachine({
      ...lookupEntryConfig,
      states: {
        ...lookupEntryConfig.states,
        'form.search.results': (s) => expectThat(s.context.matches.length > 5, 'six matches'),
      },
    });
    const brokenPlan = planPaths(broken);
    const path = brokenPlan.paths.find((p) => p.title.includes('two matches'));
    expect(path).toBeDefined();
    await expect(runPath(brokenPlan, path!)).rejects.toThrow(
      /after step 3 "two matches" .* in state "form.search.results": six matches/,
    );
  });

  it('fails a path when the running machine does not go where the model says', async () => {
    // The fakes replace a guard at run time only: traversal still follows the real definition.
    const broken = defineMachine({
      ...lookupEntryConfig,
      fakes: { guards: { 'has matches': () => false } },
    });
    const brokenPlan = planPaths(broken);
    const path = brokenPlan.paths.find((p) => p.title.includes('two matches'))!;
    await expect(runPath(brokenPlan, path)).rejects.toThrow(
      /the machine is in form.search.nothing .* the model expected .*results/,
    );
  });

  it('reports what no path reaches, and accepts it only with a reason', async () => {
    const withoutRetry = defineMachine({
      ...lookupEntryConfig,
      events: (lookupEntryConfig.events as readonly EventSample[]).filter(
        (s) => s.label !== 'retry',
      ),
    } as typeof lookupEntryConfig);
    const partial = planPaths(withoutRetry);
    const report = coverageOf(withoutRetry, partial.model, await runAll(partial));
    expect(report.transitions.missing).toEqual([
      'form.search.failed › retry → form.search.fetching',
    ]);
    expect(isComplete(report)).toBe(false);
    expect(percent(report.transitions)).toBe('91.6%');

    const excused = defineMachine({
      ...(withoutRetry as unknown as typeof lookupEntryConfig),
      unreachable: [
        { transition: 'form.search.failed › retry → form.search.fetching', reason: 'no retry' },
      ],
    });
    const excusedReport = coverageOf(excused, partial.model, await runAll(partial));
    expect(excusedReport.transitions.missing).toEqual([]);
    expect(excusedReport.transitions.excused).toEqual([
      { id: 'form.search.failed › retry → form.search.fetching', reason: 'no retry' },
    ]);
    expect(isComplete(excusedReport)).toBe(true);
  });

  it('flags mistakes in an entry', async () => {
    const { 'form.search.nothing': _dropped, ...states } = lookupEntryConfig.states;
    const sloppy = defineMachine({
      ...lookupEntryConfig,
      states: { ...states, 'form.search.gone': () => {} },
      unreachable: [
        { state: 'form.help.shown', reason: 'it is reached, so this is wrong' },
        { transition: 'no such transition', reason: 'typo' },
      ],
    });
    const report = coverageOf(sloppy, plan.model, await runAll(plan));
    expect(report.problems).toEqual([
      'unreachable transition "no such transition" does not exist',
      'state "form.help.shown" is listed unreachable but a path reached it',
      'transition "form.help.shown › toggle help → form.help.hidden" is listed unreachable but a path reached it',
      'an assertion names state "form.search.gone", which does not exist',
      'state "form.search.nothing" has no assertion (what must be true there?)',
    ]);
    expect(isComplete(report)).toBe(false);
  });
});
