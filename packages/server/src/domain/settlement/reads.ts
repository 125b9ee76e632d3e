import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { SETTLE_KINDS, type SettleKind } from './kinds';
import { weighParams } from '../weighing/repo';
import * as repo from './repo';
import { basisText, excludedText, settleRow, settleWagonRow, type ExcludedCount, type SettleRow } from './rules';

/** The settlement's reads: its candidates (weight lists), the whole settlement with its rows (getId), one fd sub-settlement. */
type Db = Kysely<DB>;

async function header(db: Db, orgId: string, kind: SettleKind, id: string) {
  const s = await db.selectFrom('wb_settlement').selectAll().where('org_id', '=', orgId).where('scope', '=', 'GOODS').where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
  if (!s) throw new AppError(404, `${SETTLE_KINDS[kind].label}不存在: ${id}`, 'id');
  return s;
}

/**
/**
 * A candidate as the dialog shows it: the ticket and the row confirmPounds would save for it,
 * computed by the same rule (rules.ts settleRow) from the same figures, with its basis in words.
 */
export interface Candidate {
  id: string; ticketNo: string; completedAt: Date | null; plateNumber: string; materialId: string | null; materialName: string | null; contractNo: string | null;
  noticeId: string | null; basis: SettleRow['basis']; net: string; shipped: string | null; grossNet: string; basisQuantity: string; qualityDeduction: string;
  deductions: SettleRow['deductions']; quantity: string; price: string; qualityPriceAdjust: string; unitPrice: string; taxRate: string; amount: string;
  tax: string; amountExTax: string; basisText: string;
  /** 085/105: the row is priced per m3 gauged, its quantity m3 (absent: tons) */
  priceBasis?: 'VOLUME';
}

/** The row a candidate would become (the figures confirmPounds saves); a ticket whose amount no column holds says so in its basis. */
export function candidateOf(t: repo.CandidateTicket, moneyDecimals: number): Candidate {
  const r = settleRow(t, moneyDecimals);
  const v = r.ok ? r.value : (settleRow({ ...t, price: '0', qualityPriceAdjust: '0', priceBasis: 'NET' }, moneyDecimals) as { ok: true; value: SettleRow }).value;
  return {
    id: t.id, ticketNo: t.ticketNo, completedAt: t.completedAt, plateNumber: t.plateNumber, materialId: t.materialId, materialName: t.materialName, contractNo: t.contractNo,
    noticeId: t.noticeId, basis: v.basis, net: v.net, shipped: v.shipped, grossNet: v.grossNet, basisQuantity: v.basisQuantity, qualityDeduction: v.qualityDeduction,
    deductions: v.deductions, quantity: v.quantity, price: v.price, qualityPriceAdjust: v.qualityPriceAdjust, unitPrice: v.unitPrice, taxRate: v.taxRate,
    amount: v.amount, tax: v.tax, amountExTax: v.amountExTax, basisText: r.ok ? basisText(v) : r.message,
    ...(v.priceBasis === 'VOLUME' ? { priceBasis: 'VOLUME' as const } : {}),
  };
}

/** A candidate wagon (轨道衡) as the dialog shows it: the wagon and the row confirmPounds would save for it (rules.ts settleWagonRow). */
export interface WagonCandidate {
  id: string; ticketNo: string; trainNo: string; wagonNo: string; completedAt: Date | null; materialId: string | null; materialName: string | null; contractNo: string | null;
  net: string; waybill: string | null; charged: string; deductions: SettleRow['deductions']; quantity: string; price: string; unitPrice: string; taxRate: string;
  amount: string; tax: string; amountExTax: string; basisText: string;
}

export function wagonCandidateOf(w: repo.CandidateWagon, moneyDecimals: number): WagonCandidate {
  const r = settleWagonRow(w, moneyDecimals);
  const v = r.ok ? r.value : (settleWagonRow({ ...w, price: '0' }, moneyDecimals) as { ok: true; value: SettleRow }).value;
  return {
    id: w.id, ticketNo: w.ticketNo, trainNo: w.trainNo, wagonNo: w.wagonNo, completedAt: w.completedAt, materialId: w.materialId, materialName: w.materialName,
    contractNo: w.contractNo, net: v.net, waybill: v.shipped, charged: w.charged, deductions: v.deductions, quantity: v.quantity, price: v.price, unitPrice: v.unitPrice,
    taxRate: v.taxRate, amount: v.amount, tax: v.tax, amountExTax: v.amountExTax, basisText: r.ok ? basisText(v) : r.message,
  };
}

