import { sql } from 'kysely';
import { type HomeCounts, readWeighParams, type TeamReportQuery, type TeamReportRow } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import type { HourCount } from './rules';
import { DEFAULT_TEAMS, dayStartMinute, MINUTES_PER_DAY, type Team } from './teams';

// Ticket states whose net is known: the team reports count these (a closed ticket has no net).
const DONE_STATES = ['COMPLETED', 'AUDITED', 'POSTED'];

/** The home counts of one company: two index scans, open trips and open tickets. */
export async function homeCounts(db: Database, orgId: string): Promise<HomeCounts> {
  const overstayHours = await overstayHoursOf(db, orgId);
  const { rows: [trips] } = await sql<{ planned: number; in_plant: number; overstay: number }>`
    SELECT count(*) FILTER (WHERE trip_state = 'PLANNED' AND doc_status = 'AUDITED' AND enabled)::int AS planned,
           count(*) FILTER (WHERE trip_state IN ('ENTERED', 'WEIGHING'))::int AS in_plant,
           count(*) FILTER (WHERE trip_state IN ('ENTERED', 'WEIGHING')
                              AND entered_at < now() - make_interval(hours => ${overstayHours}))::int AS overstay
      FROM wb_registry
     WHERE org_id = ${orgId} AND trip_state <> 'RELEASED'`.execute(db);
  const { rows: [tickets] } = await sql<{ weighing: number; warned: number }>`
    SELECT (SELECT count(*) FROM wb_ticket
             WHERE org_id = ${orgId} AND state IN ('FIRST_WEIGHED', 'CONFIRMED'))::int AS weighing,
           (SELECT count(*) FROM wb_ticket
             WHERE org_id = ${orgId} AND created_at >= current_date::timestamptz
               AND state <> 'OBSOLETE' AND warnings <> '[]'::jsonb)::int AS warned`.execute(db);
  return {
    planned: trips.planned,
    inPlant: trips.in_plant,
    weighing: tickets.weighing,
    overstay: trips.overstay,
    warned: tickets.warned,
    errors: trips.overstay + tickets.warned,
    overstayHours,
  };
}

/** The company's 在厂超时 parameter (参数设置), its default where it never saved one. */
async function overstayHoursOf(db: Database, orgId: string): Promise<number> {
  const row = await db.selectFrom('sys_param').select('param_value').where('org_id', '=', orgId).where('param_key', '=', 'overstayHours').executeTakeFirst();
  return readWeighParams(row ? { overstayHours: row.param_value } : {}).overstayHours;
}

/** Today (plant time) as yyyy-MM-dd: the database session runs in the plant's zone. */
export async function plantToday(db: Database): Promise<string> {
  const { rows: [r] } = await sql<{ day: string }>`SELECT current_date::text AS day`.execute(db);
  return r.day;
}

/** Gate movements of one plant calendar day, per kind and hour, in and out. */
export async function gateCounts(db: Database, orgId: string, day: string): Promise<HourCount[]> {
  const { rows } = await sql<HourCount>`
    WITH d AS (SELECT ${day}::date::timestamptz AS s, (${day}::date + 1)::timestamptz AS e)
    SELECT kind, extract(hour FROM entered_at)::int AS hour, 'IN' AS direction, count(*)::int AS trips
      FROM wb_registry, d WHERE org_id = ${orgId} AND entered_at >= d.s AND entered_at < d.e GROUP BY 1, 2
    UNION ALL
    SELECT kind, extract(hour FROM released_at)::int, 'OUT', count(*)::int
      FROM wb_registry, d WHERE org_id = ${orgId} AND released_at >= d.s AND released_at < d.e GROUP BY 1, 2`.execute(db);
  return rows;
}

/** A company's teams in order; the default day when it configured none. */
export async function teamsOf(db: Database, orgId: string): Promise<Team[]> {
  const { rows } = await sql<Team>`
    SELECT seq, team_name AS name, team_name_en AS "nameEn", start_minute AS "startMinute", end_minute AS "endMinute"
      FROM wb_report_team WHERE org_id = ${orgId} ORDER BY seq`.execute(db);
  return rows.length ? rows : DEFAULT_TEAMS.map((t) => ({ ...t }));
}

