import { call } from '@/platform/api/http';

/**
 * The goods settlement's calls the dialogs use (server domain/settlement/module.ts); base is the
 * list's family base (/api/settlement/pu). A refusal (400) is shown in the dialog, at its field.
 */
const path = (base: string) => base.replace(/^\/api(?=\/)/, '');
const idOf = (id: string) => encodeURIComponent(id);

/** A settlement as getId answers it (numbers as decimal text). */
export interface SettlementEntity {
  id: string; kind: 'pu' | 'sa' | 'al'; settleNo: string; state: string;
  party: { id: string; code: string; name: string };
  /** totalQuantity the tons, totalVolume the m3 of the rows priced per m3 gauged (never added) */
  ticketCount: number; totalQuantity: string; totalVolume?: string; totalAmount: string; totalTax: string; invoicedAmount: string; paidAmount: string;
  adjusts: { seq: number; reasonKind: string; reason: string; amount: string }[];
  invoices: { invoiceNo: string; invoiceDate: string; amount: string; tax: string }[];
  payments: { seq: number; paidOn: string; method: string; amount: string; reference: string | null }[];
}

/** The deductions by kind a row settles with (tons): the site's (out of the net) and the lab's QUALITY (out of the basis quantity). */
export type RowDeductions = Partial<Record<'WATER' | 'IMPURITY' | 'DETRITUS' | 'STONE' | 'OTHER' | 'QUALITY' | 'LOSS', string>>;

/**
 * A candidate ticket (weightLists): unsettled, audited, of the settlement's party and period, with
 * the row confirmPounds will save for it (server settlement/reads.ts candidateOf: the same rule).
 */
export interface Candidate {
  id: string; ticketNo: string; completedAt: string; plateNumber: string; materialName: string | null; contractNo?: string | null;
  basis: 'OUR_NET' | 'SHIPPED' | 'LESSER';
  /** the ticket's net (after every deduction) and our net before the quality deduction */
  net: string; grossNet: string; shipped: string | null; basisQuantity: string; qualityDeduction: string; deductions: RowDeductions;
  /** what the row will hold */
  quantity: string; price: string; qualityPriceAdjust: string; unitPrice: string; taxRate: string; amount: string; tax: string; amountExTax: string;
  /** the basis in words, the server's (两者取小：我方 31.99，原发 31.95，取 31.95；无扣重) */
  basisText: string;
  /** VOLUME: priced per m3 gauged, `quantity` is m3 (absent: tons) */
  priceBasis?: 'NET' | 'VOLUME';
}

export const getSettlement = (base: string, id: string) => call<SettlementEntity>(`${path(base)}/getId/${idOf(id)}`);

/** Why the period's tickets are no candidate, counted by reason (an empty answer carries it; the server's words). */
export interface ExcludedCount { reason: string; label: string; count: number; settleNo: string | null }

/**
 * A candidate wagon of an audited train (轨道衡): its net less the over-tolerance loss its contract
 * charges (deduction LOSS), at the price its train's audit stamped (server settlement/reads.ts).
 */
export interface WagonCandidate {
  id: string; ticketNo: string; trainNo: string; wagonNo: string; completedAt: string; materialName: string | null; contractNo: string | null;
  net: string; waybill: string | null; charged: string; deductions: RowDeductions; quantity: string; price: string; unitPrice: string; taxRate: string;
  amount: string; tax: string; amountExTax: string; basisText: string;
}

export const weightLists = (base: string, settlementId: string) =>
  call<{ total: number; rows: Candidate[]; wagons?: WagonCandidate[]; excluded?: ExcludedCount[]; excludedText?: string }>(`${path(base)}/weightLists`, { method: 'POST', body: { settlementId } });

const post = (base: string, action: string, id: string, body: object) =>
  call<unknown>(`${path(base)}/${action}/${idOf(id)}`, { method: 'POST', body, expected: [400] });

export const confirmPounds = (base: string, id: string, ticketIds: string[], wagonIds: string[] = []) => post(base, 'confirmPounds', id, { ticketIds, wagonIds });

export interface AdjustBody { reasonKind: 'ROUNDING' | 'PENALTY' | 'REBATE' | 'OTHER'; reason: string; amount: string }
export const adjust = (base: string, id: string, body: AdjustBody) => post(base, 'adjust', id, body);

export interface InvoiceBody { invoiceNo: string; invoiceDate: string; amount: string; tax?: string; remark?: string }
export const invoice = (base: string, id: string, body: InvoiceBody) => post(base, 'invoice', id, body);

