import type {
  AddSignerBody, CcBody, CcRow, DecideBody, DoneRow, FlowDetail, FlowSaveBody, FlowSummary, FlowVersion, InitiateBody,
  InstanceDetail, InstanceSummary, MineRow, NotificationListBody, NotificationReadBody, RejectBody, TodoRow, TransferBody,
  WorkflowCounts, WorkflowDocType, WorkflowListBody, WorkflowNotification, WorkflowOptions,
} from '@wb/protocol';
import { call } from '@/platform/api/http';

/** The approvals' calls (protocol workflow.ts); the client shows a failure's message itself. */
const W = '/workflow';
const id = (value: string) => encodeURIComponent(value);

export const fetchDocTypes = () => call<WorkflowDocType[]>(`${W}/doc-types`);
export const fetchOptions = () => call<WorkflowOptions>(`${W}/options`);
export const fetchFlows = () => call<FlowSummary[]>(`${W}/flows`);
export const fetchFlow = (docType: string) => call<FlowDetail>(`${W}/flow`, { query: { docType } });
export const fetchFlowVersion = (versionId: string) => call<FlowVersion>(`${W}/flow/version/${id(versionId)}`);
export const saveFlow = (body: FlowSaveBody) => call<FlowVersion>(`${W}/flow/save`, { method: 'POST', body });

export const initiate = (body: InitiateBody) => call<InstanceDetail>(`${W}/initiate`, { method: 'POST', body });
export const fetchInstance = (instanceId: string) => call<InstanceDetail>(`${W}/instance/${id(instanceId)}`);
export const fetchByDocument = (docType: string, docId: string) =>
  call<{ instance: InstanceSummary | null }>(`${W}/by-document`, { query: { docType, docId } });

export type DecisionKind = 'approve' | 'reject' | 'revoke' | 'transfer' | 'addSigner' | 'cc';
type DecisionBody = { approve: DecideBody; reject: RejectBody; revoke: DecideBody; transfer: TransferBody; addSigner: AddSignerBody; cc: CcBody };
const DECISION_PATHS: Record<DecisionKind, string> = {
  approve: 'approve', reject: 'reject', revoke: 'revoke', transfer: 'transfer', addSigner: 'add-signer', cc: 'cc',
};

/** 同意, 驳回, 撤回, 转办, 加签 and 抄送 on an instance: each answers the instance as it now is. */
export const decide = <K extends DecisionKind>(kind: K, instanceId: string, body: DecisionBody[K]) =>
  call<InstanceDetail>(`${W}/${DECISION_PATHS[kind]}/${id(instanceId)}`, { method: 'POST', body });

export const WORKFLOW_TABS = ['todo', 'done', 'mine', 'cc'] as const;
export type WorkflowTab = (typeof WORKFLOW_TABS)[number];
export interface WorkflowRows { todo: TodoRow; done: DoneRow; mine: MineRow; cc: CcRow }

export const fetchWorkflowList = <K extends WorkflowTab>(tab: K, body: WorkflowListBody) =>
  call<{ list: WorkflowRows[K][]; total: number }>(`${W}/list/${tab}`, { method: 'POST', body });

export const fetchCounts = () => call<WorkflowCounts>(`${W}/counts`, { quiet: true });
export const fetchNotifications = (body: NotificationListBody) =>
  call<{ list: WorkflowNotification[]; total: number }>(`${W}/notifications/list`, { method: 'POST', body });
export const readNotifications = (body: NotificationReadBody) => call<{ count: number }>(`${W}/notifications/read`, { method: 'POST', body });
export const WORKFLOW_STREAM_PATH = `/api${W}/stream`;
