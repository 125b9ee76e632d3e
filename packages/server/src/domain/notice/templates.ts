import { masterChildForm } from '../../platform/documents/master-child-form';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { codePicker } from '../masterdata/shared/code-picker';
import { grantFormFields } from '../licence/seams';
import { NOTICE_KINDS, noticeBase, type NoticeKindDef } from './kinds';

/**
 * The notices' screens: the list (with the lines' quantities summed per notice and totalled), the
 * master-child form (header above, lines as the child table) and the popups that pick a
 * counterparty company and a notice line.
 */
export const NOTICE_STATUS_OPTIONS = [
  { value: 'FREE', label: '自由', labelEn: 'Free', color: 'default' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'CLOSED', label: '已关闭', labelEn: 'Closed', color: 'orange' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
export const CTRL_MODES = [{ value: 'QUANTITY', label: '数量控制', labelEn: 'By quantity' }, { value: 'NONE', label: '不控制', labelEn: 'No control' }];

const LINE_TABLE = 'wb_notice_line';
// tons as a plant reads them (12.5, not 12.5000): numeric(14,4) with its trailing zeros trimmed
const trimmed = (expr: string) => `trim_scale(${expr})`;
const lineSum = (expr: string) => trimmed(`(SELECT coalesce(sum(${expr}), 0) FROM wb_notice_line l WHERE l.notice_id = t.id)`);
const number = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql, columnWidth: 110, ...extra,
});

/** The counterparty column of a kind, as the list shows it and the form picks it. */
function counterpartyColumn(k: NoticeKindDef): FieldDef | null {
  switch (k.counterparty) {
    case 'vendor':
      return { fieldName: 'vendorName', fieldExplain: '供应商', fieldExplainEn: 'Vendor', fieldType: 'TEXT', columnSql: '(SELECT v.vendor_name FROM md_vendor v WHERE v.id = t.vendor_id)' };
    case 'customer':
      return { fieldName: 'customerName', fieldExplain: '客户', fieldExplainEn: 'Customer', fieldType: 'TEXT', columnSql: '(SELECT c.customer_name FROM md_customer c WHERE c.id = t.customer_id)' };
    case 'peer':
      return { fieldName: 'peerOrgName', fieldExplain: '收货公司', fieldExplainEn: 'Receiving company', fieldType: 'TEXT', columnSql: '(SELECT o.org_name FROM sys_org o WHERE o.id = t.peer_org_id)' };
    default:
      return null;
  }
}

const carrierName: FieldDef = { fieldName: 'carrierName', fieldExplain: '承运商', fieldExplainEn: 'Carrier', fieldType: 'TEXT', columnSql: '(SELECT c.carrier_name FROM md_carrier c WHERE c.id = t.carrier_id)' };
const materials = `(SELECT string_agg(m.inv_name, '、' ORDER BY l.seq) FROM wb_notice_line l JOIN md_material m ON m.id = l.material_id WHERE l.notice_id = t.id)`;