export interface PaymentBody { paidOn: string; method: 'BANK' | 'CASH' | 'ACCEPTANCE' | 'RECEIPT'; amount: string; receiptId?: string; reference?: string }
export const payment = (base: string, id: string, body: PaymentBody) => post(base, 'payment', id, body);

/** The customer's audited receipts (money family, 收款登记) a sales payment may name: found by the customer's name. */
export interface ReceiptRow { id: string; receiptNo: string; receiptKind?: string; docStatus?: string; amount?: string; receiptDate?: string }
export const customerReceipts = async (customerName: string) => {
  const page = await call<{ list: ReceiptRow[] }>('/money/receipt/v2/list', {
    method: 'POST', quiet: true, body: { search: [{ key: 'customerName', op: 'eq', val: customerName }], limit: { pn: 1, ps: 50 } },
  });
  return page.list.filter((r) => (r.docStatus ?? 'AUDITED') === 'AUDITED' && (r.receiptKind ?? 'RECEIPT') === 'RECEIPT');
};

/** 对账: per party of the kind and period, the tickets weighed, settled and not, invoiced and paid (server settlement/reconcile.ts). */
export type ReconcileParty = 'vendor' | 'customer' | 'carrier';
export interface ReconcileQuery { party: ReconcileParty; from: string; to: string }
export interface ReconcileFigures {
  weighedCount: number; weighedTons: string; weighedAmount: string; settledCount: number; settledTons: string; settledAmount: string;
  unsettledCount: number; unsettledTons: string; unsettledAmount: string; settlementCount: number; settlementTotal: string;
  invoicedAmount: string; paidAmount: string; unpaidAmount: string;
}
export interface ReconcileRow extends ReconcileFigures { partyId: string; partyName: string }
export interface Reconciliation { party: ReconcileParty; from: string; to: string; rows: ReconcileRow[]; total: ReconcileFigures }

export const reconcile = (q: ReconcileQuery) => call<Reconciliation>('/settlement/reconcile', { method: 'POST', body: q, expected: [400] });
export const RECONCILE_EXPORT = '/settlement/reconcile/export';

/** 结算操作 on a freight settlement (server freight-settlement/wire.ts operatingBody). */
export type FreightAction = 'pay' | 'invoice' | 'close' | 'unaudit';
export type FreightOperatingBody =
  | { action: 'close' | 'unaudit'; id: string }
  | { action: 'pay'; id: string; amount: string; paidOn: string; method: 'BANK' | 'CASH' | 'ACCEPTANCE'; reference?: string }
  | { action: 'invoice'; id: string; invoiceNo: string; invoiceDate: string; amount: string; tax: string };
export const freightOperating = (base: string, body: FreightOperatingBody) => call<unknown>(`${path(base)}/Operating`, { method: 'POST', body, expected: [400] });

/** 新建运费结算 (server freight-settlement/wire.ts periodBody, newCreateBody; times yyyy-MM-dd HH:mm:ss, to exclusive). */
export type FreightKind = 'pu' | 'sa' | 'al' | 'tr';
export interface FreightPeriod { kind: FreightKind; carrierId: string; periodFrom: string; periodTo: string }
/** A candidate as createList answers it: freight and loss charge null when no freight price covers the ticket. */
export interface FreightCandidate {
  id: string; ticketNo: string; completedAt: string; plateNumber: string | null; materialName: string | null;
  hauled: string; freight: string | null; lossCharge: string | null;
}
export const freightCandidates = (base: string, p: FreightPeriod) =>
  call<FreightCandidate[]>(`${path(base)}/createList`, { method: 'POST', body: p, expected: [400] });
export const freightExcluded = (base: string, p: FreightPeriod) =>
  call<{ excluded: ExcludedCount[]; excludedText: string }>(`${path(base)}/createList/excluded`, { method: 'POST', body: p, expected: [400] });
export const freightNewCreate = (base: string, p: FreightPeriod, ticketIds: string[]) =>
  call<{ id: string; settleNo: string }>(`${path(base)}/newCreate`, { method: 'POST', body: { ...p, ticketIds }, expected: [400] });

/** The carriers the accountant may settle (master data 承运商, enabled or not: an old haul is still paid). */
export interface CarrierRow { id: string; carrierCode: string; carrierName: string }
export const carriers = async () =>
  (await call<{ list: CarrierRow[] }>('/masterdata/carrier/v2/list', { method: 'POST', quiet: true, body: { limit: { pn: 1, ps: 500 } } })).list;
