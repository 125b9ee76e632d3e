import type pg from 'pg';
import { DONE_STATES } from './rules';

/**
 * Sealing the weighing summary (migration 082): a company's days before its plant's today less
 * SEAL_KEEP_DAYS are summed once into rpt_weigh_day (and their months' rows in rpt_weigh_month),
 * and its seal row's sealed_through moves past them. Later changes to those days' tickets are added by the row triggers of 082; the reports read
 * the sealed days from the summary and the rest from the tickets.
 */

/** The days before the plant's today left to the tickets: today, yesterday and the day before. */
export const SEAL_KEEP_DAYS = 2;

/**
 * The WHEN clauses of 082 let a row of the last hour (before its transaction's start) pass without
 * a lock; a day is sealed only when it ended before the start of every open transaction less this.
 */
const UNLOCKED_WINDOW = "interval '1 hour'";

export interface SealResult {
  orgId: string;
  /** the last day sealed before (null: none), and now */
  from: string | null;
  through: string | null;
  /** day rows written */
  rows: number;
  /** the zone changed: the company's summary was made again from its first day */
  rebuilt: boolean;
}

/**
 * Seals the company's days after its sealed_through up to its plant's today less `keepDays`, in the
 * caller's transaction (which must commit for the seal to hold): the seal row is taken FOR UPDATE
 * first, so every trigger that counted a change of a sealed day has committed, and none counts a
 * day this seals before this commits (the argument is written in migration 082). A summary kept in
 * another zone is made again in `timeZone`.
 */
export async function sealDays(client: pg.ClientBase, orgId: string, timeZone: string, keepDays = SEAL_KEEP_DAYS): Promise<SealResult> {
  await client.query('INSERT INTO rpt_weigh_seal (org_id) VALUES ($1) ON CONFLICT DO NOTHING', [orgId]);
  const { rows: [seal] } = await client.query<{ time_zone: string | null; sealed_through: string | null }>(
    'SELECT time_zone, sealed_through::text FROM rpt_weigh_seal WHERE org_id = $1 FOR UPDATE', [orgId]);
  // the plant's today less the days kept, and no day a transaction open now may still change unseen
  const { rows: [t] } = await client.query<{ target: string }>(`
    WITH open AS (
      SELECT min(xact_start) - ${UNLOCKED_WINDOW} AS since FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND xact_start IS NOT NULL)
    SELECT least((now() AT TIME ZONE $1)::date - $2::int, (open.since AT TIME ZONE $1)::date - 1)::text AS target FROM open`, [timeZone, keepDays]);
  const rebuilt = seal.sealed_through !== null && seal.time_zone !== timeZone;
  const from = rebuilt ? null : seal.sealed_through;
  const target = t.target;
  if (from !== null && target <= from) return { orgId, from, through: from, rows: 0, rebuilt: false };
  // the first seal, or a zone change: the company's summary from its first day (rows past the seal
  // cannot be there otherwise: the triggers add to sealed days only)
  if (from === null) {
    await client.query('DELETE FROM rpt_weigh_day WHERE org_id = $1', [orgId]);
    await client.query('DELETE FROM rpt_weigh_month WHERE org_id = $1', [orgId]);
    await client.query('DELETE FROM rpt_unsettled_day WHERE org_id = $1', [orgId]);
  }
  const inserted = await client.query(`
    INSERT INTO rpt_weigh_day (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
    SELECT t.org_id, (t.completed_at AT TIME ZONE $2)::date, t.kind, t.material_id, t.vendor_id, t.customer_id,
           CASE WHEN t.kind = 'al' THEN t.notice_id END, count(*), sum(t.net), coalesce(sum(t.amount), 0)
      FROM wb_weighing_fact t
     WHERE t.org_id = $1 AND t.state = ANY($5::text[])
       AND t.completed_at >= CASE WHEN $3::date IS NULL THEN '-infinity'::timestamptz ELSE (($3::date + 1)::timestamp AT TIME ZONE $2) END
       AND t.completed_at < (($4::date + 1)::timestamp AT TIME ZONE $2)
     GROUP BY 1, 2, 3, 4, 5, 6, 7
     -- a day's rows side by side in the table: a day is read from a few pages
     ORDER BY 2, 3, 4, 5, 6, 7`, [orgId, timeZone, from, target, DONE_STATES]);
  // the new days added to their months (a month's row holds its sealed days)
  await client.query(`
    INSERT INTO rpt_weigh_month AS r (org_id, month, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
    SELECT org_id, date_trunc('month', day)::date, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips), sum(net), sum(amount)
      FROM rpt_weigh_day
     WHERE org_id = $1 AND day > coalesce($2::date, '-infinity'::date) AND day <= $3::date
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT rpt_weigh_month_key DO UPDATE
       SET trips = r.trips + excluded.trips, net = r.net + excluded.net, amount = r.amount + excluded.amount`, [orgId, from, target]);
  // the same days' unsettled sales and purchase tickets (migration 107: the group cockpit's unsettled money)
  await client.query(`
    INSERT INTO rpt_unsettled_day (org_id, day, kind, trips, amount)
    SELECT t.org_id, (t.completed_at AT TIME ZONE $2)::date, t.kind, count(*), coalesce(sum(t.amount), 0)
      FROM wb_ticket t
     WHERE t.org_id = $1 AND t.kind IN ('sa', 'pu') AND t.state = ANY($5::text[])
       AND t.completed_at >= CASE WHEN $3::date IS NULL THEN '-infinity'::timestamptz ELSE (($3::date + 1)::timestamp AT TIME ZONE $2) END
       AND t.completed_at < (($4::date + 1)::timestamp AT TIME ZONE $2)
       AND NOT EXISTS (
         SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
          WHERE r.org_id = t.org_id AND r.scope = 'GOODS' AND r.ticket_id = t.id)
     GROUP BY 1, 2, 3`, [orgId, timeZone, from, target, DONE_STATES]);
  await client.query('UPDATE rpt_weigh_seal SET time_zone = $2, sealed_through = $3, sealed_at = now() WHERE org_id = $1', [orgId, timeZone, target]);
  return { orgId, from, through: target, rows: inserted.rowCount ?? 0, rebuilt };
}

/** Every company's next days sealed, each in a transaction of its own. */
export async function sealAll(pool: pg.Pool, timeZone: string, keepDays = SEAL_KEEP_DAYS): Promise<SealResult[]> {
  const { rows: orgs } = await pool.query<{ id: string }>('SELECT id::text FROM sys_org ORDER BY id');
  const out: SealResult[] = [];
  for (const org of orgs) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      out.push(await sealDays(client, org.id, timeZone, keepDays));
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
  return out;
}
