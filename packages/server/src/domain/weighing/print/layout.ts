import Decimal from 'decimal.js';
import {
  formatMoney, formatUnitPrice, formatWeight, TICKET_PRINT_BLANK, weightUnitLabel,
  type TicketPrintField, type TicketPrintLayout, type TicketPrintWeight, type WeighParams,
} from '@wb/protocol';
import type { TicketKind } from '../kinds';

/**
 * A weigh ticket laid out for paper (domain notes: tickets print with number, plate, material,
 * parties, gross, tare, net, deductions, times, operator and a print count). Pure: the facts in,
 * every figure out as text, so the print page and the PDF draw the same ticket.
 */
export type PrintState = 'FIRST_WEIGHED' | 'CONFIRMED' | 'COMPLETED' | 'AUDITED' | 'POSTED' | 'CLOSED' | 'OBSOLETE';
export type PrintDeductionKind = 'WATER' | 'IMPURITY' | 'DETRITUS' | 'STONE' | 'OTHER' | 'QUALITY' | 'HIDDEN';

export interface TicketPrintFacts {
  id: string;
  kind: TicketKind;
  side: 'DISPATCH' | 'RECEIVE' | null;
  state: PrintState;
  closeKind: 'SINGLE_WEIGH' | 'SINGLE_EMPTY' | null;
  company: string;
  ticketNo: string;
  plate: string;
  driver: string | null;
  materialName: string | null;
  materialModel: string | null;
  vendor: string | null;
  customer: string | null;
  carrier: string | null;
  /** the other company of an allot (调拨) */
  peerOrg: string | null;
  noticeNo: string | null;
  warehouse: string | null;
  toWarehouse: string | null;
  /** numbers as the database gives them (numeric as text), tons */
  gross: string | null;
  grossTime: Date | null;
  tare: string | null;
  tareTime: Date | null;
  net: string | null;
  /** purchase: what the vendor's note says was shipped (原发数) */
  shippedQuantity: string | null;
  deductTotal: string;
  deductions: { kind: PrintDeductionKind; amount: string }[];
  price: string | null;
  amount: string | null;
  firstOperator: string | null;
  secondOperator: string | null;
  remark: string | null;
  /** the count after this print (or the count so far, on a preview) */
  printCount: number;
  /** 086: the production batch a sales ticket was loaded from */
  batchNo?: string | null;
  /** 085: the gauged volume (m3), printed beside the weights when the load was gauged */
  gaugeVolume?: string | null;
  /** the photos its gauging keeps: counted on the paper, shown on the screen (抓拍图片) */
  gaugePhotoCount?: number;
}

export interface PrintSettings {
  params: Pick<WeighParams, 'weightPrecision' | 'weightUnit' | 'moneyPrecision' | 'unitPricePrecision'>;
  /** a preview counts nothing and says so */
  preview: boolean;
  printedAt: Date;
  timeZone: string;
}

const KIND_TITLE: Record<TicketKind, [string, string]> = {
  pu: ['采购磅单', 'Purchase weigh ticket'],
  sa: ['销售磅单', 'Sales weigh ticket'],
  al: ['调拨磅单', 'Allot weigh ticket'],
  tr: ['移库磅单', 'Transfer weigh ticket'],
  pr: ['生产磅单', 'Production weigh ticket'],
  st: ['其他出厂磅单', 'Other outgoing weigh ticket'],
  pt: ['其他入厂磅单', 'Other incoming weigh ticket'],
};

/** The kinds that carry a price (notice line) and an amount (net x price). */
const MONEY_KINDS: readonly TicketKind[] = ['pu', 'sa'];

const STATE_LABEL: Record<PrintState, string> = {
  FIRST_WEIGHED: '一次过磅', CONFIRMED: '已确认', COMPLETED: '已完成', AUDITED: '已审核', POSTED: '已过账', CLOSED: '已关闭', OBSOLETE: '已作废',
};

const CLOSE_LABEL = { SINGLE_WEIGH: '车辆重出', SINGLE_EMPTY: '车辆空出' } as const;

export const DEDUCTION_ITEM: Record<PrintDeductionKind, [string, string]> = {
  WATER: ['扣水', 'Water'], IMPURITY: ['扣杂', 'Impurity'], DETRITUS: ['扣渣', 'Detritus'], STONE: ['扣石', 'Stone'],
  OTHER: ['其他扣重', 'Other'], QUALITY: ['质量扣重', 'Quality'], HIDDEN: ['暗扣', 'Fixed deduction'],
};
const DEDUCTION_ORDER = Object.keys(DEDUCTION_ITEM) as PrintDeductionKind[];

