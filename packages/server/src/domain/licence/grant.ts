import type { DocField, DocumentChildren, DocumentFamily, EntityValues } from '../../platform/documents/define';
import type { Lifecycle } from '../../platform/documents/lifecycle';
import { masterChildForm } from '../../platform/documents/master-child-form';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, enabledColumn, formTemplates, readFieldsOf, remarkColumn, STATUS_OPTIONS, versionColumn } from '../masterdata/shared/fields';
import { col, customerNameSql, dateInput, divisionNameSql, input, pick, query, saleTypeNameSql, standProductNameSql } from './fields';
import { customerByCode, divisionByCode, divisionPick, licenceBase, saleTypeByCode, standProductByCode } from './families';
import { divisionProblems } from './checks';
import { drawnOf, stampGrantAudit } from './repo';

/**
 * 许可证 (grants): a licence the authority issued to a customer (and a division of it), for a
 * sale type, valid between two days, with its lines (grant info): a standard product and the
 * quantity granted, drawn down by completed tickets. Only an audited grant lets goods go.
 */
export const GRANT_BASE = licenceBase('grant');
export const GRANT_PERMISSION = 'mgp_grant';
const TABLE = 'mgp_grant';
export const GRANT_LINE_TABLE = 'mgp_grant_line';

/** Audited before use; withdrawn or edited only while nothing has been drawn on it; void stops it for good. */
export const grantLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' } },
  obsolete: { from: ['FREE', 'AUDITED'], change: { status: 'OBSOLETE', enabled: false } },
  recover: { from: ['OBSOLETE'], change: { status: 'FREE', enabled: true } },
  enable: { from: ['FREE', 'AUDITED'], whenEnabled: false, change: { enabled: true } },
  disable: { from: ['FREE', 'AUDITED'], whenEnabled: true, change: { enabled: false } },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE'], change: {} },
} as const satisfies Lifecycle;

const tons = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'number', scale: 4, min: 0, below: 1e10, ...extra });

