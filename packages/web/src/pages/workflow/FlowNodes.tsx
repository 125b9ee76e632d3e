import { Handle, Position, type Node, type NodeProps, type NodeTypes } from '@xyflow/react';
import { Tag } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { StepStatus } from '@wb/protocol';

/** What a step node shows: its name, who approves, 或签/会签, a condition mark, and on the detail its state. */
export interface StepNodeData extends Record<string, unknown> {
  title: string;
  approvers: string;
  mode: string;
  conditioned: boolean;
  status?: StepStatus;
  statusLabel?: string;
  /** the step has a problem the editor names (no approvers) */
  warning?: boolean;
}
export interface EndNodeData extends Record<string, unknown> { title: string; reached?: boolean }

export type StepNode = Node<StepNodeData, 'step'>;
export type EndNode = Node<EndNodeData, 'start' | 'end'>;

function StepNodeView({ id, data, selected }: NodeProps<StepNode>) {
  const cls = ['wb-flow-step', data.status ? `is-${data.status}` : '', selected ? 'is-selected' : '', data.warning ? 'is-warning' : ''].join(' ');
  return (
    <div className={cls} data-testid={`flow-node-${id}`} data-status={data.status ?? ''}>
      <Handle type="target" position={Position.Top} />
      <div className="wb-flow-step-head">
        <strong>{data.title}</strong>
        <Tag className="wb-flow-step-mode">{data.mode}</Tag>
      </div>
      <div className="wb-flow-step-who">
        {data.conditioned && <FilterOutlined title="condition" />} {data.approvers}
      </div>
      {data.statusLabel && <div className="wb-flow-step-state">{data.statusLabel}</div>}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

function StartNodeView({ id, data }: NodeProps<EndNode>) {
  return (
    <div className={`wb-flow-terminal is-start${data.reached ? ' is-reached' : ''}`} data-testid={`flow-node-${id}`}>
      {data.title}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

function EndNodeView({ id, data }: NodeProps<EndNode>) {
  return (
    <div className={`wb-flow-terminal is-end${data.reached ? ' is-reached' : ''}`} data-testid={`flow-node-${id}`}>
      <Handle type="target" position={Position.Top} />
      {data.title}
    </div>
  );
}

export const FLOW_NODE_TYPES: NodeTypes = { step: StepNodeView, start: StartNodeView, end: EndNodeView };
