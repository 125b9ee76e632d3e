import { describe, expect, it } from 'vitest';
import { appendStep, chainGraph, END, freshStepKey, graphOf, layoutOfGraph, removeStep, START, stepOrder, type Graph } from '../flow-graph';

const linked = (graph: Graph) => graph.edges.map((e) => `${e.source}>${e.target}`).sort();

describe('the flow drawing', () => {
  it('chains start, the steps in order and end', () => {
    const g = chainGraph(['a', 'b']);
    expect(g.nodes.map((n) => `${n.type}:${n.id}`)).toEqual(['start:start', 'step:a', 'step:b', 'end:end']);
    expect(linked(g)).toEqual(['a>b', 'b>end', 'start>a']);
    expect(stepOrder(g)).toEqual({ ok: true, keys: ['a', 'b'] });
  });

  it('puts a new step just before end', () => {
    const g = appendStep(appendStep(chainGraph([]), 'step1'), 'step2');
    expect(stepOrder(g)).toEqual({ ok: true, keys: ['step1', 'step2'] });
    const y = Object.fromEntries(g.nodes.map((n) => [n.id, n.y]));
    expect(y[START] < y.step1 && y.step1 < y.step2 && y.step2 < y[END]).toBe(true);
  });

  it('reads the order from the edges, not from the order of the nodes', () => {
    const g = chainGraph(['a', 'b']);
    const swapped: Graph = { nodes: g.nodes, edges: [{ id: '1', source: START, target: 'b' }, { id: '2', source: 'b', target: 'a' }, { id: '3', source: 'a', target: END }] };
    expect(stepOrder(swapped)).toEqual({ ok: true, keys: ['b', 'a'] });
  });

  it('refuses a drawing without steps, with a branch, a loop, a path short of end or a step left off', () => {
    expect(stepOrder(chainGraph([]))).toMatchObject({ ok: false, problem: 'noSteps' });
    const g = chainGraph(['a', 'b']);
    expect(stepOrder({ ...g, edges: [...g.edges, { id: 'x', source: 'a', target: END }] })).toEqual({ ok: false, problem: 'branch', at: 'a' });
    expect(stepOrder({ ...g, edges: g.edges.map((e) => (e.source === 'b' ? { ...e, target: 'a' } : e)) })).toEqual({ ok: false, problem: 'cycle', at: 'a' });
    expect(stepOrder({ ...g, edges: g.edges.filter((e) => e.source !== 'b') })).toEqual({ ok: false, problem: 'notToEnd', at: 'b' });
    const skipping = { ...g, edges: [{ id: '1', source: START, target: 'a' }, { id: '2', source: 'a', target: END }] };
    expect(stepOrder(skipping)).toEqual({ ok: false, problem: 'unlinked', at: 'b' });
  });

  it('joins the neighbours of a removed step', () => {
    const g = removeStep(chainGraph(['a', 'b', 'c']), 'b');
    expect(g.nodes.map((n) => n.id)).toEqual([START, 'a', 'c', END]);
    expect(stepOrder(g)).toEqual({ ok: true, keys: ['a', 'c'] });
  });

  it('keeps a stored layout that names the steps, and redraws one that does not', () => {
    const stored = layoutOfGraph({ ...chainGraph(['a', 'b']), nodes: chainGraph(['a', 'b']).nodes.map((n) => ({ ...n, x: n.x + 40.4 })) });
    expect(graphOf([{ key: 'a' }, { key: 'b' }], stored).nodes[1].x).toBe(40);
    expect(graphOf([{ key: 'a' }, { key: 'c' }], stored).nodes.map((n) => n.id)).toEqual([START, 'a', 'c', END]);
    expect(graphOf([{ key: 'a' }], null).nodes.map((n) => n.id)).toEqual([START, 'a', END]);
  });

  it('names a new step with a key the flow does not use', () => {
    expect(freshStepKey([])).toBe('step1');
    expect(freshStepKey(['step2'])).toBe('step3');
    expect(freshStepKey(['step1', 'step3'])).toBe('step4');
  });
});
