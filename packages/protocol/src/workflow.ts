import { z } from 'zod';
import { idSchema } from './id';

/**
 * Approvals (审批流程): an administrator defines, per document type, a flow of steps (流程配置);
 * a document of that type is then submitted (提交审批) and walks the steps before its own audit runs.
 *
 * Calls (all JSON; every list is scoped to the caller and the session's current company):
 *
 *   GET  /api/workflow/doc-types                       -> WorkflowDocType[]   (types under approval and their condition fields)
 *   GET  /api/workflow/options                         -> WorkflowOptions     (users, roles of the company: approver pickers)
 *   GET  /api/workflow/flows                           -> FlowSummary[]       (one row per document type, its current version)
 *   GET  /api/workflow/flow?docType=                   -> FlowDetail          (current version, null when none, and every version)
 *   GET  /api/workflow/flow/version/:id                -> FlowVersion
 *   POST /api/workflow/flow/save        FlowSaveBody   -> FlowVersion         (a new version; 400 names the problem)
 *   POST /api/workflow/initiate         InitiateBody   -> InstanceDetail      (提交审批)
 *   POST /api/workflow/approve/:id      DecideBody     -> InstanceDetail      (:id = the instance)
 *   POST /api/workflow/reject/:id       RejectBody     -> InstanceDetail
 *   POST /api/workflow/revoke/:id       DecideBody     -> InstanceDetail      (the initiator, before the last step decides)
 *   POST /api/workflow/transfer/:id     TransferBody   -> InstanceDetail      (the caller's task goes to another person)
 *   POST /api/workflow/add-signer/:id   AddSignerBody  -> InstanceDetail      (加签: more approvers on the current step)
 *   POST /api/workflow/cc/:id           CcBody         -> InstanceDetail      (收件人/抄送/密送)
 *   GET  /api/workflow/instance/:id                    -> InstanceDetail      (the page /activti/detail/:id)
 *   GET  /api/workflow/by-document?docType=&docId=     -> { instance: InstanceSummary | null }  (a document's latest approval)
 *   POST /api/workflow/list/todo        WorkflowListBody -> { list: TodoRow[], total }     我的待办
 *   POST /api/workflow/list/done        WorkflowListBody -> { list: DoneRow[], total }     我的已办
 *   POST /api/workflow/list/mine        WorkflowListBody -> { list: MineRow[], total }     我发起的
 *   POST /api/workflow/list/cc          WorkflowListBody -> { list: CcRow[], total }       抄送我的
 *   GET  /api/workflow/counts                          -> WorkflowCounts      (home page and the top bar's badge)
 *   POST /api/workflow/notifications/list NotificationListBody -> { list: WorkflowNotification[], total }
 *   POST /api/workflow/notifications/read NotificationReadBody -> { count }
 *   GET  /api/workflow/stream  (text/event-stream)     event `counts`, data WorkflowCounts: sent on open and
 *                                                      whenever something reaches the caller (a task, a decision, a copy)
 *
 * Errors: 400 with a message for bad input or a refused rule; 409 when the step or instance was decided
 * meanwhile (另一位审批人已处理 ...): the screen reloads the detail.
 */

// ---------------------------------------------------------------- flow definition

/** 或签: any one approver decides the step; 会签: every approver must approve. */
export const APPROVAL_MODES = ['any', 'all'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** Where a rejection sends the document: back to its initiator (the document returns to draft) or to the previous step. */
export const REJECT_TARGETS = ['initiator', 'previous'] as const;
export type RejectTarget = (typeof REJECT_TARGETS)[number];

/** Operators of a step's condition on the document: >=, <=, =, in (one of a list). */
export const CONDITION_OPS = ['>=', '<=', '=', 'in'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

/** Most steps, approvers and conditions a flow may carry. */
export const FLOW_STEPS_MAX = 30;
export const STEP_USERS_MAX = 50;
export const STEP_CONDITIONS_MAX = 10;
export const CONDITION_VALUES_MAX = 200;

const conditionScalar = z.union([z.string().max(200), z.number().finite()]);

/**
 * One test on a field of the document (the field keys each document type declares, WorkflowDocType.fields).
 * A 'money' field is compared in cents; an 'id' field (material class, party) by id as text.
 */
export const flowCondition = z.strictObject({
  field: z.string().min(1, '请选择条件字段').max(100),
  op: z.enum(CONDITION_OPS),
  value: z.union([conditionScalar, z.array(conditionScalar).min(1, '请至少填写一个值').max(CONDITION_VALUES_MAX)]),
});
export type FlowCondition = z.infer<typeof flowCondition>;

/**
 * When a step runs: 'skip' = the step is skipped when every condition holds; 'require' = the step runs
 * only when every condition holds (skipped otherwise). No condition: the step always runs.
 */
export const stepCondition = z.strictObject({
  effect: z.enum(['skip', 'require']),
  conditions: z.array(flowCondition).min(1, '请至少填写一个条件').max(STEP_CONDITIONS_MAX),
});
export type StepCondition = z.infer<typeof stepCondition>;

/** Who approves a step: named users, every holder of a role in the company, or the head of the initiator's department. */
export const stepApprovers = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('users'), userIds: z.array(idSchema).max(STEP_USERS_MAX) }),
  z.strictObject({ kind: z.literal('role'), roleId: idSchema }),
  z.strictObject({ kind: z.literal('deptHead') }),
]);
export type StepApprovers = z.infer<typeof stepApprovers>;

