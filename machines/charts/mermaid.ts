/**
 * The Mermaid `stateDiagram-v2` form of a chart model: a text that code hosts render.
 * Nested states become composite states, parallel regions are separated by `--`, the initial
 * state has `[*] -->`, final states `--> [*]`; descriptions, invoked actors and transitions that
 * stay in their state are written inside the state; labels carry the event, the guard in
 * brackets, the delay with its milliseconds and the named actions.
 */
import {
  transitionLabel,
  type ChartModel,
  type ChartState,
  type ChartTransition,
} from './model.ts';

/** Mermaid's entity codes keep `:`, `;`, `#`, quotes and braces from breaking a label. */
const ENTITIES: Record<string, string> = {
  '#': '#35;',
  ':': '#58;',
  ';': '#59;',
  '"': '#quot;',
  '{': '#123;',
  '}': '#125;',
  '<': '#lt;',
  '>': '#gt;',
};

function escapeLabel(text: string): string {
  return text
    .replace(/[#:;"{}<>]/g, (c) => ENTITIES[c])
    .replace(/\s+/g, ' ')
    .trim();
}

function mermaidIds(model: ChartModel): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>(['root']);
  for (const state of model.states) {
    let base = state.key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'state';
    if (/^\d/.test(base)) base = `s_${base}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(state.key, id);
  }
  return ids;
}

/** The state whose block holds a transition: the closest common ancestor of both ends. */
function containerOf(source: string, target: string): string {
  const a = source.split('.');
  const b = target.split('.');
  const common: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length) - 1; i++) {
    if (a[i] !== b[i]) break;
    common.push(a[i]);
  }
  // Ends inside one another: hold it in the outer end's parent.
  if (source === '' || target === '') return '';
  return common.join('.');
}

function parentKey(key: string): string {
  return key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '';
}

/** The text inside a state: description, invoked actors, transitions that stay, tags. */
export function stateLineItems(
  state: ChartState,
  stays: ChartTransition[],
): { text: string; transition?: string }[] {
  const lines: { text: string; transition?: string }[] = [];
  if (state.description) lines.push({ text: state.description });
  for (const invoke of state.invokes)
    lines.push({
      text: `invokes ${invoke.id}${invoke.src !== invoke.id ? ` (${invoke.src})` : ''}`,
    });
  for (const t of stays) {
    const goes = t.targets.length ? ` → ${t.targets.map((k) => k || '(machine)').join(', ')}` : '';
    lines.push({
      text: `${state.key === '' ? 'in any state, ' : ''}on ${transitionLabel(t).join(' ')}${goes}`,
      transition: t.id,
    });
  }
  if (state.tags.length) lines.push({ text: `tags: ${state.tags.join(', ')}` });
  return lines;
}

export function stateLines(state: ChartState, stays: ChartTransition[]): string[] {
  return stateLineItems(state, stays).map((line) => line.text);
}

export function toMermaid(model: ChartModel): string {
  const ids = mermaidIds(model);
  const idOf = (key: string) => ids.get(key) ?? 'root';
  const out: string[] = ['stateDiagram-v2', '  direction LR'];
  const staysBy = new Map<string, ChartTransition[]>();
  const edgesBy = new Map<string, ChartTransition[]>();
  for (const t of model.transitions) {
    // The machine's own transitions and those that stay are written as text, not arrows.
    if (t.targets.length === 0 || t.source === '') {
      staysBy.set(t.source, [...(staysBy.get(t.source) ?? []), t]);
      continue;
    }
    // Held by the container of the first target; a transition to itself by its parent.
    const holder = t.targets.includes('')
      ? ''
      : t.targets.length === 1 && t.targets[0] === t.source
        ? parentKey(t.source)
        : containerOf(t.source, t.targets[0]);
    edgesBy.set(holder, [...(edgesBy.get(holder) ?? []), t]);
  }

  const rootLines = stateLines(model.root, staysBy.get('') ?? []);
  const notes: string[] = [];

  const writeBlock = (state: ChartState, indent: string) => {
    const regions = state.kind === 'parallel';
    if (!regions && state.initial) out.push(`${indent}[*] --> ${idOf(state.initial)}`);
    state.children.forEach((child, i) => {
      if (regions && i > 0) out.push(`${indent}--`);
      writeState(child, indent);
    });
    for (const t of edgesBy.get(state.key) ?? []) {
      const label = escapeLabel(transitionLabel(t).join(' '));
      for (const target of t.targets) {
        if (target === '') continue;
        out.push(`${indent}${idOf(t.source)} --> ${idOf(target)} : ${label}`);
      }
    }
  };

  const writeState = (state: ChartState, indent: string) => {
    const id = idOf(state.key);
    const name = state.kind === 'parallel' ? `${state.name} (parallel)` : state.name;
    out.push(`${indent}state "${escapeLabel(name)}" as ${id}`);
    const lines = stateLines(state, staysBy.get(state.key) ?? []);
    if (state.children.length) {
      out.push(`${indent}state ${id} {`);
      writeBlock(state, `${indent}  `);
      out.push(`${indent}}`);
      if (lines.length) notes.push(`  note right of ${id} : ${escapeLabel(lines.join(' · '))}`);
    } else {
      for (const line of lines) out.push(`${indent}${id} : ${escapeLabel(line)}`);
    }
    if (state.kind === 'final') out.push(`${indent}${id} --> [*]`);
  };

  for (const line of rootLines) out.push(`  %% ${line.replace(/\s+/g, ' ')}`);
  writeBlock(model.root, '  ');
  out.push(...notes);
  return `${out.join('\n')}\n`;
}
