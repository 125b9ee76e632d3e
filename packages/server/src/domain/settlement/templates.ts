import { ROW_ACTIONS_FIELD } from '@wb/protocol';
import { defineListTemplate, type FieldDef, type TemplateDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { settleBase, settlePermission, settleView, SETTLE_KINDS, type SettleKind } from './kinds';

/** The settlement's screens: its list with totals and state, its create and update forms. */
export const STATE_OPTIONS = [
  { value: 'DRAFT', label: '草稿', labelEn: 'Draft', color: 'default' },
  { value: 'EXAMINED', label: '已审核', labelEn: 'Examined', color: 'blue' },
  { value: 'PAID', label: '已付款', labelEn: 'Paid', color: 'green' },
  { value: 'CLOSED', label: '已关闭', labelEn: 'Closed', color: 'default' },
];

export const partyNameSql = (kind: SettleKind) => (kind === 'pu'
  ? '(SELECT v.vendor_name FROM md_vendor v WHERE v.id = t.vendor_id)'
  : kind === 'sa' ? '(SELECT c.customer_name FROM md_customer c WHERE c.id = t.customer_id)'
    : '(SELECT o.org_name FROM sys_org o WHERE o.id = t.peer_org_id)');
const materialName = '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)';
const contractNo = '(SELECT c.contract_no FROM wb_contract c WHERE c.id = t.contract_id)';
const money = (fieldName: string, zh: string, en: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain: zh, fieldExplainEn: en, fieldType: 'NUMBER', columnSql: `trim_scale(${columnSql})`, itotal: true, columnWidth: 120, ...extra,
});

function listFields(kind: SettleKind): FieldDef[] {
  const k = SETTLE_KINDS[kind];
  const draft = "t.state = 'DRAFT'";
  return [
    { fieldName: 'settleNo', fieldExplain: '结算单号', fieldExplainEn: 'Settlement no.', fieldType: 'TEXT', columnSql: 't.settle_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 },
    { fieldName: 'partyName', fieldExplain: k.partyLabel, fieldExplainEn: k.partyLabelEn, fieldType: 'TEXT', columnSql: partyNameSql(kind),
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialName, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', columnSql: contractNo, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'periodFrom', fieldExplain: '开始时间', fieldExplainEn: 'From', fieldType: 'DATE', columnSql: 't.period_from', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'periodTo', fieldExplain: '结束时间', fieldExplainEn: 'To', fieldType: 'DATE', columnSql: 't.period_to', isortField: true, columnWidth: 170 },
    { fieldName: 'state', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'ENUM', columnSql: 't.state', options: STATE_OPTIONS,
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'ticketCount', fieldExplain: '磅单数', fieldExplainEn: 'Tickets', fieldType: 'NUMBER', columnSql: 't.ticket_count', itotal: true, columnWidth: 80 },
    money('totalNet', '净重合计(吨)', 'Net (t)', 't.total_net', { displayKind: 'weight' }),
    money('totalQuantity', '结算数量(吨)', 'Settled (t)', 't.total_quantity', { displayKind: 'weight' }),
    // 105: the m3 of the rows priced per m3 gauged, never added to the tons
    money('totalVolume', '结算方量(m³)', 'Settled (m3)', 't.total_volume', { columnWidth: 110 }),
    money('totalAmount', '结算金额', 'Amount', 't.total_amount', { displayKind: 'money' }),
    money('totalTax', '税额', 'Tax', 't.total_tax', { displayKind: 'money' }),
    money('totalAmountExTax', '不含税金额', 'Amount ex. tax', 't.total_amount_ex_tax', { displayKind: 'money' }),
    money('adjustAmount', '调整金额', 'Adjustments', 't.adjust_amount', { displayKind: 'money' }),
    money('invoicedAmount', '已开票金额', 'Invoiced', 't.invoiced_amount', { displayKind: 'money' }),
    money('paidAmount', k.payment === 'OUT' ? '已付金额' : '已收金额', k.payment === 'OUT' ? 'Paid' : 'Received', 't.paid_amount', { displayKind: 'money' }),
    { fieldName: 'examinedAt', fieldExplain: '审核时间', fieldExplainEn: 'Examined', fieldType: 'DATE', columnSql: 't.examined_at', isortField: true, columnWidth: 170 },
    // what each row's buttons may do: a draft is edited, filled, examined and deleted; an examined one un-examined
    { fieldName: ROW_ACTIONS_FIELD, fieldExplain: '可用操作', fieldExplainEn: 'Allowed actions', fieldType: 'TEXT', ishow: false, ihidden: true,
      columnSql: `json_build_object('update', ${draft}, 'delete', ${draft}, 'confirmPounds', ${draft}, 'examine', ${draft}, 'unexamine', t.state = 'EXAMINED' AND t.paid_amount = 0 AND t.invoiced_amount = 0, 'close', t.state = 'PAID')` },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export const settlementListTemplate = (kind: SettleKind): TemplateDef => defineListTemplate({
  formatCode: `settlement.${kind}.list`, formatName: SETTLE_KINDS[kind].label, formatNameEn: SETTLE_KINDS[kind].en, mainTable: settleView(kind), ownerColumn: 'created_by',
  resUrl: `${settleBase(kind)}/v2/list`, menuPath: SETTLE_KINDS[kind].menuPath, fields: listFields(kind),
});

const hidden = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});

/** The header as the forms edit it: the party, the material and the contract if one, the period. The rows come from confirmPounds. */
export function settlementForms(kind: SettleKind): [TemplateDef, TemplateDef] {
  const k = SETTLE_KINDS[kind];
  const table = settleView(kind);
  const partyPick = kind === 'pu'
    ? { formatCode: 'masterdata.vendor.resource', from: 'vendorName' }
    : kind === 'sa' ? { formatCode: 'masterdata.customer.resource', from: 'customerName' } : { formatCode: 'notice.peer-org.resource', from: 'orgName' };
  return formTemplates({ formatCode: `settlement.${kind}`, formatName: k.label, formatNameEn: k.en.replace(/s$/, '').toLowerCase(), prefix: settlePermission(kind, '').slice(0, -1), mainTable: table }, [
    { fieldName: 'settleNo', fieldExplain: '结算单号', fieldExplainEn: 'Settlement no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.settle_no', iupdate: false, tipsMessage: '留空则按编码规则自动编号' },
    { fieldName: 'partyName', fieldExplain: k.partyLabel, fieldExplainEn: k.partyLabelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: partyNameSql(kind), irequired: true,
      resource: { formatCode: partyPick.formatCode, map: [{ masterTable: table, fieldName: k.partyField, from: 'id' }, { masterTable: table, fieldName: 'partyName', from: partyPick.from }] } },
    hidden(k.partyField, `${k.partyLabel}编号`, `${k.partyLabelEn} id`, `t.${k.partyColumn}::text`),
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: materialName, tipsMessage: '留空则结算全部物料',
      resource: { formatCode: 'masterdata.inventory.resource', map: [{ masterTable: table, fieldName: 'materialId', from: 'id' }, { masterTable: table, fieldName: 'materialName', from: 'invName' }] } },
    hidden('materialId', '物料编号', 'Material id', 't.material_id::text'),
    { fieldName: 'periodFrom', fieldExplain: '开始时间', fieldExplainEn: 'From', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.period_from', irequired: true },
    { fieldName: 'periodTo', fieldExplain: '结束时间', fieldExplainEn: 'To', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.period_to', irequired: true, tipsMessage: '完成时间在开始时间(含)与结束时间(不含)之间的已审核磅单' },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
}