export const flowStep = z.strictObject({
  /** stable within the flow: the diagram node's id */
  key: z.string().min(1).max(64),
  name: z.string().trim().min(1, '请填写步骤名称').max(60),
  nameEn: z.string().trim().max(60).nullish(),
  approvers: stepApprovers,
  mode: z.enum(APPROVAL_MODES),
  condition: stepCondition.nullish(),
  rejectTo: z.enum(REJECT_TARGETS),
  /** hours a task may wait before its approvers are reminded (the reminder job); none: the flow's default */
  remindAfterHours: z.number().int().min(1).max(24 * 30).nullish(),
});
export type FlowStep = z.infer<typeof flowStep>;

/** The node editor's drawing, saved as it is and checked against the steps: start -> steps in order -> end, no cycle. */
export const flowLayout = z.strictObject({
  nodes: z.array(z.strictObject({
    id: z.string().min(1).max(64),
    /** 'step' nodes carry the step's key as id */
    type: z.enum(['start', 'step', 'end']),
    x: z.number().finite(),
    y: z.number().finite(),
  })).max(FLOW_STEPS_MAX + 2),
  edges: z.array(z.strictObject({
    id: z.string().max(64).nullish(),
    source: z.string().min(1).max(64),
    target: z.string().min(1).max(64),
  })).max(FLOW_STEPS_MAX * 2 + 2),
});
export type FlowLayout = z.infer<typeof flowLayout>;

export const flowDefinition = z.strictObject({
  steps: z.array(flowStep).min(1, '流程至少要有一个审批步骤').max(FLOW_STEPS_MAX),
});
export type FlowDefinition = z.infer<typeof flowDefinition>;

/** Save a flow: a new version of the document type's flow. enabled false: documents of the type audit as without a flow. */
export const flowSaveBody = z.strictObject({
  docType: z.string().min(1).max(60),
  name: z.string().trim().min(1, '请填写流程名称').max(60),
  definition: flowDefinition,
  /** when given, the order of the steps is the order of its edges, and it must agree with the steps */
  layout: flowLayout.nullish(),
  enabled: z.boolean(),
});
export type FlowSaveBody = z.infer<typeof flowSaveBody>;

export interface FlowVersion {
  id: string;
  docType: string;
  name: string;
  version: number;
  enabled: boolean;
  definition: FlowDefinition;
  layout: FlowLayout | null;
  createdAt: string;
  createdBy: string | null;
  createdByName: string | null;
  /** documents still in flight on this version */
  runningCount: number;
}

export interface FlowSummary {
  docType: string;
  docTypeName: string;
  docTypeNameEn: string;
  /** null: no flow, the document audits as without approvals */
  current: { id: string; name: string; version: number; enabled: boolean; stepCount: number; createdAt: string } | null;
}

export interface FlowDetail {
  docType: string;
  current: FlowVersion | null;
  versions: { id: string; version: number; enabled: boolean; createdAt: string; createdByName: string | null; runningCount: number }[];
}

// ---------------------------------------------------------------- document types

export const DOC_FIELD_TYPES = ['text', 'number', 'money', 'id', 'date'] as const;
export type DocFieldType = (typeof DOC_FIELD_TYPES)[number];

