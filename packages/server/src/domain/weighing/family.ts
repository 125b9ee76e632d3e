import { isValidPlate, normalisePlate } from '@wb/protocol';
import type { DocField, DocumentFamily } from '../../platform/documents/define';
import type { Lifecycle } from '../../platform/documents/lifecycle';
import { readFieldsOf } from '../masterdata/shared/fields';
import { manualTicketCompleted, prepareManualTicket } from './manual';
import { TICKET_KIND_INFO, TICKET_KINDS, ticketBase, ticketNumbering, ticketPermission, type TicketKind } from './kinds';
import { STATE_TO_DB } from './repo';
import { STATE_WORDS, ticketTransitions, type TicketAction, type TicketState } from './rules/transitions';
import { ticketForms, ticketListTemplate, ticketView } from './templates';

/**
 * Weigh tickets on the document engine: v2/list, get, export, the manual ticket's create and update,
 * and delList. Every other move (audit, down, obsolete, deduct, print...) is the ticket's own
 * action (actions.ts), decided on its transition table, because it moves quantities and stock too.
 */
const weight = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({
  name, column, label, type: 'number', scale: 4, min: 0, below: 1e7, ...extra,
});

/** What a manual ticket types, then what the server derives (manual.ts writes those, whatever the request says). */
const FIELDS: DocField[] = [
  { name: 'ticketNo', column: 'ticket_no', label: '磅单号', type: 'text', updatable: false, unique: true, maxLength: 40 },
  { name: 'plateNumber', column: 'plate_number', label: '车牌号', type: 'text', required: true, maxLength: 12, normalise: normalisePlate, updatable: false,
    check: (v) => (isValidPlate(v) ? null : `车牌号 ${v} 格式不正确`) },
  { name: 'materialId', column: 'material_id', label: '物料', type: 'id', required: true, importable: false },
  { name: 'warehouseId', column: 'warehouse_id', label: '仓库', type: 'id', importable: false },
  weight('gross', 'gross', '毛重', { required: true }),
  weight('tare', 'tare', '皮重', { required: true }),
  { name: 'price', column: 'price', label: '单价', type: 'number', scale: 4, min: 0, below: 1e15 },
  { name: 'driverName', column: 'driver_name', label: '司机', type: 'text', maxLength: 40 },
  { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
  // derived by manual.ts
  weight('net', 'net', '净重', { importable: false, derived: true }),
  weight('deductTotal', 'deduct_total', '扣重', { importable: false, derived: true }),
  { name: 'amount', column: 'amount', label: '金额', type: 'number', scale: 4, below: 1e15, importable: false, derived: true },
  { name: 'state', column: 'state', label: '状态', type: 'enum', options: [{ value: 'COMPLETED', label: '已完成' }], importable: false, updatable: false },
  { name: 'firstIs', column: 'first_is', label: '首次称重', type: 'enum', options: [{ value: 'GROSS', label: '毛重' }], importable: false, updatable: false },
  { name: 'manual', column: 'manual', label: '手工单', type: 'boolean', importable: false, updatable: false },
  { name: 'tareSource', column: 'tare_source', label: '皮重来源', type: 'enum', options: [{ value: 'MANUAL', label: '手工录入' }], importable: false, updatable: false },
  // the weighing times of a manual ticket are its entry's (manual.ts), whatever a request says
  { name: 'grossTime', column: 'gross_time', label: '毛重时间', type: 'datetime', importable: false, updatable: false, derived: true },
  { name: 'tareTime', column: 'tare_time', label: '皮重时间', type: 'datetime', importable: false, updatable: false, derived: true },
  { name: 'completedAt', column: 'completed_at', label: '完成时间', type: 'datetime', importable: false, updatable: false, derived: true },
];

/** The states of the ticket's own table that allow an action, as the engine's state column holds them. */
const statesAllowing = (action: TicketAction) =>
  (Object.keys(ticketTransitions) as TicketState[]).filter((s) => action in ticketTransitions[s]).map((s) => STATE_TO_DB[s] as string);

/** The engine edits a completed manual ticket (manual.ts checks the rest) and deletes what counts for nothing. */
const engineLifecycle = {
  update: { from: ['FREE'], whenExtra: statesAllowing('update'), change: {} },
  delete: { from: ['FREE'], whenExtra: statesAllowing('delete'), change: {} },
} as const satisfies Lifecycle;

const STATE_WORDS_DB = Object.fromEntries(Object.entries(STATE_WORDS).map(([k, v]) => [STATE_TO_DB[k as keyof typeof STATE_TO_DB], v]));

export function ticketFamily(kind: TicketKind): DocumentFamily {
  const [createForm, updateForm] = ticketForms(kind);
  return {
    label: '磅单', base: ticketBase(kind), permissionPrefix: ticketPermission(kind), table: ticketView(kind), scope: { kind: 'org' },
    code: { field: 'ticketNo', column: 'ticket_no' }, numbering: ticketNumbering(kind), fields: FIELDS,
    lifecycle: engineLifecycle, extraState: { column: 'state', words: STATE_WORDS_DB },
    listTemplate: ticketListTemplate(kind), forms: [createForm, updateForm],
    readFields: [
      ...readFieldsOf(createForm),
      { name: 'state', sql: 't.state' }, { name: 'firstIs', sql: 't.first_is' }, { name: 'tareSource', sql: 't.tare_source' },
      { name: 'deductTotal', sql: 't.deduct_total' }, { name: 'amount', sql: 't.amount' }, { name: 'manual', sql: 't.manual' },
      { name: 'unusualConfirmed', sql: 't.unusual_confirmed' },
      { name: 'grossTime', sql: 't.gross_time' }, { name: 'tareTime', sql: 't.tare_time' }, { name: 'completedAt', sql: 't.completed_at' },
      { name: 'printCount', sql: 't.print_count' }, { name: 'uploadedAt', sql: 't.uploaded_at' }, { name: 'registryId', sql: 't.registry_id::text' },
      { name: 'noticeLineId', sql: 't.notice_line_id::text' }, { name: 'warnings', sql: 't.warnings' },
      { name: 'priceSource', sql: 't.price_source' }, { name: 'priceRef', sql: 't.price_ref' }, { name: 'priceLabel', sql: 't.price_label' },
      // 085, 086: the gauged figures and the price basis, the production batch (gauge/, domain/batch)
      { name: 'priceBasis', sql: 't.price_basis' }, { name: 'gaugeVolume', sql: 't.gauge_volume' }, { name: 'gaugeTons', sql: 't.gauge_tons' },
      { name: 'siloId', sql: 't.silo_id::text' }, { name: 'siloName', sql: '(SELECT s.silo_name FROM md_silo s WHERE s.org_id = t.org_id AND s.id = t.silo_id)' },
      { name: 'batchId', sql: 't.batch_id::text' }, { name: 'batchNo', sql: '(SELECT b.batch_no FROM md_batch b WHERE b.org_id = t.org_id AND b.id = t.batch_id)' },
      { name: 'deductions', sql: `(SELECT coalesce(json_agg(json_build_object('kind', d.kind, 'mode', d.mode, 'value', d.value, 'amount', d.amount) ORDER BY d.id), '[]') FROM wb_ticket_deduction d WHERE d.ticket_id = t.id)` },
      { name: 'readings', sql: `(SELECT coalesce(json_agg(json_build_object('reading', w.reading, 'weight', w.weight, 'stable', w.stable, 'weighedAt', w.weighed_at, 'station', w.station) ORDER BY w.id), '[]') FROM wb_weighing w WHERE w.ticket_id = t.id)` },
      // 104: the receiver's confirmation of a sales delivery (收货确认, domain/driver)
      { name: 'receiverName', sql: '(SELECT x.receiver_name FROM drv_receipt x WHERE x.org_id = t.org_id AND x.ticket_id = t.id)' },
      { name: 'receivedAt', sql: '(SELECT x.received_at FROM drv_receipt x WHERE x.org_id = t.org_id AND x.ticket_id = t.id)' },
      { name: 'receiptSignatureFileId', sql: '(SELECT x.signature_file_id::text FROM drv_receipt x WHERE x.org_id = t.org_id AND x.ticket_id = t.id)' },
    ],
    copy: 'none', import: false, datax: false,
    // the manual ticket's net and amount are the rules', derived before the engine reads the entity
    prepare: prepareManualTicket,
    // a manual ticket is born completed: its subscribers hear of it as of a second weighing
    afterCreate: manualTicketCompleted,
    constraintMessages: {
      wb_ticket_gross_over_tare: { field: 'tare', message: '皮重不能大于毛重' },
      wb_ticket_open_plate_uq: { field: 'plateNumber', message: '该车辆有未完成的磅单' },
    },
  };
}

export const TICKET_FAMILIES: Record<TicketKind, DocumentFamily> = Object.fromEntries(TICKET_KINDS.map((k) => [k, ticketFamily(k)])) as Record<TicketKind, DocumentFamily>;
export const ticketLabel = (kind: TicketKind) => TICKET_KIND_INFO[kind].label;
