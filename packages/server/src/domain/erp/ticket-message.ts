/**
 * What the ERP receives for a weigh ticket (topic erp.ticket): the ticket keyed by its number, its
 * parties and material by their codes (the ERP knows its archives by code: datax pushes them here
 * the same way), weights in tons as decimal strings, times in ISO form. Pure.
 */
export interface TicketForErp {
  ticket_no: string; kind: string; side: string | null; state: string; plate_number: string; driver_name: string | null;
  material_code: string | null; material_name: string | null; vendor_code: string | null; customer_code: string | null;
  warehouse_code: string | null; to_warehouse_code: string | null; notice_no: string | null;
  gross: string | null; gross_time: Date | null; tare: string | null; tare_time: Date | null; tare_source: string | null;
  deduct_total: string; net: string | null; shipped_quantity: string | null; price: string | null; amount: string | null;
  manual: boolean; completed_at: Date | null; deductions: { kind: string; mode: string; value: string; amount: string }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const plain = (v: string | null) => (v === null ? null : trimZeros(v));
/** 31.5000 -> 31.5: the stored scale is not part of the figure. */
function trimZeros(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}

export function ticketMessage(t: TicketForErp) {
  return {
    ticketNo: t.ticket_no, kind: t.kind, side: t.side, state: t.state, manual: t.manual,
    plateNumber: t.plate_number, driverName: t.driver_name,
    materialCode: t.material_code, materialName: t.material_name, vendorCode: t.vendor_code, customerCode: t.customer_code,
    warehouseCode: t.warehouse_code, toWarehouseCode: t.to_warehouse_code, noticeNo: t.notice_no,
    gross: plain(t.gross), grossTime: iso(t.gross_time), tare: plain(t.tare), tareTime: iso(t.tare_time), tareSource: t.tare_source,
    deductTotal: plain(t.deduct_total), net: plain(t.net), shippedQuantity: plain(t.shipped_quantity),
    price: plain(t.price), amount: plain(t.amount), completedAt: iso(t.completed_at),
    deductions: t.deductions.map((d) => ({ kind: d.kind, mode: d.mode, value: trimZeros(d.value), amount: trimZeros(d.amount) })),
  };
}