/** A field of a document a condition may test and the detail shows. */
export interface WorkflowDocField {
  key: string;
  name: string;
  nameEn: string;
  type: DocFieldType;
  /** usable in a step's condition */
  condition: boolean;
}

export interface WorkflowDocType {
  key: string;
  name: string;
  nameEn: string;
  /** the document's own list screen, when it has one */
  menuPath: string | null;
  /** the document's calls' base path (a list template's resUrl less /v2/list): a list's 提交审批 button finds its type by it */
  base: string | null;
  fields: WorkflowDocField[];
}

export interface WorkflowOptions {
  users: { id: string; name: string; username: string }[];
  roles: { id: string; name: string; code: string }[];
}

// ---------------------------------------------------------------- calls

export const initiateBody = z.strictObject({
  docType: z.string().min(1).max(60),
  docId: idSchema,
  comment: z.string().trim().max(500).nullish(),
});
export type InitiateBody = z.infer<typeof initiateBody>;

export const decideBody = z.strictObject({
  comment: z.string().trim().max(500).nullish(),
});
export type DecideBody = z.infer<typeof decideBody>;

export const rejectBody = z.strictObject({
  comment: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(500),
});
export type RejectBody = z.infer<typeof rejectBody>;

export const transferBody = z.strictObject({
  userId: idSchema,
  comment: z.string().trim().max(500).nullish(),
});
export type TransferBody = z.infer<typeof transferBody>;

export const addSignerBody = z.strictObject({
  userIds: z.array(idSchema).min(1, '请选择加签人').max(STEP_USERS_MAX),
  comment: z.string().trim().max(500).nullish(),
});
export type AddSignerBody = z.infer<typeof addSignerBody>;

/** 收件人 (to) / 抄送 (cc) / 密送 (bcc): a bcc recipient is seen by the sender and themselves only. */
export const CC_KINDS = ['to', 'cc', 'bcc'] as const;
export type CcKind = (typeof CC_KINDS)[number];

export const ccBody = z.strictObject({
  to: z.array(idSchema).max(STEP_USERS_MAX).default([]),
  cc: z.array(idSchema).max(STEP_USERS_MAX).default([]),
  bcc: z.array(idSchema).max(STEP_USERS_MAX).default([]),
  comment: z.string().trim().max(500).nullish(),
}).refine((b) => b.to.length + b.cc.length + b.bcc.length > 0, { message: '请选择收件人', path: ['to'] });
export type CcBody = z.infer<typeof ccBody>;

export const WORKFLOW_PAGE_LIMIT_MAX = 200;

export const workflowListBody = z.strictObject({
  page: z.number().int().min(1).max(100_000).default(1),
  limit: z.number().int().min(1).max(WORKFLOW_PAGE_LIMIT_MAX).default(20),
  docType: z.string().max(60).nullish(),
  /** the document's number or title contains it */
  keyword: z.string().trim().max(100).nullish(),
});
export type WorkflowListBody = z.input<typeof workflowListBody>;

export const notificationListBody = z.strictObject({
  page: z.number().int().min(1).max(100_000).default(1),
  limit: z.number().int().min(1).max(WORKFLOW_PAGE_LIMIT_MAX).default(20),
  unreadOnly: z.boolean().default(false),
});
export type NotificationListBody = z.input<typeof notificationListBody>;

