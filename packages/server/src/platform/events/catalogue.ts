/**
 * The events the plant tells its subscribers (webhooks, the ERP) about: one key each, its name in
 * both languages and the shape of its payload. A subscription names the keys it wants; emitEvent
 * accepts only these keys with their payload. Weights are tons as decimal strings, times ISO.
 */
export interface EventPayloads {
  /** a ticket got its net: the second weighing, or a manual ticket created */
  'ticket.completed': {
    ticketId: string; ticketNo: string; kind: string; plateNumber: string;
    gross: string | null; tare: string | null; net: string | null; completedAt: string; manual: boolean;
  };
  /** a ticket voided (作废) */
  'ticket.voided': { ticketId: string; ticketNo: string; kind: string; plateNumber: string; previousState: string };
  /** a registered truck let in at the gate (入厂) */
  'registry.letin': { registryId: string; registryNo: string; kind: string; plateNumber: string };
  /** a registered truck let out (出厂), by its ticket or by confirmation */
  'registry.letout': { registryId: string; registryNo: string; kind: string; plateNumber: string; releaseKind: string };
  /** a settlement examined (审核) */
  'settlement.examined': { settlementId: string; settleNo: string; kind: string; ticketCount: number; totalAmount: string };
  /** a receipt or refund audited (审核): the customer's money moved */
  'receipt.audited': { receiptId: string; receiptNo: string; receiptKind: string; customerId: string; amount: string };
  /** the approvals (domain/workflow/events.ts): submitted, a step waiting for its approvers, approved (the document audited), rejected to its initiator, revoked */
  'workflow.submitted': WorkflowEventPayload;
  'workflow.task': WorkflowEventPayload;
  'workflow.approved': WorkflowEventPayload;
  'workflow.rejected': WorkflowEventPayload;
  'workflow.revoked': WorkflowEventPayload;
  /** a weigh ticket uploaded to the ERP (上传ERP): the message documented in the README */
  'erp.ticket': Record<string, unknown>;
  // the uploads to other systems (domain/uploads): each its receiver's own message, built when the document moved
  /** a registry let in or out, to SAP */
  'upload.registry': Record<string, unknown>;
  /** a purchase ticket completed or voided, to SAP (goods receipt or its reversal) */
  'upload.purchase': Record<string, unknown>;
  /** a sales freight settlement examined, to the freight platform */
  'upload.freight': Record<string, unknown>;
  /** the 预警中心 raised an alert (domain/alert/raise.ts): its rule, severity and what it is about */
  'alert.raised': {
    id: string; rule: string; severity: string; message: string; plate: string | null;
    ticketId: string | null; ticketNo: string | null; occurredAt: string;
  };
}

/** What every approval event carries: the approval, its document, who acted, the step and the users it now waits for. */
export interface WorkflowEventPayload {
  instanceId: string; docType: string; docId: string; docNo: string | null; title: string;
  by: string | null; stepIndex: number | null; users: string[]; comment: string | null;
}

export type EventType = keyof EventPayloads;

export interface EventKind {
  key: EventType;
  name: string;
  nameEn: string;
  /**
   * The idempotency key a receiver is told. Every event has its own (`<type>:<event id>`); the ERP's
   * ticket keeps the ticket number (`erp.ticket:<ticket no>`), which its receiver has always deduplicated on.
   */
  keyedByBusinessKey?: boolean;
}

export const EVENT_KINDS: readonly EventKind[] = [
  { key: 'ticket.completed', name: '磅单完成', nameEn: 'Ticket completed' },
  { key: 'ticket.voided', name: '磅单作废', nameEn: 'Ticket voided' },
  { key: 'registry.letin', name: '登记入厂', nameEn: 'Registry let in' },
  { key: 'registry.letout', name: '登记出厂', nameEn: 'Registry let out' },
  { key: 'settlement.examined', name: '结算单审核', nameEn: 'Settlement examined' },
  { key: 'receipt.audited', name: '收款单审核', nameEn: 'Receipt audited' },
  { key: 'workflow.submitted', name: '提交审批', nameEn: 'Approval submitted' },
  { key: 'workflow.task', name: '待审批', nameEn: 'Approval step waiting' },
  { key: 'workflow.approved', name: '审批通过', nameEn: 'Approval finished: approved' },
  { key: 'workflow.rejected', name: '审批驳回', nameEn: 'Approval rejected' },
  { key: 'workflow.revoked', name: '审批撤回', nameEn: 'Approval revoked' },
  { key: 'erp.ticket', name: '磅单上传ERP', nameEn: 'Weigh ticket to the ERP', keyedByBusinessKey: true },
  { key: 'upload.registry', name: '登记单上传SAP', nameEn: 'Registry to SAP' },
  { key: 'upload.purchase', name: '采购磅单上传SAP', nameEn: 'Purchase ticket to SAP' },
  { key: 'upload.freight', name: '销售运费上传第三方', nameEn: 'Sales freight to a third party' },
  { key: 'alert.raised', name: '预警产生', nameEn: 'Alert raised' },
];

export const EVENT_KEYS = EVENT_KINDS.map((k) => k.key);
export const isEventType = (v: string): v is EventType => (EVENT_KEYS as readonly string[]).includes(v);
export const eventOptions = EVENT_KINDS.map((k) => ({ value: k.key, label: k.name, labelEn: k.nameEn }));
