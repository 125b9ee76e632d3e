import Decimal from 'decimal.js';
import type { DisplayParams } from '@wb/protocol';
import { plantTimeText, weightHeader, type DocColumn, type Letterhead, type TableDocument } from '../../platform/print/document';
import type { TrainSheet } from './repo';
import { LOSS_BASIS_OPTIONS, LOSS_HANDLING_OPTIONS, TARE_MODE_OPTIONS, TRAIN_STATUS_OPTIONS } from './templates';
import type { TrainKindDef } from './kinds';

/**
 * The train ticket (轨道衡磅单) as a document of the platform's print module (PDF and Excel alike):
 * the letterhead, the train's facts and loss terms, a row per wagon with its figures, the totals
 * row and the signature block.
 */
const columns = (p: DisplayParams): DocColumn[] => [
  { key: 'seq', header: '序号', kind: 'text', width: 12 },
  { key: 'wagonNo', header: '车号', kind: 'text', width: 26 },
  { key: 'materialName', header: '物料', kind: 'text', width: 32 },
  { key: 'gross', header: weightHeader('毛重', p), kind: 'weight', width: 22 },
  { key: 'tare', header: weightHeader('皮重', p), kind: 'weight', width: 22 },
  { key: 'tareMode', header: '皮重方式', kind: 'text', width: 16 },
  { key: 'net', header: weightHeader('净重', p), kind: 'weight', width: 22 },
  { key: 'waybill', header: weightHeader('票重', p), kind: 'weight', width: 22 },
  { key: 'loss', header: weightHeader('亏吨', p), kind: 'weight', width: 22 },
  { key: 'tolerance', header: weightHeader('允许损耗', p), kind: 'weight', width: 24 },
  { key: 'overLoss', header: weightHeader('超耗', p), kind: 'weight', width: 22 },
  { key: 'charged', header: weightHeader('扣吨', p), kind: 'weight', width: 22 },
];

const word = (list: { value: string; label: string }[], v: unknown) => list.find((o) => o.value === v)?.label ?? (v == null ? '' : String(v));

export function trainDocument(k: TrainKindDef, s: TrainSheet, letterhead: Letterhead, display: DisplayParams): TableDocument {
  const t = s.train;
  const terms = t.lossBasis ? `${new Decimal(t.lossAllowance ?? 0).toFixed()} ${word(LOSS_BASIS_OPTIONS, t.lossBasis)}，${word(LOSS_HANDLING_OPTIONS, t.lossHandling)}` : '无';
  return {
    title: `${k.label}磅单 ${t.trainNo}`,
    letterhead,
    display,
    facts: [
      ['车次', t.trainNo],
      ['状态', word(TRAIN_STATUS_OPTIONS, t.docStatus)],
      ['到达时间', plantTimeText(t.arrivedAt).slice(0, 16)],
      [k.party.label, t.partyName ?? ''],
      ['合同号', t.contractNo ?? ''],
      ['物料', t.materialName ?? ''],
      ['仓库', t.warehouseName ?? ''],
      ['损耗条款', terms],
      ['车数', String(s.totals.wagons)],
      ['超耗车数', String(s.totals.flagged)],
    ],
    columns: columns(display),
    rows: s.wagons.map((w) => ({
      seq: String(w.seq), wagonNo: w.wagonNo, materialName: w.materialName ?? '', gross: w.gross, tare: w.tare, tareMode: word(TARE_MODE_OPTIONS, w.tareMode),
      net: w.figures.net, waybill: w.waybill, loss: w.figures.loss, tolerance: w.figures.tolerance, overLoss: w.figures.overLoss, charged: w.figures.charged,
    })),
    totals: {
      seq: '合计', wagonNo: `${s.totals.wagons} 节`, gross: s.totals.gross, tare: s.totals.tare, net: s.totals.net, waybill: s.totals.waybill,
      loss: s.totals.loss, tolerance: s.totals.tolerance, overLoss: s.totals.overLoss, charged: s.totals.charged,
    },
    notes: t.remark ? [['备注', t.remark]] : [],
    signatures: ['司磅', '审核', k.kind === 'pu' ? '供应商签章' : '客户签章'],
  };
}

export const trainFileName = (s: TrainSheet) => `轨道衡磅单_${s.train.trainNo}`;
