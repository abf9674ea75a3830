/**
 * What a chart shows, on the fixture machine: nested and parallel states, initial and final
 * states, events, guards in brackets, eventless and delayed transitions (delay name and ms),
 * invoked actors with their ids, descriptions.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { layoutChart } from '../../../machines/charts/elk.ts';
import { toMermaid } from '../../../machines/charts/mermaid.ts';
import { chartModel, transitionIndex } from '../../../machines/charts/model.ts';
import { toSvg } from '../../../machines/charts/svg.ts';
import { lookupMachine } from './fixture.ts';

const model = chartModel(lookupMachine);

describe('chart model', () => {
  it('keeps states with their kind, nesting, initial state and description', () => {
    const byKey = new Map(model.states.map((s) => [s.key, s]));
    expect(model.root.initial).toBe('form');
    expect(byKey.get('form')?.kind).toBe('parallel');
    expect(byKey.get('form.search')?.initial).toBe('form.search.idle');
    expect(byKey.get('form.search.chosen')?.kind).toBe('final');
    expect(byKey.get('form.search.deciding')?.transient).toBe(true);
    expect(byKey.get('form.search.fetching')?.invokes).toEqual([{ id: 'lookup', src: 'lookup' }]);
    expect(byKey.get('form.search.typing')?.description).toBe('Waiting for a pause in typing.');
  });

  it('reads delays, guards, done and error events into words', () => {
    const find = (source: string, trigger: string) =>
      model.transitions.find((t) => t.source === source && t.trigger === trigger);
    expect(find('form.search.typing', 'after debounce')).toMatchObject({
      kind: 'after',
      delay: { name: 'debounce', ms: 750 },
      targets: ['form.search.fetching'],
    });
    expect(find('form.search.fetching', 'lookup done')?.kind).toBe('done');
    expect(find('form.search.fetching', 'lookup failed')?.kind).toBe('error');
    expect(find('form.search', 'done')?.kind).toBe('state-done');
    expect(
      model.transitions.filter((t) => t.kind === 'always').map((t) => [t.guard, t.targets]),
    ).toEqual([
      ['has matches', ['form.search.results']],
      [undefined, ['form.search.nothing']],
    ]);
  });

  it('finds running transitions of a provided copy of the machine by id', () => {
    const provided = lookupMachine.provide({});
    const idOf = transitionIndex(model);
    const typing = provided.root.states.form.states.search.states.typing;
    const after = [...typing.transitions.values()]
      .flat()
      .find((t) => t.eventType.includes('after'));
    expect(idOf(after)).toBe('form.search.typing › after debounce → form.search.fetching');
  });
});

describe('Mermaid', () => {
  const text = toMermaid(model);
  it('writes composite and parallel states, initial and final markers and labels', () => {
    expect(text).toMatch(/^stateDiagram-v2\n/);
    expect(text).toContain('state form {');
    expect(text).toContain('    --\n');
    expect(text).toContain('[*] --> form_search_idle');
    expect(text).toContain('form_search_chosen --> [*]');
    expect(text).toContain('form_search_idle --> form_search_typing : type [text is long enough]');
    expect(text).toContain('form_search_typing --> form_search_fetching : after debounce (750 ms)');
    expect(text).toContain('form_search_deciding --> form_search_results : always [has matches]');
    expect(text).toContain('form_search_fetching : invokes lookup');
    expect(text).toContain('form_search_typing : Waiting for a pause in typing.');
  });
});

describe('SVG', () => {
  it('draws every state and transition, and highlights active states and taken transitions', async () => {
    const chart = await layoutChart(model, new ELK());
    const taken = 'form.search.idle › type [text is long enough] → form.search.typing';
    const svg = toSvg(chart, {
      active: new Set(['form', 'form.search.typing']),
      taken: new Set([taken]),
    });
    for (const state of model.states) expect(svg).toContain(`data-state="${state.key}"`);
    for (const t of model.transitions.filter((t) => t.targets.length))
      expect(svg).toContain(`data-transition="${t.id.replace(/>/g, '&gt;')}"`);
    expect(svg).toContain('data-state="form.search.typing" data-kind="atomic" data-active="true"');
    expect(svg).toContain('data-state="form.search.idle" data-kind="atomic" data-active="false"');
    expect(svg).toContain(`data-transition="${taken}" data-kind="event" data-taken="true"`);
    expect(svg).toContain('>after debounce (750 ms)</text>');
    expect(svg).toContain('>[has matches]</text>');
    expect(svg).toContain('>invokes lookup</text>');
    expect(svg).toContain('Active: form, form.search.typing.');
    // The machine, the search and the help region each start somewhere; a parallel state does not.
    expect(svg.match(/data-initial=/g)).toHaveLength(3);
  });
});