type WeightParams = Pick<PrintSettings['params'], 'weightPrecision' | 'weightUnit'>;

/**
 * A stored figure as the paper shows it: at least the precision's decimals, never fewer than the
 * value has (a figure stored before the precision changed keeps its digits). Absent is blank.
 */
export function figure(value: string | null, decimals: number): string {
  if (value === null) return TICKET_PRINT_BLANK;
  const d = new Decimal(value);
  return d.toFixed(Math.max(decimals, d.decimalPlaces()));
}

/**
 * A weight held in tons, in the plant's unit and decimals as every screen shows it (display.ts:
 * 24.30, or 24,300 in kg), never dropping a stored digit. A missing or zero reading prints as the
 * blank mark (a scale never weighs a truck at 0).
 */
export function weightText(value: string | null, p: WeightParams): string {
  if (value === null || new Decimal(value).isZero()) return TICKET_PRINT_BLANK;
  const inUnit = new Decimal(value).times(p.weightUnit === 'kg' ? 1000 : 1);
  return formatWeight(value, { ...p, weightPrecision: Math.max(p.weightPrecision, inUnit.decimalPlaces()) });
}

export function timeText(at: Date | null, timeZone: string): string {
  return at ? at.toLocaleString('sv-SE', { timeZone }) : '';
}

const field = (key: string, label: string, labelEn: string, value: string | null | undefined): TicketPrintField =>
  ({ key, label, labelEn, value: value === null || value === undefined || value === '' ? TICKET_PRINT_BLANK : value });

export function materialText(name: string | null, model: string | null): string | null {
  if (!name) return null;
  return model ? `${name} ${model}` : name;
}

/** The counterparties the kind names: whom the goods come from, go to, and who carries them. */
export function partyFields(f: TicketPrintFacts): TicketPrintField[] {
  const carrier = field('carrier', '承运商', 'Carrier', f.carrier);
  switch (f.kind) {
    case 'pu':
      return [field('vendor', '供应商', 'Vendor', f.vendor), carrier];
    case 'sa':
      return [field('customer', '客户', 'Customer', f.customer), carrier];
    case 'al':
      // the shipping side names where the goods go, the receiving side where they came from
      return f.side === 'RECEIVE'
        ? [field('peerOrg', '调出单位', 'Shipped by', f.peerOrg), carrier]
        : [field('peerOrg', '调入单位', 'Received by', f.peerOrg), carrier];
    case 'pt':
      return [field('vendor', '发货单位', 'Sender', f.vendor ?? f.customer), carrier];
    case 'st':
      return [field('customer', '收货单位', 'Receiver', f.customer ?? f.vendor), carrier];
    default:
      return [carrier];
  }
}

function warehouseFields(f: TicketPrintFacts): TicketPrintField[] {
  if (f.kind === 'tr' || (f.kind === 'al' && f.toWarehouse)) {
    return [field('warehouse', '调出仓库', 'From warehouse', f.warehouse), field('toWarehouse', '调入仓库', 'To warehouse', f.toWarehouse)];
  }
  return [field('warehouse', '仓库', 'Warehouse', f.warehouse)];
}

/** A purchase ticket shows the vendor's shipped quantity beside the warehouse, to set against the net. */
function shippedField(f: TicketPrintFacts, p: WeightParams): TicketPrintField[] {
  const [zh, en] = [weightUnitLabel(p, 'zh'), weightUnitLabel(p, 'en')];
  return f.kind === 'pu' ? [field('shippedQuantity', `原发数(${zh})`, `Shipped (${en})`, weightText(f.shippedQuantity, p))] : [];
}

export function infoFields(f: TicketPrintFacts, p: WeightParams): TicketPrintField[] {
  return [
    field('plate', '车号', 'Plate', f.plate),
    field('driver', '司机', 'Driver', f.driver),
    field('material', '物料', 'Material', materialText(f.materialName, f.materialModel)),
    field('noticeNo', '通知单号', 'Notice no.', f.noticeNo),
    ...partyFields(f),
    ...warehouseFields(f),
    ...shippedField(f, p),
    // printed only where there is one, so a ticket of another product keeps its paper as it was
    ...(f.batchNo ? [field('batchNo', '批次号', 'Batch no.', f.batchNo)] : []),
    ...(f.gaugeVolume ? [field('gaugeVolume', '检尺方量(m³)', 'Gauged (m3)', new Decimal(f.gaugeVolume).toFixed(3))] : []),
    ...(f.gaugeVolume && f.gaugePhotoCount ? [field('gaugePhotos', '检尺照片', 'Gauging photos', `${f.gaugePhotoCount} 张`)] : []),
  ];
}

