import { formatMoney, formatWeight, WEIGHT_UNIT_LABELS, type DisplayParams } from '@wb/protocol';
import { weightHeader, type DocColumn, type Letterhead, type TableDocument } from '../../platform/print/document';
import { SETTLE_KINDS } from './kinds';
import type { SettlementRead } from './reads';
import { BASIS_WORDS, DEDUCTION_ORDER, DEDUCTION_WORDS, STATE_WORDS, type RowDeductions, type SettleRow } from './rules';

/**
 * The settlement's statement (结算单) as a document of the platform's print module (PDF and Excel
 * alike): the letterhead, the header facts, one line per ticket with its basis (the contract's 结算
 * 依据, our net, the shipped quantity, the deductions by kind) and the figures it settled at, the
 * adjustment rows, the totals row (the header's totals: the rows and adjustment rows), what was
 * invoiced and paid, and the signature block. Figures are the stored ones.
 */
const columns = (p: DisplayParams, perM3: boolean): DocColumn[] => [
  { key: 'seq', header: '序号', kind: 'text', width: 7 },
  { key: 'ticketNo', header: '磅单号', kind: 'text', width: 27 },
  { key: 'completedAt', header: '完成时间', kind: 'time', width: 25 },
  { key: 'materialName', header: '物料', kind: 'text', width: 18 },
  { key: 'basis', header: '结算依据', kind: 'text', width: 15 },
  { key: 'grossNet', header: weightHeader('我方净重', p), kind: 'weight', width: 17 },
  { key: 'shipped', header: weightHeader('原发', p), kind: 'weight', width: 15 },
  { key: 'deductions', header: '扣重', kind: 'text', width: perM3 ? 24 : 38 },
  { key: 'quantity', header: weightHeader('结算数量', p), kind: 'weight', width: 17 },
  // 105: rows priced per m3 gauged settle m3, never added to the tons: a column of their own
  ...(perM3 ? [{ key: 'volume', header: '结算方量(方)', kind: 'number' as const, width: 14 }] : []),
  { key: 'unitPrice', header: '单价', kind: 'price', width: 17 },
  { key: 'amount', header: '金额', kind: 'money', width: 21 },
  { key: 'taxRate', header: '税率%', kind: 'number', width: 10 },
  { key: 'tax', header: '税额', kind: 'money', width: 18 },
  { key: 'amountExTax', header: '不含税金额', kind: 'money', width: 21 },
];

/** A row's deductions in words: 扣水 0.50；质量扣重 0.04 (none: empty). */
export const deductionsText = (d: RowDeductions | null | undefined, p: DisplayParams): string =>
  DEDUCTION_ORDER.filter((k) => d?.[k] !== undefined).map((k) => `${DEDUCTION_WORDS[k]} ${formatWeight(d?.[k], p)}`).join('；');

const title = (s: SettlementRead) => `${SETTLE_KINDS[s.kind].label}单 ${s.settleNo}`;
const dayOf = (v: unknown) => new Intl.DateTimeFormat('en-CA', { timeZone: process.env.PLANT_TIME_ZONE || 'Asia/Shanghai' }).format(new Date(v as string | Date));
const timeOf = (v: unknown) => new Intl.DateTimeFormat('sv-SE', {
  timeZone: process.env.PLANT_TIME_ZONE || 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false,
}).format(new Date(v as string | Date));

export function statementDocument(s: SettlementRead, letterhead: Letterhead, display: DisplayParams): TableDocument {
  const paidWord = SETTLE_KINDS[s.kind].payment === 'OUT' ? '已付款' : '已收款';
  const perM3 = s.rows.some((r) => r.priceBasis === 'VOLUME') || Number(s.totalVolume) !== 0;
  const unit = WEIGHT_UNIT_LABELS[display.weightUnit].zh;
  return {
    title: title(s),
    letterhead,
    display,
    facts: [
      [SETTLE_KINDS[s.kind].partyLabel, `${s.party.code} ${s.party.name}`],
      ['结算期间', `${timeOf(s.periodFrom)} 至 ${timeOf(s.periodTo)}`],
      ['状态', STATE_WORDS[s.state]],
      ['磅单', `${s.ticketCount} 张`],
      ['结算数量', perM3 ? `${formatWeight(s.totalQuantity, display)} ${unit}；${String(s.totalVolume)} 方` : `${formatWeight(s.totalQuantity, display)} ${unit}`],
      ['结算金额', formatMoney(s.totalAmount)],
      ['打印日期', dayOf(new Date())],
    ],
    columns: columns(display, perM3),
    rows: [
      ...s.rows.map((r) => ({
        seq: String(r.seq), ticketNo: String(r.ticketNo), completedAt: r.completedAt as Date | null, materialName: (r.materialName as string | null) ?? '',
        basis: BASIS_WORDS[r.basis as SettleRow['basis']] ?? String(r.basis), grossNet: r.grossNet as string, shipped: (r.shipped as string | null) ?? null,
        deductions: deductionsText(r.deductions as RowDeductions, display),
        ...(r.priceBasis === 'VOLUME' ? { quantity: null, volume: r.quantity as string } : { quantity: r.quantity as string }), unitPrice: r.unitPrice as string,
        amount: r.amount as string, taxRate: r.taxRate as string, tax: r.tax as string, amountExTax: r.amountExTax as string,
      })),
      ...s.adjusts.map((a) => ({
        seq: `调${a.seq}`, ticketNo: a.ticketNo ?? '', materialName: a.reason, basis: '调整', quantity: String(a.quantity), amount: String(a.amount), tax: String(a.tax),
        amountExTax: String(a.amountExTax),
      })),
    ],
    totals: {
      seq: '合计', ticketNo: `${s.ticketCount} 张`, quantity: String(s.totalQuantity), ...(perM3 ? { volume: String(s.totalVolume) } : {}), amount: String(s.totalAmount), tax: String(s.totalTax), amountExTax: String(s.totalAmountExTax),
    },
    notes: [
      ['磅单合计', `金额 ${formatMoney(s.rowsAmount)}；税额 ${formatMoney(s.rowsTax)}；不含税 ${formatMoney(s.rowsAmountExTax)}`],
      ['调整合计', `${formatMoney(s.adjustAmount)}（税额 ${formatMoney(s.adjustTax)}）`],
      ['已开票', formatMoney(s.invoicedAmount)],
      [paidWord, formatMoney(s.paidAmount)],
    ],
    signatures: ['制表', '审核', `${SETTLE_KINDS[s.kind].partyLabel}签章`],
  };
}

export const statementFileName = (s: SettlementRead) => `${SETTLE_KINDS[s.kind].label}_${s.settleNo}_${s.party.name}`;
