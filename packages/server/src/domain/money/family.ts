import { ceilingOf, ceilingProblem, isCents, plainDecimal, type CeilingKind } from '@wb/protocol';
import type { Transaction } from 'kysely';
import type { RowScope, Who } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { DocField, DocumentFamily, EntityValues } from '../../platform/documents/define';
import type { Lifecycle } from '../../platform/documents/lifecycle';
import { MONEY_BELOW, readFieldsOf, remarkField } from '../masterdata/shared/fields';
import { datedToday } from '../stock/fields';
import { weighParams } from '../weighing/repo';
import { creditEffects, receiptEffects } from './documents';
import { taxOf } from './rules';
import {
  CREDIT_TABLE, creditCreateForm, creditListTemplate, creditUpdateForm, METHODS, RECEIPT_KINDS, RECEIPT_TABLE, receiptCreateForm, receiptListTemplate, receiptUpdateForm,
} from './templates';

/**
 * 收款登记 (receipts and refunds) and 客户授信 (credit lines) on the document engine. A document is
 * typed free, moves money when audited and moves it back when un-audited (documents.ts); only a
 * free one is edited, voided or deleted, so the account always says what the audited documents say.
 */
export const moneyDocLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' } },
  obsolete: { from: ['FREE'], change: { status: 'OBSOLETE' } },
  recover: { from: ['OBSOLETE'], change: { status: 'FREE' } },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE', 'OBSOLETE'], change: {} },
} as const satisfies Lifecycle;

