import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { call, expectOk } from '../../../test/api';
import { type Plant, weighPurchase, type WeighedTicket } from '../weighing/test-support';

/** A purchase truck weighed through the real calls (gross 40, tare 15: net 25, shipped 30, price 10) and audited. */
export async function auditedPurchase(app: FastifyInstance, db: Database, p: Plant, op: string, adm: string, o: { price?: string } = {}): Promise<WeighedTicket> {
  const t = await weighPurchase(app, db, p, op, { station: 'S1', price: o.price ?? '10' });
  expectOk(await call(app, 'POST', '/api/weigh/pu/audit', adm, { ids: [t.id] }));
  return t;
}

/**
 * What the lab's results leave on a ticket (domain/quality applies them through the weighing's own
 * rules): a QUALITY deduction row, the net less it, and the unit price change.
 */
export async function applyQuality(db: Database, ticketId: string, deduction: string, priceAdjust: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const t = await tx.selectFrom('wb_ticket').select(['org_id']).where('id', '=', ticketId).executeTakeFirstOrThrow();
    await tx.insertInto('wb_ticket_deduction').values({ org_id: t.org_id, ticket_id: ticketId, kind: 'QUALITY', mode: 'AMOUNT', value: deduction, amount: deduction }).execute();
    await sql`UPDATE wb_ticket SET net = net - ${deduction}::numeric, deduct_total = deduct_total + ${deduction}::numeric, quality_price_adjust = ${priceAdjust}::numeric WHERE id = ${ticketId}::bigint`.execute(tx);
  });
}

/** A purchase contract of the plant's vendor with its basis and tax rate, the ticket's notice line drawn on it. */
export async function contractFor(db: Database, p: Plant, lineId: string, basis: 'OUR_NET' | 'SHIPPED' | 'LESSER', taxRate: string): Promise<string> {
  const c = await db.insertInto('wb_contract').values({
    org_id: p.orgId, kind: 'pu', contract_no: `HT-${basis}-${lineId}`, doc_status: 'AUDITED', vendor_id: p.vendorId, valid_from: '2026-01-01', valid_to: '2027-12-31',
    tax_rate: taxRate, settle_basis: basis,
  }).returning('id').executeTakeFirstOrThrow();
  const line = await db.insertInto('wb_contract_line').values({ org_id: p.orgId, contract_id: c.id, seq: 1, material_id: p.materialId, quantity: '1000', price: '10' })
    .returning('id').executeTakeFirstOrThrow();
  await db.updateTable('wb_notice_line').set({ contract_line_id: line.id }).where('id', '=', lineId).execute();
  return c.id;
}

/** A site deduction (扣水, 扣杂 …) on a ticket as the weighing leaves it: its row, and the net less it. */
export async function applySiteDeduction(db: Database, ticketId: string, kind: 'WATER' | 'IMPURITY' | 'DETRITUS' | 'STONE' | 'OTHER' | 'HIDDEN', amount: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const t = await tx.selectFrom('wb_ticket').select(['org_id']).where('id', '=', ticketId).executeTakeFirstOrThrow();
    await tx.insertInto('wb_ticket_deduction').values({ org_id: t.org_id, ticket_id: ticketId, kind, mode: 'AMOUNT', value: amount, amount }).execute();
    await sql`UPDATE wb_ticket SET net = net - ${amount}::numeric, deduct_total = deduct_total + ${amount}::numeric WHERE id = ${ticketId}::bigint`.execute(tx);
  });
}
