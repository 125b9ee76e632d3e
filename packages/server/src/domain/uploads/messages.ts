/**
 * What each receiving system is sent, built from the document as it stood when it moved. Pure: the
 * facts and the plant's time zone come in, the receiver's message goes out. Three receivers:
 * - SAP, for the gate (upload.registry): a truck's movement in or out of the plant;
 * - SAP, for purchases (upload.purchase): the goods receipt of a completed purchase ticket (movement
 *   type 101) and its reversal when the ticket is voided (102), in the field names of SAP's goods
 *   movement (MIGO / BAPI_GOODSMVT_CREATE: MATNR, LIFNR, LGORT, MENGE, MEINS, BWART, BLDAT, XBLNR);
 * - the freight platform (upload.freight): a sales freight settlement examined, with its trips.
 * SAP reads dates as YYYYMMDD and times as HHMMSS on the plant's clock; weights in tons (MEINS TO)
 * as decimal strings; money as cents (integers) beside the yuan text a person reads.
 */

/** A date and time on the plant's clock, as SAP writes them. */
export function sapDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}${parts.month}${parts.day}`, time: `${parts.hour}${parts.minute}${parts.second}` };
}

/** 31.5000 -> 31.5: the stored scale is not part of the figure. */
export function plainDecimal(v: string | null): string | null {
  if (v === null) return null;
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}

/** Yuan as stored (numeric text, 2 places or more) to whole cents, rounded half up; exact on the text, no floating point. */
export function yuanToCents(v: string): number {
  const negative = v.trim().startsWith('-');
  const [whole, frac = ''] = v.trim().replace(/^[-+]/, '').split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2)) + (Number((frac + '000')[2]) >= 5 ? 1n : 0n);
  return Number(negative ? -cents : cents);
}

export interface RegistryForSap {
  registryNo: string; kind: string; movement: 'IN' | 'OUT'; at: Date; plateNumber: string; driverName: string | null;
  vendorCode: string | null; customerCode: string | null; carrierCode: string | null; materialCode: string | null;
  noticeNo: string | null; shippedQuantity: string | null; releaseKind: string | null;
}

/** The gate's movement to SAP: one record per let-in or let-out. */
export function sapRegistryMessage(r: RegistryForSap, timeZone: string) {
  const at = sapDateTime(r.at, timeZone);
  return {
    ZREGNO: r.registryNo, ZKIND: r.kind.toUpperCase(), ZMOVE: r.movement, ZDATE: at.date, ZTIME: at.time,
    ZPLATE: r.plateNumber, ZDRIVER: r.driverName ?? '', LIFNR: r.vendorCode ?? '', KUNNR: r.customerCode ?? '', ZCARRIER: r.carrierCode ?? '',
    MATNR: r.materialCode ?? '', ZNOTICE: r.noticeNo ?? '', ZSHIPPED: plainDecimal(r.shippedQuantity) ?? '', ZRELEASE: r.releaseKind ?? '',
  };
}

export interface PurchaseTicketForSap {
  ticketNo: string; event: 'COMPLETED' | 'VOIDED'; completedAt: Date | null; at: Date; plateNumber: string;
  vendorCode: string | null; materialCode: string | null; warehouseCode: string | null; contractNo: string | null; noticeNo: string | null;
  gross: string | null; tare: string | null; deductTotal: string; net: string | null; shippedQuantity: string | null;
}

/** A purchase ticket as SAP's goods movement: a receipt (101) when completed, its reversal (102) when voided. */
export function sapPurchaseMessage(t: PurchaseTicketForSap, timeZone: string) {
  const doc = sapDateTime(t.completedAt ?? t.at, timeZone);
  const posted = sapDateTime(t.at, timeZone);
  return {
    HEADER: { BLDAT: doc.date, BUDAT: posted.date, XBLNR: t.ticketNo, BKTXT: t.plateNumber },
    ITEM: {
      BWART: t.event === 'COMPLETED' ? '101' : '102', MATNR: t.materialCode ?? '', LIFNR: t.vendorCode ?? '', LGORT: t.warehouseCode ?? '',
      MENGE: plainDecimal(t.net) ?? '0', MEINS: 'TO', EBELN: t.contractNo ?? '', ZNOTICE: t.noticeNo ?? '',
      ZGROSS: plainDecimal(t.gross) ?? '', ZTARE: plainDecimal(t.tare) ?? '', ZDEDUCT: plainDecimal(t.deductTotal) ?? '0',
      ZSHIPPED: plainDecimal(t.shippedQuantity) ?? '',
    },
  };
}

export interface FreightTrip { ticketNo: string; completedAt: Date | null; plateNumber: string | null; materialCode: string | null; net: string | null; quantity: string; price: string; payable: string }
export interface FreightSettlementForUpload {
  settleNo: string; carrierCode: string | null; carrierName: string | null; examinedAt: Date; totalAmount: string; rowsAmount: string; trips: FreightTrip[];
}

/** A sales freight settlement to the freight platform: the carrier, what is payable, and each trip it pays. */
export function freightMessage(s: FreightSettlementForUpload) {
  return {
    settleNo: s.settleNo, carrierCode: s.carrierCode, carrierName: s.carrierName, examinedAt: s.examinedAt.toISOString(),
    tripCount: s.trips.length, freightCents: yuanToCents(s.rowsAmount), payableCents: yuanToCents(s.totalAmount),
    trips: s.trips.map((t) => ({
      ticketNo: t.ticketNo, plateNumber: t.plateNumber, materialCode: t.materialCode, completedAt: t.completedAt ? t.completedAt.toISOString() : null,
      netTons: plainDecimal(t.net), settledTons: plainDecimal(t.quantity), price: plainDecimal(t.price), payableCents: yuanToCents(t.payable),
    })),
  };
}
