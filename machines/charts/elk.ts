/**
 * The ELK graph of a chart model (nested nodes for nested states, one edge per transition
 * target, sized labels) and its layout into a {@link LaidOutChart} that the SVG writer draws.
 * elkjs itself is passed in (`layoutChart(model, new ELK())`), so this module stays pure and the
 * browser loads elkjs only on the charts page.
 */
import {
  transitionLabel,
  type ChartModel,
  type ChartState,
  type ChartTransition,
  type StateKind,
  type TransitionKind,
} from './model.ts';
import { stateLineItems } from './mermaid.ts';
import { FONTS, textWidth, wrapText } from './text.ts';

/** The subset of elkjs' API used here (`import ELK from 'elkjs/lib/elk.bundled.js'`). */
export interface ElkLike {
  layout(graph: ElkGraphNode): Promise<unknown>;
}

export interface ElkGraphLabel {
  text: string;
  width: number;
  height: number;
  x?: number;
  y?: number;
}

export interface ElkGraphEdge {
  id: string;
  sources: string[];
  targets: string[];
  labels?: ElkGraphLabel[];
}

/** What elkjs adds to the graph: positions, sizes and edge routes. */
interface ElkResultNode extends ElkGraphNode {
  children?: ElkResultNode[];
  edges?: (ElkGraphEdge & {
    sections?: { startPoint: Point; endPoint: Point; bendPoints?: Point[] }[];
  })[];
}

export interface ElkGraphNode {
  id: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  layoutOptions?: Record<string, string>;
  children?: ElkGraphNode[];
  edges?: ElkGraphEdge[];
}

export interface Point {
  x: number;
  y: number;
}

export interface StateLine {
  text: string;
  /** The transition a line describes (a transition that stays in its state). */
  transition?: string;
}

export interface LaidOutState {
  key: string;
  name: string;
  kind: StateKind;
  /** A region of a parallel state (drawn dashed). */
  region: boolean;
  transient: boolean;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Description, invoked actors and transitions that stay (with their id), already wrapped. */
  lines: StateLine[];
  description?: string;
}

export interface LaidOutEdge {
  /** The transition's id (shared by the edges of a transition with several targets). */
  transition: string;
  source: string;
  target: string;
  kind: TransitionKind;
  points: Point[];
  label?: { x: number; y: number; width: number; height: number; lines: string[] };
}

export interface LaidOutInitial {
  /** Key of the compound state whose initial state this marks. */
  parent: string;
  x: number;
  y: number;
  size: number;
  points: Point[];
}

export interface LaidOutChart {
  machineId: string;
  width: number;
  height: number;
  /** Parents before children, in document order. */
  states: LaidOutState[];
  edges: LaidOutEdge[];
  initials: LaidOutInitial[];
}

const PAD_X = 10;
const PAD_Y = 8;
const MAX_TEXT_WIDTH = 250;
const MIN_STATE_WIDTH = 90;
const INITIAL_SIZE = 12;
const ROOT_ID = '(machine)';

function nodeId(key: string): string {
  return key === '' ? ROOT_ID : key;
}

/** Height and width a state's own text needs (name, then description and the other lines). */
export function stateText(state: ChartState, stays: ChartTransition[]) {
  const name = state.kind === 'parallel' ? `${state.name} (parallel)` : state.name;
  const lines: StateLine[] = stateLineItems(state, stays).flatMap((line) =>
    wrapText(line.text, FONTS.body, MAX_TEXT_WIDTH).map((text) => ({
      text,
      ...(line.transition ? { transition: line.transition } : {}),
    })),
  );
  const width = Math.max(
    textWidth(name, FONTS.name),
    ...lines.map((line) => textWidth(line.text, FONTS.body)),
  );
  const height = FONTS.name.lineHeight + lines.length * FONTS.body.lineHeight;
  return { name, lines, width: width + 2 * PAD_X, height: height + 2 * PAD_Y };
}

function labelOf(t: ChartTransition): ElkGraphLabel {
  const lines = transitionLabel(t);
  return {
    text: lines.join('\n'),
    width: Math.max(...lines.map((l) => textWidth(l, FONTS.label))) + 6,
    height: lines.length * FONTS.label.lineHeight + 2,
  };
}

