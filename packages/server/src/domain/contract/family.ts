import { gaugedTargets } from '../price/repo';
import { lineBasis, PRICE_BASIS_OPTIONS } from '../price/rules';
import type { DocField, DocumentChildren, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { MONEY_BELOW, readFieldsOf } from '../masterdata/shared/fields';
import { applyAmendments, checkAmendLines, checkAmendTarget } from './amend';
import { amendBase, CONTRACT_KINDS, CONTRACT_SELECTION_MESSAGE, contractBase, type ContractKindDef } from './kinds';
import { drawnLineCounts, isPeerCompany, stampAudit } from './repo';
import { amendLifecycle, contractGuardProblem, contractLifecycle, headerProblems, normaliseHeader } from './rules';
import { AMEND_LINE_TABLE, amendForms, amendListTemplate, CONTRACT_LINE_TABLE, contractForms, contractListTemplate, contractResource } from './templates';

/**
 * The contracts on the document engine: one family per kind (its header in the kind's view
 * wb_contract_pu ..., the pricing rows as child rows), and one amendment family per kind whose
 * audit applies it to the contract (amend.ts). Quality terms are the module's own action
 * (quality.ts): the engine writes one child table per document.
 */
const id = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'id', ...extra });
const tons = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({
  name, column, label, type: 'number', scale: 4, min: 0, below: 1e10, ...extra,
});
const percent = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({
  name, column, label, type: 'number', scale: 4, min: 0, below: 100.0001, ...extra,
});
const CURRENCY = /^[A-Z]{3}$/;

function partyField(k: ContractKindDef): DocField {
  switch (k.party) {
    case 'vendor':
      return id('vendorId', 'vendor_id', '供应商', { required: true, byCode: { name: 'vendorCode', label: '供应商编码', table: 'md_vendor', codeColumn: 'vendor_code', scope: 'group' } });
    case 'customer':
      return id('customerId', 'customer_id', '客户', { required: true, byCode: { name: 'customerCode', label: '客户编码', table: 'md_customer', codeColumn: 'customer_code', scope: 'group' } });
    default:
      return id('peerOrgId', 'peer_org_id', '收货公司', { required: true, byCode: { name: 'peerOrgCode', label: '收货公司编码', table: 'sys_org', codeColumn: 'org_code', scope: 'group' } });
  }
}