/**
 * 磅单候选 of a settlement: its party's unsettled audited tickets of its period (and material and
 * contract when it names them), each with its row; the settlement's own tickets stay among them.
 * An empty answer says why (excluded, excludedText): the party's tickets of the period that are no
 * candidate, counted by reason. `wagons`: the party's unsettled wagons of audited trains (轨道衡) of
 * the period, each with its row, chosen beside the tickets.
 */
export async function weightLists(db: Db, orgId: string, kind: SettleKind, settlementId: string, limit: number)
  : Promise<{ total: number; rows: Candidate[]; wagons: WagonCandidate[]; excluded?: ExcludedCount[]; excludedText?: string }> {
  const s = await header(db, orgId, kind, settlementId);
  const q: repo.CandidateQuery = {
    kind, partyId: String(s[SETTLE_KINDS[kind].partyColumn]), periodFrom: s.period_from, periodTo: s.period_to, materialId: s.material_id, contractId: s.contract_id,
  };
  const tickets = await repo.candidates(db, orgId, q, limit, s.id);
  const decimals = (await weighParams(db, orgId)).moneyPrecision;
  const rows = tickets.map((t) => candidateOf(t, decimals));
  const wagons = (await repo.candidateWagons(db, orgId, q, limit, s.id)).map((w) => wagonCandidateOf(w, decimals));
  if (rows.length + wagons.length > 0) return { total: rows.length + wagons.length, rows, wagons };
  const excluded = await repo.excludedSummary(db, orgId, q, s.id);
  return { total: 0, rows, wagons, excluded, excludedText: excludedText(excluded, `期间内没有该${SETTLE_KINDS[kind].partyLabel}的磅单`) };
}

const ROW_COLUMNS = sql`r.id::text, r.seq, r.fd_id::text AS "fdId", r.ticket_id::text AS "ticketId", r.wagon_id::text AS "wagonId", r.ticket_no AS "ticketNo", r.completed_at AS "completedAt",
  (SELECT m.inv_name FROM md_material m WHERE m.id = r.material_id) AS "materialName", r.basis, trim_scale(r.net)::text AS net, trim_scale(r.shipped)::text AS shipped,
  trim_scale(r.gross_net)::text AS "grossNet", trim_scale(r.basis_quantity)::text AS "basisQuantity", trim_scale(r.quality_deduction)::text AS "qualityDeduction",
  trim_scale(r.quantity)::text AS quantity, trim_scale(r.price)::text AS price, trim_scale(r.quality_price_adjust)::text AS "qualityPriceAdjust",
  trim_scale(r.unit_price)::text AS "unitPrice", trim_scale(r.tax_rate)::text AS "taxRate", trim_scale(r.amount)::text AS amount, trim_scale(r.tax)::text AS tax,
  trim_scale(r.amount_ex_tax)::text AS "amountExTax", trim_scale(r.unit_price_ex_tax)::text AS "unitPriceExTax", r.deductions,
  r.price_basis AS "priceBasis"`;

export type RowRead = Record<string, unknown>;

