/**
 * A weigh ticket (磅单) laid out for paper, as the server answers it and both the web print page and
 * the server's PDF draw it (server domain/weighing/print):
 *
 *   GET  /api/weigh/{kind}/print/{id}       -> TicketPrintLayout  (preview: counts nothing)
 *   POST /api/weigh/{kind}/print/{id}       -> TicketPrintLayout  (a print: counts once, 第N次打印)
 *   POST /api/weigh/{kind}/print/{id}?format=pdf -> application/pdf (a print: counts once)
 *
 * Every figure is already text (weights in 吨 at the ticket's precision, a missing or zero weight
 * as TICKET_PRINT_BLANK), so the page and the PDF cannot disagree.
 */
export const TICKET_PRINT_BLANK = '—';

/** The paper: the 241 mm continuous form's half page (9.5 x 5.5 in) of a dot-matrix ticket printer. */
export const TICKET_PAPER_MM = { width: 241, height: 139.7 } as const;

export interface TicketPrintField {
  key: string;
  label: string;
  labelEn: string;
  value: string;
}

export interface TicketPrintWeight extends TicketPrintField {
  key: 'gross' | 'tare' | 'net';
  /** yyyy-MM-dd HH:mm:ss in the plant's time zone, '' when the weight is missing */
  time: string;
}

export interface TicketPrintLayout {
  id: string;
  kind: string;
  ticketNo: string;
  /** company name + the kind's ticket name, e.g. 华东水泥有限公司 采购磅单 */
  title: string;
  company: string;
  kindTitle: string;
  kindTitleEn: string;
  /** the lifecycle state's words; slip: a first-weighing slip (no net yet) */
  stateLabel: string;
  slip: boolean;
  /** the truck left loaded or empty: the ticket closed with no net (车辆重出 / 车辆空出) */
  closedAs: string | null;
  /** the info grid: plate, driver, material, parties by kind, notice, warehouse */
  fields: TicketPrintField[];
  unit: string;
  /** the unit in English (t, kg) */
  unitEn: string;
  weights: TicketPrintWeight[];
  deductions: { rows: { item: string; itemEn: string; weight: string }[]; total: string };
  /** price and amount, on the kinds that carry money (purchase, sales); empty otherwise */
  money: TicketPrintField[];
  /** first and second weighing operators, then the print time */
  footer: TicketPrintField[];
  remark: string;
  /** this print's number (第N次打印); on a preview, the prints made so far */
  printCount: number;
  preview: boolean;
  /** 第N次打印, or on a preview 未打印 / 已打印N次 */
  printLabel: string;
  /** a second or later print: the paper says 补打 */
  reprint: boolean;
  printedAt: string;
  /** the public check link and its QR code (one SVG path in module units, a size x size square) */
  check?: { url: string; qr: { size: number; path: string } };
}
