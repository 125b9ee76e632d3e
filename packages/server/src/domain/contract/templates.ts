import { PRICE_BASIS_OPTIONS } from '../price/rules';
import { masterChildForm } from '../../platform/documents/master-child-form';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { codePicker } from '../masterdata/shared/code-picker';
import { amendBase, contractBase, type ContractKindDef } from './kinds';
import { drawnSql, executedSql, overLines } from './repo';

/**
 * The contracts' screens: the list (quantities, drawn and executed summed per contract), the
 * master-child form with the pricing rows (executed quantity read-only), the amendments' list and
 * form, and the popup of contract lines in force a notice line draws on.
 */
export const CONTRACT_LINE_TABLE = 'wb_contract_line';
export const AMEND_LINE_TABLE = 'wb_contract_amend_line';

export const CONTRACT_STATUS_OPTIONS = [
  { value: 'FREE', label: '草稿', labelEn: 'Draft', color: 'default' },
  { value: 'AUDITED', label: '生效', labelEn: 'In force', color: 'green' },
  { value: 'CLOSED', label: '已关闭', labelEn: 'Closed', color: 'orange' },
  { value: 'TERMINATED', label: '已终止', labelEn: 'Terminated', color: 'volcano' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
export const AMEND_STATUS_OPTIONS = [
  { value: 'FREE', label: '草稿', labelEn: 'Draft', color: 'default' },
  { value: 'AUDITED', label: '已生效', labelEn: 'Applied', color: 'green' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
export const SETTLE_BASES = [
  { value: 'OUR_NET', label: '我方净重', labelEn: 'Our net' },
  { value: 'SHIPPED', label: '对方原发', labelEn: 'Shipped quantity' },
  { value: 'LESSER', label: '两者取小', labelEn: 'The lesser' },
];
export const FREIGHT_TERMS = [{ value: 'DELIVERED', label: '到厂价', labelEn: 'Delivered' }, { value: 'EX_WORKS', label: '出厂价', labelEn: 'Ex works' }];
export const PAYMENT_TERMS = [{ value: 'PREPAID', label: '预付款', labelEn: 'Prepaid' }, { value: 'CREDIT', label: '账期', labelEn: 'Credit' }];

const trimmed = (expr: string) => `trim_scale(${expr})`;
const number = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql, columnWidth: 110, ...extra,
});
const hidden = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});

/** The party column of a kind, as the list shows it and the form picks it. */
export function partyColumn(k: ContractKindDef, on = 't'): FieldDef {
  switch (k.party) {
    case 'vendor':
      return { fieldName: 'vendorName', fieldExplain: '供应商', fieldExplainEn: 'Vendor', fieldType: 'TEXT', columnSql: `(SELECT v.vendor_name FROM md_vendor v WHERE v.id = ${on}.vendor_id)` };
    case 'customer':
      return { fieldName: 'customerName', fieldExplain: '客户', fieldExplainEn: 'Customer', fieldType: 'TEXT', columnSql: `(SELECT c.customer_name FROM md_customer c WHERE c.id = ${on}.customer_id)` };
    default:
      return { fieldName: 'peerOrgName', fieldExplain: '收货公司', fieldExplainEn: 'Receiving company', fieldType: 'TEXT', columnSql: `(SELECT o.org_name FROM sys_org o WHERE o.id = ${on}.peer_org_id)` };
  }
}