/** getId: the settlement with its fd sub-settlements, rows, adjustment rows, invoices and payments. */
export async function settlementById(db: Db, orgId: string, kind: SettleKind, id: string) {
  const s = await header(db, orgId, kind, id);
  const { rows } = await sql<RowRead>`SELECT ${ROW_COLUMNS} FROM wb_settlement_row r WHERE r.settlement_id = ${s.id}::bigint ORDER BY r.seq`.execute(db);
  const fds = await db.selectFrom('wb_settlement_fd as f').leftJoin('wb_notice as n', 'n.id', 'f.notice_id')
    .select(['f.id', 'f.seq', 'f.fd_no as fdNo', 'n.notice_no as noticeNo', 'f.ticket_count as ticketCount', 'f.total_quantity as totalQuantity', 'f.total_volume as totalVolume',
      'f.total_amount as totalAmount',
      'f.total_tax as totalTax', 'f.total_amount_ex_tax as totalAmountExTax'])
    .where('f.settlement_id', '=', s.id).orderBy('f.seq').execute();
  const adjusts = await db.selectFrom('wb_settlement_adjust').select(['seq', 'reason_kind as reasonKind', 'reason', 'ticket_no as ticketNo', 'quantity', 'amount', 'tax', 'amount_ex_tax as amountExTax'])
    .where('settlement_id', '=', s.id).orderBy('seq').execute();
  const invoices = await db.selectFrom('wb_settlement_invoice').select(['invoice_no as invoiceNo', 'invoice_date as invoiceDate', 'amount', 'tax'])
    .where('settlement_id', '=', s.id).orderBy('id').execute();
  const payments = await db.selectFrom('wb_settlement_payment').select(['seq', 'direction', 'paid_on as paidOn', 'method', 'amount', 'receipt_id as receiptId', 'reference'])
    .where('settlement_id', '=', s.id).orderBy('seq').execute();
  const party = await partyOf(db, kind, String(s[SETTLE_KINDS[kind].partyColumn]));
  return {
    id: s.id, kind, settleNo: s.settle_no, state: s.state, party, materialId: s.material_id, contractId: s.contract_id, periodFrom: s.period_from, periodTo: s.period_to,
    ticketCount: s.ticket_count, totalNet: s.total_net, totalQuantity: s.total_quantity, totalVolume: s.total_volume, rowsAmount: s.rows_amount, rowsTax: s.rows_tax, rowsAmountExTax: s.rows_amount_ex_tax,
    adjustAmount: s.adjust_amount, adjustTax: s.adjust_tax, totalAmount: s.total_amount, totalTax: s.total_tax, totalAmountExTax: s.total_amount_ex_tax,
    invoicedAmount: s.invoiced_amount, paidAmount: s.paid_amount, examinedAt: s.examined_at, remark: s.remark, version: s.version,
    fds, rows, adjusts, invoices, payments,
  };
}
export type SettlementRead = Awaited<ReturnType<typeof settlementById>>;

async function partyOf(db: Db, kind: SettleKind, id: string): Promise<{ id: string; code: string; name: string }> {
  const { rows } = kind === 'pu'
    ? await sql<{ code: string; name: string }>`SELECT vendor_code AS code, vendor_name AS name FROM md_vendor WHERE id = ${id}::bigint`.execute(db)
    : kind === 'sa'
      ? await sql<{ code: string; name: string }>`SELECT customer_code AS code, customer_name AS name FROM md_customer WHERE id = ${id}::bigint`.execute(db)
      : await sql<{ code: string; name: string }>`SELECT org_code AS code, org_name AS name FROM sys_org WHERE id = ${id}::bigint`.execute(db);
  return { id, code: rows[0]?.code ?? '', name: rows[0]?.name ?? '' };
}

/** fd/getId: one sub-settlement of a settlement of this kind, with its rows. */
export async function fdById(db: Db, orgId: string, kind: SettleKind, fdId: string) {
  const f = await db.selectFrom('wb_settlement_fd as f').innerJoin('wb_settlement as s', 's.id', 'f.settlement_id').leftJoin('wb_notice as n', 'n.id', 'f.notice_id')
    .select(['f.id', 'f.seq', 'f.fd_no as fdNo', 's.id as settlementId', 's.settle_no as settleNo', 's.state', 'n.notice_no as noticeNo', 'f.ticket_count as ticketCount',
      'f.total_net as totalNet', 'f.total_quantity as totalQuantity', 'f.total_volume as totalVolume', 'f.total_amount as totalAmount', 'f.total_tax as totalTax', 'f.total_amount_ex_tax as totalAmountExTax'])
    .where('f.org_id', '=', orgId).where('s.scope', '=', 'GOODS').where('s.kind', '=', kind).where('f.id', '=', fdId).executeTakeFirst();
  if (!f) throw new AppError(404, `分单结算不存在: ${fdId}`, 'id');
  const { rows } = await sql<RowRead>`SELECT ${ROW_COLUMNS} FROM wb_settlement_row r WHERE r.fd_id = ${f.id}::bigint ORDER BY r.seq`.execute(db);
  return { ...f, rows };
}