/** Money a customer pays, is refunded or is credited: cents (scale 2), a third decimal refused naming the field (金额最多2位小数). */
const amountField = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({
  name, column, label, type: 'number', scale: 2, min: 0, below: MONEY_BELOW, ...extra,
});
const customerField: DocField = {
  name: 'customerId', column: 'customer_id', label: '客户', type: 'id', required: true,
  byCode: { name: 'customerCode', label: '客户编码', table: 'md_customer', codeColumn: 'customer_code', scope: 'group' },
};
const positive = (label: string) => (v: EntityValues) => (v.amount !== null && v.amount !== undefined && Number(v.amount) <= 0 ? [{ field: 'amount', message: `${label}必须大于0` }] : []);
const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * An acceptance bill keeps its number and maturity; other methods keep neither. The tax follows the
 * rate unless typed, in cents (rules.ts taxOf; `prepare` computed it by the plant's rule already).
 */
function normaliseReceipt(values: EntityValues): EntityValues {
  const v = datedToday('receiptDate')(values);
  const bill = v.method === 'ACCEPTANCE' ? {} : { billNo: null, billMaturity: null };
  const tax = !present(v.taxAmout) && present(v.taxRate) && present(v.amount) ? { taxAmout: taxOf(String(v.amount), String(v.taxRate)).toFixed() } : {};
  return { ...v, ...bill, ...tax };
}

function validateReceipt(v: EntityValues) {
  const problems = positive('金额')(v);
  if (v.method === 'ACCEPTANCE' && !present(v.billNo)) problems.push({ field: 'billNo', message: '承兑汇票必须填写票据号' });
  if (v.method === 'ACCEPTANCE' && !present(v.billMaturity)) problems.push({ field: 'billMaturity', message: '承兑汇票必须填写到期日' });
  if (present(v.taxAmout) && present(v.amount) && Number(v.taxAmout) > Number(v.amount)) problems.push({ field: 'taxAmout', message: '税额不能大于金额' });
  return problems;
}

const plainAmount = (v: unknown): string | null => {
  const text = typeof v === 'number' || typeof v === 'string' ? plainDecimal(v) : null;
  return text !== null && isCents(text) ? text : null;
};

/** The tax a receipt's rate makes of its amount, by the plant's rounding rule, when the tax is left blank (before the engine reads the entity). */
async function prepareReceipt(db: Database, who: RowScope, entity: Record<string, unknown>): Promise<void> {
  const amount = plainAmount(entity.amount);
  const rate = typeof entity.taxRate === 'number' || typeof entity.taxRate === 'string' ? plainDecimal(entity.taxRate) : null;
  if (present(entity.taxAmout) || amount === null || rate === null) return;
  entity.taxAmout = taxOf(amount, rate, (await weighParams(db, who.orgId)).payRounding).toFixed(2);
}

/** A document's amount within the company's ceiling of its kind (parameters receiptCeiling, refundCeiling, creditCeiling). */
const withinCeiling = (document: (v: EntityValues) => { kind: CeilingKind; label: string; word: string }) =>
  async (tx: Transaction<DB>, who: Pick<Who, 'orgId'>, _id: string | null, v: EntityValues) => {
    if (!present(v.amount)) return [];
    const d = document(v);
    const problem = ceilingProblem(d.label, d.word, String(v.amount), ceilingOf(await weighParams(tx, who.orgId), d.kind));
    return problem ? [{ field: 'amount', message: problem }] : [];
  };

export const receiptFamily: DocumentFamily = {
  label: '收款登记', base: '/api/money/receipt', permissionPrefix: 'money_receipt', table: RECEIPT_TABLE, scope: { kind: 'org' },
  code: { field: 'receiptNo', column: 'receipt_no' },
  numbering: { docKind: 'money.receipt', fallback: { prefix: 'SK', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
  fields: [
    { name: 'receiptNo', column: 'receipt_no', label: '单据号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    { name: 'receiptKind', column: 'receipt_kind', label: '类型', type: 'enum', required: true, default: 'RECEIPT', options: RECEIPT_KINDS },
    customerField,
    { name: 'receiptDate', column: 'receipt_date', label: '收款日期', type: 'date' },
    { name: 'method', column: 'method', label: '收款方式', type: 'enum', required: true, default: 'BANK', options: METHODS },
    { name: 'billNo', column: 'bill_no', label: '票据号', type: 'text', maxLength: 60 },
    { name: 'billMaturity', column: 'bill_maturity', label: '到期日', type: 'date' },
    amountField('amount', 'amount', '金额', { required: true }),
    { name: 'taxRate', column: 'tax_rate', label: '税率', type: 'number', scale: 4, min: 0, below: 100.0001 },
    amountField('taxAmout', 'tax_amount', '税额'),
    { name: 'bankName', column: 'bank_name', label: '开户银行', type: 'text', maxLength: 100 },
    { name: 'bankAccount', column: 'bank_account', label: '账号', type: 'text', maxLength: 60 },
    remarkField,
  ],
  lifecycle: moneyDocLifecycle, statusColumn: 'doc_status',
  listTemplate: receiptListTemplate, forms: [receiptCreateForm, receiptUpdateForm],
  readFields: [...readFieldsOf(receiptCreateForm), { name: 'docStatus', sql: 't.doc_status' }, { name: 'auditedAt', sql: 't.audited_at' }],
  copy: 'none', datax: false, import: false,
  prepare: prepareReceipt,
  normalise: normaliseReceipt,
  validate: validateReceipt,
  checkWrite: withinCeiling((v) => (v.receiptKind === 'REFUND' ? { kind: 'refund', label: '退款金额', word: '退款单' } : { kind: 'receipt', label: '收款金额', word: '收款单' })),
  onStateAction: receiptEffects,
  constraintMessages: {
    fm_receipt_bill: { field: 'billNo', message: '承兑汇票必须填写票据号和到期日' },
    fm_receipt_amount_check: { field: 'amount', message: '金额必须大于0' },
  },
};

export const creditFamily: DocumentFamily = {
  label: '客户授信', base: '/api/money/credit', permissionPrefix: 'money_credit', table: CREDIT_TABLE, scope: { kind: 'org' },
  code: { field: 'creditNo', column: 'credit_no' },
  numbering: { docKind: 'money.credit', fallback: { prefix: 'SX', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
  fields: [
    { name: 'creditNo', column: 'credit_no', label: '单据号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    customerField,
    amountField('amount', 'amount', '授信额度', { required: true }),
    { name: 'validFrom', column: 'valid_from', label: '生效日期', type: 'date', required: true },
    { name: 'validTo', column: 'valid_to', label: '失效日期', type: 'date', required: true },
    remarkField,
  ],
  lifecycle: moneyDocLifecycle, statusColumn: 'doc_status',
  listTemplate: creditListTemplate, forms: [creditCreateForm, creditUpdateForm],
  readFields: [...readFieldsOf(creditCreateForm), { name: 'docStatus', sql: 't.doc_status' }, { name: 'auditedAt', sql: 't.audited_at' }],
  copy: 'none', datax: false, import: false,
  validate: (v) => [
    ...positive('授信额度')(v),
    ...(present(v.validFrom) && present(v.validTo) && String(v.validTo) < String(v.validFrom) ? [{ field: 'validTo', message: '失效日期不能早于生效日期' }] : []),
  ],
  checkWrite: withinCeiling(() => ({ kind: 'credit', label: '授信额度', word: '授信单' })),
  onStateAction: creditEffects,
  constraintMessages: { fm_credit_period: { field: 'validTo', message: '失效日期不能早于生效日期' } },
};
