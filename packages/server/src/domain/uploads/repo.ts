import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { FreightSettlementForUpload, FreightTrip, PurchaseTicketForSap, RegistryForSap } from './messages';

type Tx = Transaction<DB>;

/** A registry's facts for SAP, as it stands in this transaction (just let in or out). */
export async function registryForSap(tx: Tx, orgId: string, id: string, movement: 'IN' | 'OUT'): Promise<RegistryForSap> {
  const { rows: [r] } = await sql<Omit<RegistryForSap, 'movement'>>`
    SELECT r.registry_no AS "registryNo", r.kind, coalesce(${movement === 'IN' ? sql`r.entered_at` : sql`r.released_at`}, now()) AS at,
           r.plate_number AS "plateNumber", r.driver_name AS "driverName", v.vendor_code AS "vendorCode", c.customer_code AS "customerCode",
           ca.carrier_code AS "carrierCode", m.inv_code AS "materialCode", n.notice_no AS "noticeNo",
           r.shipped_quantity::text AS "shippedQuantity", r.release_kind AS "releaseKind"
      FROM wb_registry r
      LEFT JOIN wb_notice n ON n.org_id = r.org_id AND n.id = r.notice_id
      LEFT JOIN md_vendor v ON v.id = n.vendor_id
      LEFT JOIN md_customer c ON c.id = n.customer_id
      LEFT JOIN md_carrier ca ON ca.id = coalesce(r.carrier_id, n.carrier_id)
      LEFT JOIN md_material m ON m.id = r.material_id
     WHERE r.org_id = ${orgId} AND r.id = ${id}`.execute(tx);
  return { ...r, movement };
}

/** A purchase ticket's facts for SAP's goods movement. */
export async function purchaseTicketForSap(tx: Tx, orgId: string, id: string, event: PurchaseTicketForSap['event']): Promise<PurchaseTicketForSap> {
  const { rows: [t] } = await sql<Omit<PurchaseTicketForSap, 'event' | 'at'>>`
    SELECT t.ticket_no AS "ticketNo", t.completed_at AS "completedAt", t.plate_number AS "plateNumber",
           v.vendor_code AS "vendorCode", m.inv_code AS "materialCode", w.ware_code AS "warehouseCode", n.contract_no AS "contractNo", n.notice_no AS "noticeNo",
           t.gross::text, t.tare::text, t.deduct_total::text AS "deductTotal", t.net::text, t.shipped_quantity::text AS "shippedQuantity"
      FROM wb_ticket t
      LEFT JOIN md_material m ON m.id = t.material_id
      LEFT JOIN md_vendor v ON v.id = t.vendor_id
      LEFT JOIN md_warehouse w ON w.id = t.warehouse_id
      LEFT JOIN wb_notice n ON n.org_id = t.org_id AND n.id = t.notice_id
     WHERE t.org_id = ${orgId} AND t.id = ${id}`.execute(tx);
  return { ...t, event, at: new Date() };
}

/** A freight settlement's facts for the freight platform, its trips in their order. */
export async function freightSettlementForUpload(tx: Tx, orgId: string, id: string): Promise<FreightSettlementForUpload> {
  const { rows: [s] } = await sql<Omit<FreightSettlementForUpload, 'trips'>>`
    SELECT s.settle_no AS "settleNo", ca.carrier_code AS "carrierCode", ca.carrier_name AS "carrierName", coalesce(s.examined_at, now()) AS "examinedAt",
           s.total_amount::text AS "totalAmount", s.rows_amount::text AS "rowsAmount"
      FROM wb_settlement s LEFT JOIN md_carrier ca ON ca.id = s.carrier_id
     WHERE s.org_id = ${orgId} AND s.id = ${id} AND s.scope = 'FREIGHT'`.execute(tx);
  const { rows: trips } = await sql<FreightTrip>`
    SELECT r.ticket_no AS "ticketNo", r.completed_at AS "completedAt", t.plate_number AS "plateNumber", m.inv_code AS "materialCode",
           r.net::text, r.quantity::text, r.price::text, r.payable::text
      FROM wb_settlement_freight_row r
      LEFT JOIN wb_ticket t ON t.org_id = r.org_id AND t.id = r.ticket_id
      LEFT JOIN md_material m ON m.id = r.material_id
     WHERE r.org_id = ${orgId} AND r.settlement_id = ${id}
     ORDER BY r.seq, r.id`.execute(tx);
  return { ...s, trips };
}
