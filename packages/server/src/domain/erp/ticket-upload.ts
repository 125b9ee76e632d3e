import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { emitEvent } from '../../platform/events/emit';
import { fanOutWaitingOf } from '../../platform/events/repo';
import { ticketFacts } from '../weighing/second';
import type { TicketKind } from '../weighing/kinds';
import { lockTickets } from '../weighing/actions';
import { manualTicketGate } from '../weighing/approval';
import { decideTicketAction } from '../weighing/rules/transitions';
import { ticketMessage, type TicketForErp } from './ticket-message';
import type { Who } from '../../platform/auth/who';

type Tx = Transaction<DB>;
export const ERP_TICKET_TOPIC = 'erp.ticket' as const;

/**
 * Upload to the ERP (spec: weighing calls, upload to external systems): the ticket is locked
 * (uploaded_at; the lifecycle then allows only printing) and its message queued in the same
 * transaction, so a ticket is locked exactly when its message exists: an 'erp.ticket' event, which
 * the company's ERP subscription (系统管理 → 接口配置) receives like any other subscriber.
 * All or nothing: one ticket that may not go leaves the batch untouched.
 */
export async function uploadTickets(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, ids: string[]): Promise<number> {
  const rows = await lockTickets(tx, who, kind, ids);
  await manualTicketGate(tx, who, kind, 'upload', rows);
  for (const t of rows) {
    const d = decideTicketAction(await ticketFacts(tx, who.orgId, t, false), 'upload');
    if (!d.ok) throw badRequest(d.message, 'ids');
  }
  for (const t of rows) {
    await tx.updateTable('wb_ticket').set({ uploaded_at: new Date(), updated_at: new Date(), updated_by: who.userId }).where('id', '=', t.id).execute();
    await emitEvent(tx, { orgId: who.orgId, type: ERP_TICKET_TOPIC, key: t.ticket_no, payload: ticketMessage(await forErp(tx, who.orgId, t.id)), userId: who.userId });
  }
  return rows.length;
}

/**
 * Releases the upload lock of tickets the ERP does not hold: none of their messages was answered
 * 2xx. A waiting message is withdrawn (failed with the reason), so it is not sent after the ticket
 * has changed. A ticket the ERP accepted stays locked: changing it here would part the two books.
 */
export async function cancelUpload(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, ids: string[]): Promise<number> {
  const rows = await lockTickets(tx, who, kind, ids);
  for (const t of rows) {
    if (t.uploaded_at === null) throw badRequest(`磅单 ${t.ticket_no} 未上传`, 'ids');
    // a message not fanned out yet gets its delivery here, to be withdrawn with the others
    await fanOutWaitingOf(tx, who.orgId, [ERP_TICKET_TOPIC], t.ticket_no);
    const sent = await tx.selectFrom('sys_delivery').select('id').where('org_id', '=', who.orgId).where('event_type', '=', ERP_TICKET_TOPIC)
      .where('event_key', '=', t.ticket_no).where('state', '=', 'SENT').executeTakeFirst();
    if (sent) throw badRequest(`磅单 ${t.ticket_no} 已被ERP接收，不能撤销上传`, 'ids');
  }
  for (const t of rows) {
    await tx.updateTable('sys_delivery').set({ state: 'FAILED', last_error: '上传已撤销', leased_until: null })
      .where('org_id', '=', who.orgId).where('event_type', '=', ERP_TICKET_TOPIC).where('event_key', '=', t.ticket_no).where('state', '=', 'PENDING').execute();
    await tx.updateTable('wb_ticket').set({ uploaded_at: null, updated_at: new Date(), updated_by: who.userId }).where('id', '=', t.id).execute();
  }
  return rows.length;
}

async function forErp(tx: Tx, orgId: string, id: string): Promise<TicketForErp> {
  const { rows } = await sql<TicketForErp>`
    SELECT t.ticket_no, t.kind, t.side, t.state, t.plate_number, t.driver_name,
           m.inv_code AS material_code, m.inv_name AS material_name, v.vendor_code, c.customer_code,
           w.ware_code AS warehouse_code, w2.ware_code AS to_warehouse_code, n.notice_no,
           t.gross, t.gross_time, t.tare, t.tare_time, t.tare_source, t.deduct_total, t.net, t.shipped_quantity, t.price, t.amount,
           t.manual, t.completed_at,
           coalesce((SELECT json_agg(json_build_object('kind', d.kind, 'mode', d.mode, 'value', d.value::text, 'amount', d.amount::text) ORDER BY d.kind)
                       FROM wb_ticket_deduction d WHERE d.ticket_id = t.id), '[]') AS deductions
      FROM wb_ticket t
      LEFT JOIN md_material m ON m.id = t.material_id
      LEFT JOIN md_vendor v ON v.id = t.vendor_id
      LEFT JOIN md_customer c ON c.id = t.customer_id
      LEFT JOIN md_warehouse w ON w.id = t.warehouse_id
      LEFT JOIN md_warehouse w2 ON w2.id = t.to_warehouse_id
      LEFT JOIN wb_notice n ON n.id = t.notice_id
     WHERE t.org_id = ${orgId} AND t.id = ${id}`.execute(tx);
  return rows[0];
}
