import { sql } from 'kysely';
import type { Runner, Tx } from '../repo';
import type { TicketPrintFacts } from './layout';

/**
 * What a printed ticket shows, read in the caller's company: the ticket with the names of what it
 * points to, its deductions and the operators of its two readings. Names are read through the
 * company's allocations, so a ticket never shows another company's archive.
 */
export async function printFacts(db: Runner, orgId: string, id: string): Promise<TicketPrintFacts | null> {
  const t = await db.selectFrom('wb_ticket as t')
    .innerJoin('sys_org as o', 'o.id', 't.org_id')
    .leftJoin('md_material as m', 'm.id', 't.material_id')
    .leftJoin('md_vendor as v', 'v.id', 't.vendor_id')
    .leftJoin('md_customer as c', 'c.id', 't.customer_id')
    .leftJoin('md_carrier as cr', 'cr.id', 't.carrier_id')
    .leftJoin('wb_notice as n', (j) => j.onRef('n.id', '=', 't.notice_id').onRef('n.org_id', '=', 't.org_id'))
    .leftJoin('sys_org as peer', 'peer.id', 'n.peer_org_id')
    .leftJoin('md_warehouse as w', (j) => j.onRef('w.id', '=', 't.warehouse_id').onRef('w.org_id', '=', 't.org_id'))
    .leftJoin('md_warehouse as tw', (j) => j.onRef('tw.id', '=', 't.to_warehouse_id').onRef('tw.org_id', '=', 't.org_id'))
    .leftJoin('md_batch as b', (j) => j.onRef('b.id', '=', 't.batch_id').onRef('b.org_id', '=', 't.org_id'))
    .select([
      't.id', 't.kind', 't.side', 't.state', 't.close_kind', 'o.org_name', 't.ticket_no', 't.plate_number', 't.driver_name',
      'm.inv_name', 'm.model', 'v.vendor_name', 'c.customer_name', 'cr.carrier_name', 'peer.org_name as peer_name', 'n.notice_no',
      'w.ware_name', 'tw.ware_name as to_ware_name', 't.gross', 't.gross_time', 't.tare', 't.tare_time', 't.net', 't.shipped_quantity', 't.deduct_total',
      't.price', 't.amount', 't.remark', 't.print_count', 'b.batch_no', 't.gauge_volume',
      sql<number | null>`(SELECT cardinality(g.photo_file_ids) FROM wb_ticket_gauge g WHERE g.org_id = t.org_id AND g.ticket_id = t.id)`.as('gauge_photos'),
    ])
    .where('t.org_id', '=', orgId).where('t.id', '=', id)
    .executeTakeFirst();
  if (!t) return null;
  const deductions = await db.selectFrom('wb_ticket_deduction').select(['kind', 'amount']).where('ticket_id', '=', id).where('org_id', '=', orgId).execute();
  const operators = await db.selectFrom('wb_weighing as g').leftJoin('sys_user as u', 'u.id', 'g.operator_id')
    .select(['g.reading', 'u.real_name']).where('g.ticket_id', '=', id).where('g.org_id', '=', orgId).execute();
  const operator = (reading: 'FIRST' | 'SECOND') => operators.find((o) => o.reading === reading)?.real_name ?? null;
  return {
    id: t.id, kind: t.kind, side: t.side, state: t.state, closeKind: t.close_kind, company: t.org_name, ticketNo: t.ticket_no,
    plate: t.plate_number, driver: t.driver_name, materialName: t.inv_name, materialModel: t.model, vendor: t.vendor_name,
    customer: t.customer_name, carrier: t.carrier_name, peerOrg: t.peer_name, noticeNo: t.notice_no, warehouse: t.ware_name,
    toWarehouse: t.to_ware_name, gross: t.gross, grossTime: t.gross_time, tare: t.tare, tareTime: t.tare_time, net: t.net,
    shippedQuantity: t.shipped_quantity, deductTotal: t.deduct_total, deductions, price: t.price, amount: t.amount, firstOperator: operator('FIRST'),
    secondOperator: operator('SECOND'), remark: t.remark, printCount: t.print_count, batchNo: t.batch_no, gaugeVolume: t.gauge_volume,
    gaugePhotoCount: t.gauge_photos ?? 0,
  };
}

/** One more print of a ticket the transaction holds locked: answers this print's number. */
export async function countPrint(tx: Tx, orgId: string, id: string): Promise<number> {
  const { rows } = await sql<{ print_count: number }>`
    UPDATE wb_ticket SET print_count = print_count + 1 WHERE org_id = ${orgId} AND id = ${id} RETURNING print_count`.execute(tx);
  return rows[0].print_count;
}

/** The ticket row as the lifecycle's guards read it, without a lock (a preview changes nothing). */
export async function ticketRow(db: Runner, orgId: string, id: string) {
  return db.selectFrom('wb_ticket').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}
