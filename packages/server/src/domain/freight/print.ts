import Decimal from 'decimal.js';
import { formatMoney, formatUnitPrice, type DisplayParams } from '@wb/protocol';
import { plantTimeText, weightHeader, type DocColumn, type Letterhead, type TableDocument } from '../../platform/print/document';
import type { PlanDetail } from './plan-read';
import { BASIS_OPTIONS, CHARGE_OPTIONS, KIND_OPTIONS, LOSS_OPTIONS } from './kinds';

/**
 * findPrint: the plan with its pound list as a document of the platform's print module (PDF and
 * Excel alike): the letterhead, the plan's facts (carrier, route, price and terms, totals, remitted
 * and advanced), one row a ticket with its freight figures, the totals row and the signature block.
 */
const columns = (p: DisplayParams): DocColumn[] => [
  { key: 'seq', header: '序号', kind: 'text', width: 12 },
  { key: 'ticketNo', header: '磅单号', kind: 'text', width: 38 },
  { key: 'plateNumber', header: '车号', kind: 'text', width: 26 },
  { key: 'materialName', header: '物料', kind: 'text', width: 34 },
  { key: 'shipped', header: weightHeader('原发', p), kind: 'weight', width: 22 },
  { key: 'net', header: weightHeader('净重', p), kind: 'weight', width: 22 },
  { key: 'basisWeight', header: weightHeader('计费重量', p), kind: 'weight', width: 22 },
  { key: 'freight', header: '运费', kind: 'money', width: 26 },
  { key: 'loss', header: weightHeader('路耗', p), kind: 'weight', width: 20 },
  { key: 'shortage', header: weightHeader('亏吨', p), kind: 'weight', width: 20 },
  { key: 'lossCharge', header: '亏吨扣款', kind: 'money', width: 31 },
];

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const word = (list: { value: string; label: string }[], v: unknown) => list.find((o) => o.value === v)?.label ?? s(v);
const time = (v: unknown) => (v ? plantTimeText(v as Date | string).slice(0, 16) : '');
const sum = (rows: Record<string, unknown>[], key: string) => rows.reduce((acc, r) => (r[key] === null || r[key] === undefined ? acc : acc.plus(String(r[key]))), new Decimal(0)).toFixed();

export function planDocument(d: PlanDetail, letterhead: Letterhead, display: DisplayParams): TableDocument {
  const p = d.plan;
  return {
    title: `运费计划 ${s(p.planNo)}${p.urgent ? '（加急）' : ''}`,
    letterhead,
    display,
    facts: [
      ['业务类型', word(KIND_OPTIONS, p.kind)],
      ['承运商', s(p.carrierName)],
      ['物料', s(p.materialName)],
      ['线路/区域', s(p.routeName)],
      ['存储仓库', s(p.wareName)],
      ['运价', `${formatUnitPrice(p.price, display)}（${word(CHARGE_OPTIONS, p.chargeMode)}，${word(BASIS_OPTIONS, p.basis)}${p.distanceKm ? `，运距 ${s(p.distanceKm)} km` : ''}）`],
      ['税率', `${s(p.taxRate) || '0'}%`],
      ['合理路耗', p.lossMode ? `${s(p.lossValue)} ${word(LOSS_OPTIONS, p.lossMode)}` : '无'],
      ['运价依据', s(p.priceLabel)],
      ['计划期间', `${time(p.startTime)} 至 ${time(p.endTime) || '—'}`],
      ['磅单确认', time(p.poundsConfirmedAt) || '未确认'],
      ['运费合计', formatMoney(p.freightTotal ?? 0)],
      ['亏吨扣款', formatMoney(p.lossChargeTotal ?? 0)],
      ['已汇款', formatMoney(p.remitted ?? 0)],
      ['油卡预付', formatMoney(p.fuelAdvanced ?? 0)],
    ],
    columns: columns(display),
    rows: d.pounds.map((t) => ({
      seq: s(t.seq), ticketNo: s(t.ticketNo), plateNumber: s(t.plateNumber), materialName: s(t.materialName), shipped: t.shipped as string | null, net: t.net as string | null,
      basisWeight: t.basisWeight as string | null, freight: t.freight as string | null, loss: t.loss as string | null, shortage: t.shortage as string | null,
      lossCharge: t.lossCharge as string | null,
    })),
    totals: {
      seq: '合计', ticketNo: `${d.pounds.length} 张`, shipped: sum(d.pounds, 'shipped'), net: sum(d.pounds, 'net'), basisWeight: sum(d.pounds, 'basisWeight'),
      freight: s(p.freightTotal) || '0', shortage: sum(d.pounds, 'shortage'), lossCharge: s(p.lossChargeTotal) || '0',
    },
    signatures: ['制表', '审核', '承运商签章'],
  };
}

export const planFileName = (d: PlanDetail) => `运费计划_${s(d.plan.planNo)}`;
