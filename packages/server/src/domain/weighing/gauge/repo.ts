import { sql } from 'kysely';
import type { Runner, Tx } from '../repo';

/** The gauging's SQL (085): the material's gauging attributes, the ticket's gauging, its write. */

export async function gaugedMaterial(db: Runner, materialId: string) {
  return db.selectFrom('md_material').select(['inv_name', 'gauged', 'density', 'gauge_to_tons']).where('id', '=', materialId).executeTakeFirst();
}

export async function userName(db: Runner, userId: string): Promise<string | null> {
  const row = await db.selectFrom('sys_user').select(['real_name', 'username']).where('id', '=', userId).executeTakeFirst();
  return row ? (row.real_name || row.username) : null;
}

export async function gaugeOf(db: Runner, orgId: string, ticketId: string) {
  return db.selectFrom('wb_ticket_gauge').selectAll().where('org_id', '=', orgId).where('ticket_id', '=', ticketId).executeTakeFirst();
}
export type GaugeRow = NonNullable<Awaited<ReturnType<typeof gaugeOf>>>;

export interface GaugeWrite {
  method: 'LOAD' | 'BED'; length: string; width: string; height: string; gap: string; volume: string; density: string | null; tons: string | null;
  gaugerId: string; gaugerName: string; gaugedAt: string | null; photoFileIds: string[]; remark: string | null;
}

/** One gauging per ticket: a gauging again replaces the figures (the operation log keeps the earlier ones). */
export async function saveGauge(tx: Tx, orgId: string, ticketId: string, g: GaugeWrite): Promise<void> {
  const at = g.gaugedAt === null ? sql`now()` : sql`${g.gaugedAt}::timestamptz`;
  await sql`
    INSERT INTO wb_ticket_gauge (org_id, ticket_id, method, length, width, height, gap, volume, density, tons, gauger_id, gauger_name, gauged_at, photo_file_ids, remark, created_by)
    VALUES (${orgId}, ${ticketId}, ${g.method}, ${g.length}, ${g.width}, ${g.height}, ${g.gap}, ${g.volume}, ${g.density}, ${g.tons}, ${g.gaugerId},
            ${g.gaugerName}, ${at}, ${g.photoFileIds}::bigint[], ${g.remark}, ${g.gaugerId})
    ON CONFLICT (org_id, ticket_id) DO UPDATE SET method = excluded.method, length = excluded.length, width = excluded.width, height = excluded.height,
      gap = excluded.gap, volume = excluded.volume, density = excluded.density, tons = excluded.tons, gauger_id = excluded.gauger_id,
      gauger_name = excluded.gauger_name, gauged_at = excluded.gauged_at, photo_file_ids = excluded.photo_file_ids, remark = excluded.remark, updated_at = now()`.execute(tx);
}