export const notificationReadBody = z.union([
  z.strictObject({ ids: z.array(idSchema).min(1).max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type NotificationReadBody = z.infer<typeof notificationReadBody>;

// ---------------------------------------------------------------- instances

export const INSTANCE_STATUSES = ['running', 'approved', 'rejected', 'revoked'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

export const STEP_STATUSES = ['waiting', 'active', 'approved', 'rejected', 'skipped'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const TASK_STATUSES = ['pending', 'approved', 'rejected', 'transferred', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const WORKFLOW_ACTIONS = [
  'initiate', 'approve', 'reject', 'revoke', 'transfer', 'addSigner', 'cc', 'skip', 'finish', 'remind',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

export const WORKFLOW_ACTION_NAMES: Record<WorkflowAction, { zh: string; en: string }> = {
  initiate: { zh: '提交审批', en: 'Submitted' },
  approve: { zh: '同意', en: 'Approved' },
  reject: { zh: '驳回', en: 'Rejected' },
  revoke: { zh: '撤回', en: 'Revoked' },
  transfer: { zh: '转办', en: 'Transferred' },
  addSigner: { zh: '加签', en: 'Signer added' },
  cc: { zh: '抄送', en: 'Copied' },
  skip: { zh: '跳过', en: 'Skipped' },
  finish: { zh: '审批通过', en: 'Completed' },
  remind: { zh: '催办提醒', en: 'Reminder' },
};

export const INSTANCE_STATUS_NAMES: Record<InstanceStatus, { zh: string; en: string }> = {
  running: { zh: '审批中', en: 'In approval' },
  approved: { zh: '已通过', en: 'Approved' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  revoked: { zh: '已撤回', en: 'Revoked' },
};

export interface WorkflowUserRef { id: string; name: string }

export interface InstanceTask {
  id: string;
  user: WorkflowUserRef;
  status: TaskStatus;
  comment: string | null;
  decidedAt: string | null;
  /** added by 加签 or received by 转办 from this person */
  addedBy: WorkflowUserRef | null;
}

export interface InstanceStep {
  index: number;
  key: string;
  name: string;
  nameEn: string | null;
  mode: ApprovalMode;
  rejectTo: RejectTarget;
  status: StepStatus;
  tasks: InstanceTask[];
}

export interface TimelineEntry {
  id: string;
  at: string;
  action: WorkflowAction;
  user: WorkflowUserRef | null;
  stepIndex: number | null;
  stepName: string | null;
  comment: string | null;
  /** the people it reached: the new approver of a transfer, added signers, the copied */
  targets: WorkflowUserRef[];
}

export interface InstanceSummary {
  id: string;
  docType: string;
  docTypeName: string;
  docTypeNameEn: string;
  docId: string;
  docNo: string | null;
  title: string;
  status: InstanceStatus;
  initiator: WorkflowUserRef;
  startedAt: string;
  finishedAt: string | null;
  /** the step waiting now (running only) */
  currentStep: { index: number; name: string; nameEn: string | null } | null;
  flowVersion: number;
}

export interface InstanceDetail extends InstanceSummary {
  /** the document's fields for a read-only form, in the order its type declares them */
  document: { key: string; name: string; nameEn: string; type: DocFieldType; value: string | number | null; display: string | null }[];
  /** the document's own screen, to open it */
  menuPath: string | null;
  steps: InstanceStep[];
  timeline: TimelineEntry[];
  flow: { id: string; name: string; version: number; definition: FlowDefinition; layout: FlowLayout | null };
  /** what the caller may do now */
  can: { approve: boolean; reject: boolean; revoke: boolean; transfer: boolean; addSigner: boolean; cc: boolean };
}

interface RowBase {
  instanceId: string;
  docType: string;
  docTypeName: string;
  docTypeNameEn: string;
  docId: string;
  docNo: string | null;
  title: string;
  initiatorName: string;
  startedAt: string;
  status: InstanceStatus;
  currentStepName: string | null;
}

/** 我的待办: a task of the caller waiting now. */
export interface TodoRow extends RowBase { taskId: string; stepName: string; waitingSince: string }
/** 我的已办: an instance the caller acted on (their latest action). */
export interface DoneRow extends RowBase { myAction: WorkflowAction; myActionAt: string; myComment: string | null }
/** 我发起的 */
export interface MineRow extends RowBase { finishedAt: string | null }
/** 抄送我的 */
export interface CcRow extends RowBase { ccId: string; kind: CcKind; sentBy: string; sentAt: string; read: boolean }

export interface WorkflowCounts {
  todo: number;
  done: number;
  mine: number;
  /** copies received */
  cc: number;
  /** copies not yet opened (the detail marks them read) */
  ccUnread: number;
  /** in-app notifications not yet read: the top bar's badge */
  unread: number;
}

export const NOTIFICATION_KINDS = ['task', 'approved', 'rejected', 'revoked', 'transferred', 'cc', 'remind'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface WorkflowNotification {
  id: string;
  kind: NotificationKind;
  instanceId: string;
  title: string;
  body: string;
  createdAt: string;
  read: boolean;
}

/** The server-sent event the stream carries. */
export const WORKFLOW_STREAM_EVENT = 'counts';

/** The pages and the menu's components (the web registers these names). */
export const WORKFLOW_DETAIL_PATH = '/activti/detail/:id';
export const workflowDetailPath = (instanceId: string) => `/activti/detail/${instanceId}`;
export const WORKFLOW_COMPONENTS = { todo: 'WorkflowTodo', config: 'WorkflowConfig' } as const;
