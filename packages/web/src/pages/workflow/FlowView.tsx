import { useMemo } from 'react';
import { Background, Controls, ReactFlow, type Node } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { InstanceDetail } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { graphOf } from './flow-graph';
import { draftEdges, draftNodes } from './FlowEditor';
import { FLOW_NODE_TYPES } from './FlowNodes';

/**
 * An approval's flow drawn read-only (the flow version it runs on), each step with its state and
 * who holds it: the step waiting now is lit, decided ones green or red, skipped ones dashed.
 */
export function FlowView({ instance }: { instance: Pick<InstanceDetail, 'flow' | 'steps' | 'status'> }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const { nodes, edges } = useMemo(() => {
    const graph = graphOf(instance.flow.definition.steps, instance.flow.layout);
    const byKey = new Map(instance.steps.map((s) => [s.key, s]));
    const defined = new Map(instance.flow.definition.steps.map((s) => [s.key, s]));
    const nodes = draftNodes(graph).map((n): Node => {
      if (n.type !== 'step') {
        const reached = n.type === 'end' ? instance.status === 'approved' : true;
        return { ...n, data: { title: t(`workflow.node.${n.type === 'start' ? 'start' : 'end'}`), reached } };
      }
      const step = byKey.get(n.id);
      const def = defined.get(n.id);
      const name = (english && (step?.nameEn ?? def?.nameEn)) || step?.name || def?.name || n.id;
      const tasks = step?.tasks ?? [];
      // a step not reached yet has no tasks: who it will go to, as the flow says
      const planned = !def ? '' : def.approvers.kind === 'users' ? `${t('workflow.step.users')} × ${def.approvers.userIds.length}`
        : t(def.approvers.kind === 'role' ? 'workflow.step.role' : 'workflow.step.deptHead');
      return {
        ...n,
        data: {
          title: name,
          approvers: tasks.map((task) => `${task.user.name}${task.status === 'pending' ? '' : `(${t(`workflow.taskStatus.${task.status}`)})`}`).join('、') || planned,
          mode: (step?.mode ?? def?.mode) === 'all' ? t('workflow.step.allShort') : t('workflow.step.anyShort'),
          conditioned: Boolean(def?.condition),
          status: step?.status,
          statusLabel: step ? t(`workflow.stepStatus.${step.status}`) : undefined,
        },
      };
    });
    const lit = new Set(instance.steps.filter((s) => s.status === 'approved' || s.status === 'skipped').map((s) => s.key));
    lit.add('start');
    const edges = draftEdges(graph).map((e) => ({ ...e, animated: lit.has(e.source) && byKey.get(e.target)?.status === 'active' }));
    return { nodes, edges };
  }, [instance, english, t]);

  return (
    <div className="wb-flow-canvas is-small" data-testid="flow-view">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={FLOW_NODE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        deleteKeyCode={null}
        zoomOnScroll={false}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
        minZoom={0.3}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