export function elkGraph(model: ChartModel): ElkGraphNode {
  const stays = new Map<string, ChartTransition[]>();
  for (const t of model.transitions)
    if (t.targets.length === 0 || t.source === '')
      stays.set(t.source, [...(stays.get(t.source) ?? []), t]);

  const build = (state: ChartState): ElkGraphNode => {
    const text = stateText(state, stays.get(state.key) ?? []);
    if (state.children.length === 0) {
      return {
        id: nodeId(state.key),
        width: Math.max(MIN_STATE_WIDTH, text.width),
        height: text.height,
      };
    }
    const children = state.children.map(build);
    if (state.initial !== undefined && state.kind !== 'parallel')
      children.unshift({
        id: `${nodeId(state.key)}::initial`,
        width: INITIAL_SIZE,
        height: INITIAL_SIZE,
      });
    return {
      id: nodeId(state.key),
      layoutOptions: {
        'elk.padding': `[top=${text.height + 8},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.max(MIN_STATE_WIDTH, text.width)}, ${text.height + 30})`,
        ...(state.kind === 'parallel' ? { 'elk.direction': 'DOWN' } : {}),
      },
      children,
    };
  };

  const edges: ElkGraphEdge[] = [];
  const walkInitials = (state: ChartState) => {
    if (state.initial !== undefined && state.kind !== 'parallel' && state.children.length)
      edges.push({
        id: `initial:${nodeId(state.key)}`,
        sources: [`${nodeId(state.key)}::initial`],
        targets: [nodeId(state.initial)],
      });
    state.children.forEach(walkInitials);
  };
  walkInitials(model.root);
  model.transitions.forEach((t, i) => {
    if (t.targets.length === 0 || t.source === '') return;
    t.targets.forEach((target, j) => {
      edges.push({
        id: `t${i}:${j}`,
        sources: [nodeId(t.source)],
        targets: [nodeId(target)],
        labels: [labelOf(t)],
      });
    });
  });

  return {
    id: 'chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'org.eclipse.elk.json.shapeCoords': 'ROOT',
      'org.eclipse.elk.json.edgeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '16',
      'elk.spacing.edgeEdge': '12',
      'elk.spacing.edgeLabel': '4',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [build(model.root)],
    edges,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Lays a chart out with elkjs and reads the result into plain drawing data. */
export async function layoutChart(model: ChartModel, elk: ElkLike): Promise<LaidOutChart> {
  const result = (await elk.layout(elkGraph(model))) as ElkResultNode;
  const boxes = new Map<string, ElkResultNode>();
  const collect = (node: ElkResultNode) => {
    boxes.set(node.id, node);
    node.children?.forEach(collect);
  };
  result.children?.forEach(collect);

  const stays = new Map<string, ChartTransition[]>();
  for (const t of model.transitions)
    if (t.targets.length === 0 || t.source === '')
      stays.set(t.source, [...(stays.get(t.source) ?? []), t]);

  const states: LaidOutState[] = [];
  const regionKeys = new Set(
    [model.root, ...model.states]
      .filter((s) => s.kind === 'parallel')
      .flatMap((s) => s.children.map((c) => c.key)),
  );
  for (const state of [model.root, ...model.states]) {
    const box = boxes.get(nodeId(state.key));
    if (!box) continue;
    const text = stateText(state, stays.get(state.key) ?? []);
    states.push({
      key: state.key,
      name: text.name,
      kind: state.kind,
      region: regionKeys.has(state.key),
      transient: state.transient,
      depth: state.depth,
      x: round(box.x ?? 0),
      y: round(box.y ?? 0),
      width: round(box.width ?? 0),
      height: round(box.height ?? 0),
      lines: text.lines,
      description: state.description,
    });
  }

  const pointsOf = (edge: NonNullable<ElkResultNode['edges']>[number]): Point[] =>
    (edge.sections ?? []).flatMap((section) =>
      [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({
        x: round(p.x),
        y: round(p.y),
      })),
    );

  const edges: LaidOutEdge[] = [];
  const initials: LaidOutInitial[] = [];
  for (const edge of result.edges ?? []) {
    if (edge.id.startsWith('initial:')) {
      const parent = edge.id.slice('initial:'.length);
      const marker = boxes.get(`${parent}::initial`);
      initials.push({
        parent: parent === ROOT_ID ? '' : parent,
        x: round(marker?.x ?? 0),
        y: round(marker?.y ?? 0),
        size: INITIAL_SIZE,
        points: pointsOf(edge),
      });
      continue;
    }
    const [i, j] = edge.id.slice(1).split(':').map(Number);
    const t = model.transitions[i];
    const label = edge.labels?.[0];
    edges.push({
      transition: t.id,
      source: t.source,
      target: t.targets[j],
      kind: t.kind,
      points: pointsOf(edge),
      label: label
        ? {
            x: round(label.x ?? 0),
            y: round(label.y ?? 0),
            width: label.width,
            height: label.height,
            lines: label.text.split('\n'),
          }
        : undefined,
    });
  }

  return {
    machineId: model.machineId,
    width: round((result.width ?? 0) + 0),
    height: round(result.height ?? 0),
    states,
    edges,
    initials,
  };
}
