import type { DocField, DocumentFamily, EntityValues } from '../../platform/documents/define';
import type { Lifecycle } from '../../platform/documents/lifecycle';
import { readFieldsOf } from '../masterdata/shared/fields';
import { isPeerCompany } from '../notice/repo';
import { settleBase, settlePermission, settleView, SETTLE_KINDS, type SettleKind } from './kinds';
import { STATE_WORDS } from './rules';
import { settlementForms, settlementListTemplate } from './templates';

/**
 * The goods settlements on the document engine: list, get, create, update (a draft without tickets)
 * and export. The pound list (confirmPounds), examine, un-examine, delete, adjustment rows,
 * invoices, payments and close are the module's own actions (module.ts): each moves tickets or money.
 */
const id = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'id', ...extra });

function fields(kind: SettleKind): DocField[] {
  const party = kind === 'pu'
    ? id('vendorId', 'vendor_id', '供应商', { required: true, byCode: { name: 'vendorCode', label: '供应商编码', table: 'md_vendor', codeColumn: 'vendor_code', scope: 'group' } })
    : kind === 'sa'
      ? id('customerId', 'customer_id', '客户', { required: true, byCode: { name: 'customerCode', label: '客户编码', table: 'md_customer', codeColumn: 'customer_code', scope: 'group' } })
      : id('peerOrgId', 'peer_org_id', '收货公司', { required: true, byCode: { name: 'peerOrgCode', label: '收货公司编码', table: 'sys_org', codeColumn: 'org_code', scope: 'group' } });
  return [
    { name: 'settleNo', column: 'settle_no', label: '结算单号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    party,
    id('materialId', 'material_id', '物料', { byCode: { name: 'materialCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' } }),
    id('contractId', 'contract_id', '合同'),
    { name: 'periodFrom', column: 'period_from', label: '开始时间', type: 'datetime', required: true },
    { name: 'periodTo', column: 'period_to', label: '结束时间', type: 'datetime', required: true },
    { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
  ];
}

/** The engine edits a draft only; deleting frees tickets, so it is the module's delete/{id}. */
const settlementLifecycle = {
  update: { from: ['FREE'], whenExtra: ['DRAFT'], change: {} },
} as const satisfies Lifecycle;

const FD_SQL = `(SELECT coalesce(json_agg(json_build_object(
  'id', f.id::text, 'seq', f.seq, 'fdNo', f.fd_no, 'noticeNo', (SELECT n.notice_no FROM wb_notice n WHERE n.id = f.notice_id), 'ticketCount', f.ticket_count,
  'totalQuantity', trim_scale(f.total_quantity)::text, 'totalVolume', trim_scale(f.total_volume)::text, 'totalAmount', trim_scale(f.total_amount)::text, 'totalTax', trim_scale(f.total_tax)::text
) ORDER BY f.seq), '[]') FROM wb_settlement_fd f WHERE f.settlement_id = t.id)`;
const ADJUST_SQL = `(SELECT coalesce(json_agg(json_build_object(
  'seq', a.seq, 'reasonKind', a.reason_kind, 'reason', a.reason, 'ticketNo', a.ticket_no, 'quantity', trim_scale(a.quantity)::text,
  'amount', trim_scale(a.amount)::text, 'tax', trim_scale(a.tax)::text, 'amountExTax', trim_scale(a.amount_ex_tax)::text
) ORDER BY a.seq), '[]') FROM wb_settlement_adjust a WHERE a.settlement_id = t.id)`;
const INVOICE_SQL = `(SELECT coalesce(json_agg(json_build_object(
  'id', i.id::text, 'invoiceNo', i.invoice_no, 'invoiceDate', i.invoice_date, 'amount', trim_scale(i.amount)::text, 'tax', trim_scale(i.tax)::text
) ORDER BY i.id), '[]') FROM wb_settlement_invoice i WHERE i.settlement_id = t.id)`;
const PAYMENT_SQL = `(SELECT coalesce(json_agg(json_build_object(
  'seq', p.seq, 'direction', p.direction, 'paidOn', p.paid_on, 'method', p.method, 'amount', trim_scale(p.amount)::text,
  'receiptNo', (SELECT r.receipt_no FROM fm_receipt r WHERE r.id = p.receipt_id), 'reference', p.reference
) ORDER BY p.seq), '[]') FROM wb_settlement_payment p WHERE p.settlement_id = t.id)`;

export function settlementFamily(kind: SettleKind): DocumentFamily {
  const k = SETTLE_KINDS[kind];
  const [createForm, updateForm] = settlementForms(kind);
  const money = (name: string, column: string) => ({ name, sql: `trim_scale(t.${column})::text` });
  return {
    label: k.label, base: settleBase(kind), permissionPrefix: settlePermission(kind, '').slice(0, -1), table: settleView(kind), scope: { kind: 'org' },
    code: { field: 'settleNo', column: 'settle_no' },
    numbering: { docKind: `settlement.${kind}`, fallback: { prefix: k.prefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
    fields: fields(kind),
    lifecycle: settlementLifecycle, extraState: { column: 'state', words: STATE_WORDS },
    listTemplate: settlementListTemplate(kind), forms: [createForm, updateForm],
    readFields: [
      ...readFieldsOf(createForm),
      { name: 'contractId', sql: 't.contract_id::text' },
      { name: 'contractNo', sql: '(SELECT c.contract_no FROM wb_contract c WHERE c.id = t.contract_id)' },
      { name: 'state', sql: 't.state' }, { name: 'ticketCount', sql: 't.ticket_count' },
      money('totalNet', 'total_net'), money('totalQuantity', 'total_quantity'), money('totalVolume', 'total_volume'),
      money('rowsAmount', 'rows_amount'), money('rowsTax', 'rows_tax'),
      money('rowsAmountExTax', 'rows_amount_ex_tax'), money('adjustAmount', 'adjust_amount'), money('adjustTax', 'adjust_tax'), money('totalAmount', 'total_amount'),
      money('totalTax', 'total_tax'), money('totalAmountExTax', 'total_amount_ex_tax'), money('invoicedAmount', 'invoiced_amount'), money('paidAmount', 'paid_amount'),
      { name: 'poundsConfirmedAt', sql: 't.pounds_confirmed_at' }, { name: 'examinedAt', sql: 't.examined_at' }, { name: 'paidAt', sql: 't.paid_at' }, { name: 'closedAt', sql: 't.closed_at' },
      { name: 'fds', sql: FD_SQL }, { name: 'adjusts', sql: ADJUST_SQL }, { name: 'invoices', sql: INVOICE_SQL }, { name: 'payments', sql: PAYMENT_SQL },
    ],
    copy: 'none', import: false, datax: false,
    validate: (v: EntityValues) => (v.periodFrom && v.periodTo && new Date(String(v.periodTo)) <= new Date(String(v.periodFrom))
      ? [{ field: 'periodTo', message: '结束时间必须晚于开始时间' }] : []),
    checkWrite: async (tx, who, docId, values) => {
      if (docId !== null) {
        const held = await tx.selectFrom('wb_settlement').select(['ticket_count', 'settle_no']).where('id', '=', docId).executeTakeFirst();
        // the rows were computed for the party and period: a header with tickets changes through a new pound list
        if (held && held.ticket_count > 0) return [{ field: 'id', message: `${k.label} ${held.settle_no} 已确认磅单，不能修改，请先确认空磅单` }];
      }
      const contract = values.contractId === null || values.contractId === undefined ? null : String(values.contractId);
      if (contract !== null) {
        const c = await tx.selectFrom('wb_contract').select(['kind', k.partyColumn]).where('org_id', '=', who.orgId).where('id', '=', contract).executeTakeFirst();
        if (!c || c.kind !== kind) return [{ field: 'contractId', message: `合同不存在: ${contract}` }];
        const party = values[k.partyField];
        if (party !== undefined && party !== null && String(c[k.partyColumn]) !== String(party)) return [{ field: 'contractId', message: `合同不是该${k.partyLabel}的合同` }];
      }
      if (kind !== 'al') return [];
      const peer = values.peerOrgId === null || values.peerOrgId === undefined ? null : String(values.peerOrgId);
      if (peer === null) return [];
      if (peer === who.orgId) return [{ field: 'peerOrgId', message: '收货公司不能是本公司' }];
      return (await isPeerCompany(tx, who, peer)) ? [] : [{ field: 'peerOrgId', message: '收货公司不是本集团的公司' }];
    },
    constraintMessages: {
      wb_settlement_period: { field: 'periodTo', message: '结束时间必须晚于开始时间' },
      wb_settlement_peer: { field: 'peerOrgId', message: '收货公司不能是本公司' },
    },
  };
}

export const SETTLEMENT_FAMILIES: Record<SettleKind, DocumentFamily> = { pu: settlementFamily('pu'), sa: settlementFamily('sa'), al: settlementFamily('al') };