/**
 * Gross, tare, net with their times. A first-weighing slip (or a ticket closed without a net)
 * prints its net blank; the net's time is the completion, the later of the two readings.
 */
export function weightLines(f: TicketPrintFacts, p: WeightParams, timeZone: string): TicketPrintWeight[] {
  const line = (key: TicketPrintWeight['key'], label: string, labelEn: string, value: string | null, at: Date | null): TicketPrintWeight => {
    const text = weightText(value, p);
    return { key, label, labelEn, value: text, time: text === TICKET_PRINT_BLANK ? '' : timeText(at, timeZone) };
  };
  const netAt = f.grossTime && f.tareTime ? (f.grossTime > f.tareTime ? f.grossTime : f.tareTime) : null;
  return [
    line('gross', '毛重', 'Gross', f.gross, f.grossTime),
    line('tare', '皮重', 'Tare', f.tare, f.tareTime),
    line('net', '净重', 'Net', f.net, netAt),
  ];
}

/** Each deduction with its weight, in a fixed order, and their total (the stored deduct_total). */
export function deductionLines(f: TicketPrintFacts, p: WeightParams): TicketPrintLayout['deductions'] {
  const rows = [...f.deductions]
    .filter((d) => !new Decimal(d.amount).isZero())
    .sort((a, b) => DEDUCTION_ORDER.indexOf(a.kind) - DEDUCTION_ORDER.indexOf(b.kind))
    .map((d) => ({ item: DEDUCTION_ITEM[d.kind][0], itemEn: DEDUCTION_ITEM[d.kind][1], weight: weightText(d.amount, p) }));
  return { rows, total: weightText(f.deductTotal, p) };
}

export function moneyFields(f: TicketPrintFacts, p: PrintSettings['params']): TicketPrintField[] {
  if (!MONEY_KINDS.includes(f.kind)) return [];
  return [
    // the shared formats: a unit price with the plant's price precision, an amount as money (¥)
    field('price', '单价(元/吨)', 'Price (CNY/t)', f.price === null ? null : formatUnitPrice(f.price, p)),
    field('amount', '金额(元)', 'Amount (CNY)', f.amount === null ? null : formatMoney(f.amount)),
  ];
}

export function printLabel(count: number, preview: boolean): string {
  if (!preview) return `第${count}次打印`;
  return count === 0 ? '未打印' : `已打印${count}次`;
}

export function layoutTicket(f: TicketPrintFacts, s: PrintSettings): TicketPrintLayout {
  const [kindTitle, kindTitleEn] = KIND_TITLE[f.kind];
  const printedAt = timeText(s.printedAt, s.timeZone);
  return {
    id: f.id,
    kind: f.kind,
    ticketNo: f.ticketNo,
    title: `${f.company} ${kindTitle}`,
    company: f.company,
    kindTitle,
    kindTitleEn,
    stateLabel: STATE_LABEL[f.state],
    slip: f.state === 'FIRST_WEIGHED' || f.state === 'CONFIRMED',
    closedAs: f.closeKind ? CLOSE_LABEL[f.closeKind] : null,
    fields: infoFields(f, s.params),
    unit: weightUnitLabel(s.params, 'zh'),
    unitEn: weightUnitLabel(s.params, 'en'),
    weights: weightLines(f, s.params, s.timeZone),
    deductions: deductionLines(f, s.params),
    money: moneyFields(f, s.params),
    footer: [
      field('firstOperator', '一次司磅', 'First weighing by', f.firstOperator),
      field('secondOperator', '二次司磅', 'Second weighing by', f.secondOperator),
      field('printedAt', '打印时间', 'Printed at', printedAt),
    ],
    remark: f.remark ?? '',
    printCount: f.printCount,
    preview: s.preview,
    printLabel: printLabel(f.printCount, s.preview),
    reprint: !s.preview && f.printCount > 1,
    printedAt,
  };
}