function listFields(k: ContractKindDef): FieldDef[] {
  return [
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', columnSql: 't.contract_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status',
      options: CONTRACT_STATUS_OPTIONS, iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { ...partyColumn(k), iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 200 },
    { fieldName: 'materialNames', fieldExplain: '物料', fieldExplainEn: 'Materials', fieldType: 'TEXT',
      columnSql: "(SELECT string_agg(m.inv_name, '、' ORDER BY l.seq) FROM wb_contract_line l JOIN md_material m ON m.id = l.material_id WHERE l.contract_id = t.id)", columnWidth: 200 },
    number('totalQuantity', '合同数量', 'Quantity', overLines('l.quantity'), { displayKind: 'weight', itotal: true }),
    number('drawnQuantity', '已下达量', 'Drawn by notices', overLines(drawnSql('l')), { displayKind: 'weight', itotal: true }),
    number('executedQuantity', '已执行量', 'Executed', overLines(executedSql('l')), { displayKind: 'weight', itotal: true }),
    number('tolerance', '溢短装(%)', 'Tolerance (%)', trimmed('t.tolerance'), { columnWidth: 90 }),
    { fieldName: 'signDate', fieldExplain: '签订日期', fieldExplainEn: 'Signed', fieldType: 'DATE', columnSql: 't.sign_date', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 120 },
    { fieldName: 'validFrom', fieldExplain: '有效期起', fieldExplainEn: 'Valid from', fieldType: 'DATE', columnSql: 't.valid_from', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 120 },
    { fieldName: 'validTo', fieldExplain: '有效期至', fieldExplainEn: 'Valid to', fieldType: 'DATE', columnSql: 't.valid_to', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 120 },
    { fieldName: 'settleBasis', fieldExplain: '结算依据', fieldExplainEn: 'Settlement basis', fieldType: 'ENUM', columnSql: 't.settle_basis', options: SETTLE_BASES, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    { fieldName: 'freightTerms', fieldExplain: '运费条款', fieldExplainEn: 'Freight terms', fieldType: 'ENUM', columnSql: 't.freight_terms', options: FREIGHT_TERMS, columnWidth: 90 },
    { fieldName: 'paymentTerms', fieldExplain: '付款方式', fieldExplainEn: 'Payment terms', fieldType: 'ENUM', columnSql: 't.payment_terms', options: PAYMENT_TERMS, columnWidth: 90 },
    { fieldName: 'currency', fieldExplain: '币种', fieldExplainEn: 'Currency', fieldType: 'TEXT', columnSql: 't.currency', columnWidth: 70 },
    remarkColumn,
    { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', isortField: true, columnWidth: 170 },
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export const contractListTemplate = (k: ContractKindDef) => defineListTemplate({
  formatCode: `contract.${k.kind}.list`, formatName: k.label, formatNameEn: k.pluralEn, mainTable: `wb_contract_${k.kind}`, ownerColumn: 'created_by',
  resUrl: `${contractBase(k.kind)}/v2/list`, menuPath: k.menuPath, fields: listFields(k),
});

/** 选择合同: an amendment picks the contract it changes (the list's rows; only one in force is taken). */
export const contractResource = (k: ContractKindDef) => defineTemplate({
  formatCode: `contract.${k.kind}.resource`, formatName: `选择${k.label}`, formatNameEn: `Select ${k.labelEn.toLowerCase()}`, formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: `wb_contract_${k.kind}`, resMethod: 'POST', resUrl: `${contractBase(k.kind)}/v2/list`, valueResourceSubName: 'id', viewResourceSubName: 'contractNo',
  fields: [
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', columnSql: 't.contract_no', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 170 },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status', options: CONTRACT_STATUS_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { ...partyColumn(k), iallowQuery: true, searchType: 'input', columnWidth: 200 },
    { fieldName: 'validTo', fieldExplain: '有效期至', fieldExplainEn: 'Valid to', fieldType: 'DATE', columnSql: 't.valid_to', columnWidth: 120 },
    { ...createDateColumn, ishow: false, idefinedSort: true, sortMethod: 'desc' },
    { fieldName: 'id', fieldExplain: '合同编号', fieldExplainEn: 'Contract id', fieldType: 'TEXT', columnSql: 't.id::text', ishow: false, ihidden: true },
  ],
});

const LOSS_BASES = [{ value: 'PERMILLE', label: '千分比(‰)', labelEn: 'Permille (‰)' }, { value: 'TONS', label: '吨/车', labelEn: 'Tons per wagon' }];
const LOSS_HANDLINGS = [{ value: 'CHARGE', label: '超耗扣吨', labelEn: 'Charge the excess' }, { value: 'FLAG', label: '仅标记', labelEn: 'Flag only' }];

function headerFormFields(k: ContractKindDef, table: string): FieldDef[] {
  const party = partyColumn(k);
  const [idName, formatCode, from] = k.party === 'vendor' ? ['vendorId', 'masterdata.vendor.resource', 'vendorName']
    : k.party === 'customer' ? ['customerId', 'masterdata.customer.resource', 'customerName'] : ['peerOrgId', 'notice.peer-org.resource', 'orgName'];
  return [
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.contract_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    { ...party, formSubmitType: 'RESOURCE_CONTROLS', irequired: true,
      resource: { formatCode, map: [{ masterTable: table, fieldName: idName, from: 'id' }, { masterTable: table, fieldName: party.fieldName, from }] } },
    hidden(idName, `${party.fieldExplain}编号`, `${party.fieldExplainEn} id`, `t.${idName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}::text`),
    { fieldName: 'signDate', fieldExplain: '签订日期', fieldExplainEn: 'Signed', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.sign_date::text' },
    { fieldName: 'validFrom', fieldExplain: '有效期起', fieldExplainEn: 'Valid from', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.valid_from::text', irequired: true },
    { fieldName: 'validTo', fieldExplain: '有效期至', fieldExplainEn: 'Valid to', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.valid_to::text', irequired: true },
    { fieldName: 'taxRate', fieldExplain: '税率(%)', fieldExplainEn: 'Tax rate (%)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: trimmed('t.tax_rate') },
    { fieldName: 'currency', fieldExplain: '币种', fieldExplainEn: 'Currency', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.currency', defaultValue: 'CNY' },
    { fieldName: 'settleBasis', fieldExplain: '结算依据', fieldExplainEn: 'Settlement basis', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.settle_basis', options: SETTLE_BASES, defaultValue: 'OUR_NET', irequired: true },
    { fieldName: 'tolerance', fieldExplain: '溢短装(±%)', fieldExplainEn: 'Tolerance (±%)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: trimmed('t.tolerance'), defaultValue: '0' },
    { fieldName: 'lossBasis', fieldExplain: '途损方式', fieldExplainEn: 'Transit loss basis', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.loss_basis', options: LOSS_BASES, tipsMessage: '火运到货的允许途损（轨道衡）' },
    { fieldName: 'lossAllowance', fieldExplain: '允许途损', fieldExplainEn: 'Transit loss allowance', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: trimmed('t.loss_allowance') },
    { fieldName: 'lossHandling', fieldExplain: '超耗处理', fieldExplainEn: 'Excess loss', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.loss_handling', options: LOSS_HANDLINGS },
    { fieldName: 'freightTerms', fieldExplain: '运费条款', fieldExplainEn: 'Freight terms', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.freight_terms', options: FREIGHT_TERMS, defaultValue: 'DELIVERED', irequired: true },
    { fieldName: 'paymentTerms', fieldExplain: '付款方式', fieldExplainEn: 'Payment terms', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.payment_terms', options: PAYMENT_TERMS, defaultValue: 'PREPAID', irequired: true },
    { fieldName: 'creditDays', fieldExplain: '账期天数', fieldExplainEn: 'Credit days', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.credit_days', tipsMessage: '付款方式为账期时必填' },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: CONTRACT_STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ];
}

/** The pricing rows as the form's child table edits them; drawn and executed are shown, never written. */
export function contractLineColumns(): FieldDef[] {
  const readOnly = (f: FieldDef): FieldDef => ({ ...f, formSubmitType: 'NUMBER', iupdate: false });
  const col = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
    fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, columnWidth: 100, ...extra,
  });
  return [
    codePicker(col('materialCode', '物料编码', 'Material code', '(SELECT m.inv_code FROM md_material m WHERE m.id = t.material_id)', { irequired: true }), 'material', 'materialName', CONTRACT_LINE_TABLE),
    col('materialName', '物料名称', 'Material', '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)', { iupdate: false, columnWidth: 160 }),
    number('quantity', '数量', 'Quantity', trimmed('t.quantity'), { displayKind: 'weight', formSubmitType: 'NUMBER', irequired: true, itotal: true, columnWidth: 90 }),
    number('price', '单价', 'Unit price', trimmed('t.price'), { displayKind: 'unitPrice', formSubmitType: 'NUMBER', columnWidth: 90, tipsMessage: '留空则按价格规则取价' }),
    number('lineTaxRate', '税率(%)', 'Tax rate (%)', trimmed('t.tax_rate'), { formSubmitType: 'NUMBER', columnWidth: 80 }),
    col('priceBasis', '计价依据', 'Price basis', 't.price_basis', { fieldType: 'ENUM', formSubmitType: 'SELECT', options: PRICE_BASIS_OPTIONS.map((o) => ({ ...o })), defaultValue: 'NET', columnWidth: 150 }),
    readOnly(number('lineDrawn', '已下达量', 'Drawn by notices', drawnSql('t'), { displayKind: 'weight', itotal: true, columnWidth: 90 })),
    readOnly(number('lineExecuted', '已执行量', 'Executed', executedSql('t'), { displayKind: 'weight', itotal: true, columnWidth: 90 })),
    col('lineRemark', '明细备注', 'Line remark', 't.remark', { columnWidth: 160 }),
  ];
}

export function contractForms(k: ContractKindDef) {
  const table = `wb_contract_${k.kind}`;
  const forms = formTemplates({ formatCode: `contract.${k.kind}`, formatName: k.label, formatNameEn: k.labelEn.toLowerCase(), prefix: `contract_${k.kind}`, mainTable: table }, headerFormFields(k, table));
  const remark = '单价留空时按价格规则取价；已下达量为引用本行的通知单数量之和，已执行量为其已完成磅单的净重之和；生效后的变更请通过补充协议';
  return forms.map((f) => masterChildForm({ ...f, remark }, CONTRACT_LINE_TABLE, contractLineColumns()));
}

/** 选择合同明细: lines of contracts in force of the kind, with the room the notices have left. */
function contractLineFields(k: ContractKindDef): FieldDef[] {
  return [
    { fieldName: 'lineCode', fieldExplain: '合同明细', fieldExplainEn: 'Contract line', fieldType: 'TEXT', columnSql: 't.line_code', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 180 },
    { ...partyColumn(k), iallowQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    number('quantity', '合同数量', 'Quantity', trimmed('t.quantity'), { displayKind: 'weight' }),
    number('room', '可下达量', 'Room', trimmed('t.room'), { displayKind: 'weight' }),
    number('drawn', '已下达量', 'Drawn', trimmed('t.drawn'), { displayKind: 'weight' }),
    number('price', '单价', 'Unit price', trimmed('t.price'), { displayKind: 'unitPrice' }),
    { fieldName: 'validTo', fieldExplain: '有效期至', fieldExplainEn: 'Valid to', fieldType: 'DATE', columnSql: 't.valid_to', columnWidth: 120 },
    { ...createDateColumn, ishow: false, idefinedSort: true, sortMethod: 'desc' },
    { fieldName: 'id', fieldExplain: '明细编号', fieldExplainEn: 'Line id', fieldType: 'TEXT', columnSql: 't.id::text', ishow: false, ihidden: true },
    { fieldName: 'materialId', fieldExplain: '物料编号', fieldExplainEn: 'Material id', fieldType: 'TEXT', columnSql: 't.material_id::text', ishow: false, ihidden: true },
  ];
}

export const contractLineList = (k: ContractKindDef) => defineListTemplate({
  formatCode: `contract.${k.kind}.line.list`, formatName: `${k.label}明细`, formatNameEn: `${k.labelEn} lines`, mainTable: `wb_contract_line_open_${k.kind}`,
  resUrl: `${contractBase(k.kind)}/line/v2/list`, fields: contractLineFields(k),
});

export const contractLineResource = (k: ContractKindDef) => defineTemplate({
  formatCode: `contract.${k.kind}.line.resource`, formatName: '选择合同明细', formatNameEn: 'Select contract line', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: `wb_contract_line_open_${k.kind}`, resMethod: 'POST', resUrl: `${contractBase(k.kind)}/line/v2/list`, valueResourceSubName: 'lineCode', viewResourceSubName: 'lineCode',
  fields: contractLineFields(k),
});

// ---- amendments (补充协议)

const contractNoOf = '(SELECT c.contract_no FROM wb_contract c WHERE c.id = t.contract_id)';

function amendListFields(): FieldDef[] {
  return [
    { fieldName: 'amendNo', fieldExplain: '补充协议号', fieldExplainEn: 'Amendment no.', fieldType: 'TEXT', columnSql: 't.amend_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status',
      options: AMEND_STATUS_OPTIONS, iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', columnSql: contractNoOf, iallowQuery: true, searchType: 'input', columnWidth: 170 },
    { fieldName: 'reason', fieldExplain: '变更原因', fieldExplainEn: 'Reason', fieldType: 'TEXT', columnSql: 't.reason', columnWidth: 200 },
    { fieldName: 'effectiveDate', fieldExplain: '生效日期', fieldExplainEn: 'Effective', fieldType: 'DATE', columnSql: 't.effective_date', isortField: true, columnWidth: 120 },
    number('newTolerance', '新溢短装(%)', 'New tolerance (%)', trimmed('t.new_tolerance')),
    { fieldName: 'newValidTo', fieldExplain: '新有效期至', fieldExplainEn: 'New valid to', fieldType: 'DATE', columnSql: 't.new_valid_to', columnWidth: 120 },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export const amendListTemplate = (k: ContractKindDef) => defineListTemplate({
  formatCode: `contract.${k.kind}.amend.list`, formatName: `${k.label}补充协议`, formatNameEn: `${k.labelEn} amendments`, mainTable: `wb_contract_amend_${k.kind}`, ownerColumn: 'created_by',
  resUrl: `${amendBase(k.kind)}/v2/list`, menuPath: k.amendPath, fields: amendListFields(),
});

export function amendLineColumns(): FieldDef[] {
  const col = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
    fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, columnWidth: 120, ...extra,
  });
  return [
    col('contractLineCode', '合同明细', 'Contract line', '(SELECT r.line_code FROM wb_contract_line_ref r WHERE r.id = t.contract_line_id)', { irequired: true, columnWidth: 180, tipsMessage: '合同号-行号' }),
    number('newQuantity', '新数量', 'New quantity', trimmed('t.new_quantity'), { displayKind: 'weight', formSubmitType: 'NUMBER', columnWidth: 100 }),
    number('newPrice', '新单价', 'New unit price', trimmed('t.new_price'), { displayKind: 'unitPrice', formSubmitType: 'NUMBER', columnWidth: 100 }),
    col('amendLineRemark', '明细备注', 'Line remark', 't.remark', { columnWidth: 160 }),
  ];
}

export function amendForms(k: ContractKindDef) {
  const table = `wb_contract_amend_${k.kind}`;
  const fields: FieldDef[] = [
    { fieldName: 'amendNo', fieldExplain: '补充协议号', fieldExplainEn: 'Amendment no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.amend_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: contractNoOf, irequired: true, iupdate: false,
      resource: { formatCode: `contract.${k.kind}.resource`, map: [{ masterTable: table, fieldName: 'contractId', from: 'id' }, { masterTable: table, fieldName: 'contractNo', from: 'contractNo' }] } },
    { fieldName: 'reason', fieldExplain: '变更原因', fieldExplainEn: 'Reason', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.reason', irequired: true },
    { fieldName: 'effectiveDate', fieldExplain: '生效日期', fieldExplainEn: 'Effective', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.effective_date::text', irequired: true },
    { fieldName: 'newTolerance', fieldExplain: '新溢短装(±%)', fieldExplainEn: 'New tolerance (±%)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: trimmed('t.new_tolerance'), tipsMessage: '留空则不变' },
    { fieldName: 'newValidTo', fieldExplain: '新有效期至', fieldExplainEn: 'New valid to', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.new_valid_to::text', tipsMessage: '留空则不变' },
    hidden('contractId', '合同编号', 'Contract id', 't.contract_id::text'),
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: AMEND_STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ];
  const forms = formTemplates({ formatCode: `contract.${k.kind}.amend`, formatName: `${k.label}补充协议`, formatNameEn: `${k.labelEn.toLowerCase()} amendment`, prefix: `contract_${k.kind}_amend`, mainTable: table }, fields);
  const remark = '审核后新数量、单价、溢短装与有效期写入合同，原值记入合同的变更记录；数量不能低于通知单已下达量';
  return forms.map((f) => masterChildForm({ ...f, remark }, AMEND_LINE_TABLE, amendLineColumns()));
}
