/**
 * The project's SVG writer for laid-out charts: rounded boxes for states (dashed for the regions
 * of a parallel state, double for final states), a black dot for each initial state, arrows with
 * labels for transitions (dotted for `always`, dashed for delays). Optionally highlights the
 * active states and the transitions of the last event (the live view in the app).
 * Pure string output with fixed colours and no timestamps: the same chart gives the same bytes.
 */
import type { LaidOutChart, LaidOutEdge, LaidOutState, Point } from './elk.ts';
import { FONTS, FONT_FAMILY } from './text.ts';
import { escapeHtml } from '#shared/html';

export interface SvgOptions {
  /** Keys of the active states (live view). */
  active?: ReadonlySet<string>;
  /** Ids of the transitions the last event took (live view). */
  taken?: ReadonlySet<string>;
  /** Prefix for ids inside the SVG, so several charts can share a page. */
  idPrefix?: string;
}

const COLORS = {
  background: '#ffffff',
  text: '#212529',
  muted: '#495057',
  state: '#f8f9fa',
  stateStroke: '#495057',
  root: '#ffffff',
  activeFill: '#d0ebff',
  activeStroke: '#1864ab',
  edge: '#495057',
  taken: '#c92a2a',
  labelBackground: '#ffffff',
};

const PAD_X = 10;
const PAD_Y = 8;

const n = (value: number) => String(Math.round(value * 10) / 10);

function pathOf(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)} ${n(p.y)}`).join(' ');
}

function drawState(state: LaidOutState, active: boolean, taken: ReadonlySet<string>): string {
  const isRoot = state.key === '';
  const fill = active && !isRoot ? COLORS.activeFill : isRoot ? COLORS.root : COLORS.state;
  const stroke = active && !isRoot ? COLORS.activeStroke : COLORS.stateStroke;
  const width = active && !isRoot ? 3 : 1.2;
  const dash = state.region ? ' stroke-dasharray="6 4"' : '';
  const radius = isRoot ? 4 : 10;
  const parts = [
    `<g data-state="${escapeHtml(state.key)}" data-kind="${state.kind}" data-active="${active}">`,
    `<rect x="${n(state.x)}" y="${n(state.y)}" width="${n(state.width)}" height="${n(state.height)}" rx="${radius}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"${dash}/>`,
  ];
  if (state.kind === 'final')
    parts.push(
      `<rect x="${n(state.x + 3)}" y="${n(state.y + 3)}" width="${n(state.width - 6)}" height="${n(state.height - 6)}" rx="${radius - 2}" fill="none" stroke="${stroke}" stroke-width="1"/>`,
    );
  let y = state.y + PAD_Y + FONTS.name.size;
  parts.push(
    `<text x="${n(state.x + PAD_X)}" y="${n(y)}" font-size="${FONTS.name.size}" font-weight="bold" fill="${COLORS.text}">${escapeHtml(state.name)}</text>`,
  );
  y += FONTS.name.lineHeight - FONTS.name.size + FONTS.body.size + 2;
  for (const line of state.lines) {
    const isTaken = line.transition !== undefined && taken.has(line.transition);
    const attributes = line.transition
      ? ` data-transition="${escapeHtml(line.transition)}" data-taken="${isTaken}"`
      : '';
    parts.push(
      `<text x="${n(state.x + PAD_X)}" y="${n(y)}" font-size="${FONTS.body.size}" fill="${isTaken ? COLORS.taken : COLORS.muted}"${isTaken ? ' font-weight="bold"' : ''}${attributes}>${escapeHtml(line.text)}</text>`,
    );
    y += FONTS.body.lineHeight;
  }
  parts.push('</g>');
  return parts.join('');
}

function drawEdge(edge: LaidOutEdge, taken: boolean, marker: string): string {
  const color = taken ? COLORS.taken : COLORS.edge;
  const dash =
    edge.kind === 'always'
      ? ' stroke-dasharray="2 3"'
      : edge.kind === 'after'
        ? ' stroke-dasharray="7 4"'
        : '';
  const parts = [
    `<g data-transition="${escapeHtml(edge.transition)}" data-kind="${edge.kind}" data-taken="${taken}">`,
    `<path d="${pathOf(edge.points)}" fill="none" stroke="${color}" stroke-width="${taken ? 2.5 : 1.2}"${dash} marker-end="url(#${marker})"/>`,
  ];
  if (edge.label) {
    const { x, y, width, height, lines } = edge.label;
    parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="3" fill="${COLORS.labelBackground}" fill-opacity="0.9"/>`,
    );
    lines.forEach((line, i) => {
      parts.push(
        `<text x="${n(x + 3)}" y="${n(y + FONTS.label.size + i * FONTS.label.lineHeight)}" font-size="${FONTS.label.size}" fill="${color}"${taken ? ' font-weight="bold"' : ''}>${escapeHtml(line)}</text>`,
      );
    });
  }
  parts.push('</g>');
  return parts.join('');
}

export function toSvg(chart: LaidOutChart, options: SvgOptions = {}): string {
  const prefix = options.idPrefix ?? `chart-${chart.machineId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const active = options.active ?? new Set<string>();
  const taken = options.taken ?? new Set<string>();
  const arrow = `${prefix}-arrow`;
  const arrowTaken = `${prefix}-arrow-taken`;
  const width = n(chart.width);
  const height = n(chart.height);
  const stateCount = chart.states.length - 1;
  const transitionCount = new Set([
    ...chart.edges.map((e) => e.transition),
    ...chart.states.flatMap((s) => s.lines.flatMap((l) => (l.transition ? [l.transition] : []))),
  ]).size;
  const activeNames = chart.states
    .filter((s) => s.key !== '' && active.has(s.key))
    .map((s) => s.key);

  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${prefix}-title ${prefix}-desc" font-family="${FONT_FAMILY}">`,
    `<title id="${prefix}-title">Statechart of ${escapeHtml(chart.machineId)}</title>`,
    `<desc id="${prefix}-desc">${stateCount} states and ${transitionCount} transitions drawn.${
      activeNames.length ? ` Active: ${escapeHtml(activeNames.join(', '))}.` : ''
    }</desc>`,
    '<defs>',
    `<marker id="${arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${COLORS.edge}"/></marker>`,
    `<marker id="${arrowTaken}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${COLORS.taken}"/></marker>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="${COLORS.background}"/>`,
  ];
  for (const state of chart.states) out.push(drawState(state, active.has(state.key), taken));
  for (const initial of chart.initials) {
    const r = initial.size / 2;
    out.push(
      `<g data-initial="${escapeHtml(initial.parent)}"><circle cx="${n(initial.x + r)}" cy="${n(initial.y + r)}" r="${n(r)}" fill="${COLORS.text}"/>` +
        `<path d="${pathOf(initial.points)}" fill="none" stroke="${COLORS.edge}" stroke-width="1.2" marker-end="url(#${arrow})"/></g>`,
    );
  }
  // Taken transitions last, so they are drawn on top.
  const ordered = [
    ...chart.edges.filter((e) => !taken.has(e.transition)),
    ...chart.edges.filter((e) => taken.has(e.transition)),
  ];
  for (const edge of ordered) {
    const isTaken = taken.has(edge.transition);
    out.push(drawEdge(edge, isTaken, isTaken ? arrowTaken : arrow));
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
