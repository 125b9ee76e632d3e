import type { DocField, DocumentChildren, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { draftLifecycle } from '../../platform/documents/lifecycle';
import { MONEY_BELOW, readFieldsOf } from '../masterdata/shared/fields';
import {
  BASIS_VALUES, CHARGE_VALUES, CONTRACT_BASE, CONTRACT_PREFIX, KIND_VALUES, LOSS_VALUES, PLAN_BASE, PLAN_PREFIX, PRICE_BASE, PRICE_PREFIX,
} from './kinds';
import { planStateProblems, preparePlan } from './plan-price';
import {
  contractsWithoutLines, contractWrittenPrices, endContractPrices, plansOnContracts, removeContractPrices, stampAudit, strangerClasses, writeContractPrices,
} from './repo';
import { keyProblems, lossProblem, windowProblem } from './rules';
import { CONTRACT_LINE_TABLE, CONTRACT_TABLE, contractForms, contractListTemplate, PLAN_TABLE, planForms, planListTemplate, PRICE_TABLE, priceForms, priceListTemplate } from './templates';

/**
 * Freight contracts, freight prices and freight plans on the document engine, one family each
 * over the four kinds (pu, sa, al, tr: a kind column, chosen on create). A contract's audit writes
 * its lines as audited freight prices (repo.ts), so resolution reads one table (resolve.ts).
 */
const id = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'id', ...extra });
const code = (name: string, label: string, table: string, codeColumn: string, scope: 'group' | 'org') => ({ name, label, table, codeColumn, scope });
const CARRIER = code('carrierCode', '承运商编码', 'md_carrier', 'carrier_code', 'group');
const ROUTE = code('routeCode', '线路编码', 'md_line', 'line_code', 'org');
const MATERIAL = code('materialCode', '物料编码', 'md_material', 'inv_code', 'group');
const MATERIAL_CLASS = code('materialClassCode', '物料分类编码', 'md_material_class', 'invc_code', 'group');
const money = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'number', scale: 4, min: 0, below: MONEY_BELOW, ...extra });
const distance: DocField = { name: 'distanceKm', column: 'distance_km', label: '运距', type: 'number', scale: 3, min: 0, below: 1e7 };
const kindField: DocField = { name: 'kind', column: 'kind', label: '业务类型', type: 'enum', required: true, updatable: false, options: KIND_VALUES };
// a region is named as 区域档案 names it (masterdata/region): a form picks it from the tree; a push, a sheet or a call may not bring another
const region: DocField = {
  name: 'region', column: 'region', label: '区域', type: 'text', maxLength: 100,
  named: { label: '区域', table: 'md_region', nameColumn: 'region_name', scope: 'org', archive: '区域档案' },
};
const remark: DocField = { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 };

const TERMS: DocField[] = [
  { name: 'basis', column: 'basis', label: '计费依据', type: 'enum', required: true, default: 'OUR_NET', options: BASIS_VALUES },
  { name: 'chargeMode', column: 'charge_mode', label: '计费方式', type: 'enum', required: true, default: 'TON', options: CHARGE_VALUES },
  { name: 'taxRate', column: 'tax_rate', label: '税率', type: 'number', scale: 4, min: 0, below: 100.0001 },
  { name: 'lossMode', column: 'loss_mode', label: '合理路耗方式', type: 'enum', options: LOSS_VALUES },
  { name: 'lossValue', column: 'loss_value', label: '合理路耗', type: 'number', scale: 4, min: 0, below: 1e10 },
];

const problemsOf = (...ps: ({ field: string; message: string } | null)[]) => ps.filter((p): p is { field: string; message: string } => p !== null);
const windowOf = (from: unknown, to: unknown, field: string) => {
  const message = windowProblem(from, to);
  return message ? { field, message } : null;
};
const classOf = (v: EntityValues) => (v.materialClassId === null || v.materialClassId === undefined || v.materialClassId === '' ? null : String(v.materialClassId));
const CLASS_MESSAGE = '物料分类不存在';