function listFields(k: NoticeKindDef): FieldDef[] {
  const party = counterpartyColumn(k);
  return [
    { fieldName: 'noticeNo', fieldExplain: '通知单号', fieldExplainEn: 'Notice no.', fieldType: 'TEXT', columnSql: 't.notice_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status',
      options: NOTICE_STATUS_OPTIONS, iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    ...(party ? [{ ...party, iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input' as const, columnWidth: 200 }] : []),
    { fieldName: 'materialNames', fieldExplain: '物料', fieldExplainEn: 'Materials', fieldType: 'TEXT', columnSql: materials, columnWidth: 200 },
    number('totalQuantity', '数量', 'Quantity', lineSum('l.quantity'), { displayKind: 'weight', itotal: true }),
    number('totalMaxLimit', '最大限量', 'Max limit', lineSum('l.max_limit'), { displayKind: 'weight', itotal: true }),
    number('doneQuantity', '已执行量', 'Done', lineSum('l.done_quantity'), { displayKind: 'weight', itotal: true }),
    number('inTransit', '在途量', 'In transit', lineSum('l.in_transit'), { displayKind: 'weight', itotal: true }),
    number('remaining', '剩余量', 'Remaining', lineSum('l.max_limit - l.done_quantity - l.in_transit'), { displayKind: 'weight', itotal: true }),
    number('doneTrips', '已执行车次', 'Done trips', lineSum('l.done_trips'), { itotal: true, columnWidth: 100 }),
    { ...carrierName, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'startTime', fieldExplain: '开始时间', fieldExplainEn: 'Start', fieldType: 'DATE', columnSql: 't.start_time', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'endTime', fieldExplain: '结束时间', fieldExplainEn: 'End', fieldType: 'DATE', columnSql: 't.end_time', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', columnSql: 't.contract_no', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'ctrlMode', fieldExplain: '控制方式', fieldExplainEn: 'Control mode', fieldType: 'ENUM', columnSql: 't.ctrl_mode', options: CTRL_MODES, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    remarkColumn,
    { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', isortField: true, columnWidth: 170 },
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export const noticeListTemplate = (k: NoticeKindDef) => defineListTemplate({
  formatCode: `notice.${k.kind}.list`, formatName: k.label, formatNameEn: k.pluralEn, mainTable: `wb_notice_${k.kind}`, ownerColumn: 'created_by',
  resUrl: `${noticeBase(k.kind)}/v2/list`, menuPath: k.menuPath, fields: listFields(k),
});

/**
 * Allot notices other companies of the group address to this one: the same columns, the shipping
 * company instead of the receiving one, read through the receiving company (peer_org_id).
 */
export const receivedAllotListTemplate = defineListTemplate({
  formatCode: 'notice.al.received.list', formatName: '调入通知单', formatNameEn: 'Allot notices received', mainTable: 'wb_notice_al_received', orgColumn: 'peer_org_id',
  resUrl: `${noticeBase('al')}/received/v2/list`, menuPath: '/notice/al-received',
  fields: listFields(NOTICE_KINDS[2]).map((f) => (f.fieldName === 'peerOrgName'
    ? { ...f, fieldName: 'shipOrgName', fieldExplain: '发货公司', fieldExplainEn: 'Shipping company', columnSql: '(SELECT o.org_name FROM sys_org o WHERE o.id = t.org_id)' }
    : f)),
});

/** 选择收货公司: the other companies of the caller's group. */
const peerOrgFields: FieldDef[] = [
  { fieldName: 'orgCode', fieldExplain: '公司编码', fieldExplainEn: 'Company code', fieldType: 'TEXT', columnSql: 't.org_code', iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 120 },
  { fieldName: 'orgName', fieldExplain: '公司名称', fieldExplainEn: 'Company name', fieldType: 'TEXT', columnSql: 't.org_name', iallowQuery: true, searchType: 'input', columnWidth: 240 },
  { fieldName: 'id', fieldExplain: '编号', fieldExplainEn: 'Id', fieldType: 'TEXT', columnSql: 't.id::text', ishow: false, ihidden: true },
];
export const peerOrgList = defineListTemplate({
  formatCode: 'notice.peer-org.list', formatName: '集团内公司', formatNameEn: 'Companies of the group', mainTable: 'wb_notice_peer_org',
  resUrl: '/api/notice/peer-org/v2/list', fields: peerOrgFields,
});
export const peerOrgResource = defineTemplate({
  formatCode: 'notice.peer-org.resource', formatName: '选择收货公司', formatNameEn: 'Select receiving company', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'wb_notice_peer_org', resMethod: 'POST', resUrl: '/api/notice/peer-org/v2/list', valueResourceSubName: 'orgCode', viewResourceSubName: 'orgName',
  fields: peerOrgFields,
});

/**
 * 选择通知单明细: a registry picks the line its truck loads against, whatever the truck: lines of
 * audited notices still in their period, with what is left under the ceiling.
 */
function noticeLineFields(k: NoticeKindDef): FieldDef[] {
  const party = counterpartyColumn(k);
  return [
      { fieldName: 'noticeNo', fieldExplain: '通知单号', fieldExplainEn: 'Notice no.', fieldType: 'TEXT', columnSql: 't.notice_no', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 170 },
      ...(party ? [{ ...party, iallowQuery: true, searchType: 'input' as const, columnWidth: 180 }] : []),
      { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)', iallowQuery: true, searchType: 'input', columnWidth: 160 },
      number('quantity', '数量', 'Quantity', trimmed('t.quantity'), { displayKind: 'weight' }),
      number('remaining', '剩余量', 'Remaining', trimmed('t.remaining'), { displayKind: 'weight' }),
      { fieldName: 'endTime', fieldExplain: '结束时间', fieldExplainEn: 'End', fieldType: 'DATE', columnSql: 't.end_time', columnWidth: 170 },
      { ...createDateColumn, ishow: false, idefinedSort: true, sortMethod: 'desc' },
      { fieldName: 'id', fieldExplain: '明细编号', fieldExplainEn: 'Line id', fieldType: 'TEXT', columnSql: 't.id::text', ishow: false, ihidden: true },
      { fieldName: 'noticeId', fieldExplain: '通知单编号', fieldExplainEn: 'Notice id', fieldType: 'TEXT', columnSql: 't.notice_id::text', ishow: false, ihidden: true },
      { fieldName: 'materialId', fieldExplain: '物料编号', fieldExplainEn: 'Material id', fieldType: 'TEXT', columnSql: 't.material_id::text', ishow: false, ihidden: true },
  ];
}

/** What the popup's list reads (the list engine serves LIST templates; the popup shows the same fields). */
export const noticeLineList = (k: NoticeKindDef) => defineListTemplate({
  formatCode: `notice.${k.kind}.line.list`, formatName: `${k.label}明细`, formatNameEn: `${k.labelEn} lines`, mainTable: `wb_notice_line_open_${k.kind}`,
  resUrl: `${noticeBase(k.kind)}/line/v2/list`, fields: noticeLineFields(k),
});

export const noticeLineResource = (k: NoticeKindDef) => defineTemplate({
  formatCode: `notice.${k.kind}.line.resource`, formatName: '选择通知单明细', formatNameEn: 'Select notice line', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: `wb_notice_line_open_${k.kind}`, resMethod: 'POST', resUrl: `${noticeBase(k.kind)}/line/v2/list`, valueResourceSubName: 'id', viewResourceSubName: 'noticeNo',
  fields: noticeLineFields(k),
});

const hidden = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, ishow: false, ihidden: true,
});

function headerFormFields(k: NoticeKindDef, table: string): FieldDef[] {
  const pick = (name: string, idName: string, label: string, labelEn: string, columnSql: string, formatCode: string, from: string, irequired: boolean): FieldDef[] => [
    { fieldName: name, fieldExplain: label, fieldExplainEn: labelEn, fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql, irequired,
      resource: { formatCode, map: [{ masterTable: table, fieldName: idName, from: 'id' }, { masterTable: table, fieldName: name, from }] } },
    hidden(idName, `${label}编号`, `${labelEn} id`, `t.${idName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}::text`),
  ];
  const party = counterpartyColumn(k);
  const partyFields = !party ? [] : k.counterparty === 'vendor'
    ? pick('vendorName', 'vendorId', '供应商', 'Vendor', party.columnSql as string, 'masterdata.vendor.resource', 'vendorName', true)
    : k.counterparty === 'customer'
      ? pick('customerName', 'customerId', '客户', 'Customer', party.columnSql as string, 'masterdata.customer.resource', 'customerName', true)
      : pick('peerOrgName', 'peerOrgId', '收货公司', 'Receiving company', party.columnSql as string, 'notice.peer-org.resource', 'orgName', true);
  return [
    { fieldName: 'noticeNo', fieldExplain: '通知单号', fieldExplainEn: 'Notice no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.notice_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    ...partyFields,
    ...pick('carrierName', 'carrierId', '承运商', 'Carrier', carrierName.columnSql as string, 'masterdata.carrier.resource', 'carrierName', false),
    { fieldName: 'startTime', fieldExplain: '开始时间', fieldExplainEn: 'Start', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.start_time', irequired: true },
    { fieldName: 'endTime', fieldExplain: '结束时间', fieldExplainEn: 'End', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.end_time', irequired: true },
    { fieldName: 'contractNo', fieldExplain: '合同号', fieldExplainEn: 'Contract no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.contract_no' },
    { fieldName: 'ctrlMode', fieldExplain: '控制方式', fieldExplainEn: 'Control mode', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.ctrl_mode', options: CTRL_MODES, defaultValue: 'QUANTITY', irequired: true },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: NOTICE_STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
    ...(k.kind === 'sa' ? grantFormFields(table) : []),
  ];
}

/** The lines as the form's child table edits them; done, done trips and in transit are shown, never written. */
export function lineColumns(k: NoticeKindDef): FieldDef[] {
  const readOnly = (f: FieldDef): FieldDef => ({ ...f, formSubmitType: 'NUMBER', iupdate: false });
  const col = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
    fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, columnWidth: 100, ...extra,
  });
  const warehouse = (prefix: string, label: string, labelEn: string, column: string, irequired: boolean): FieldDef[] => [
    codePicker(col(`${prefix}Code`, `${label}编码`, `${labelEn} code`, `(SELECT w.ware_code FROM md_warehouse w WHERE w.id = t.${column})`, { irequired }), 'warehouse', `${prefix}Name`, LINE_TABLE),
    col(`${prefix}Name`, label, labelEn, `(SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.${column})`, { iupdate: false }),
  ];
  return [
    // every code cell picks from its archive and fills the name beside it
    // several materials picked at once make a line each (DETAIL_RESOURCE_CONTROLS); a typed code still resolves
    codePicker(col('materialCode', '物料编码', 'Material code', '(SELECT m.inv_code FROM md_material m WHERE m.id = t.material_id)', { irequired: true }), 'material', 'materialName', LINE_TABLE, 'DETAIL_RESOURCE_CONTROLS'),
    col('materialName', '物料名称', 'Material', '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)', { iupdate: false, columnWidth: 160 }),
    ...(k.kind === 'tr'
      ? [...warehouse('warehouse', '调出仓库', 'From warehouse', 'warehouse_id', true), ...warehouse('toWarehouse', '调入仓库', 'To warehouse', 'to_warehouse_id', true)]
      : warehouse('warehouse', '仓库', 'Warehouse', 'warehouse_id', false)),
    number('quantity', '数量', 'Quantity', trimmed('t.quantity'), { displayKind: 'weight', formSubmitType: 'NUMBER', irequired: true, itotal: true, columnWidth: 90 }),
    number('price', '单价', 'Unit price', trimmed('t.price'), { displayKind: 'unitPrice', formSubmitType: 'NUMBER', columnWidth: 90 }),
    number('taxRate', '税率(%)', 'Tax rate (%)', trimmed('t.tax_rate'), { formSubmitType: 'NUMBER', columnWidth: 80 }),
    number('controlRate', '控制比例(%)', 'Control rate (%)', trimmed('t.control_rate'), { formSubmitType: 'NUMBER', defaultValue: '0', columnWidth: 100 }),
    number('maxLimit', '最大限量', 'Max limit', trimmed('t.max_limit'), { displayKind: 'weight', formSubmitType: 'NUMBER', itotal: true, columnWidth: 90, tipsMessage: '留空则为 数量×(1+控制比例%)' }),
    number('minLimit', '最小限量', 'Min limit', trimmed('t.min_limit'), { displayKind: 'weight', formSubmitType: 'NUMBER', columnWidth: 90 }),
    readOnly(number('lineDone', '已执行量', 'Done', trimmed('t.done_quantity'), { displayKind: 'weight', itotal: true, columnWidth: 90 })),
    readOnly(number('lineDoneTrips', '已执行车次', 'Done trips', 't.done_trips', { columnWidth: 90 })),
    readOnly(number('lineInTransit', '在途量', 'In transit', trimmed('t.in_transit'), { displayKind: 'weight', itotal: true, columnWidth: 80 })),
    col('lineRemark', '明细备注', 'Line remark', 't.remark', { columnWidth: 160 }),
    ...(k.counterparty === null ? [] : [col('contractLineCode', '合同明细', 'Contract line', '(SELECT r.line_code FROM wb_contract_line_ref r WHERE r.id = t.contract_line_id)', {
      columnWidth: 180, tipsMessage: '合同号-行号：从生效合同的明细下达，数量受合同数量及溢短装控制',
      // chosen from the contract's popup of lines in force (domain/contract: contract.<kind>.line.resource), or typed
      formSubmitType: 'RESOURCE_CONTROLS', resource: { formatCode: `contract.${k.kind}.line.resource`, map: [{ masterTable: LINE_TABLE, fieldName: 'contractLineCode', from: 'lineCode' }] } })]),
  ];
}

export function noticeForms(k: NoticeKindDef) {
  const table = `wb_notice_${k.kind}`;
  const forms = formTemplates({ formatCode: `notice.${k.kind}`, formatName: k.label, formatNameEn: k.labelEn.toLowerCase(), prefix: `notice_${k.kind}`, mainTable: table }, headerFormFields(k, table));
  const remark = '明细的最大限量留空时按 数量×(1+控制比例%) 计算；已执行量、车次与在途量由过磅自动累计';
  return forms.map((f) => masterChildForm({ ...f, remark }, LINE_TABLE, lineColumns(k)));
}

export const NOTICE_LINE_TABLE = LINE_TABLE;