const FIELDS: DocField[] = [
  { name: 'grantNo', column: 'grant_no', label: '许可证号', type: 'text', updatable: false, unique: true, maxLength: 60 },
  { name: 'customerId', column: 'customer_id', label: '持证客户', type: 'id', required: true, byCode: customerByCode },
  { name: 'divisionId', column: 'division_id', label: '部门', type: 'id', byCode: divisionByCode },
  { name: 'issuer', column: 'issuer', label: '发证机关', type: 'text', maxLength: 100 },
  { name: 'saleTypeId', column: 'sale_type_id', label: '销售类型', type: 'id', byCode: saleTypeByCode },
  { name: 'validFrom', column: 'valid_from', label: '有效期自', type: 'date', required: true },
  { name: 'validTo', column: 'valid_to', label: '有效期至', type: 'date', required: true },
  { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
];

const LINE_FIELDS: DocField[] = [
  { name: 'standProductId', column: 'stand_product_id', label: '标准产品', type: 'id', required: true, byCode: standProductByCode },
  tons('quantity', 'quantity', '许可数量', { required: true }),
  { name: 'lineSeq', column: 'seq', label: '行号', type: 'integer' },
  { name: 'lineRemark', column: 'remark', label: '明细备注', type: 'text', maxLength: 500 },
];

const lineSum = (expr: string) => `trim_scale((SELECT coalesce(sum(${expr}), 0) FROM mgp_grant_line l WHERE l.grant_id = t.id))`;
const products = `(SELECT string_agg(s.product_name, '、' ORDER BY l.seq) FROM mgp_grant_line l JOIN mgp_stand_product s ON s.id = l.stand_product_id WHERE l.grant_id = t.id)`;

export function grantListFields(): FieldDef[] {
  return [
    col('grantNo', '许可证号', 'Grant no.', 't.grant_no', { ...query, isortField: true, fixed: 'left', columnWidth: 170 }),
    col('docStatus', '单据状态', 'Status', 't.doc_status', { fieldType: 'ENUM', options: STATUS_OPTIONS, iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 }),
    col('customerName', '持证客户', 'Customer', customerNameSql, { ...query, columnWidth: 200 }),
    col('divisionName', '部门', 'Division', divisionNameSql),
    col('issuer', '发证机关', 'Issuer', 't.issuer', { ...query, columnWidth: 160 }),
    col('saleTypeName', '销售类型', 'Sale type', saleTypeNameSql),
    col('productNames', '标准产品', 'Products', products, { columnWidth: 200 }),
    col('totalQuantity', '许可数量', 'Granted', lineSum('l.quantity'), { displayKind: 'weight', fieldType: 'NUMBER', itotal: true, columnWidth: 100 }),
    col('drawnQuantity', '已提数量', 'Drawn', lineSum('l.drawn_quantity'), { displayKind: 'weight', fieldType: 'NUMBER', itotal: true, columnWidth: 100 }),
    col('remaining', '剩余数量', 'Remaining', lineSum('l.quantity - l.drawn_quantity'), { displayKind: 'weight', fieldType: 'NUMBER', itotal: true, columnWidth: 100 }),
    col('validFrom', '有效期自', 'Valid from', 't.valid_from', { fieldType: 'DATE', columnWidth: 110 }),
    col('validTo', '有效期至', 'Valid to', 't.valid_to', { fieldType: 'DATE', columnWidth: 110, isortField: true, iallowAdvanceQuery: true, searchType: 'datePickerRange' }),
    col('daysLeft', '剩余天数', 'Days left', '(t.valid_to - current_date)', { fieldType: 'NUMBER', columnWidth: 90, isortField: true, iallowAdvanceQuery: true, searchType: 'input' }),
    enabledColumn, remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

const listTemplate = defineListTemplate({
  formatCode: 'licence.grant.list', formatName: '许可发放', formatNameEn: 'Grants', mainTable: TABLE, ownerColumn: 'created_by',
  resUrl: `${GRANT_BASE}/v2/list`, menuPath: '/mgp/grant', fields: grantListFields(),
});

/** 即将到期: audited grants whose end is near (the route forces the window). */
export const expiringListTemplate = defineListTemplate({
  formatCode: 'licence.grant.expiring.list', formatName: '即将到期许可证', formatNameEn: 'Grants expiring soon', mainTable: TABLE, ownerColumn: 'created_by',
  resUrl: `${GRANT_BASE}/expiring/v2/list`, menuPath: '/mgp/grant-expiring', fields: grantListFields(),
});

const popupFields = (): FieldDef[] => [
  ...grantListFields().filter((f) => ['grantNo', 'customerName', 'divisionName', 'productNames', 'remaining', 'validTo', 'daysLeft', 'createDate'].includes(f.fieldName)),
  // the open list's forced conditions name these (module.ts)
  ...grantListFields().filter((f) => ['docStatus', 'enabled'].includes(f.fieldName)).map((f) => ({ ...f, ishow: false, ihidden: true })),
  col('id', '编号', 'Id', 't.id::text', { ishow: false, ihidden: true }),
];

/** The family's own popup (autocomplete): any grant of the company. */
export const grantResource = defineTemplate({
  formatCode: 'licence.grant.resource', formatName: '选择许可证', formatNameEn: 'Select grant', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: TABLE, resMethod: 'POST', resUrl: `${GRANT_BASE}/v2/list`, valueResourceSubName: 'grantNo', viewResourceSubName: 'grantNo', fields: popupFields(),
});

/** 选择许可证 on a sales notice or registry: audited, enabled grants not yet ended (the route forces it). */
export const GRANT_OPEN_URL = `${GRANT_BASE}/open/v2/list`;
export const openGrantList = defineListTemplate({
  formatCode: 'licence.grant.open.list', formatName: '有效许可证', formatNameEn: 'Grants in force', mainTable: TABLE, resUrl: GRANT_OPEN_URL, fields: popupFields(),
});
export const openGrantResource = defineTemplate({
  formatCode: 'licence.grant.open.resource', formatName: '选择许可证', formatNameEn: 'Select grant', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: TABLE, resMethod: 'POST', resUrl: GRANT_OPEN_URL, valueResourceSubName: 'grantNo', viewResourceSubName: 'grantNo', fields: popupFields(),
});

function lineColumns(): FieldDef[] {
  const c = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
    fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql, columnWidth: 120, ...extra,
  });
  return [
    c('standProductCode', '标准产品编码', 'Product code', '(SELECT s.product_code FROM mgp_stand_product s WHERE s.id = t.stand_product_id)', { irequired: true }),
    c('standProductName', '标准产品', 'Standard product', standProductNameSql, { iupdate: false, columnWidth: 160 }),
    c('quantity', '许可数量', 'Granted', 'trim_scale(t.quantity)', { displayKind: 'weight', fieldType: 'NUMBER', formSubmitType: 'NUMBER', irequired: true }),
    c('lineDrawn', '已提数量', 'Drawn', 'trim_scale(t.drawn_quantity)', { displayKind: 'weight', fieldType: 'NUMBER', formSubmitType: 'NUMBER', iupdate: false }),
    c('lineRemaining', '剩余数量', 'Remaining', 'trim_scale(t.quantity - t.drawn_quantity)', { displayKind: 'weight', fieldType: 'NUMBER', formSubmitType: 'NUMBER', iupdate: false }),
    c('lineRemark', '明细备注', 'Line remark', 't.remark', { columnWidth: 160 }),
  ].map((f) => ({ ...f, customTable: GRANT_LINE_TABLE }));
}

function forms() {
  const header: FieldDef[] = [
    input('grantNo', '许可证号', 'Grant no.', 't.grant_no', { iupdate: false, tipsMessage: '留空则按编码规则自动生成' }),
    ...pick(TABLE, { name: 'customerName', idName: 'customerId', label: '持证客户', labelEn: 'Customer', nameSql: customerNameSql, idColumn: 'customer_id', formatCode: 'masterdata.customer.resource', from: 'customerName', irequired: true }),
    ...divisionPick(TABLE),
    input('issuer', '发证机关', 'Issuer', 't.issuer'),
    ...pick(TABLE, { name: 'saleTypeName', idName: 'saleTypeId', label: '销售类型', labelEn: 'Sale type', nameSql: saleTypeNameSql, idColumn: 'sale_type_id', formatCode: 'licence.sale-type.resource', from: 'typeName' }),
    dateInput('validFrom', '有效期自', 'Valid from', 't.valid_from::text', { irequired: true }),
    dateInput('validTo', '有效期至', 'Valid to', 't.valid_to::text', { irequired: true }),
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ];
  const pair = formTemplates({ formatCode: 'licence.grant', formatName: '许可证', formatNameEn: 'grant', prefix: GRANT_PERMISSION, mainTable: TABLE }, header);
  const remark = '已提数量由过磅完成自动累计，作废磅单时退回';
  return { header: pair[0], forms: pair.map((f) => masterChildForm({ ...f, remark }, GRANT_LINE_TABLE, lineColumns())) };
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const children: DocumentChildren = {
  label: '许可证明细', table: GRANT_LINE_TABLE, parentColumn: 'grant_id', fields: LINE_FIELDS,
  readFields: [
    ...lineColumns().map((f) => ({ name: f.fieldName, sql: f.columnSql as string })),
    { name: 'lineSeq', sql: 't.seq' }, { name: 'standProductId', sql: 't.stand_product_id::text' },
  ],
  seq: { field: 'lineSeq', column: 'seq' },
  validate: (v) => (Number(text(v.quantity)) <= 0 ? [{ field: 'quantity', message: '许可数量应大于0' }] : []),
  checkWrite: async (_tx, _who, _parentId, _header, rows) => {
    const seen = new Map<string, number>();
    const problems = [];
    for (const [i, r] of rows.entries()) {
      const p = text(r.values.standProductId);
      if (seen.has(p)) problems.push({ row: i + 1, field: 'standProductId', message: `标准产品与第 ${seen.get(p)} 行重复` });
      seen.set(p, i + 1);
    }
    return problems;
  },
  constraintMessages: {
    mgp_grant_line_within: { field: 'quantity', message: '许可数量不能小于已提数量' },
    mgp_grant_line_product_uq: { field: 'standProductId', message: '同一许可证的标准产品不能重复' },
  },
};

const built = forms();

export const grantFamily: DocumentFamily = {
  label: '许可证', base: GRANT_BASE, permissionPrefix: GRANT_PERMISSION, table: TABLE, scope: { kind: 'org' },
  code: { field: 'grantNo', column: 'grant_no' },
  numbering: { docKind: 'licence.grant', fallback: { prefix: 'XKZ', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
  fields: FIELDS, lifecycle: grantLifecycle, statusColumn: 'doc_status',
  listTemplate, resourceTemplate: grantResource, forms: built.forms,
  readFields: [...readFieldsOf({ ...built.header, fields: built.header.fields }), { name: 'auditedAt', sql: 't.audited_at' }, { name: 'enabled', sql: 't.enabled' }],
  copy: 'none',
  // a grant comes with its lines: the sheet import and the push are the module's own (import.ts)
  import: false, datax: false,
  validate: (v: EntityValues) => (v.validFrom && v.validTo && String(v.validTo) < String(v.validFrom) ? [{ field: 'validTo', message: '有效期至不能早于有效期自' }] : []),
  checkWrite: (tx, who, _id, values) => divisionProblems(tx, who.orgId, values),
  onStateAction: async (tx, who, action, ids) => {
    if (action === 'unaudit') {
      const used = (await drawnOf(tx, ids)).filter((g) => Number(g.drawn) > 0);
      if (used.length) return used.map((g) => ({ field: 'ids', message: `许可证 ${g.grantNo} 已有提货数量 ${g.drawn}，不能反审核` }));
    }
    if (action === 'audit') await stampGrantAudit(tx, ids, who.userId);
    return [];
  },
  constraintMessages: { mgp_grant_validity: { field: 'validTo', message: '有效期至不能早于有效期自' } },
  children,
};

export const GRANT_FAMILIES = [grantFamily];
