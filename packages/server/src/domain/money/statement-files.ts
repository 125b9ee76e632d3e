import { formatMoney, type DisplayParams } from '@wb/protocol';
import { weightHeader, type DocColumn, type Letterhead, type TableDocument } from '../../platform/print/document';
import type { Statement } from './statement';

/**
 * The customer's statement (客户对账单) as a document of the platform's print module (PDF and Excel
 * alike): the letterhead, the customer, period and opening balance, one line per ledger movement
 * with its running balance, the period's totals row, the closing balance and the signature block.
 */
const columns = (p: DisplayParams): DocColumn[] => [
  { key: 'at', header: '时间', kind: 'time', width: 36 },
  { key: 'kind', header: '类型', kind: 'text', width: 24 },
  { key: 'docNo', header: '单据号', kind: 'text', width: 38 },
  { key: 'material', header: '物料', kind: 'text', width: 34 },
  { key: 'net', header: weightHeader('净重', p), kind: 'weight', width: 22 },
  { key: 'price', header: '单价', kind: 'price', width: 22 },
  { key: 'received', header: '收款', kind: 'money', width: 28 },
  { key: 'consumed', header: '消费', kind: 'money', width: 28 },
  { key: 'balance', header: '余额', kind: 'money', width: 33 },
];

const KIND_NAMES: Record<string, string> = {
  RECEIPT: '收款', RECEIPT_WITHDRAWN: '收款反审核', REFUND: '退款', REFUND_WITHDRAWN: '退款反审核', CONSUME: '消费', CONSUME_REVERSED: '消费冲回',
};
const kindName = (kind: string) => KIND_NAMES[kind] ?? kind;

export function statementDocument(s: Statement, letterhead: Letterhead, display: DisplayParams): TableDocument {
  return {
    title: '客户对账单',
    sheetName: `对账单 ${s.customer.name}`,
    letterhead,
    display,
    facts: [
      ['客户', `${s.customer.code} ${s.customer.name}`],
      ['期间', `${s.from} 至 ${s.to}`],
      ['期初余额', formatMoney(s.opening)],
    ],
    columns: columns(display),
    rows: s.lines.map((l) => ({
      at: new Date(l.at), kind: kindName(l.kind), docNo: l.docNo, material: l.materialName ?? '', net: l.net, price: l.price, received: l.received,
      consumed: l.consumed, balance: l.balance,
    })),
    totals: { at: '本期合计', received: s.receipts, consumed: s.consumed, balance: s.closing },
    notes: [['期初余额', formatMoney(s.opening)], ['期末余额', formatMoney(s.closing)]],
    signatures: ['制表', '审核', '客户签章'],
  };
}

export const statementFileName = (s: Statement) => `对账单_${s.customer.name}_${s.from}_${s.to}`;
