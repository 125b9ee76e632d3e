import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { LaneReason } from '../../platform/db/schema';
import type { Tx } from '../weighing/repo';
import type { LaneStation } from './station-auth';

export interface NewIntervention {
  requestId: string; reason: LaneReason; message: string; plate: string | null; card: string | null;
  registryId: string | null; weight: number | null; unit: 'kg' | 't' | null;
}

/**
 * The lane's request, once per request id: a resent request (the agent replays what it could not
 * send) finds its row, `created` false, and changes nothing.
 */
export async function insertIntervention(tx: Tx, s: LaneStation, n: NewIntervention): Promise<{ id: string; created: boolean }> {
  const row = await tx.insertInto('wb_lane_intervention').values({
    org_id: s.orgId, credential_id: s.credentialId, scale_id: s.scaleId, station_name: s.stationName, request_id: n.requestId, reason: n.reason,
    message: n.message, plate_number: n.plate, card_no: n.card, registry_id: n.registryId, weight: n.weight === null ? null : String(n.weight), unit: n.unit,
  }).onConflict((c) => c.columns(['org_id', 'scale_id', 'request_id']).doNothing()).returning('id').executeTakeFirst();
  if (row) return { id: row.id, created: true };
  const found = await tx.selectFrom('wb_lane_intervention').select('id').where('org_id', '=', s.orgId).where('scale_id', '=', s.scaleId)
    .where('request_id', '=', n.requestId).executeTakeFirstOrThrow();
  return { id: found.id, created: false };
}

export async function interventionOfStation(db: Database, s: LaneStation, id: string) {
  return db.selectFrom('wb_lane_intervention').select(['id', 'state', 'answered_by_name', 'answered_at', 'remark', 'ticket_id'])
    .where('org_id', '=', s.orgId).where('scale_id', '=', s.scaleId).where('id', '=', id).executeTakeFirst();
}

/** The operator's rows, locked in id order (two operators answering at once: the second sees the first's answer). */
export async function lockInterventions(tx: Tx, orgId: string, ids: string[]) {
  const { rows } = await sql<{ id: string; state: string; plate_number: string | null; reason: LaneReason; station_name: string; message: string }>`
    SELECT id::text, state, plate_number, reason, station_name, message FROM wb_lane_intervention
     WHERE org_id = ${orgId} AND id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(tx);
  return rows;
}

export async function answerInterventions(tx: Tx, orgId: string, ids: string[], state: 'APPROVED' | 'FORBIDDEN', who: { userId: string; name: string }, remark: string | null) {
  await tx.updateTable('wb_lane_intervention').set({ state, answered_by: who.userId, answered_by_name: who.name, answered_at: new Date(), remark })
    .where('org_id', '=', orgId).where('id', 'in', ids).where('state', '=', 'WAITING').execute();
}

/** The newest approval of this lane for this plate not yet used, locked: the one weighing it lets through takes it. */
export async function lockApproval(tx: Tx, s: LaneStation, plate: string): Promise<{ id: string; answeredByName: string } | null> {
  const { rows } = await sql<{ id: string; answered_by_name: string | null }>`
    SELECT id::text, answered_by_name FROM wb_lane_intervention
     WHERE org_id = ${s.orgId} AND scale_id = ${s.scaleId} AND plate_number = ${plate} AND state = 'APPROVED'
     ORDER BY answered_at DESC LIMIT 1 FOR UPDATE`.execute(tx);
  const r = rows[0];
  return r ? { id: r.id, answeredByName: r.answered_by_name ?? '' } : null;
}

export async function useApproval(tx: Tx, orgId: string, id: string, ticketId: string): Promise<void> {
  await tx.updateTable('wb_lane_intervention').set({ state: 'USED', ticket_id: ticketId }).where('org_id', '=', orgId).where('id', '=', id).execute();
}

/** The station agent's own account at its last contact (no log: it changes no business record). */
export async function recordContact(db: Database, s: LaneStation, queued: number, phase: string | null): Promise<void> {
  await db.insertInto('wb_lane_contact').values({ credential_id: s.credentialId, org_id: s.orgId, contact_at: new Date(), queued, phase })
    .onConflict((c) => c.columns(['credential_id', 'org_id']).doUpdateSet({ contact_at: new Date(), queued, phase })).execute();
}
