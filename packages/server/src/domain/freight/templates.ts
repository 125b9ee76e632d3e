import { masterChildForm } from '../../platform/documents/master-child-form';
import { defineListTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { REGION_PICKER } from '../masterdata/region/family';
import { codePicker } from '../masterdata/shared/code-picker';
import {
  BASIS_OPTIONS, CHARGE_OPTIONS, CONTRACT_BASE, CONTRACT_MENU, CONTRACT_PREFIX, CONTRACT_STATUS_OPTIONS, KIND_OPTIONS, LOSS_OPTIONS, PLAN_BASE, PLAN_MENU,
  PLAN_PREFIX, PRICE_BASE, PRICE_MENU, PRICE_PREFIX, PRICE_SOURCE_OPTIONS, STATUS_OPTIONS,
} from './kinds';

/**
 * The freight screens: freight contracts (header with the terms, the places, goods and prices as
 * child rows), freight prices (one row each) and freight plans (a carrier's batch of trips with its
 * price, the pound list's totals, what was remitted and advanced).
 */
export const CONTRACT_TABLE = 'wb_freight_contract';
export const CONTRACT_LINE_TABLE = 'wb_freight_contract_line';
export const PRICE_TABLE = 'wb_freight_price';
export const PLAN_TABLE = 'wb_freight_plan';

const trimmed = (expr: string) => `trim_scale(${expr})`;
const SQL = {
  carrier: '(SELECT c.carrier_name FROM md_carrier c WHERE c.id = t.carrier_id)',
  carrierCode: '(SELECT c.carrier_code FROM md_carrier c WHERE c.id = t.carrier_id)',
  route: '(SELECT l.line_name FROM md_line l WHERE l.id = t.route_id)',
  routeCode: '(SELECT l.line_code FROM md_line l WHERE l.id = t.route_id)',
  material: '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)',
  materialCode: '(SELECT m.inv_code FROM md_material m WHERE m.id = t.material_id)',
  materialClass: '(SELECT c.invc_name FROM md_material_class c WHERE c.id = t.material_class_id)',
  materialClassCode: '(SELECT c.invc_code FROM md_material_class c WHERE c.id = t.material_class_id)',
  warehouse: '(SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.warehouse_id)',
};

const text = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', columnSql, columnWidth: 120, ...extra,
});
const enumOf = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, options: FieldDef['options'], extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'ENUM', columnSql, options, columnWidth: 90, ...extra,
});
const number = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql: trimmed(columnSql), columnWidth: 100, ...extra,
});
const date = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'DATE', columnSql, isortField: true, columnWidth: 170, ...extra,
});
const hidden = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});
const query = { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input' } as const;
const kindColumn = enumOf('kind', '业务类型', 'Business', 't.kind', KIND_OPTIONS, { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle' });
const auditedColumn = date('auditedAt', '审核时间', 'Audited', 't.audited_at');

/** A picker for an id column: the name shown, the id kept in a hidden field. */
function picker(table: string, name: string, idName: string, column: string, label: string, labelEn: string, columnSql: string, formatCode: string, from: string, irequired = false): FieldDef[] {
  return [
    { fieldName: name, fieldExplain: label, fieldExplainEn: labelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql, irequired,
      resource: { formatCode, map: [{ masterTable: table, fieldName: idName, from: 'id' }, { masterTable: table, fieldName: name, from }] } },
    hidden(idName, `${label}编号`, `${labelEn} id`, `t.${column}::text`),
  ];
}

/** The region a price, a contract line or a plan names: its name, chosen from the region archive (masterdata/region). */
const regionPicker = (table: string): FieldDef => ({
  fieldName: 'region', fieldExplain: '区域', fieldExplainEn: 'Region', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: 't.region', tipsMessage: '与线路二选一，从区域档案选择',
  resource: { formatCode: REGION_PICKER.formatCode, map: [{ masterTable: table, fieldName: 'region', from: REGION_PICKER.fill }] },
});

/** The terms every freight price carries, as a form edits them. */
function termFields(): FieldDef[] {
  return [
    { ...enumOf('basis', '计费依据', 'Basis', 't.basis', BASIS_OPTIONS), formSubmitType: 'SELECT', defaultValue: 'OUR_NET', irequired: true },
    { ...enumOf('chargeMode', '计费方式', 'Charged', 't.charge_mode', CHARGE_OPTIONS), formSubmitType: 'SELECT', defaultValue: 'TON', irequired: true },
    { ...number('taxRate', '税率(%)', 'Tax rate (%)', 't.tax_rate'), formSubmitType: 'NUMBER' },
    { ...enumOf('lossMode', '合理路耗方式', 'Loss tolerance', 't.loss_mode', LOSS_OPTIONS), formSubmitType: 'SELECT' },
    { ...number('lossValue', '合理路耗', 'Loss allowed', 't.loss_value'), formSubmitType: 'NUMBER', tipsMessage: '按比例填百分数，按每车填公斤；超出部分按货价扣款' },
  ];
}
const termColumns = (): FieldDef[] => [
  enumOf('basis', '计费依据', 'Basis', 't.basis', BASIS_OPTIONS, { columnWidth: 100 }),
  enumOf('chargeMode', '计费方式', 'Charged', 't.charge_mode', CHARGE_OPTIONS, { columnWidth: 100 }),
  number('taxRate', '税率(%)', 'Tax rate (%)', 't.tax_rate', { columnWidth: 80 }),
  enumOf('lossMode', '合理路耗方式', 'Loss tolerance', 't.loss_mode', LOSS_OPTIONS, { columnWidth: 120 }),
  number('lossValue', '合理路耗', 'Loss allowed', 't.loss_value', { columnWidth: 90 }),
];

// ---- freight contracts (运费合同)

export const contractListTemplate = defineListTemplate({
  formatCode: 'freight.contract.list', formatName: '运费合同', formatNameEn: 'Freight contracts', mainTable: CONTRACT_TABLE, ownerColumn: 'created_by',
  resUrl: `${CONTRACT_BASE}/v2/list`, menuPath: CONTRACT_MENU,
  fields: [
    text('contractNo', '合同号', 'Contract no.', 't.contract_no', { ...query, isortField: true, fixed: 'left', columnWidth: 170 }),
    enumOf('docStatus', '单据状态', 'Status', 't.doc_status', CONTRACT_STATUS_OPTIONS, { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle' }),
    kindColumn,
    text('carrierName', '承运商', 'Carrier', SQL.carrier, { ...query, columnWidth: 180 }),
    text('lineSummary', '线路/物料/单价', 'Routes, goods and prices', `(SELECT string_agg(concat_ws(' ', coalesce((SELECT r.line_name FROM md_line r WHERE r.id = l.route_id), l.region),
      coalesce((SELECT m.inv_name FROM md_material m WHERE m.id = l.material_id), (SELECT c.invc_name FROM md_material_class c WHERE c.id = l.material_class_id)),
      trim_scale(l.price)::text), '；' ORDER BY l.seq) FROM wb_freight_contract_line l WHERE l.contract_id = t.id)`, { columnWidth: 260 }),
    ...termColumns(),
    date('validFrom', '有效期起', 'Valid from', 't.valid_from', { iallowAdvanceQuery: true, searchType: 'dateTimePickerRange' }),
    date('validTo', '有效期至', 'Valid to', 't.valid_to'),
    remarkColumn, auditedColumn, { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' }, versionColumn,
  ],
});

export function contractLineColumns(): FieldDef[] {
  const col = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
    fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, columnWidth: 110, ...extra,
  });
  return [
    codePicker(col('routeCode', '线路编码', 'Route code', SQL.routeCode), 'route', 'routeName', CONTRACT_LINE_TABLE),
    col('routeName', '线路', 'Route', SQL.route, { iupdate: false }),
    col('region', '区域', 'Region', 't.region', { tipsMessage: '与线路二选一' }),
    codePicker(col('materialCode', '物料编码', 'Material code', SQL.materialCode), 'material', 'materialName', CONTRACT_LINE_TABLE),
    col('materialName', '物料', 'Material', SQL.material, { iupdate: false, columnWidth: 140 }),
    col('materialClassCode', '物料分类编码', 'Material class code', SQL.materialClassCode, { tipsMessage: '与物料二选一' }),
    { ...number('price', '运价', 'Freight price', 't.price', { displayKind: 'unitPrice' }), formSubmitType: 'NUMBER', irequired: true },
    { ...number('distanceKm', '运距(km)', 'Distance (km)', 't.distance_km'), formSubmitType: 'NUMBER' },
    col('lineRemark', '明细备注', 'Line remark', 't.remark', { columnWidth: 160 }),
  ];
}

export function contractForms() {
  const forms = formTemplates({ formatCode: 'freight.contract', formatName: '运费合同', formatNameEn: 'freight contract', prefix: CONTRACT_PREFIX, mainTable: CONTRACT_TABLE }, [
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.contract_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    { ...kindColumn, formSubmitType: 'SELECT', irequired: true, iupdate: false },
    ...picker(CONTRACT_TABLE, 'carrierName', 'carrierId', 'carrier_id', '承运商', 'Carrier', SQL.carrier, 'masterdata.carrier.resource', 'carrierName', true),
    { fieldName: 'signDate', fieldExplain: '签订日期', fieldExplainEn: 'Signed', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.sign_date::text' },
    { fieldName: 'validFrom', fieldExplain: '有效期起', fieldExplainEn: 'Valid from', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.valid_from', irequired: true },
    { fieldName: 'validTo', fieldExplain: '有效期至', fieldExplainEn: 'Valid to', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.valid_to', tipsMessage: '留空则一直有效' },
    ...termFields(),
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: CONTRACT_STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
  const remark = '审核后每行明细按合同条款成为一条生效的运费价格；关闭合同即在关闭时刻终止这些价格';
  return forms.map((f) => masterChildForm({ ...f, remark }, CONTRACT_LINE_TABLE, contractLineColumns()));
}

// ---- freight prices (运费价格)

function keyFields(table: string): FieldDef[] {
  return [
    { ...kindColumn, formSubmitType: 'SELECT', irequired: true },
    ...picker(table, 'carrierName', 'carrierId', 'carrier_id', '承运商', 'Carrier', SQL.carrier, 'masterdata.carrier.resource', 'carrierName'),
    ...picker(table, 'routeName', 'routeId', 'route_id', '线路', 'Route', SQL.route, 'masterdata.line.resource', 'lineName'),
    regionPicker(table),
    ...picker(table, 'materialName', 'materialId', 'material_id', '物料', 'Material', SQL.material, 'masterdata.inventory.resource', 'invName'),
    ...picker(table, 'materialClassName', 'materialClassId', 'material_class_id', '物料分类', 'Material class', SQL.materialClass, 'masterdata.inventory-class.resource', 'name'),
  ];
}

export const priceListTemplate = defineListTemplate({
  formatCode: 'freight.price.list', formatName: '运费价格', formatNameEn: 'Freight prices', mainTable: PRICE_TABLE, ownerColumn: 'created_by',
  resUrl: `${PRICE_BASE}/v2/list`, menuPath: PRICE_MENU,
  fields: [
    text('priceNo', '价格编号', 'Price no.', 't.price_no', { ...query, isortField: true, fixed: 'left', columnWidth: 170 }),
    enumOf('docStatus', '单据状态', 'Status', 't.doc_status', STATUS_OPTIONS, { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle' }),
    kindColumn,
    text('carrierName', '承运商', 'Carrier', SQL.carrier, { ...query, columnWidth: 180 }),
    text('routeName', '线路', 'Route', SQL.route, { iallowAdvanceQuery: true, searchType: 'input' }),
    text('region', '区域', 'Region', 't.region', { iallowAdvanceQuery: true, searchType: 'input' }),
    text('materialName', '物料', 'Material', SQL.material, { ...query, columnWidth: 140 }),
    text('materialClassName', '物料分类', 'Material class', SQL.materialClass),
    number('price', '运价', 'Freight price', 't.price', { displayKind: 'unitPrice' }),
    number('distanceKm', '运距(km)', 'Distance (km)', 't.distance_km', { columnWidth: 90 }),
    ...termColumns(),
    date('effectiveFrom', '生效时间', 'Effective from', 't.effective_from', { iallowAdvanceQuery: true, searchType: 'dateTimePickerRange' }),
    date('effectiveTo', '失效时间', 'Effective to', 't.effective_to'),
    text('contractNo', '运费合同', 'Freight contract', '(SELECT c.contract_no FROM wb_freight_contract c WHERE c.id = t.contract_id)', { iallowAdvanceQuery: true, searchType: 'input', columnWidth: 170 }),
    remarkColumn, auditedColumn, { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' }, versionColumn,
  ],
});

export function priceForms() {
  return formTemplates({ formatCode: 'freight.price', formatName: '运费价格', formatNameEn: 'freight price', prefix: PRICE_PREFIX, mainTable: PRICE_TABLE }, [
    { fieldName: 'priceNo', fieldExplain: '价格编号', fieldExplainEn: 'Price no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.price_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    ...keyFields(PRICE_TABLE),
    { ...number('price', '运价', 'Freight price', 't.price', { displayKind: 'unitPrice' }), formSubmitType: 'NUMBER', irequired: true },
    { ...number('distanceKm', '运距(km)', 'Distance (km)', 't.distance_km'), formSubmitType: 'NUMBER', tipsMessage: '按吨公里计费时使用' },
    ...termFields(),
    { fieldName: 'effectiveFrom', fieldExplain: '生效时间', fieldExplainEn: 'Effective from', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.effective_from', irequired: true },
    { fieldName: 'effectiveTo', fieldExplain: '失效时间', fieldExplainEn: 'Effective to', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.effective_to', tipsMessage: '留空则一直有效' },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
}

// ---- freight plans (运费计划价)

const sumOf = (table: string, expr: string) => `(SELECT coalesce(sum(${expr}), 0) FROM ${table} x WHERE x.plan_id = t.id)`;

export const planListTemplate = defineListTemplate({
  formatCode: 'freight.plan.list', formatName: '运费计划价', formatNameEn: 'Freight plan prices', mainTable: PLAN_TABLE, ownerColumn: 'created_by',
  resUrl: `${PLAN_BASE}/v2/list`, menuPath: PLAN_MENU,
  fields: [
    text('planNo', '计划号', 'Plan no.', 't.plan_no', { ...query, isortField: true, fixed: 'left', columnWidth: 170 }),
    enumOf('docStatus', '单据状态', 'Status', 't.doc_status', STATUS_OPTIONS, { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle' }),
    { fieldName: 'urgent', fieldExplain: '加急', fieldExplainEn: 'Urgent', fieldType: 'BOOLEAN', columnSql: 't.urgent', columnWidth: 70,
      options: [{ value: true, label: '加急', labelEn: 'Urgent', color: 'red' }, { value: false, label: '普通', labelEn: 'Normal', color: 'default' }],
      iallowAdvanceQuery: true, searchType: 'comboxSingle' },
    kindColumn,
    text('carrierName', '承运商', 'Carrier', SQL.carrier, { ...query, columnWidth: 180 }),
    text('materialName', '物料', 'Material', SQL.material, { ...query, columnWidth: 140 }),
    text('routeName', '线路', 'Route', `coalesce(${SQL.route}, t.region)`, { iallowAdvanceQuery: true, searchType: 'input' }),
    text('wareName', '存储仓库', 'Storage', SQL.warehouse),
    date('startTime', '开始时间', 'Start', 't.start_time', { iallowAdvanceQuery: true, searchType: 'dateTimePickerRange' }),
    date('endTime', '结束时间', 'End', 't.end_time'),
    number('plannedTrips', '计划车次', 'Planned trips', 't.planned_trips', { columnWidth: 80 }),
    number('plannedQuantity', '计划量', 'Planned quantity', 't.planned_quantity', { displayKind: 'weight' }),
    number('price', '运价', 'Freight price', 't.price', { displayKind: 'unitPrice' }),
    enumOf('priceSource', '运价来源', 'Price from', 't.price_source', PRICE_SOURCE_OPTIONS, { columnWidth: 90 }),
    text('priceLabel', '运价依据', 'Priced by', 't.price_label', { columnWidth: 170 }),
    ...termColumns(),
    number('poundCount', '磅单数', 'Tickets', "(SELECT count(*) FROM wb_freight_plan_ticket x WHERE x.plan_id = t.id)", { columnWidth: 80 }),
    date('poundsConfirmedAt', '确认磅单时间', 'Pounds confirmed', 't.pounds_confirmed_at'),
    number('freightTotal', '运费', 'Freight', 't.freight_total', { displayKind: 'money', itotal: true }),
    number('lossChargeTotal', '亏吨扣款', 'Loss charge', 't.loss_charge_total', { displayKind: 'money', itotal: true }),
    number('remitted', '已汇款', 'Remitted', sumOf('wb_freight_remittance', 'x.amount'), { displayKind: 'money', itotal: true }),
    number('fuelAdvanced', '油卡预付', 'Fuel cards', sumOf('wb_freight_fuel_advance', 'x.amount'), { displayKind: 'money', itotal: true }),
    remarkColumn, auditedColumn, { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' }, versionColumn,
  ],
});

export function planForms() {
  return formTemplates({ formatCode: 'freight.plan', formatName: '运费计划价', formatNameEn: 'freight plan price', prefix: PLAN_PREFIX, mainTable: PLAN_TABLE }, [
    { fieldName: 'planNo', fieldExplain: '计划号', fieldExplainEn: 'Plan no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.plan_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    { ...kindColumn, formSubmitType: 'SELECT', irequired: true, iupdate: false },
    ...picker(PLAN_TABLE, 'carrierName', 'carrierId', 'carrier_id', '承运商', 'Carrier', SQL.carrier, 'masterdata.carrier.resource', 'carrierName', true),
    ...picker(PLAN_TABLE, 'materialName', 'materialId', 'material_id', '物料', 'Material', SQL.material, 'masterdata.inventory.resource', 'invName'),
    ...picker(PLAN_TABLE, 'routeName', 'routeId', 'route_id', '线路', 'Route', SQL.route, 'masterdata.line.resource', 'lineName'),
    regionPicker(PLAN_TABLE),
    ...picker(PLAN_TABLE, 'wareName', 'warehouseId', 'warehouse_id', '存储仓库', 'Storage', SQL.warehouse, 'masterdata.warehouse.resource', 'wareName'),
    { fieldName: 'startTime', fieldExplain: '开始时间', fieldExplainEn: 'Start', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.start_time', irequired: true },
    { fieldName: 'endTime', fieldExplain: '结束时间', fieldExplainEn: 'End', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.end_time' },
    { ...number('plannedTrips', '计划车次', 'Planned trips', 't.planned_trips'), formSubmitType: 'NUMBER' },
    { ...number('plannedQuantity', '计划量', 'Planned quantity', 't.planned_quantity', { displayKind: 'weight' }), formSubmitType: 'NUMBER' },
    { ...number('price', '运价', 'Freight price', 't.price', { displayKind: 'unitPrice' }), formSubmitType: 'NUMBER', tipsMessage: '留空则按运费价格与运费合同取价（条款随之带出）' },
    { ...number('distanceKm', '运距(km)', 'Distance (km)', 't.distance_km'), formSubmitType: 'NUMBER' },
    ...termFields(),
    { ...enumOf('priceSource', '运价来源', 'Price from', 't.price_source', PRICE_SOURCE_OPTIONS), formSubmitType: 'SELECT', iupdate: false, ishow: false },
    { fieldName: 'priceLabel', fieldExplain: '运价依据', fieldExplainEn: 'Priced by', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.price_label', iupdate: false, ishow: false },
    hidden('priceId', '运费价格编号', 'Freight price id', 't.price_id::text'),
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
}
