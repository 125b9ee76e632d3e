import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConfirmPlaces } from '@wb/protocol';
import { holdsMaterialSql } from '../stock/address/repo';
import type { DB, TicketState as DbTicketState } from '../../platform/db/schema';
import type { TicketFacts, TicketState } from '../weighing/rules/transitions';
import type { ConfirmGrid } from './grids';
import { CONFIRM_GRIDS } from './grids';
import { SITE_DEDUCTION_KINDS } from '@wb/protocol';
import { STATE_FROM_DB, STATE_TO_DB } from '../weighing/repo';
import type { ConfirmEffect, SampleState } from './rules';

type Tx = Transaction<DB>;

// the ticket's state names as the lifecycle table and the database spell them (weighing/repo.ts)
export { STATE_FROM_DB, STATE_TO_DB };

export interface LockedRow {
  id: string; ticket_no: string; state: DbTicketState; uploaded: boolean; scene_confirm: boolean; returned: boolean; is_return: boolean;
  has_first: boolean; gross: string | null; tare: string | null; sample_state: SampleState; notice_line_id: string | null; reserved_quantity: string; version: number;
}

/** The grid's ticket, locked, with what its buttons are decided on; null when it is not in this grid of this company. */
export async function lockGridTicket(tx: Tx, orgId: string, grid: ConfirmGrid, id: string): Promise<LockedRow | null> {
  const g = CONFIRM_GRIDS[grid];
  const { rows } = await sql<LockedRow>`
    SELECT t.id, t.ticket_no, t.state, t.uploaded_at IS NOT NULL AS uploaded,
           coalesce(m.scene_confirm, false) AS scene_confirm,
           EXISTS (SELECT 1 FROM wb_ticket r WHERE r.source_ticket_id = t.id AND r.state <> 'OBSOLETE') AS returned,
           t.source_ticket_id IS NOT NULL AS is_return, (t.gross IS NOT NULL OR t.tare IS NOT NULL) AS has_first, t.gross, t.tare,
           t.sample_state, t.notice_line_id, t.reserved_quantity, t.version
      FROM wb_ticket t LEFT JOIN md_material m ON m.id = t.material_id
     WHERE t.org_id = ${orgId} AND t.id = ${id} AND t.kind = ${g.kind}
       AND (${g.side}::text IS NULL OR t.side = ${g.side})
       AND (${!g.sampling} OR coalesce(m.is_sample, false))
     FOR UPDATE OF t`.execute(tx);
  return rows[0] ?? null;
}

export const factsOf = (r: LockedRow): TicketFacts => ({
  code: r.ticket_no, state: STATE_FROM_DB[r.state], uploaded: r.uploaded, sceneConfirm: r.scene_confirm, returned: r.returned,
  isReturn: r.is_return, hasFirstWeighing: r.has_first,
});

/** The plant's date as yyyyMMdd (the session's time zone is the plant's: platform/db/pool.ts). */
export async function plantToday(tx: Tx): Promise<string> {
  const { rows } = await sql<{ today: string }>`SELECT to_char(now(), 'YYYYMMDD') AS today`.execute(tx);
  return rows[0].today;
}

/** Writes a press on the locked ticket; the deductions entered at the site replace the site's earlier ones. */
export async function applyEffect(tx: Tx, orgId: string, row: LockedRow, effect: ConfirmEffect, userId: string): Promise<void> {
  const now = new Date();
  const common = { updated_at: now, updated_by: userId, version: row.version + 1 };
  if (effect.kind === 'sample') {
    await tx.updateTable('wb_ticket').set({ ...common, sample_state: effect.sampleState, sample_count: effect.sampleCount, sampled_on: effect.sampledOn })
      .where('org_id', '=', orgId).where('id', '=', row.id).execute();
    return;
  }
  const accepting = effect.action === 'confirm' || effect.action === 'confirmAgain';
  await tx.updateTable('wb_ticket').set({
    ...common,
    state: STATE_TO_DB[effect.next],
    confirmed_at: accepting ? now : null,
    confirmed_by: accepting ? userId : null,
    close_kind: effect.closeKind,
    ...(effect.reNums !== null ? { re_nums: effect.reNums } : {}),
    // a closed trip gives its hold on the notice line back (the caller releases it on the line)
    ...(effect.closeKind ? { reserved_quantity: '0' } : {}),
  }).where('org_id', '=', orgId).where('id', '=', row.id).execute();
  if (effect.deductions) {
    await tx.deleteFrom('wb_ticket_deduction').where('org_id', '=', orgId).where('ticket_id', '=', row.id).where('kind', 'in', [...SITE_DEDUCTION_KINDS]).execute();
    if (effect.deductions.length) {
      // the amounts are worked out at the second weighing, when the net they are rates of is known
      await tx.insertInto('wb_ticket_deduction').values(effect.deductions.map((d) => ({
        org_id: orgId, ticket_id: row.id, kind: d.kind, mode: d.mode, value: d.value, amount: '0', created_by: userId,
      }))).execute();
    }
  }
}

/**
 * The places the confirmation dialog offers for a ticket of the grid: the enabled stock addresses
 * of its warehouses that keep its material's class, and for sales the enabled silos holding its
 * material or none in particular. Null when the ticket is not in the grid of this company.
 */
export async function confirmPlaces(db: Kysely<DB>, orgId: string, grid: ConfirmGrid, id: string): Promise<ConfirmPlaces | null> {
  const g = CONFIRM_GRIDS[grid];
  const { rows: [t] } = await sql<{ id: string; material_id: string | null; warehouse_id: string | null; to_warehouse_id: string | null; stock_address_id: string | null; silo_id: string | null }>`
    SELECT id::text, material_id::text, warehouse_id::text, to_warehouse_id::text, stock_address_id::text, silo_id::text FROM wb_ticket
     WHERE org_id = ${orgId} AND id = ${id}::bigint AND kind = ${g.kind} AND (${g.side}::text IS NULL OR side = ${g.side})`.execute(db);
  if (!t) return null;
  const { rows: addresses } = await sql<ConfirmPlaces['addresses'][number]>`
    SELECT a.id::text, a.address_code AS code, a.address_name AS name, a.kind, w.ware_name AS "warehouseName"
      FROM md_stock_address a JOIN md_warehouse w ON w.org_id = a.org_id AND w.id = a.warehouse_id
     WHERE a.org_id = ${orgId} AND a.enabled AND a.warehouse_id IN (${t.warehouse_id}::bigint, ${t.to_warehouse_id}::bigint)
       AND ${holdsMaterialSql(t.material_id)}
     ORDER BY w.ware_name, a.sort, a.address_code LIMIT 500`.execute(db);
  const { rows: silos } = g.kind !== 'sa' ? { rows: [] } : await sql<ConfirmPlaces['silos'][number]>`
    SELECT s.id::text, s.silo_code AS code, s.silo_name AS name FROM md_silo s
     WHERE s.org_id = ${orgId} AND s.enabled AND (s.material_id IS NULL OR s.material_id = ${t.material_id}::bigint)
     ORDER BY s.silo_code LIMIT 500`.execute(db);
  return { stockAddressId: t.stock_address_id, siloId: t.silo_id, addresses, silos };
}
