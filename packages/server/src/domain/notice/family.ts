import Decimal from 'decimal.js';
import type { DocField, DocumentChildren, DocumentFamily, EntityValues } from '../../platform/documents/define';
import type { ContractKind } from '../../platform/db/schema';
import { checkContractDraws, checkRecoveredDraws } from '../contract/draw';
import { NOTICE_GRANT_FIELD, withGrantCheck } from '../licence/seams';
import { MONEY_BELOW, readFieldsOf } from '../masterdata/shared/fields';
import { NOTICE_KINDS, noticeBase, type NoticeKindDef } from './kinds';
import { isPeerCompany, lineFacts, noticeFactsOf, stampAudit } from './repo';
import { defaultMaxLimit, guardProblem, lineProblems, noticeLifecycle, storedLineProblem } from './rules';
import { lineColumns, NOTICE_LINE_TABLE, noticeForms, noticeListTemplate } from './templates';

/**
 * The four notice families on the document engine: one definition per kind, its header in the
 * kind's view (wb_notice_pu ...) and its lines as child rows, so every action of the document
 * contract serves them; their own actions (updateDone, updateMaxLimit, updateEndTime, import of
 * header and lines) are in routes.ts.
 */
const id = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'id', ...extra });
const tonsField = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({
  name, column, label, type: 'number', scale: 4, min: 0, below: 1e10, ...extra,
});

