import { defineListTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';

/** The money screens: receipts, credit lines, the accounts and the ledger (资金流水). */
export const RECEIPT_TABLE = 'fm_receipt';
export const CREDIT_TABLE = 'fm_credit';

export const MONEY_STATUS_OPTIONS = [
  { value: 'FREE', label: '未审核', labelEn: 'Draft', color: 'default' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
export const RECEIPT_KINDS = [
  { value: 'RECEIPT', label: '收款', labelEn: 'Receipt', color: 'green' },
  { value: 'REFUND', label: '退款', labelEn: 'Refund', color: 'orange' },
];
export const METHODS = [
  { value: 'BANK', label: '银行转账', labelEn: 'Bank transfer' },
  { value: 'CASH', label: '现金', labelEn: 'Cash' },
  { value: 'ACCEPTANCE', label: '承兑汇票', labelEn: 'Acceptance bill' },
];
export const CONTROLS = [
  { value: 'NONE', label: '不控制', labelEn: 'None', color: 'default' },
  { value: 'WARN', label: '提醒', labelEn: 'Warn', color: 'orange' },
  { value: 'FORBID', label: '禁止', labelEn: 'Forbid', color: 'red' },
];
export const LEDGER_KINDS = [
  { value: 'RECEIPT', label: '收款', labelEn: 'Receipt' },
  { value: 'RECEIPT_WITHDRAWN', label: '收款反审核', labelEn: 'Receipt withdrawn' },
  { value: 'REFUND', label: '退款', labelEn: 'Refund' },
  { value: 'REFUND_WITHDRAWN', label: '退款反审核', labelEn: 'Refund withdrawn' },
  { value: 'CREDIT', label: '授信', labelEn: 'Credit' },
  { value: 'CREDIT_WITHDRAWN', label: '授信反审核', labelEn: 'Credit withdrawn' },
  { value: 'FREEZE', label: '冻结', labelEn: 'Freeze' },
  { value: 'RELEASE', label: '释放', labelEn: 'Release' },
  { value: 'CONSUME', label: '消费', labelEn: 'Consumed' },
  { value: 'CONSUME_REVERSED', label: '消费冲回', labelEn: 'Consumption reversed' },
];

const customerNameSql = '(SELECT c.customer_name FROM md_customer c WHERE c.id = t.customer_id)';
const money = (fieldName: string, fieldExplain: string, fieldExplainEn: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnSql, classType: 'MONEY', isortField: true, columnWidth: 130, ...extra,
});
const statusColumn: FieldDef = {
  fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status',
  options: MONEY_STATUS_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90,
};
const customerColumn: FieldDef = {
  fieldName: 'customerName', fieldExplain: '客户', fieldExplainEn: 'Customer', fieldType: 'TEXT', columnSql: customerNameSql,
  iallowQuery: true, searchType: 'input', columnWidth: 180,
};

/** The customer picked from the customers allocated to the company: the shown name and the hidden id. */
function customerPicker(table: string): FieldDef[] {
  return [
    {
      fieldName: 'customerName', fieldExplain: '客户', fieldExplainEn: 'Customer', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', irequired: true,
      columnSql: customerNameSql,
      resource: { formatCode: 'masterdata.customer.resource', map: [
        { masterTable: table, fieldName: 'customerId', from: 'id' }, { masterTable: table, fieldName: 'customerName', from: 'customerName' }] },
    },
    { fieldName: 'customerId', fieldExplain: '客户编号', fieldExplainEn: 'Customer id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.customer_id::text', ishow: false, ihidden: true },
  ];
}

export const receiptListTemplate = defineListTemplate({
  formatCode: 'money.receipt.list', formatName: '收款登记', formatNameEn: 'Payments received', mainTable: RECEIPT_TABLE, resUrl: '/api/money/receipt/v2/list',
  menuPath: '/sale/receive-payment',
  fields: [
    { fieldName: 'receiptNo', fieldExplain: '单据号', fieldExplainEn: 'Number', fieldType: 'TEXT', columnSql: 't.receipt_no',
      iallowQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 150 },
    { fieldName: 'receiptKind', fieldExplain: '类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: 't.receipt_kind', options: RECEIPT_KINDS,
      iallowQuery: true, searchType: 'comboxSingle', columnWidth: 80 },
    statusColumn,
    customerColumn,
    { fieldName: 'receiptDate', fieldExplain: '收款日期', fieldExplainEn: 'Date', fieldType: 'DATE', columnSql: 't.receipt_date',
      iallowQuery: true, isortField: true, searchType: 'datePickerRange', columnWidth: 110 },
    { fieldName: 'method', fieldExplain: '收款方式', fieldExplainEn: 'Method', fieldType: 'ENUM', columnSql: 't.method', options: METHODS,
      iallowQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    money('amount', '金额', 'Amount', 't.amount', { displayKind: 'money', itotal: true }),
    { fieldName: 'taxRate', fieldExplain: '税率(%)', fieldExplainEn: 'Tax rate (%)', fieldType: 'NUMBER', columnSql: 't.tax_rate', columnWidth: 90 },
    money('taxAmout', '税额', 'Tax amount', 't.tax_amount', { displayKind: 'money', itotal: true }),
    { fieldName: 'billNo', fieldExplain: '票据号', fieldExplainEn: 'Bill no.', fieldType: 'TEXT', columnSql: 't.bill_no', iallowQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'billMaturity', fieldExplain: '到期日', fieldExplainEn: 'Maturity', fieldType: 'DATE', columnSql: 't.bill_maturity', columnWidth: 110 },
    { fieldName: 'bankName', fieldExplain: '开户银行', fieldExplainEn: 'Bank', fieldType: 'TEXT', columnSql: 't.bank_name', columnWidth: 140 },
    { fieldName: 'bankAccount', fieldExplain: '账号', fieldExplainEn: 'Account', fieldType: 'TEXT', columnSql: 't.bank_account', columnWidth: 160 },
    { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', columnWidth: 170 },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ],
});

/**
 * The receipt's form (收款登记, the page /modules/sale/recive_payment/edit): the tax amount is
 * `taxAmout` as the spec spells it, a MONEY field whose tooltip shows it as money.
 */
/** A money field of a form is kept in cents: the form refuses a third decimal as the server does. */
const CENTS = (label: string) => ({ validateMethod: '^\\d+(\\.\\d{1,2})?$', validateTitle: `${label}最多2位小数` });

export const [receiptCreateForm, receiptUpdateForm] = formTemplates({ formatCode: 'money.receipt', formatName: '收款登记', formatNameEn: 'payment received', prefix: 'money_receipt', mainTable: RECEIPT_TABLE }, [
  { fieldName: 'receiptNo', fieldExplain: '单据号', fieldExplainEn: 'Number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.receipt_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'receiptKind', fieldExplain: '类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.receipt_kind', options: RECEIPT_KINDS, defaultValue: 'RECEIPT', irequired: true },
  ...customerPicker(RECEIPT_TABLE),
  { fieldName: 'receiptDate', fieldExplain: '收款日期', fieldExplainEn: 'Date', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.receipt_date', tipsMessage: '留空则为今天' },
  { fieldName: 'method', fieldExplain: '收款方式', fieldExplainEn: 'Method', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.method', options: METHODS, defaultValue: 'BANK', irequired: true },
  { fieldName: 'billNo', fieldExplain: '票据号', fieldExplainEn: 'Bill no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.bill_no', controlValue: 'method=ACCEPTANCE', irequired: true },
  { fieldName: 'billMaturity', fieldExplain: '到期日', fieldExplainEn: 'Maturity', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.bill_maturity', controlValue: 'method=ACCEPTANCE', irequired: true },
  { fieldName: 'amount', fieldExplain: '金额', fieldExplainEn: 'Amount', fieldType: 'NUMBER', displayKind: 'money', formSubmitType: 'NUMBER', columnSql: 't.amount', classType: 'MONEY', irequired: true, ...CENTS('金额') },
  { fieldName: 'taxRate', fieldExplain: '税率(%)', fieldExplainEn: 'Tax rate (%)', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.tax_rate' },
  { fieldName: 'taxAmout', fieldExplain: '税额', fieldExplainEn: 'Tax amount', fieldType: 'NUMBER', displayKind: 'money', formSubmitType: 'NUMBER', columnSql: 't.tax_amount', classType: 'MONEY',
    tipsMessage: '留空则按税率计算', ...CENTS('税额') },
  { fieldName: 'bankName', fieldExplain: '开户银行', fieldExplainEn: 'Bank', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.bank_name' },
  { fieldName: 'bankAccount', fieldExplain: '账号', fieldExplainEn: 'Account', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.bank_account' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
]);

export const creditListTemplate = defineListTemplate({
  formatCode: 'money.credit.list', formatName: '客户授信', formatNameEn: 'Customer credit', mainTable: CREDIT_TABLE, resUrl: '/api/money/credit/v2/list',
  menuPath: '/sale/credit',
  fields: [
    { fieldName: 'creditNo', fieldExplain: '单据号', fieldExplainEn: 'Number', fieldType: 'TEXT', columnSql: 't.credit_no',
      iallowQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 150 },
    statusColumn,
    customerColumn,
    money('amount', '授信额度', 'Credit amount', 't.amount', { displayKind: 'money', itotal: true }),
    { fieldName: 'validFrom', fieldExplain: '生效日期', fieldExplainEn: 'Valid from', fieldType: 'DATE', columnSql: 't.valid_from', isortField: true, searchType: 'datePickerRange', iallowQuery: true, columnWidth: 110 },
    { fieldName: 'validTo', fieldExplain: '失效日期', fieldExplainEn: 'Valid to', fieldType: 'DATE', columnSql: 't.valid_to', isortField: true, columnWidth: 110 },
    { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', columnWidth: 170 },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ],
});

export const [creditCreateForm, creditUpdateForm] = formTemplates({ formatCode: 'money.credit', formatName: '客户授信', formatNameEn: 'customer credit', prefix: 'money_credit', mainTable: CREDIT_TABLE }, [
  { fieldName: 'creditNo', fieldExplain: '单据号', fieldExplainEn: 'Number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.credit_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  ...customerPicker(CREDIT_TABLE),
  { fieldName: 'amount', fieldExplain: '授信额度', fieldExplainEn: 'Credit amount', fieldType: 'NUMBER', displayKind: 'money', formSubmitType: 'NUMBER', columnSql: 't.amount', classType: 'MONEY', irequired: true, ...CENTS('授信额度') },
  { fieldName: 'validFrom', fieldExplain: '生效日期', fieldExplainEn: 'Valid from', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.valid_from', irequired: true },
  { fieldName: 'validTo', fieldExplain: '失效日期', fieldExplainEn: 'Valid to', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.valid_to', irequired: true },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
]);

/** 客户资金: one row per customer account, with what is available now. */
export const accountListTemplate = defineListTemplate({
  formatCode: 'money.account.list', formatName: '客户资金', formatNameEn: 'Customer accounts', mainTable: 'fm_account_view', resUrl: '/api/money/account/v2/list',
  menuPath: '/sale/account',
  fields: [
    { fieldName: 'customerCode', fieldExplain: '客户编码', fieldExplainEn: 'Customer code', fieldType: 'TEXT', columnSql: 't.customer_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 110 },
    { fieldName: 'customerName', fieldExplain: '客户', fieldExplainEn: 'Customer', fieldType: 'TEXT', columnSql: 't.customer_name', iallowQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'customerId', fieldExplain: '客户编号', fieldExplainEn: 'Customer id', fieldType: 'TEXT', columnSql: 't.customer_id::text', ishow: false, ihidden: true },
    { fieldName: 'control', fieldExplain: '资金控制', fieldExplainEn: 'Money control', fieldType: 'ENUM', columnSql: 't.control', options: CONTROLS,
      iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    // what the customer may still load for: the figure the accountant looks for first, on screen without scrolling
    money('available', '可用余额', 'Available', 't.available', { displayKind: 'money', itotal: true }),
    money('received', '收款净额', 'Received (net of refunds)', 't.received', { displayKind: 'money', itotal: true }),
    money('credit', '有效授信', 'Valid credit', 't.credit', { displayKind: 'money', itotal: true }),
    money('consumed', '已消费', 'Consumed', 't.consumed', { displayKind: 'money', itotal: true }),
    money('frozen', '冻结', 'Frozen', 't.frozen', { displayKind: 'money', itotal: true }),
    money('balance', '余额', 'Balance', 't.balance', { displayKind: 'money', itotal: true }),
    { fieldName: 'updatedAt', fieldExplain: '更新时间', fieldExplainEn: 'Updated', fieldType: 'DATE', columnSql: 't.updated_at', isortField: true, columnWidth: 170 },
  ],
});

/** 资金流水: every movement of the customers' money. */
export const ledgerListTemplate = defineListTemplate({
  formatCode: 'money.ledger.list', formatName: '资金流水', formatNameEn: 'Money movements', mainTable: 'fm_ledger_view', resUrl: '/api/money/ledger/v2/list',
  menuPath: '/sale/money-ledger',
  fields: [
    { fieldName: 'at', fieldExplain: '时间', fieldExplainEn: 'Time', fieldType: 'DATE', columnSql: 't.at',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'customerName', fieldExplain: '客户', fieldExplainEn: 'Customer', fieldType: 'TEXT', columnSql: 't.customer_name', iallowQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'kind', fieldExplain: '类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: 't.kind', options: LEDGER_KINDS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 110 },
    { fieldName: 'docNo', fieldExplain: '单据号', fieldExplainEn: 'Document no.', fieldType: 'TEXT', columnSql: 't.doc_no', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: 't.material_name', columnWidth: 140 },
    { fieldName: 'net', fieldExplain: '净重(吨)', fieldExplainEn: 'Net (t)', fieldType: 'NUMBER', displayKind: 'weight', columnSql: 't.net', columnWidth: 100 },
    { fieldName: 'price', fieldExplain: '单价', fieldExplainEn: 'Unit price', fieldType: 'NUMBER', displayKind: 'unitPrice', columnSql: 't.price', classType: 'MONEY', columnWidth: 100 },
    money('delta', '余额变动', 'Balance change', 't.delta', { displayKind: 'money', itotal: true }),
    money('frozenDelta', '冻结变动', 'Frozen change', 't.frozen_delta', { displayKind: 'money', itotal: true }),
  ],
});
