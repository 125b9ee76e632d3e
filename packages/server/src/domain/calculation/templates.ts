import { ROW_ACTIONS_FIELD } from '@wb/protocol';
import { defineListTemplate, type FieldDef, type TemplateDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { calcBase, calcPermission, calcView, CALC_KINDS, type CalcKind } from './kinds';

/** The calculation's screens: its list with totals, its create and update forms, and the list of its rows. */
export const LOCK_STATE_OPTIONS = [
  { value: 'OPEN', label: '未锁磅', labelEn: 'Open', color: 'default' },
  { value: 'LOCKED', label: '已锁磅', labelEn: 'Locked', color: 'green' },
];

const partyName = (kind: CalcKind) => (kind === 'sa'
  ? '(SELECT c.customer_name FROM md_customer c WHERE c.id = t.customer_id)'
  : '(SELECT o.org_name FROM sys_org o WHERE o.id = t.peer_org_id)');
const materialName = '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)';
const money = (fieldName: string, zh: string, en: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain: zh, fieldExplainEn: en, fieldType: 'NUMBER', columnSql: `trim_scale(${columnSql})`, itotal: true, columnWidth: 120, ...extra,
});

function listFields(kind: CalcKind): FieldDef[] {
  const k = CALC_KINDS[kind];
  return [
    { fieldName: 'calcNo', fieldExplain: '计算单号', fieldExplainEn: 'Calculation no.', fieldType: 'TEXT', columnSql: 't.calc_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 },
    { fieldName: 'partyName', fieldExplain: k.partyLabel, fieldExplainEn: k.partyLabelEn, fieldType: 'TEXT', columnSql: partyName(kind),
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialName, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'periodFrom', fieldExplain: '开始时间', fieldExplainEn: 'From', fieldType: 'DATE', columnSql: 't.period_from', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'periodTo', fieldExplain: '结束时间', fieldExplainEn: 'To', fieldType: 'DATE', columnSql: 't.period_to', isortField: true, columnWidth: 170 },
    { fieldName: 'lockState', fieldExplain: '锁磅状态', fieldExplainEn: 'Lock', fieldType: 'ENUM', columnSql: 't.lock_state', options: LOCK_STATE_OPTIONS,
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'ticketCount', fieldExplain: '磅单数', fieldExplainEn: 'Tickets', fieldType: 'NUMBER', columnSql: 't.ticket_count', itotal: true, columnWidth: 80 },
    money('totalNet', '净重合计(吨)', 'Net (t)', 't.total_net', { displayKind: 'weight' }),
    money('totalCarried', '原金额', 'Amount carried', 't.total_carried', { displayKind: 'money' }),
    money('totalInForce', '执行金额', 'Amount in force', 't.total_in_force', { displayKind: 'money' }),
    money('totalDifference', '差额', 'Difference', 't.total_difference', { displayKind: 'money' }),
    { fieldName: 'calculatedAt', fieldExplain: '计算时间', fieldExplainEn: 'Calculated', fieldType: 'DATE', columnSql: 't.calculated_at', isortField: true, columnWidth: 170 },
    { fieldName: 'lockedAt', fieldExplain: '锁磅时间', fieldExplainEn: 'Locked', fieldType: 'DATE', columnSql: 't.locked_at', isortField: true, columnWidth: 170 },
    // what each row's buttons may do: an open calculation is edited, deleted, computed and locked; a locked one unlocked
    { fieldName: ROW_ACTIONS_FIELD, fieldExplain: '可用操作', fieldExplainEn: 'Allowed actions', fieldType: 'TEXT', ishow: false, ihidden: true,
      columnSql: `json_build_object('update', t.lock_state = 'OPEN', 'delList', t.lock_state = 'OPEN', 'cal', t.lock_state = 'OPEN', 'lockPounds', t.lock_state = 'OPEN', 'unlockPounds', t.lock_state = 'LOCKED')` },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export const calculationListTemplate = (kind: CalcKind): TemplateDef => defineListTemplate({
  formatCode: `calculation.${kind}.list`, formatName: CALC_KINDS[kind].label, formatNameEn: CALC_KINDS[kind].en, mainTable: calcView(kind), ownerColumn: 'created_by',
  resUrl: `${calcBase(kind)}/v2/list`, menuPath: CALC_KINDS[kind].menuPath, fields: listFields(kind),
});

const hidden = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});

/** The header as the forms edit it: the party, the material if one, the period. The rows are the calculation's (计算). */
export function calculationForms(kind: CalcKind): [TemplateDef, TemplateDef] {
  const k = CALC_KINDS[kind];
  const table = calcView(kind);
  const partyPick = kind === 'sa'
    ? { formatCode: 'masterdata.customer.resource', from: 'customerName' }
    : { formatCode: 'notice.peer-org.resource', from: 'orgName' };
  return formTemplates({ formatCode: `calculation.${kind}`, formatName: k.label, formatNameEn: k.en.replace(/s$/, '').toLowerCase(), prefix: calcPermission(kind, '').slice(0, -1), mainTable: table }, [
    { fieldName: 'calcNo', fieldExplain: '计算单号', fieldExplainEn: 'Calculation no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.calc_no', iupdate: false, tipsMessage: '留空则按编码规则自动编号' },
    { fieldName: 'partyName', fieldExplain: k.partyLabel, fieldExplainEn: k.partyLabelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: partyName(kind), irequired: true,
      resource: { formatCode: partyPick.formatCode, map: [{ masterTable: table, fieldName: k.partyField, from: 'id' }, { masterTable: table, fieldName: 'partyName', from: partyPick.from }] } },
    hidden(k.partyField, `${k.partyLabel}编号`, `${k.partyLabelEn} id`, `t.${k.partyColumn}::text`),
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: materialName, tipsMessage: '留空则计算全部物料',
      resource: { formatCode: 'masterdata.inventory.resource', map: [{ masterTable: table, fieldName: 'materialId', from: 'id' }, { masterTable: table, fieldName: 'materialName', from: 'invName' }] } },
    hidden('materialId', '物料编号', 'Material id', 't.material_id::text'),
    { fieldName: 'periodFrom', fieldExplain: '开始时间', fieldExplainEn: 'From', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.period_from', irequired: true },
    { fieldName: 'periodTo', fieldExplain: '结束时间', fieldExplainEn: 'To', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.period_to', irequired: true, tipsMessage: '计算完成时间在开始时间(含)与结束时间(不含)之间的磅单' },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
}

/** The rows of the calculations (one per ticket computed), searched by the calculation's number. */
export const calculationRowListTemplate = (kind: CalcKind): TemplateDef => defineListTemplate({
  formatCode: `calculation.${kind}.row.list`, formatName: `${CALC_KINDS[kind].label}明细`, formatNameEn: `${CALC_KINDS[kind].en} rows`, mainTable: `wb_calculation_row_${kind}`, ownerColumn: 'created_by',
  resUrl: `${calcBase(kind)}/row/v2/list`, menuPath: `${CALC_KINDS[kind].menuPath}-row`,
  fields: [
    { fieldName: 'calcNo', fieldExplain: '计算单号', fieldExplainEn: 'Calculation no.', fieldType: 'TEXT', columnSql: 't.calc_no', iallowQuery: true, searchType: 'input', columnWidth: 170 },
    { fieldName: 'seq', fieldExplain: '行号', fieldExplainEn: 'Row', fieldType: 'NUMBER', columnSql: 't.seq', isortField: true, idefinedSort: true, sortMethod: 'asc', columnWidth: 60 },
    { fieldName: 'ticketNo', fieldExplain: '磅单号', fieldExplainEn: 'Ticket no.', fieldType: 'TEXT', columnSql: 't.ticket_no', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'completedAt', fieldExplain: '完成时间', fieldExplainEn: 'Completed', fieldType: 'DATE', columnSql: 't.completed_at', isortField: true, columnWidth: 170 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialName, columnWidth: 140 },
    money('net', '净重(吨)', 'Net (t)', 't.net', { displayKind: 'weight', columnWidth: 100 }),
    money('priceCarried', '原单价', 'Price carried', 't.price_carried', { displayKind: 'unitPrice', itotal: false, columnWidth: 100 }),
    money('priceInForce', '执行单价', 'Price in force', 't.price_in_force', { displayKind: 'unitPrice', itotal: false, columnWidth: 100 }),
    { fieldName: 'priceLabel', fieldExplain: '价格来源', fieldExplainEn: 'Price from', fieldType: 'TEXT', columnSql: 't.price_label', columnWidth: 180 },
    // 096: a price per m3 in force prices the ticket's gauged volume
    { fieldName: 'priceBasis', fieldExplain: '计价依据', fieldExplainEn: 'Price basis', fieldType: 'ENUM', columnSql: 't.price_basis', columnWidth: 110,
      options: [{ value: 'NET', label: '按净重', labelEn: 'Per ton' }, { value: 'VOLUME', label: '按检尺方量', labelEn: 'Per m3' }] },
    { fieldName: 'gaugeVolume', fieldExplain: '检尺方量(m³)', fieldExplainEn: 'Gauged (m3)', fieldType: 'NUMBER', columnSql: 't.gauge_volume', columnWidth: 110 },
    money('amountCarried', '原金额', 'Amount carried', 't.amount_carried', { displayKind: 'money' }),
    money('amountInForce', '执行金额', 'Amount in force', 't.amount_in_force', { displayKind: 'money' }),
    money('difference', '差额', 'Difference', 't.difference', { displayKind: 'money' }),
    { fieldName: 'calculationId', fieldExplain: '计算单编号', fieldExplainEn: 'Calculation id', fieldType: 'TEXT', columnSql: 't.calculation_id::text', ishow: false, ihidden: true },
  ],
});
