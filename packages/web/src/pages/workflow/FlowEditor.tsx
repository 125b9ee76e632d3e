import { useCallback, useEffect, useMemo } from 'react';
import {
  Background, Controls, MarkerType, ReactFlow, applyEdgeChanges, applyNodeChanges, useNodesInitialized, useReactFlow,
  type Connection, type Edge, type EdgeChange, type Node, type NodeChange, type OnBeforeDelete,
} from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { FlowStep, WorkflowOptions } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { END, START, edgeId, removeStep, type Graph, type GraphNodeType } from './flow-graph';
import { FLOW_NODE_TYPES } from './FlowNodes';
import { approversText, hasApprovers } from './step-rules';

/** The drawing as the editor holds it: xyflow's nodes (with their measured sizes) and edges, and each step's settings. */
export interface FlowDraft {
  nodes: Node[];
  edges: Edge[];
  steps: Record<string, FlowStep>;
}

export const EDGE_LOOK = { type: 'smoothstep', markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } } as const;

export function draftNodes(graph: Graph): Node[] {
  return graph.nodes.map((n) => ({ id: n.id, type: n.type, position: { x: n.x, y: n.y }, data: {}, deletable: n.type === 'step' }));
}
export const draftEdges = (graph: Graph): Edge[] => graph.edges.map((e) => ({ ...EDGE_LOOK, id: e.id, source: e.source, target: e.target }));

export function graphOfDraft(draft: Pick<FlowDraft, 'nodes' | 'edges'>): Graph {
  return {
    nodes: draft.nodes.map((n) => ({ id: n.id, type: (n.type ?? 'step') as GraphNodeType, x: n.position.x, y: n.position.y })),
    edges: draft.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
  };
}

interface Props {
  draft: FlowDraft;
  options: WorkflowOptions | undefined;
  readOnly: boolean;
  selected: string | null;
  onDraft(update: (draft: FlowDraft) => FlowDraft): void;
  onSelect(key: string | null): void;
}

/**
 * The node editor of 流程配置 (@xyflow/react): nodes are dragged into place, linked by dragging from
 * a node's lower dot to another node, and removed with Delete; removing a step joins its neighbours.
 * A link drawn from a node that already leads somewhere replaces that link, so reordering is one drag.
 */
export function FlowEditor({ draft, options, readOnly, selected, onDraft, onSelect }: Props) {
  const { t } = useTranslation();
  const english = useEnglish();
  const words = useMemo(() => ({ role: t('workflow.step.role'), deptHead: t('workflow.step.deptHead'), none: t('workflow.node.noApprovers') }), [t]);

  const nodes = useMemo(() => draft.nodes.map((n): Node => {
    if (n.type !== 'step') return { ...n, data: { title: t(`workflow.node.${n.type === 'start' ? 'start' : 'end'}`) } };
    const step = draft.steps[n.id];
    if (!step) return n;
    return {
      ...n,
      selected: n.id === selected,
      data: {
        title: (english && step.nameEn) || step.name || n.id,
        approvers: approversText(step.approvers, options, words),
        mode: step.mode === 'all' ? t('workflow.step.allShort') : t('workflow.step.anyShort'),
        conditioned: Boolean(step.condition),
        warning: !hasApprovers(step.approvers),
      },
    };
  }), [draft.nodes, draft.steps, selected, english, options, words, t]);

  const onNodesChange = useCallback((changes: NodeChange[]) => {
    for (const c of changes) if (c.type === 'select' && c.selected) onSelect(draft.steps[c.id] ? c.id : null);
    onDraft((d) => ({ ...d, nodes: applyNodeChanges(changes.filter((c) => c.type !== 'remove'), d.nodes) }));
  }, [onDraft, onSelect, draft.steps]);

  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    onDraft((d) => ({ ...d, edges: applyEdgeChanges(changes.filter((c) => c.type !== 'remove'), d.edges) }));
  }, [onDraft]);

  // deletions are done here (a removed step's neighbours are joined), and xyflow's own is declined
  const onBeforeDelete: OnBeforeDelete = useCallback(async ({ nodes: goneNodes, edges: goneEdges }) => {
    if (readOnly) return false;
    const stepIds = goneNodes.map((n) => n.id).filter((id) => id !== START && id !== END);
    onDraft((d) => {
      const goneEdgeIds = new Set(goneEdges.map((e) => e.id));
      let graph = graphOfDraft({ nodes: d.nodes, edges: stepIds.length ? d.edges : d.edges.filter((e) => !goneEdgeIds.has(e.id)) });
      for (const id of stepIds) graph = removeStep(graph, id);
      const kept = new Set(graph.nodes.map((n) => n.id));
      const steps = Object.fromEntries(Object.entries(d.steps).filter(([key]) => kept.has(key)));
      return { nodes: d.nodes.filter((n) => kept.has(n.id)), edges: draftEdges(graph), steps };
    });
    if (stepIds.includes(selected ?? '')) onSelect(null);
    return false;
  }, [onDraft, onSelect, readOnly, selected]);

  const onConnect = useCallback((c: Connection) => {
    if (!c.source || !c.target || c.source === c.target) return;
    onDraft((d) => ({
      ...d,
      edges: [...d.edges.filter((e) => e.source !== c.source), { ...EDGE_LOOK, id: edgeId(c.source, c.target), source: c.source, target: c.target }],
    }));
  }, [onDraft]);

  return (
    <div className="wb-flow-canvas" data-testid="flow-editor">
      <ReactFlow
        nodes={nodes}
        edges={draft.edges}
        nodeTypes={FLOW_NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onBeforeDelete={onBeforeDelete}
        onConnect={readOnly ? undefined : onConnect}
        onPaneClick={() => onSelect(null)}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
        minZoom={0.3}
        maxZoom={1.5}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
        <FitWhenGrown count={draft.nodes.length} />
      </ReactFlow>
    </div>
  );
}

/** Brings every node into view again once a step is added or removed (the new one lands below the others). */
export function FitWhenGrown({ count }: { count: number }) {
  const { fitView } = useReactFlow();
  const measured = useNodesInitialized();
  useEffect(() => {
    // at once, not animated: a node moving under the pointer would take a click meant for it
    if (measured) void fitView({ padding: 0.2, maxZoom: 1 });
  }, [count, measured, fitView]);
  return null;
}
