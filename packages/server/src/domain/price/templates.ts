import { masterChildForm } from '../../platform/documents/master-child-form';
import { defineListTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { codePicker } from '../masterdata/shared/code-picker';
import { adjustBase, priceBase, type PriceKindDef } from './kinds';
import { PRICE_BASIS_OPTIONS } from './rules';

/** 调价原因 a price clerk picks most days; any other is typed (SELECT_ONE_TXT). */
const ADJUST_REASONS = [
  { value: '市场行情变化', label: '市场行情变化', labelEn: 'Market price moved' },
  { value: '合同约定调价', label: '合同约定调价', labelEn: 'As the contract provides' },
  { value: '运费变化', label: '运费变化', labelEn: 'Freight changed' },
  { value: '质量等级调整', label: '质量等级调整', labelEn: 'Quality grade changed' },
];

/**
 * The price screens: a price list (its rules, one row each, with a form) and the price
 * adjustments (a header with the effective time and reason, the new prices as child rows).
 */
export const PRICE_STATUS_OPTIONS = [
  { value: 'FREE', label: '自由', labelEn: 'Free', color: 'default' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
export const TRANSPORT_OPTIONS = [
  { value: 'ROAD', label: '汽运', labelEn: 'Road' }, { value: 'RAIL', label: '火运', labelEn: 'Rail' }, { value: 'WATER', label: '船运', labelEn: 'Water' },
];
export const PACKING_OPTIONS = [{ value: 'BULK', label: '散装', labelEn: 'Bulk' }, { value: 'BAG', label: '袋装', labelEn: 'Bagged' }];

export const ADJUST_LINE_TABLE = 'wb_price_adjust_line';
export const ruleTable = (k: PriceKindDef) => `wb_price_rule_${k.kind}`;
export const adjustTable = (k: PriceKindDef) => `wb_price_adjust_${k.kind}`;

const trimmed = (expr: string) => `trim_scale(${expr})`;
const materialCode = '(SELECT m.inv_code FROM md_material m WHERE m.id = t.material_id)';
const materialName = '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)';
const calcGroupName = '(SELECT g.group_name FROM md_calc_group g WHERE g.id = t.calc_group_id)';
const calcGroupCode = '(SELECT g.group_code FROM md_calc_group g WHERE g.id = t.calc_group_id)';
const routeCode = '(SELECT l.line_code FROM md_line l WHERE l.id = t.route_id)';
const routeName = '(SELECT l.line_name FROM md_line l WHERE l.id = t.route_id)';
const partyCode = (k: PriceKindDef) => `(SELECT p.${k.party.codeColumn} FROM ${k.party.table} p WHERE p.id = t.party_id)`;
const partyName = (k: PriceKindDef) => `(SELECT p.${k.party.nameColumn} FROM ${k.party.table} p WHERE p.id = t.party_id)`;

const text = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', columnSql, columnWidth: 120, ...extra,
});
const enumOf = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, options: FieldDef['options'], extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'ENUM', columnSql, options, columnWidth: 90, ...extra,
});
const money = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql: trimmed(columnSql), columnWidth: 100, ...extra,
});
const hidden = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});
const statusColumn = enumOf('docStatus', '单据状态', 'Status', 't.doc_status', PRICE_STATUS_OPTIONS, { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle' });
const auditedColumn: FieldDef = { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', isortField: true, columnWidth: 170 };

function ruleListFields(k: PriceKindDef): FieldDef[] {
  return [
    text('ruleNo', '价格编号', 'Price no.', 't.rule_no', { iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 }),
    statusColumn,
    text('materialName', '物料', 'Material', materialName, { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 }),
    text('calcGroupName', '计算组', 'Computation group', calcGroupName, { iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 }),
    text('partyName', k.party.label, k.party.labelEn, partyName(k), { iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 180 }),
    text('routeName', '线路(目的地)', 'Route (destination)', routeName, { iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 }),
    enumOf('transport', '运输方式', 'Transport', 't.transport', TRANSPORT_OPTIONS, { iallowAdvanceQuery: true, searchType: 'comboxSingle' }),
    enumOf('packing', '包装', 'Packing', 't.packing', PACKING_OPTIONS, { iallowAdvanceQuery: true, searchType: 'comboxSingle' }),
    money('price', '单价', 'Unit price', 't.price', { displayKind: 'unitPrice' }),
    money('taxRate', '税率(%)', 'Tax rate (%)', 't.tax_rate', { columnWidth: 80 }),
    enumOf('priceBasis', '计价依据', 'Price basis', 't.price_basis', PRICE_BASIS_OPTIONS.map((o) => ({ ...o })), { columnWidth: 150 }),
    { fieldName: 'effectiveFrom', fieldExplain: '生效时间', fieldExplainEn: 'Effective from', fieldType: 'DATE', columnSql: 't.effective_from', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'effectiveTo', fieldExplain: '失效时间', fieldExplainEn: 'Effective to', fieldType: 'DATE', columnSql: 't.effective_to', isortField: true, columnWidth: 170 },
    text('adjustNo', '调价单号', 'Adjustment no.', '(SELECT a.adjust_no FROM wb_price_adjust a WHERE a.id = t.adjust_id)', { columnWidth: 160 }),
    remarkColumn,
    auditedColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export const ruleListTemplate = (k: PriceKindDef) => defineListTemplate({
  formatCode: `price.${k.kind}.list`, formatName: k.label, formatNameEn: k.labelEn, mainTable: ruleTable(k), ownerColumn: 'created_by',
  resUrl: `${priceBase(k.kind)}/v2/list`, menuPath: k.menuPath, fields: ruleListFields(k),
});

/** A picker for an id column: the name shown, the id kept in a hidden field. */
function picker(table: string, name: string, idName: string, column: string, label: string, labelEn: string, columnSql: string, formatCode: string, from: string, irequired: boolean): FieldDef[] {
  return [
    { fieldName: name, fieldExplain: label, fieldExplainEn: labelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql, irequired,
      resource: { formatCode, map: [{ masterTable: table, fieldName: idName, from: 'id' }, { masterTable: table, fieldName: name, from }] } },
    hidden(idName, `${label}编号`, `${labelEn} id`, `t.${column}::text`),
  ];
}

export function ruleForms(k: PriceKindDef) {
  const table = ruleTable(k);
  return formTemplates({ formatCode: `price.${k.kind}`, formatName: k.label, formatNameEn: k.labelEn.toLowerCase(), prefix: `price_${k.kind}`, mainTable: table }, [
    { fieldName: 'ruleNo', fieldExplain: '价格编号', fieldExplainEn: 'Price no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.rule_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    // a rule prices one material, or every material of a computation group that has no rule of its own
    ...picker(table, 'materialName', 'materialId', 'material_id', '物料', 'Material', materialName, 'masterdata.inventory.resource', 'invName', false)
      .map((f) => (f.formSubmitType === 'RESOURCE_CONTROLS' ? { ...f, tipsMessage: '物料与计算组选其一' } : f)),
    ...picker(table, 'calcGroupName', 'calcGroupId', 'calc_group_id', '计算组', 'Computation group', calcGroupName, 'masterdata.computation-group.resource', 'groupName', false),
    ...picker(table, 'partyName', 'partyId', 'party_id', k.party.label, k.party.labelEn, partyName(k), k.party.resource, k.party.nameField, false),
    ...picker(table, 'routeName', 'routeId', 'route_id', '线路(目的地)', 'Route (destination)', routeName, 'masterdata.line.resource', 'lineName', false),
    { ...enumOf('transport', '运输方式', 'Transport', 't.transport', TRANSPORT_OPTIONS), formSubmitType: 'SELECT' },
    { ...enumOf('packing', '包装', 'Packing', 't.packing', PACKING_OPTIONS), formSubmitType: 'SELECT' },
    { ...money('price', '单价', 'Unit price', 't.price', { displayKind: 'unitPrice' }), formSubmitType: 'NUMBER', irequired: true },
    { ...money('taxRate', '税率(%)', 'Tax rate (%)', 't.tax_rate'), formSubmitType: 'NUMBER' },
    { ...enumOf('priceBasis', '计价依据', 'Price basis', 't.price_basis', PRICE_BASIS_OPTIONS.map((o) => ({ ...o }))), formSubmitType: 'SELECT', defaultValue: 'NET',
      tipsMessage: '按检尺方量计价的磅单，金额 = 检尺方量 × 单价' },
    { fieldName: 'effectiveFrom', fieldExplain: '生效时间', fieldExplainEn: 'Effective from', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.effective_from', irequired: true },
    { fieldName: 'effectiveTo', fieldExplain: '失效时间', fieldExplainEn: 'Effective to', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.effective_to', tipsMessage: '留空则一直有效' },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: PRICE_STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
}

function adjustListFields(k: PriceKindDef): FieldDef[] {
  const lines = (expr: string) => `(SELECT string_agg(${expr}, '、' ORDER BY l.seq) FROM wb_price_adjust_line l
    LEFT JOIN md_material m ON m.id = l.material_id LEFT JOIN md_calc_group g ON g.id = l.calc_group_id WHERE l.adjust_id = t.id)`;
  return [
    text('adjustNo', '调价单号', 'Adjustment no.', 't.adjust_no', { iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 }),
    statusColumn,
    { fieldName: 'effectiveAt', fieldExplain: '生效时间', fieldExplainEn: 'Effective at', fieldType: 'DATE', columnSql: 't.effective_at', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    text('reason', '调价原因', 'Reason', 't.reason', { iallowAdvanceQuery: true, searchType: 'input', columnWidth: 200 }),
    text('materialNames', '物料', 'Materials', lines(`coalesce(m.inv_name, '计算组 ' || g.group_name)`), { columnWidth: 200 }),
    // the prices alone, line by line as 物料 lists the materials, each as money (¥350.00, the typed decimals up to 6)
    // a price per m3 gauged says so (096): ¥85.50/m³
    text('newPrices', '新单价', 'New prices', lines(`'¥' || to_char(l.price, 'FM999,999,999,990.009999') || CASE WHEN l.price_basis = 'VOLUME' THEN '/m³' ELSE '' END`), { columnWidth: 160 }),
    remarkColumn,
    auditedColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export const adjustListTemplate = (k: PriceKindDef) => defineListTemplate({
  formatCode: `price.${k.kind}.adjust.list`, formatName: k.adjustLabel, formatNameEn: k.adjustLabelEn, mainTable: adjustTable(k), ownerColumn: 'created_by',
  resUrl: `${adjustBase(k.kind)}/v2/list`, menuPath: k.adjustMenuPath, fields: adjustListFields(k),
});

/** The new prices as the form's child table edits them: the rule's keys by their codes. */
export function adjustLineColumns(k: PriceKindDef): FieldDef[] {
  const col = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
    fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, columnWidth: 110, ...extra,
  });
  return [
    // every code cell picks from its archive and fills the name beside it
    // a line adjusts one material, or a computation group's price for every member without its own
    codePicker(col('materialCode', '物料编码', 'Material code', materialCode, { tipsMessage: '物料与计算组选其一' }), 'material', 'materialName', ADJUST_LINE_TABLE),
    col('materialName', '物料名称', 'Material', materialName, { iupdate: false, columnWidth: 150 }),
    codePicker(col('calcGroupCode', '计算组编码', 'Computation group code', calcGroupCode), 'calcGroup', 'calcGroupName', ADJUST_LINE_TABLE),
    col('calcGroupName', '计算组', 'Computation group', calcGroupName, { iupdate: false, columnWidth: 140 }),
    codePicker(col('partyCode', `${k.party.label}编码`, `${k.party.labelEn} code`, partyCode(k)), k.party.table === 'md_customer' ? 'customer' : 'vendor', 'partyName', ADJUST_LINE_TABLE),
    col('partyName', k.party.label, k.party.labelEn, partyName(k), { iupdate: false, columnWidth: 160 }),
    codePicker(col('routeCode', '线路编码', 'Route code', routeCode), 'route', 'routeName', ADJUST_LINE_TABLE),
    col('routeName', '线路(目的地)', 'Route (destination)', routeName, { iupdate: false }),
    { ...enumOf('transport', '运输方式', 'Transport', 't.transport', TRANSPORT_OPTIONS), formSubmitType: 'SELECT' },
    { ...enumOf('packing', '包装', 'Packing', 't.packing', PACKING_OPTIONS), formSubmitType: 'SELECT' },
    { ...money('price', '新单价', 'New unit price', 't.price', { displayKind: 'unitPrice' }), formSubmitType: 'NUMBER', irequired: true },
    { ...money('taxRate', '税率(%)', 'Tax rate (%)', 't.tax_rate', { columnWidth: 80 }), formSubmitType: 'NUMBER' },
    // 096: left empty, the material's: a material gauged by volume is priced per m3
    { ...enumOf('priceBasis', '计价依据', 'Price basis', 't.price_basis', PRICE_BASIS_OPTIONS.map((o) => ({ ...o }))), formSubmitType: 'SELECT', columnWidth: 150,
      tipsMessage: '留空则按物料：按方计量的物料按检尺方量计价' },
    col('lineRemark', '明细备注', 'Line remark', 't.remark', { columnWidth: 160 }),
  ];
}

export function adjustForms(k: PriceKindDef) {
  const table = adjustTable(k);
  const forms = formTemplates({ formatCode: `price.${k.kind}.adjust`, formatName: k.adjustLabel, formatNameEn: k.adjustLabelEn.toLowerCase().replace(/s$/, ''), prefix: `price_adjust_${k.kind}`, mainTable: table }, [
    { fieldName: 'adjustNo', fieldExplain: '调价单号', fieldExplainEn: 'Adjustment no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.adjust_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    { fieldName: 'effectiveAt', fieldExplain: '生效时间', fieldExplainEn: 'Effective at', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.effective_at', irequired: true },
    // the usual reasons to choose, or the plant's own words typed
    { fieldName: 'reason', fieldExplain: '调价原因', fieldExplainEn: 'Reason', fieldType: 'TEXT', formSubmitType: 'SELECT_ONE_TXT', columnSql: 't.reason', irequired: true,
      options: ADJUST_REASONS },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: PRICE_STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
  const remark = '审核后自生效时间起按新单价计价：之前完成的车辆保持原价；生效前可反审核';
  return forms.map((f) => masterChildForm({ ...f, remark }, ADJUST_LINE_TABLE, adjustLineColumns(k)));
}
