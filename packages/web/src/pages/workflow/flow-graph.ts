import type { FlowLayout, FlowStep } from '@wb/protocol';

/**
 * A flow as the node editor draws it: a start node, one node per step, an end node, and the edges
 * that put them in order. The server keeps the steps' order as the order of these edges (protocol
 * workflow.ts flowLayout), so the editor reads the order back from the drawing before it saves.
 */
export const START = 'start';
export const END = 'end';

export type GraphNodeType = 'start' | 'step' | 'end';
export interface GraphNode { id: string; type: GraphNodeType; x: number; y: number }
export interface GraphEdge { id: string; source: string; target: string }
export interface Graph { nodes: GraphNode[]; edges: GraphEdge[] }

/** Vertical spacing of the drawn nodes; the editor and the detail draw alike. */
const X = 0;
const Y_STEP = 110;

export const edgeId = (source: string, target: string) => `${source}->${target}`;
const edge = (source: string, target: string): GraphEdge => ({ id: edgeId(source, target), source, target });

/** start, the steps one under the other, end, chained in the steps' order. */
export function chainGraph(stepKeys: readonly string[]): Graph {
  const ids = [START, ...stepKeys, END];
  const nodes = ids.map((id, i): GraphNode => ({ id, type: id === START ? 'start' : id === END ? 'end' : 'step', x: X, y: i * Y_STEP }));
  const edges = ids.slice(1).map((id, i) => edge(ids[i], id));
  return { nodes, edges };
}

/**
 * The drawing of a saved flow: its stored layout when that still names every step (and nothing
 * else), else the steps chained in their order.
 */
export function graphOf(steps: readonly Pick<FlowStep, 'key'>[], layout: FlowLayout | null | undefined): Graph {
  const keys = steps.map((s) => s.key);
  if (!layout) return chainGraph(keys);
  const stepIds = layout.nodes.filter((n) => n.type === 'step').map((n) => n.id);
  const same = stepIds.length === keys.length && keys.every((k) => stepIds.includes(k));
  const ends = layout.nodes.some((n) => n.id === START && n.type === 'start') && layout.nodes.some((n) => n.id === END && n.type === 'end');
  if (!same || !ends) return chainGraph(keys);
  return {
    nodes: layout.nodes.map((n) => ({ id: n.id, type: n.type, x: n.x, y: n.y })),
    edges: layout.edges.map((e) => ({ id: e.id ?? edgeId(e.source, e.target), source: e.source, target: e.target })),
  };
}

export type OrderProblem = 'noSteps' | 'branch' | 'cycle' | 'notToEnd' | 'unlinked';
export type StepOrder = { ok: true; keys: string[] } | { ok: false; problem: OrderProblem; at: string | null };

/**
 * The steps' order the drawing says: the one path from start through every step to end. A node with
 * two ways out, a loop, a path that stops before end or a step left off it is a problem the editor
 * shows instead of saving.
 */
export function stepOrder(graph: Graph): StepOrder {
  const steps = graph.nodes.filter((n) => n.type === 'step').map((n) => n.id);
  if (steps.length === 0) return { ok: false, problem: 'noSteps', at: null };
  const out = new Map<string, string[]>();
  for (const e of graph.edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  const keys: string[] = [];
  const seen = new Set<string>([START]);
  let at = START;
  for (;;) {
    const next = out.get(at) ?? [];
    if (next.length > 1) return { ok: false, problem: 'branch', at };
    if (next.length === 0) return { ok: false, problem: 'notToEnd', at };
    const [to] = next;
    if (to === END) break;
    if (seen.has(to)) return { ok: false, problem: 'cycle', at: to };
    seen.add(to);
    keys.push(to);
    at = to;
  }
  const left = steps.find((s) => !keys.includes(s));
  if (left) return { ok: false, problem: 'unlinked', at: left };
  return { ok: true, keys };
}

/** A new step goes just before end: the edge into end now passes through it. */
export function appendStep(graph: Graph, key: string): Graph {
  const intoEnd = graph.edges.filter((e) => e.target === END);
  const endAt = graph.nodes.findIndex((n) => n.id === END);
  const place = endAt >= 0 ? graph.nodes[endAt] : { x: X, y: Y_STEP };
  const nodes = graph.nodes.map((n) => (n.id === END ? { ...n, y: n.y + Y_STEP } : n));
  nodes.splice(endAt >= 0 ? endAt : nodes.length, 0, { id: key, type: 'step', x: place.x, y: place.y });
  const edges = [...graph.edges.filter((e) => e.target !== END), ...intoEnd.map((e) => edge(e.source, key)), edge(key, END)];
  return { nodes, edges };
}

/** Removing a step joins what came before it to what came after it. */
export function removeStep(graph: Graph, key: string): Graph {
  const before = graph.edges.filter((e) => e.target === key).map((e) => e.source);
  const after = graph.edges.filter((e) => e.source === key).map((e) => e.target);
  const kept = graph.edges.filter((e) => e.source !== key && e.target !== key);
  const joined = before.length === 1 && after.length === 1 && !kept.some((e) => e.source === before[0]) ? [edge(before[0], after[0])] : [];
  return { nodes: graph.nodes.filter((n) => n.id !== key), edges: [...kept, ...joined] };
}

/** The drawing as the save call takes it. */
export function layoutOfGraph(graph: Graph): FlowLayout {
  return {
    nodes: graph.nodes.map((n) => ({ id: n.id, type: n.type, x: Math.round(n.x), y: Math.round(n.y) })),
    edges: graph.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
  };
}

/** A step key not used yet in the flow (step1, step2, ...). */
export function freshStepKey(used: readonly string[]): string {
  for (let i = used.length + 1; ; i++) {
    const key = `step${i}`;
    if (!used.includes(key)) return key;
  }
}