const CONSTRAINTS = {
  place: { field: 'region', message: '线路与区域只能填写其一' },
  goods: { field: 'materialClassId', message: '物料与物料分类只能填写其一' },
  loss: { field: 'lossValue', message: '合理路耗方式与合理路耗须同时填写' },
};

// ---- contracts

/** 草稿 FREE -audit-> 生效 AUDITED -close-> 已关闭 CLOSED; a draft may be voided; the audit withdrawn while no plan is priced by it. */
export const contractLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' } },
  close: { from: ['AUDITED'], change: { status: 'CLOSED' } },
  obsolete: { from: ['FREE'], change: { status: 'OBSOLETE' } },
  recover: { from: ['OBSOLETE'], change: { status: 'FREE' } },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE'], change: {} },
} as const;

function contractLines(): DocumentChildren {
  const columns = contractForms()[0].fields.filter((f) => f.customTable === CONTRACT_LINE_TABLE);
  return {
    label: '合同明细', table: CONTRACT_LINE_TABLE, parentColumn: 'contract_id',
    fields: [
      id('routeId', 'route_id', '线路', { byCode: ROUTE }), region,
      id('materialId', 'material_id', '物料', { byCode: MATERIAL }), id('materialClassId', 'material_class_id', '物料分类', { byCode: MATERIAL_CLASS }),
      money('price', 'price', '运价', { required: true }), distance,
      { name: 'lineSeq', column: 'seq', label: '行号', type: 'integer' },
      { name: 'lineRemark', column: 'remark', label: '明细备注', type: 'text', maxLength: 500 },
    ],
    readFields: [
      ...readFieldsOf({ formatCode: '', formatName: '', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD_FROM', fields: columns }),
      { name: 'lineSeq', sql: 't.seq' }, { name: 'routeId', sql: 't.route_id::text' }, { name: 'materialId', sql: 't.material_id::text' },
      { name: 'materialClassId', sql: 't.material_class_id::text' },
    ],
    seq: { field: 'lineSeq', column: 'seq' },
    validate: (v) => keyProblems(v),
    checkWrite: async (tx, who, _parentId, _header, rows) => {
      const stranger = await strangerClasses(tx, who.groupId, rows.flatMap((r) => classOf(r.values) ?? []));
      return rows.flatMap((r, i) => (stranger.has(classOf(r.values) ?? '') ? [{ row: i + 1, field: 'materialClassCode', message: CLASS_MESSAGE }] : []));
    },
    constraintMessages: { wb_freight_contract_line_place: CONSTRAINTS.place, wb_freight_contract_line_goods: CONSTRAINTS.goods },
  };
}

export function contractFamily(): DocumentFamily {
  const [createForm, updateForm] = contractForms();
  const headerForm = { ...createForm, fields: createForm.fields.filter((f) => f.customTable !== CONTRACT_LINE_TABLE) };
  return {
    label: '运费合同', base: CONTRACT_BASE, permissionPrefix: CONTRACT_PREFIX, table: CONTRACT_TABLE, scope: { kind: 'org' },
    code: { field: 'contractNo', column: 'contract_no' },
    numbering: { docKind: 'freight.contract', fallback: { prefix: 'YFHT', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: [
      { name: 'contractNo', column: 'contract_no', label: '合同号', type: 'text', updatable: false, unique: true, maxLength: 40 },
      kindField,
      id('carrierId', 'carrier_id', '承运商', { required: true, byCode: CARRIER }),
      { name: 'signDate', column: 'sign_date', label: '签订日期', type: 'date' },
      { name: 'validFrom', column: 'valid_from', label: '有效期起', type: 'datetime', required: true },
      { name: 'validTo', column: 'valid_to', label: '有效期至', type: 'datetime' },
      ...TERMS, remark,
    ],
    lifecycle: contractLifecycle, statusColumn: 'doc_status',
    listTemplate: contractListTemplate, forms: [createForm, updateForm],
    readFields: [...readFieldsOf(headerForm), { name: 'auditedAt', sql: 't.audited_at' }],
    copy: 'one', import: false, datax: false,
    validate: (v: EntityValues) => problemsOf(windowOf(v.validFrom, v.validTo, 'validTo'), lossProblem(v.lossMode, v.lossValue)),
    onStateAction: async (tx, who, action, ids) => {
      if (action === 'audit') {
        const empty = await contractsWithoutLines(tx, ids);
        if (empty.length) return empty.map((no) => ({ field: 'ids', message: `运费合同 ${no} 没有明细，不能审核` }));
        await writeContractPrices(tx, ids, who.userId);
        await stampAudit(tx, 'wb_freight_contract', ids, who.userId);
      }
      if (action === 'unaudit') {
        const used = await plansOnContracts(tx, ids);
        if (used.length) return used.map((u) => ({ field: 'ids', message: `运费合同 ${u.contractNo} 已被运费计划 ${u.planNo} 取价，不能反审核` }));
        await removeContractPrices(tx, ids);
      }
      if (action === 'close') await endContractPrices(tx, ids);
      return [];
    },
    constraintMessages: { wb_freight_contract_window: { field: 'validTo', message: '有效期至必须晚于有效期起' }, wb_freight_contract_loss: CONSTRAINTS.loss },
    children: contractLines(),
  };
}

// ---- prices

const priceLifecycle = draftLifecycle;

export function priceFamily(): DocumentFamily {
  const [createForm, updateForm] = priceForms();
  return {
    label: '运费价格', base: PRICE_BASE, permissionPrefix: PRICE_PREFIX, table: PRICE_TABLE, scope: { kind: 'org' },
    code: { field: 'priceNo', column: 'price_no' },
    numbering: { docKind: 'freight.price', fallback: { prefix: 'YFJG', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: [
      { name: 'priceNo', column: 'price_no', label: '价格编号', type: 'text', updatable: false, unique: true, maxLength: 40 },
      kindField,
      id('carrierId', 'carrier_id', '承运商', { byCode: CARRIER }), id('routeId', 'route_id', '线路', { byCode: ROUTE }), region,
      id('materialId', 'material_id', '物料', { byCode: MATERIAL }), id('materialClassId', 'material_class_id', '物料分类', { byCode: MATERIAL_CLASS }),
      money('price', 'price', '运价', { required: true }), distance, ...TERMS,
      { name: 'effectiveFrom', column: 'effective_from', label: '生效时间', type: 'datetime', required: true },
      { name: 'effectiveTo', column: 'effective_to', label: '失效时间', type: 'datetime' },
      remark,
    ],
    lifecycle: priceLifecycle, statusColumn: 'doc_status',
    listTemplate: priceListTemplate, forms: [createForm, updateForm],
    readFields: [...readFieldsOf(createForm), { name: 'auditedAt', sql: 't.audited_at' }, { name: 'contractId', sql: 't.contract_id::text' }],
    copy: 'many', copyClears: ['contract_id', 'contract_line_id'],
    validate: (v: EntityValues) => [...keyProblems(v), ...problemsOf(windowOf(v.effectiveFrom, v.effectiveTo, 'effectiveTo'), lossProblem(v.lossMode, v.lossValue))],
    checkWrite: async (tx, who, _id, v) => {
      const id = classOf(v);
      return id && (await strangerClasses(tx, who.groupId, [id])).size ? [{ field: 'materialClassId', message: CLASS_MESSAGE }] : [];
    },
    onStateAction: async (tx, who, action, ids) => {
      if (action === 'unaudit') {
        const written = await contractWrittenPrices(tx, ids);
        if (written.length) return written.map((w) => ({ field: 'ids', message: `运费价格 ${w.priceNo} 由运费合同 ${w.contractNo} 生成，请反审核该合同` }));
      }
      if (action === 'audit') await stampAudit(tx, 'wb_freight_price', ids, who.userId);
      return [];
    },
    constraintMessages: {
      wb_freight_price_window: { field: 'effectiveTo', message: '失效时间必须晚于生效时间' },
      wb_freight_price_place: CONSTRAINTS.place, wb_freight_price_goods: CONSTRAINTS.goods, wb_freight_price_loss: CONSTRAINTS.loss,
    },
  };
}

// ---- plans

/** 自由 FREE -audit-> 已审核 AUDITED; un-audit while nothing hangs on it (confirmed pounds, remittances, advances). */
const planLifecycle = draftLifecycle;

export function planFamily(): DocumentFamily {
  const [createForm, updateForm] = planForms();
  return {
    label: '运费计划', base: PLAN_BASE, permissionPrefix: PLAN_PREFIX, table: PLAN_TABLE, scope: { kind: 'org' },
    code: { field: 'planNo', column: 'plan_no' },
    numbering: { docKind: 'freight.plan', fallback: { prefix: 'YFJH', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: [
      { name: 'planNo', column: 'plan_no', label: '计划号', type: 'text', updatable: false, unique: true, maxLength: 40 },
      kindField,
      id('carrierId', 'carrier_id', '承运商', { required: true, byCode: CARRIER }),
      id('materialId', 'material_id', '物料', { byCode: MATERIAL }), id('routeId', 'route_id', '线路', { byCode: ROUTE }), region,
      id('warehouseId', 'warehouse_id', '存储仓库', { byCode: code('wareCode', '仓库编码', 'md_warehouse', 'ware_code', 'org') }),
      { name: 'startTime', column: 'start_time', label: '开始时间', type: 'datetime', required: true },
      { name: 'endTime', column: 'end_time', label: '结束时间', type: 'datetime' },
      { name: 'plannedTrips', column: 'planned_trips', label: '计划车次', type: 'integer', min: 1, below: 1000000 },
      { name: 'plannedQuantity', column: 'planned_quantity', label: '计划量', type: 'number', scale: 4, min: 0, below: 1e10 },
      money('price', 'price', '运价'), distance, ...TERMS,
      { name: 'priceSource', column: 'price_source', label: '运价来源', type: 'enum', options: [{ value: 'RESOLVED', label: '运费价格' }, { value: 'TYPED', label: '手工填写' }], derived: true, importable: false },
      id('priceId', 'price_id', '运费价格', { derived: true, importable: false }),
      { name: 'priceLabel', column: 'price_label', label: '运价依据', type: 'text', maxLength: 200, derived: true, importable: false },
      remark,
    ],
    lifecycle: planLifecycle, statusColumn: 'doc_status',
    listTemplate: planListTemplate, forms: [createForm, updateForm],
    readFields: [
      ...readFieldsOf(createForm), { name: 'auditedAt', sql: 't.audited_at' }, { name: 'urgent', sql: 't.urgent' },
      { name: 'poundsConfirmedAt', sql: 't.pounds_confirmed_at' }, { name: 'freightTotal', sql: 'trim_scale(t.freight_total)' },
      { name: 'lossChargeTotal', sql: 'trim_scale(t.loss_charge_total)' },
    ],
    copy: 'one', copyClears: ['pounds_confirmed_at', 'pounds_confirmed_by', 'freight_total', 'loss_charge_total'],
    import: false, datax: false,
    prepare: preparePlan,
    validate: (v: EntityValues) => [
      ...keyProblems({ routeId: v.routeId, region: v.region }),
      ...problemsOf(windowOf(v.startTime, v.endTime, 'endTime'), lossProblem(v.lossMode, v.lossValue)),
      ...(v.price === null || v.price === undefined || v.price === '' ? [{ field: 'price', message: '请填写运价' }] : []),
    ],
    onStateAction: async (tx, who, action, ids) => {
      if (action === 'unaudit') {
        const problems = await planStateProblems(tx, ids);
        if (problems.length) return problems;
      }
      if (action === 'audit') await stampAudit(tx, 'wb_freight_plan', ids, who.userId);
      return [];
    },
    constraintMessages: {
      wb_freight_plan_window: { field: 'endTime', message: '结束时间必须晚于开始时间' }, wb_freight_plan_place: CONSTRAINTS.place, wb_freight_plan_loss: CONSTRAINTS.loss,
    },
  };
}

export const FREIGHT_CONTRACT_FAMILY = contractFamily();
export const FREIGHT_PRICE_FAMILY = priceFamily();
export const FREIGHT_PLAN_FAMILY = planFamily();