function headerFields(k: NoticeKindDef): DocField[] {
  const party: DocField[] = k.counterparty === 'vendor'
    ? [id('vendorId', 'vendor_id', '供应商', { required: true, byCode: { name: 'vendorCode', label: '供应商编码', table: 'md_vendor', codeColumn: 'vendor_code', scope: 'group' } })]
    : k.counterparty === 'customer'
      ? [id('customerId', 'customer_id', '客户', { required: true, byCode: { name: 'customerCode', label: '客户编码', table: 'md_customer', codeColumn: 'customer_code', scope: 'group' } })]
      : k.counterparty === 'peer'
        ? [id('peerOrgId', 'peer_org_id', '收货公司', { required: true, byCode: { name: 'peerOrgCode', label: '收货公司编码', table: 'sys_org', codeColumn: 'org_code', scope: 'group' } })]
        : [];
  return [
    { name: 'noticeNo', column: 'notice_no', label: '通知单号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    ...party,
    id('carrierId', 'carrier_id', '承运商', { byCode: { name: 'carrierCode', label: '承运商编码', table: 'md_carrier', codeColumn: 'carrier_code', scope: 'group' } }),
    { name: 'startTime', column: 'start_time', label: '开始时间', type: 'datetime', required: true },
    { name: 'endTime', column: 'end_time', label: '结束时间', type: 'datetime', required: true },
    { name: 'contractNo', column: 'contract_no', label: '合同号', type: 'text', maxLength: 60 },
    { name: 'ctrlMode', column: 'ctrl_mode', label: '控制方式', type: 'enum', required: true, default: 'QUANTITY', options: [{ value: 'QUANTITY', label: '数量控制' }, { value: 'NONE', label: '不控制' }] },
    { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
    ...(k.kind === 'sa' ? [NOTICE_GRANT_FIELD] : []),
  ];
}

function lineFields(k: NoticeKindDef): DocField[] {
  const warehouse = (name: string, column: string, label: string, codeName: string, required: boolean) =>
    id(name, column, label, { required, byCode: { name: codeName, label: `${label}编码`, table: 'md_warehouse', codeColumn: 'ware_code', scope: 'org' } });
  return [
    id('materialId', 'material_id', '物料', { required: true, byCode: { name: 'materialCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' } }),
    ...(k.kind === 'tr'
      ? [warehouse('warehouseId', 'warehouse_id', '调出仓库', 'warehouseCode', true), warehouse('toWarehouseId', 'to_warehouse_id', '调入仓库', 'toWarehouseCode', true)]
      : [warehouse('warehouseId', 'warehouse_id', '仓库', 'warehouseCode', false)]),
    tonsField('quantity', 'quantity', '数量', { required: true }),
    { name: 'price', column: 'price', label: '单价', type: 'number', scale: 4, min: 0, below: MONEY_BELOW },
    { name: 'taxRate', column: 'tax_rate', label: '税率', type: 'number', scale: 4, min: 0, below: 100.0001 },
    { name: 'controlRate', column: 'control_rate', label: '控制比例', type: 'number', scale: 4, min: 0, below: 100.0001, default: '0' },
    tonsField('maxLimit', 'max_limit', '最大限量'),
    tonsField('minLimit', 'min_limit', '最小限量'),
    { name: 'lineSeq', column: 'seq', label: '行号', type: 'integer' },
    { name: 'lineRemark', column: 'remark', label: '明细备注', type: 'text', maxLength: 500 },
    // the contract line it draws on (合同号-行号), for the kinds that have contracts; typed on the
    // form, not taken from the import sheet (whose columns stay as they were)
    ...(k.counterparty === null ? [] : [id('contractLineId', 'contract_line_id', '合同明细', { importable: false, byCode: { name: 'contractLineCode', label: '合同明细', table: 'wb_contract_line_ref', codeColumn: 'line_code', scope: 'org' } })]),
  ];
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function noticeLines(k: NoticeKindDef): DocumentChildren {
  const columns = lineColumns(k);
  return {
    label: '通知单明细', table: NOTICE_LINE_TABLE, parentColumn: 'notice_id',
    fields: lineFields(k),
    readFields: [
      ...readFieldsOf({ formatCode: '', formatName: '', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD_FROM', fields: columns }),
      { name: 'lineSeq', sql: 't.seq' }, { name: 'materialId', sql: 't.material_id::text' },
      { name: 'warehouseId', sql: 't.warehouse_id::text' }, { name: 'toWarehouseId', sql: 't.to_warehouse_id::text' },
      { name: 'lineInTransitTrips', sql: 't.in_transit_trips' },
      { name: 'lineRemaining', sql: 'trim_scale(t.max_limit - t.done_quantity - t.in_transit)' },
    ],
    seq: { field: 'lineSeq', column: 'seq' },
    validate: (v) => lineProblems({
      quantity: text(v.quantity), controlRate: text(v.controlRate), maxLimit: text(v.maxLimit), minLimit: text(v.minLimit),
      warehouseId: text(v.warehouseId), toWarehouseId: text(v.toWarehouseId),
    }, k.kind),
    // the header's lock is held: no truck is reserved against a line of it meanwhile, so what the
    // stored lines carry is what the rewritten ones must keep room for
    checkWrite: async (tx, who, parentId, header, rows) => {
      const drawn = k.counterparty === null ? [] : await checkContractDraws(tx, who.orgId, k.kind as ContractKind, k.counterparty, parentId, header, rows);
      if (!parentId) return drawn;
      const stored = await lineFacts(tx, parentId);
      const problems = [...drawn];
      for (const [lineId, line] of stored) {
        const at = rows.findIndex((r) => r.id === lineId);
        const v = at >= 0 ? rows[at].values : null;
        const max = v ? (v.maxLimit !== null && v.maxLimit !== undefined ? new Decimal(String(v.maxLimit)) : defaultMaxLimit(String(v.quantity), text(v.controlRate))) : null;
        const message = storedLineProblem(line, max);
        if (message) problems.push({ row: at >= 0 ? at + 1 : null, field: at >= 0 ? 'maxLimit' : 'entitysub', message });
      }
      return problems;
    },
    constraintMessages: {
      wb_notice_line_min_max: { field: 'minLimit', message: '最小限量不能大于最大限量' },
      wb_notice_line_max_limit: { field: 'maxLimit', message: '已执行量与在途量之和超过最大限量' },
      wb_notice_line_contract_room: { field: 'quantity', message: '通知单数量超出合同明细的可下达量（合同数量及溢短装）' },
    },
  };
}

export function noticeFamily(k: NoticeKindDef): DocumentFamily {
  const [createForm, updateForm] = noticeForms(k);
  const headerForm = { ...createForm, fields: createForm.fields.filter((f) => f.customTable !== NOTICE_LINE_TABLE) };
  return {
    label: k.label, base: noticeBase(k.kind), permissionPrefix: `notice_${k.kind}`, table: `wb_notice_${k.kind}`, scope: { kind: 'org' },
    code: { field: 'noticeNo', column: 'notice_no' },
    numbering: { docKind: `notice.${k.kind}`, fallback: { prefix: k.prefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: headerFields(k),
    lifecycle: noticeLifecycle, statusColumn: 'doc_status',
    listTemplate: noticeListTemplate(k), forms: [createForm, updateForm],
    readFields: [...readFieldsOf(headerForm), { name: 'auditedAt', sql: 't.audited_at' }],
    copy: 'many',
    // a header and its lines come from one sheet (import.ts, routes.ts); an ERP push of notices with lines (datax) is not built yet
    import: false, datax: false,
    validate: (v: EntityValues) => (v.startTime && v.endTime && new Date(String(v.endTime)) <= new Date(String(v.startTime))
      ? [{ field: 'endTime', message: '结束时间必须晚于开始时间' }] : []),
    // the receiving company of an allot is another company of the same group
    checkWrite: k.counterparty !== 'peer' ? undefined : async (tx, who, _id, values) => {
      const peer = values.peerOrgId === null || values.peerOrgId === undefined ? null : String(values.peerOrgId);
      if (peer === null) return [];
      if (peer === who.orgId) return [{ field: 'peerOrgId', message: '收货公司不能是本公司' }];
      return (await isPeerCompany(tx, who, peer)) ? [] : [{ field: 'peerOrgId', message: '收货公司不是本集团的公司' }];
    },
    onStateAction: async (tx, who, action, ids) => {
      const facts = await noticeFactsOf(tx, ids);
      const problems = facts.flatMap((f) => {
        const message = guardProblem(action, f.noticeNo, k.label, f);
        return message ? [{ field: 'ids', message }] : [];
      });
      if (problems.length === 0 && action === 'audit') await stampAudit(tx, ids, who.userId);
      if (problems.length === 0 && action === 'recover' && k.counterparty !== null) return checkRecoveredDraws(tx, who.orgId, ids);
      return problems;
    },
    constraintMessages: {
      wb_notice_period: { field: 'endTime', message: '结束时间必须晚于开始时间' },
      wb_notice_peer: { field: 'peerOrgId', message: '收货公司不能是本公司' },
      wb_notice_line_max_limit: { field: 'ctrlMode', message: '已执行量与在途量之和超过最大限量，不能改为数量控制' },
      wb_notice_line_contract_room: { field: 'ids', message: '通知单数量超出合同明细的可下达量（合同数量及溢短装）' },
    },
    children: k.kind === 'sa' ? withGrantCheck(noticeLines(k)) : noticeLines(k),
  };
}

export const NOTICE_FAMILIES: DocumentFamily[] = NOTICE_KINDS.map(noticeFamily);