function headerFields(k: ContractKindDef): DocField[] {
  return [
    { name: 'contractNo', column: 'contract_no', label: '合同号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    partyField(k),
    { name: 'signDate', column: 'sign_date', label: '签订日期', type: 'date' },
    { name: 'validFrom', column: 'valid_from', label: '有效期起', type: 'date', required: true },
    { name: 'validTo', column: 'valid_to', label: '有效期至', type: 'date', required: true },
    percent('taxRate', 'tax_rate', '税率'),
    { name: 'currency', column: 'currency', label: '币种', type: 'text', required: true, default: 'CNY', maxLength: 3, normalise: (t) => t.trim().toUpperCase(), check: (t) => (CURRENCY.test(t) ? null : '币种应为三位字母代码，如 CNY') },
    { name: 'settleBasis', column: 'settle_basis', label: '结算依据', type: 'enum', required: true, default: 'OUR_NET', options: [{ value: 'OUR_NET', label: '我方净重' }, { value: 'SHIPPED', label: '对方原发' }, { value: 'LESSER', label: '两者取小' }] },
    percent('tolerance', 'tolerance', '溢短装', { required: true, default: '0' }),
    // 途损条款 (migration 084): what a rail wagon may lose of its waybill weight (轨道衡)
    { name: 'lossBasis', column: 'loss_basis', label: '途损方式', type: 'enum', options: [{ value: 'PERMILLE', label: '千分比(‰)' }, { value: 'TONS', label: '吨/车' }] },
    { name: 'lossAllowance', column: 'loss_allowance', label: '允许途损', type: 'number', scale: 4, min: 0, below: 1e9 },
    { name: 'lossHandling', column: 'loss_handling', label: '超耗处理', type: 'enum', options: [{ value: 'CHARGE', label: '超耗扣吨' }, { value: 'FLAG', label: '仅标记' }] },
    { name: 'freightTerms', column: 'freight_terms', label: '运费条款', type: 'enum', required: true, default: 'DELIVERED', options: [{ value: 'DELIVERED', label: '到厂价' }, { value: 'EX_WORKS', label: '出厂价' }] },
    { name: 'paymentTerms', column: 'payment_terms', label: '付款方式', type: 'enum', required: true, default: 'PREPAID', options: [{ value: 'PREPAID', label: '预付款' }, { value: 'CREDIT', label: '账期' }] },
    { name: 'creditDays', column: 'credit_days', label: '账期天数', type: 'integer', min: 1, below: 3651 },
    { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
  ];
}

function contractLines(k: ContractKindDef): DocumentChildren {
  const columns = contractForms(k)[0].fields.filter((f) => f.customTable === CONTRACT_LINE_TABLE);
  return {
    label: '合同明细', table: CONTRACT_LINE_TABLE, parentColumn: 'contract_id',
    fields: [
      id('materialId', 'material_id', '物料', { required: true, byCode: { name: 'materialCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' } }),
      tons('quantity', 'quantity', '数量', { required: true }),
      { name: 'price', column: 'price', label: '单价', type: 'number', scale: 4, min: 0, below: MONEY_BELOW },
      percent('lineTaxRate', 'tax_rate', '税率'),
      // 085: per ton weighed or per m3 gauged (weighing/rules/amount.ts basisAmount)
      { name: 'priceBasis', column: 'price_basis', label: '计价依据', type: 'enum', options: PRICE_BASIS_OPTIONS.map(({ value, label }) => ({ value, label })), default: 'NET' },
      { name: 'lineSeq', column: 'seq', label: '行号', type: 'integer' },
      { name: 'lineRemark', column: 'remark', label: '明细备注', type: 'text', maxLength: 500 },
    ],
    readFields: [
      ...readFieldsOf({ formatCode: '', formatName: '', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD_FROM', fields: columns }),
      { name: 'lineSeq', sql: 't.seq' }, { name: 'materialId', sql: 't.material_id::text' },
    ],
    seq: { field: 'lineSeq', column: 'seq' },
    validate: (v) => (v.quantity !== null && v.quantity !== undefined && Number(v.quantity) <= 0 ? [{ field: 'quantity', message: '数量必须大于0' }] : []),
    // a price per m3 only on a material gauged by volume (md_material.gauged), as a price rule's (096)
    checkWrite: async (tx, who, _parentId, _header, rows) => {
      const ids = [...new Set(rows.flatMap((r) => (r.values.priceBasis === 'VOLUME' && r.values.materialId ? [String(r.values.materialId)] : [])))];
      if (ids.length === 0) return [];
      const targets = await gaugedTargets(tx, who.orgId, ids, []);
      return rows.flatMap((r, i) => {
        if (r.values.priceBasis !== 'VOLUME' || !r.values.materialId) return [];
        const target = targets.get(`m${String(r.values.materialId)}`);
        const basis = target ? lineBasis('VOLUME', { kind: 'material', ...target }) : { ok: true as const };
        return basis.ok ? [] : [{ row: i + 1, field: 'priceBasis', message: basis.message }];
      });
    },
  };
}

/** Each quality term as the contract's get answers it, and the amendments' history: read, never written by the form. */
const QUALITY_SQL = `coalesce((SELECT json_agg(json_build_object('seq', q.seq, 'materialId', q.material_id::text,
  'materialCode', (SELECT m.inv_code FROM md_material m WHERE m.id = q.material_id), 'itemCode', q.item_code, 'itemName', q.item_name,
  'standardValue', trim_scale(q.standard_value)::text, 'direction', q.direction, 'deductStep', trim_scale(q.deduct_step)::text,
  'deductPercent', trim_scale(q.deduct_percent)::text, 'deductBasis', q.deduct_basis, 'bandStep', trim_scale(q.band_step)::text, 'bandPrice', trim_scale(q.band_price)::text,
  'bandMode', q.band_mode,
  'rejectLimit', trim_scale(q.reject_limit)::text, 'remark', q.remark) ORDER BY q.seq) FROM wb_contract_quality q WHERE q.contract_id = t.id), '[]')`;
const HISTORY_SQL = `coalesce((SELECT json_agg(json_build_object('amendNo', a.amend_no, 'lineSeq', l.seq, 'field', ch.field,
  'before', ch.before_value, 'after', ch.after_value, 'changedAt', ch.changed_at,
  'changedBy', (SELECT u.real_name FROM sys_user u WHERE u.id = ch.changed_by)) ORDER BY ch.id)
  FROM wb_contract_change ch JOIN wb_contract_amend a ON a.id = ch.amend_id LEFT JOIN wb_contract_line l ON l.id = ch.contract_line_id
  WHERE ch.contract_id = t.id), '[]')`;

export function contractFamily(k: ContractKindDef): DocumentFamily {
  const [createForm, updateForm] = contractForms(k);
  const headerForm = { ...createForm, fields: createForm.fields.filter((f) => f.customTable !== CONTRACT_LINE_TABLE) };
  return {
    label: k.label, base: contractBase(k.kind), permissionPrefix: `contract_${k.kind}`, table: `wb_contract_${k.kind}`, scope: { kind: 'org' },
    code: { field: 'contractNo', column: 'contract_no' },
    numbering: { docKind: `contract.${k.kind}`, fallback: { prefix: k.prefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: headerFields(k),
    lifecycle: contractLifecycle, statusColumn: 'doc_status',
    selectionMessage: CONTRACT_SELECTION_MESSAGE,
    listTemplate: contractListTemplate(k), resourceTemplate: contractResource(k), forms: [createForm, updateForm],
    readFields: [
      ...readFieldsOf(headerForm), { name: 'auditedAt', sql: 't.audited_at' },
      { name: 'qualityTerms', sql: QUALITY_SQL }, { name: 'amendHistory', sql: HISTORY_SQL },
    ],
    copy: 'one',
    import: false, datax: false,
    normalise: normaliseHeader,
    validate: (v: EntityValues) => headerProblems(v),
    checkWrite: k.party !== 'peer' ? undefined : async (tx, who, _id, values) => {
      const peer = values.peerOrgId === null || values.peerOrgId === undefined ? null : String(values.peerOrgId);
      if (peer === null) return [];
      if (peer === who.orgId) return [{ field: 'peerOrgId', message: '收货公司不能是本公司' }];
      return (await isPeerCompany(tx, who.orgId, who.groupId, peer)) ? [] : [{ field: 'peerOrgId', message: '收货公司不是本集团的公司' }];
    },
    onStateAction: async (tx, who, action, ids) => {
      if (action === 'unaudit') {
        const drawn = await drawnLineCounts(tx, ids);
        const problems = [...drawn.values()].flatMap((d) => {
          const message = contractGuardProblem(action, k.label, d.contractNo, d.count);
          return message ? [{ field: 'ids', message }] : [];
        });
        if (problems.length) return problems;
      }
      if (action === 'audit') await stampAudit(tx, ids, who.userId, 'wb_contract');
      return [];
    },
    constraintMessages: {
      wb_contract_validity: { field: 'validTo', message: '有效期至不能早于有效期起' },
      wb_contract_peer: { field: 'peerOrgId', message: '收货公司不能是本公司' },
      wb_contract_credit: { field: 'creditDays', message: '账期付款须填写账期天数' },
      wb_contract_loss_terms: { field: 'lossAllowance', message: '途损方式与允许途损须同时填写' },
    },
    children: contractLines(k),
  };
}

function amendLines(k: ContractKindDef): DocumentChildren {
  const columns = amendForms(k)[0].fields.filter((f) => f.customTable === AMEND_LINE_TABLE);
  return {
    label: '补充协议明细', table: AMEND_LINE_TABLE, parentColumn: 'amend_id',
    fields: [
      id('contractLineId', 'contract_line_id', '合同明细', { required: true, byCode: { name: 'contractLineCode', label: '合同明细', table: 'wb_contract_line_ref', codeColumn: 'line_code', scope: 'org' } }),
      tons('newQuantity', 'new_quantity', '新数量'),
      { name: 'newPrice', column: 'new_price', label: '新单价', type: 'number', scale: 4, min: 0, below: MONEY_BELOW },
      { name: 'amendLineSeq', column: 'seq', label: '行号', type: 'integer' },
      { name: 'amendLineRemark', column: 'remark', label: '明细备注', type: 'text', maxLength: 500 },
    ],
    readFields: [
      ...readFieldsOf({ formatCode: '', formatName: '', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD_FROM', fields: columns }),
      { name: 'amendLineSeq', sql: 't.seq' }, { name: 'contractLineId', sql: 't.contract_line_id::text' },
    ],
    seq: { field: 'amendLineSeq', column: 'seq' },
    validate: (v) => {
      const blank = (x: unknown) => x === null || x === undefined || x === '';
      if (blank(v.newQuantity) && blank(v.newPrice)) return [{ field: 'newQuantity', message: '新数量与新单价至少填写一项' }];
      return v.newQuantity !== null && v.newQuantity !== undefined && Number(v.newQuantity) <= 0 ? [{ field: 'newQuantity', message: '新数量必须大于0' }] : [];
    },
    checkWrite: (tx, _who, _parentId, header, rows) => checkAmendLines(tx, header, rows),
  };
}

export function amendFamily(k: ContractKindDef): DocumentFamily {
  const [createForm, updateForm] = amendForms(k);
  const headerForm = { ...createForm, fields: createForm.fields.filter((f) => f.customTable !== AMEND_LINE_TABLE) };
  return {
    label: `${k.label}补充协议`, base: amendBase(k.kind), permissionPrefix: `contract_${k.kind}_amend`, table: `wb_contract_amend_${k.kind}`, scope: { kind: 'org' },
    code: { field: 'amendNo', column: 'amend_no' },
    numbering: { docKind: `contract.${k.kind}.amend`, fallback: { prefix: k.amendPrefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: [
      { name: 'amendNo', column: 'amend_no', label: '补充协议号', type: 'text', updatable: false, unique: true, maxLength: 40 },
      id('contractId', 'contract_id', '合同', { required: true, updatable: false }),
      { name: 'reason', column: 'reason', label: '变更原因', type: 'text', required: true, maxLength: 500 },
      { name: 'effectiveDate', column: 'effective_date', label: '生效日期', type: 'date', required: true },
      percent('newTolerance', 'new_tolerance', '新溢短装'),
      { name: 'newValidTo', column: 'new_valid_to', label: '新有效期至', type: 'date' },
      { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
    ],
    lifecycle: amendLifecycle, statusColumn: 'doc_status',
    selectionMessage: CONTRACT_SELECTION_MESSAGE,
    listTemplate: amendListTemplate(k), forms: [createForm, updateForm],
    readFields: [...readFieldsOf(headerForm), { name: 'auditedAt', sql: 't.audited_at' }],
    copy: 'none', import: false, datax: false,
    checkWrite: (tx, who, _id, values) => checkAmendTarget(tx, who.orgId, k, values),
    onStateAction: async (tx, who, action, ids) => {
      if (action !== 'audit') return [];
      const problems = await applyAmendments(tx, who, ids);
      if (problems.length === 0) await stampAudit(tx, ids, who.userId, 'wb_contract_amend');
      return problems;
    },
    children: amendLines(k),
  };
}

export const CONTRACT_FAMILIES: DocumentFamily[] = CONTRACT_KINDS.map(contractFamily);
export const AMEND_FAMILIES: DocumentFamily[] = CONTRACT_KINDS.map(amendFamily);
