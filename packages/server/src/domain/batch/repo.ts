import { sql } from 'kysely';
import type { Runner, Tx } from '../weighing/repo';
import { COUNTED_STATES, shippedSql } from './columns';
import { LOADING_STATES } from './rules';

/** The batch family's SQL (086): md_batch, the silo's current batch, the ticket's batch. */

const BATCH_COLUMNS = ['id', 'batch_no', 'material_code', 'produced_on', 'enabled', 'quantity', 'silo_id', 'test_values', 'closed_at', 'opened_at'] as const;

/** The batch row locked: FOR UPDATE by its own changes (close, open), FOR SHARE by a ticket taking it, so a close and a ticket take turns. */
export async function lockBatch(tx: Tx, orgId: string, id: string, mode: 'update' | 'share') {
  const q = tx.selectFrom('md_batch').select(BATCH_COLUMNS).where('org_id', '=', orgId).where('id', '=', id);
  return (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst();
}
export type BatchRow = NonNullable<Awaited<ReturnType<typeof lockBatch>>>;

/**
 * The current batch of the silo a completing sales ticket names, FOR SHARE (a close's FOR UPDATE
 * waits for the completion, or the completion reads the batch as the close left it), only for a
 * batch-managed material: a CTE of the weighing's facts statement (weighing/facts-repo.ts), so it
 * costs the weighing no round trip.
 */
export const siloBatchSql = (orgId: string, siloId: string, materialId: string | null) => sql`
  SELECT b.id::text, b.batch_no, b.enabled, b.closed_at IS NOT NULL AS closed, b.material_code
    FROM md_silo s JOIN md_batch b ON b.org_id = s.org_id AND b.id = s.current_batch_id
   WHERE s.org_id = ${orgId} AND s.id = ${siloId}::bigint
     AND EXISTS (SELECT 1 FROM md_material m WHERE m.id = ${materialId}::bigint AND m.batch_managed)
     FOR SHARE OF b`;

/** The silo's name with its current batch (the CTE `silo_batch` of siloBatchSql), as one JSON column. */
export const siloAtCompletionSql = (orgId: string, siloId: string) => sql`(SELECT row_to_json(x) FROM (
  SELECT s.silo_name, (SELECT row_to_json(b) FROM silo_batch b) AS batch FROM md_silo s WHERE s.org_id = ${orgId} AND s.id = ${siloId}::bigint) x)`;

export async function siloOf(db: Runner, orgId: string, id: string) {
  return db.selectFrom('md_silo as s').leftJoin('md_material as m', 'm.id', 's.material_id')
    .select(['s.id', 's.silo_name', 's.current_batch_id', 's.material_id', 's.enabled', 'm.inv_code']).where('s.org_id', '=', orgId).where('s.id', '=', id).executeTakeFirst();
}

/** The ticket's material as the batch rules read it. */
export async function ticketMaterial(db: Runner, materialId: string | null) {
  if (materialId === null) return undefined;
  return db.selectFrom('md_material').select(['inv_code', 'inv_name', 'batch_managed']).where('id', '=', materialId).executeTakeFirst();
}

/** The ticket's batch, and the silo it was read from when it was (undefined: the silo stays as it was). */
export async function setTicketBatch(tx: Tx, orgId: string, ticketId: string, batchId: string | null, userId: string, siloId?: string): Promise<void> {
  await tx.updateTable('wb_ticket').set({ batch_id: batchId, ...(siloId !== undefined ? { silo_id: siloId } : {}), updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('org_id', '=', orgId).where('id', '=', ticketId).execute();
}

export async function setTicketSilo(tx: Tx, orgId: string, ticketId: string, siloId: string | null, userId: string): Promise<void> {
  await tx.updateTable('wb_ticket').set({ silo_id: siloId, updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('org_id', '=', orgId).where('id', '=', ticketId).execute();
}

export async function batchNoOf(db: Runner, orgId: string, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.selectFrom('md_batch').select('batch_no').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return row?.batch_no ?? null;
}

/** The numbers of the batch's tickets still loading (first weighed or confirmed). */
export async function loadingTickets(db: Runner, orgId: string, batchId: string): Promise<string[]> {
  const rows = await db.selectFrom('wb_ticket').select('ticket_no').where('org_id', '=', orgId).where('batch_id', '=', batchId)
    .where('state', 'in', [...LOADING_STATES]).orderBy('id').execute();
  return rows.map((r) => r.ticket_no);
}

export async function closeBatch(tx: Tx, orgId: string, id: string, userId: string): Promise<void> {
  await tx.updateTable('md_batch').set({ closed_at: sql`now()`, closed_by: userId, updated_by: userId, updated_at: sql`now()`, version: sql`version + 1` })
    .where('org_id', '=', orgId).where('id', '=', id).execute();
  // a closed batch is no silo's current batch: trucks loaded from the silo next take the batch opened after it
  await tx.updateTable('md_silo').set({ current_batch_id: null }).where('org_id', '=', orgId).where('current_batch_id', '=', id).execute();
}

/** The batch now filled into the silo, with its product, declared quantity (undefined: as it was) and opening time (null: now). */
export async function openOnSilo(
  tx: Tx, orgId: string, batchId: string, siloId: string, userId: string,
  o: { materialCode: string | null; quantity?: string; openedAt: string | null } = { materialCode: null, openedAt: null },
): Promise<void> {
  await tx.updateTable('md_silo').set({ current_batch_id: batchId, updated_at: new Date() }).where('org_id', '=', orgId).where('id', '=', siloId).execute();
  await tx.updateTable('md_batch').set({
    silo_id: siloId, updated_by: userId, updated_at: sql`now()`, version: sql`version + 1`,
    opened_at: o.openedAt === null ? sql`now()` : sql`${o.openedAt}::timestamptz`,
    ...(o.materialCode !== null ? { material_code: o.materialCode } : {}), ...(o.quantity !== undefined ? { quantity: o.quantity } : {}),
  }).where('org_id', '=', orgId).where('id', '=', batchId).execute();
}

/** A new batch (开仓 of a new number), or undefined when the company has the number already. */
export async function insertOpenedBatch(tx: Tx, orgId: string, b: { batchNo: string; materialCode: string | null; userId: string }): Promise<BatchRow | undefined> {
  return tx.insertInto('md_batch').values({ org_id: orgId, batch_no: b.batchNo, material_code: b.materialCode, created_by: b.userId, updated_by: b.userId })
    .onConflict((oc) => oc.columns(['org_id', 'batch_no']).doNothing()).returning([...BATCH_COLUMNS]).executeTakeFirst();
}

/** A material allocated to the company, as the batch's product. */
export async function materialOf(db: Runner, orgId: string, id: string) {
  return db.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id')
    .select(['m.id', 'm.inv_code', 'm.inv_name', 'm.batch_managed']).where('a.org_id', '=', orgId).where('a.archive_id', '=', id).executeTakeFirst();
}

export async function saveTests(tx: Tx, orgId: string, batchId: string, values: unknown[], userId: string): Promise<void> {
  await tx.updateTable('md_batch').set({ test_values: JSON.stringify(values), updated_by: userId, updated_at: sql`now()`, version: sql`version + 1` })
    .where('org_id', '=', orgId).where('id', '=', batchId).execute();
}

/** The batch with its silo and what its counted tickets took. */
export async function batchDetailRow(db: Runner, orgId: string, id: string) {
  const { rows } = await sql<{
    id: string; batch_no: string; material_code: string | null; produced_on: string | null; quantity: string | null; test_values: unknown[];
    closed_at: Date | null; opened_at: Date | null; silo_name: string | null; shipped: string;
  }>`SELECT b.id::text, b.batch_no, b.material_code, b.produced_on::text, b.quantity::text, b.test_values, b.closed_at, b.opened_at,
            (SELECT s.silo_name FROM md_silo s WHERE s.org_id = b.org_id AND s.id = b.silo_id) AS silo_name, ${sql.raw(shippedSql('b'))}::text AS shipped
       FROM md_batch b WHERE b.org_id = ${orgId} AND b.id = ${id}::bigint`.execute(db);
  return rows[0];
}

/** The batch's tickets, newest first (at most 500), the counted ones' nets among them. */
export async function batchTickets(db: Runner, orgId: string, batchId: string) {
  return db.selectFrom('wb_ticket as t').leftJoin('md_customer as c', 'c.id', 't.customer_id')
    .select(['t.id', 't.ticket_no', 't.plate_number', 'c.customer_name', 't.state', 't.net', 't.completed_at'])
    .where('t.org_id', '=', orgId).where('t.batch_id', '=', batchId).orderBy('t.id', 'desc').limit(500).execute();
}

export const isCounted = (state: string) => (COUNTED_STATES as readonly string[]).includes(state);

/** The company's silos with what they hold and their current batch (the dialogs' silo choice). */
export async function siloChoices(db: Runner, orgId: string) {
  const { rows } = await sql<{ id: string; code: string; name: string; material_name: string | null; batch_no: string | null }>`
    SELECT s.id::text, s.silo_code AS code, s.silo_name AS name, m.inv_name AS material_name, b.batch_no
      FROM md_silo s LEFT JOIN md_material m ON m.id = s.material_id LEFT JOIN md_batch b ON b.org_id = s.org_id AND b.id = s.current_batch_id
     WHERE s.org_id = ${orgId} AND s.enabled ORDER BY s.silo_code LIMIT 500`.execute(db);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, materialName: r.material_name, currentBatchNo: r.batch_no }));
}

/** The company's batch-managed products (开仓's product choice). */
export async function batchProducts(db: Runner, orgId: string) {
  const rows = await db.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id')
    .select(['m.id', 'm.inv_code', 'm.inv_name']).where('a.org_id', '=', orgId).where('m.batch_managed', '=', true).orderBy('m.inv_code').limit(500).execute();
  return rows.map((r) => ({ id: r.id, code: r.inv_code, name: r.inv_name }));
}