/** Replaces a company's teams; run in the save's transaction, so a report never sees half of an edit. */
export async function saveTeams(tx: Database, orgId: string, userId: string, teams: Team[]): Promise<void> {
  await sql`DELETE FROM wb_report_team WHERE org_id = ${orgId}`.execute(tx);
  for (const t of teams) {
    await sql`INSERT INTO wb_report_team (org_id, seq, team_name, team_name_en, start_minute, end_minute, updated_by)
              VALUES (${orgId}, ${t.seq}, ${t.name}, ${t.nameEn}, ${t.startMinute}, ${t.endMinute}, ${userId})`.execute(tx);
  }
}

/**
 * Completed trips and net of the plant days from..to, grouped by team, kind, material and
 * counterparty. A plant day runs from its first team's start to the next day's: the night shift
 * of the last day is in, the small hours of the first day belong to the day before. The team of
 * a ticket is the one whose hours hold its completion time (plant time): the minutes since the
 * day's start, bucketed by the teams' starts. Grouped by ids first, named after: a busy day is
 * 2,000 tickets but a few hundred groups.
 */
export async function teamReportRows(db: Database, orgId: string, q: TeamReportQuery, teams: Team[]): Promise<TeamReportRow[]> {
  const startMinute = dayStartMinute(teams);
  const seqs = teams.map((t) => t.seq);
  // each team's start in minutes after the plant day's start: 0 first, rising, as the teams follow each other
  const offsets = teams.map((t) => (t.startMinute - startMinute + MINUTES_PER_DAY) % MINUTES_PER_DAY);
  const { rows } = await sql<TeamReportRow>`
    WITH t AS (
      SELECT (${seqs}::int[])[width_bucket(
               ((date_part('hour', t.completed_at) * 60 + date_part('minute', t.completed_at))::int - ${startMinute} + ${MINUTES_PER_DAY}) % ${MINUTES_PER_DAY},
               ${offsets}::int[])] AS team,
             t.kind, t.material_id, t.vendor_id, t.customer_id, n.peer_org_id, t.net
        FROM wb_ticket t
        LEFT JOIN wb_notice n ON t.kind = 'al' AND n.org_id = t.org_id AND n.id = t.notice_id
       WHERE t.org_id = ${orgId}
         AND t.completed_at >= (${q.from}::date + make_interval(mins => ${startMinute}))::timestamptz
         AND t.completed_at < (${q.to}::date + 1 + make_interval(mins => ${startMinute}))::timestamptz
         AND t.state = ANY(${DONE_STATES}::text[])
         ${q.kind ? sql`AND t.kind = ${q.kind}` : sql``}
         ${q.materialId ? sql`AND t.material_id = ${q.materialId}` : sql``}),
    g AS (
      SELECT team, kind, material_id, vendor_id, customer_id, peer_org_id, count(*)::int AS trips, sum(net) AS net
        FROM t ${q.team ? sql`WHERE team = ${q.team}` : sql``}
       GROUP BY 1, 2, 3, 4, 5, 6)
    SELECT g.team, g.kind, g.material_id::text AS "materialId", m.inv_name AS "materialName",
           coalesce(v.vendor_name, c.customer_name, po.org_name) AS counterparty,
           sum(g.trips)::int AS trips, sum(g.net)::numeric(16,4)::text AS net
      FROM g
      LEFT JOIN md_material m ON m.id = g.material_id
      LEFT JOIN md_vendor v ON v.id = g.vendor_id
      LEFT JOIN md_customer c ON c.id = g.customer_id
      LEFT JOIN sys_org po ON po.id = g.peer_org_id
     GROUP BY g.team, g.kind, g.material_id, m.inv_name, 5
     ORDER BY g.team, g.kind, m.inv_name NULLS LAST, 5 NULLS LAST`.execute(db);
  return rows;
}

/**
 * Whether the user holds a permission in a company other than the session's: the vehicle chart
 * by organisation id answers only for a company where the caller could open it themselves.
 */
export async function holdsPermission(db: Database, userId: string, orgId: string, permission: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM sys_user_org uo
        JOIN sys_org o ON o.id = uo.org_id AND o.enabled
        JOIN sys_user_org_role r ON r.user_id = uo.user_id AND r.org_id = uo.org_id
        JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
        JOIN sys_role_menu rm ON rm.role_id = r.role_id
        JOIN sys_menu mn ON mn.id = rm.menu_id
       WHERE uo.user_id = ${userId} AND uo.org_id = ${orgId} AND mn.permission = ${permission}) AS ok`.execute(db);
  return rows[0].ok;
}
