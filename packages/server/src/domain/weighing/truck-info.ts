import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { TICKET_KIND_INFO, type TicketKind } from './kinds';

/**
 * What the weighing screen shows once the plate or the card names the truck, before the operator
 * weighs: its trip (registry), notice, material, party and, when it waits for its second
 * weighing, its first (which side, weight, time). A read: the weighing itself decides again.
 */
export interface TruckInfo {
  registryNo: string;
  plate: string;
  noticeNo: string | null;
  materialName: string | null;
  partyName: string | null;
  /** the open ticket's first weighing; null before the first */
  first: { ticketNo: string; side: 'GROSS' | 'TARE'; weight: string; time: Date | null } | null;
}

export type TruckLookup = { found: true; truck: TruckInfo } | { found: false; message: string };

export async function truckInfo(db: Database, orgId: string, kind: TicketKind, by: { plate?: string; cardUid?: string }): Promise<TruckLookup> {
  const registryKind = TICKET_KIND_INFO[kind].registryKind;
  const which = by.cardUid
    ? sql`r.ic_card_id IN (SELECT c.id FROM md_ic_card c WHERE c.org_id = r.org_id AND (upper(c.card_uid) = upper(${by.cardUid}) OR upper(c.card_no) = upper(${by.cardUid})))
          AND r.trip_state <> 'RELEASED' AND r.doc_status <> 'OBSOLETE'`
    : sql`r.plate_number = ${by.plate ?? ''} AND r.doc_status = 'AUDITED' AND r.trip_state IN ('ENTERED', 'WEIGHING')`;
  const { rows } = await sql<{
    registry_no: string; plate_number: string; notice_no: string | null; material_name: string | null; party_name: string | null;
    ticket_no: string | null; first_is: 'GROSS' | 'TARE' | null; gross: string | null; tare: string | null; gross_time: Date | null; tare_time: Date | null;
  }>`
    SELECT r.registry_no, r.plate_number, n.notice_no,
           (SELECT m.inv_name FROM md_material m WHERE m.id = coalesce(t.material_id, r.material_id, l.material_id)) AS material_name,
           coalesce((SELECT v.vendor_name FROM md_vendor v WHERE v.id = n.vendor_id), (SELECT c.customer_name FROM md_customer c WHERE c.id = n.customer_id),
                    (SELECT o.org_name FROM sys_org o WHERE o.id = n.peer_org_id)) AS party_name,
           t.ticket_no, t.first_is, trim_scale(t.gross)::text AS gross, trim_scale(t.tare)::text AS tare, t.gross_time, t.tare_time
      FROM wb_registry r
      LEFT JOIN wb_notice n ON n.id = r.notice_id
      LEFT JOIN wb_notice_line l ON l.id = r.notice_line_id
      LEFT JOIN LATERAL (SELECT * FROM wb_ticket t WHERE t.org_id = r.org_id AND t.registry_id = r.id AND t.state IN ('FIRST_WEIGHED', 'CONFIRMED') ORDER BY t.id DESC LIMIT 1) t ON true
     WHERE r.org_id = ${orgId} AND r.kind = ${registryKind} AND ${which}
     ORDER BY r.created_at DESC LIMIT 1`.execute(db);
  const r = rows[0];
  if (!r) {
    return { found: false, message: by.cardUid ? `IC卡 ${by.cardUid} 没有绑定在途的登记单` : `车辆 ${by.plate} 没有已入厂的${TICKET_KIND_INFO[kind].label.replace('过磅单', '')}登记单` };
  }
  const first = r.ticket_no && r.first_is
    ? { ticketNo: r.ticket_no, side: r.first_is, weight: (r.first_is === 'GROSS' ? r.gross : r.tare) ?? '', time: r.first_is === 'GROSS' ? r.gross_time : r.tare_time }
    : null;
  return { found: true, truck: { registryNo: r.registry_no, plate: r.plate_number, noticeNo: r.notice_no, materialName: r.material_name, partyName: r.party_name, first } };
}
