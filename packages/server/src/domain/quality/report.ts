import Decimal from 'decimal.js';
import type { Readable } from 'node:stream';
import { plantDate } from '@wb/protocol';
import { z } from 'zod';
import { streamSheet, type SheetColumn } from '../../platform/excel/workbook';
import { badRequest } from '../../platform/http/errors';
import type { ReportRow } from './report-repo';

/**
 * 质量报表: per vendor and material over a period of completion dates, each item's average weighted
 * by net, the pass rate (tickets within every reject limit), the deductions in tons and money and
 * the price change in money. GET /api/quality/report?from&to[&vendorId][&materialId][&format=xlsx].
 */
const ID = /^\d{1,18}$/;
export const REPORT_DAYS_MAX = 366 * 3;
export const reportQuery = z.object({
  from: plantDate('开始日期'),
  to: plantDate('结束日期'),
  vendorId: z.string().regex(ID, '供应商应为数字编号').optional(),
  materialId: z.string().regex(ID, '物料应为数字编号').optional(),
  format: z.enum(['xlsx'], { error: '格式应为 xlsx' }).optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** A period that is a period: real dates, from before to, at most three years. */
export function checkPeriod(q: Pick<ReportQuery, 'from' | 'to'>): void {
  const from = Date.parse(`${q.from}T00:00:00Z`);
  const to = Date.parse(`${q.to}T00:00:00Z`);
  if (Number.isNaN(from) || new Date(from).toISOString().slice(0, 10) !== q.from) throw badRequest('开始日期不是有效日期', 'from');
  if (Number.isNaN(to) || new Date(to).toISOString().slice(0, 10) !== q.to) throw badRequest('结束日期不是有效日期', 'to');
  if (to < from) throw badRequest('结束日期不能早于开始日期', 'to');
  if ((to - from) / 86_400_000 > REPORT_DAYS_MAX) throw badRequest('查询期间不能超过三年', 'to');
}

export interface ReportLine extends ReportRow { passRate: string }

/** The pass rate in percent, to one decimal; no ticket: 0 (the spec's division by zero). */
export function withPassRate(rows: ReportRow[]): ReportLine[] {
  return rows.map((r) => ({ ...r, passRate: r.tickets === 0 ? '0' : new Decimal(r.passed).mul(100).div(r.tickets).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toFixed() }));
}

export function reportSheet(lines: ReportLine[]): Readable {
  const codes = [...new Map(lines.flatMap((l) => l.items.map((i) => [i.code, i.name] as const))).entries()];
  const columns: SheetColumn[] = [
    { header: '供应商', key: 'vendor', width: 24 }, { header: '物料', key: 'material', width: 16 }, { header: '磅单数', key: 'tickets', width: 10 },
    { header: '净重(吨)', key: 'net', width: 12 }, { header: '合格率(%)', key: 'passRate', width: 12 }, { header: '质量扣重(吨)', key: 'deduction', width: 14 },
    { header: '扣重金额', key: 'deductionMoney', width: 14 }, { header: '调价金额', key: 'adjustMoney', width: 14 },
    ...codes.map(([code, name]) => ({ header: `${name}(加权)`, key: `item_${code}`, width: 12 })),
  ];
  const rows = lines.map((l) => ({
    vendor: l.vendorName ?? '', material: l.materialName ?? '', tickets: l.tickets, net: Number(l.net), passRate: Number(l.passRate),
    deduction: Number(l.deduction), deductionMoney: Number(l.deductionMoney), adjustMoney: Number(l.adjustMoney),
    ...Object.fromEntries(l.items.map((i) => [`item_${i.code}`, Number(i.average)])),
  }));
  return streamSheet('质量报表', columns, rows);
}
