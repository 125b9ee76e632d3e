import type { Insertable, Kysely } from 'kysely';
import { readWeighParams } from '@wb/protocol';
import type { DB } from '../../platform/db/schema';
import { storedParams } from '../system/admin/params/repo';
import type { WeighCall, WeighOutcome } from './weigh-log';

/** The weigh log's row of a call (migrations/033_weigh_log.sql). */
export function weighLogValues(c: WeighCall, outcome: WeighOutcome, refusal?: { status: number; reason: string }): Insertable<DB['wb_weigh_log']> {
  return {
    org_id: c.orgId, kind: c.kind, reading: c.reading, station: c.station, request_id: c.requestId, user_id: c.userId, username: c.username,
    identified_by: c.identifiedBy, identified_value: c.identifiedValue, plate_number: c.plate, weight: c.weight, unit: c.unit, stable: c.stable,
    tare_choice: c.tareChoice, outcome, ticket_id: c.ticketId, ticket_no: c.ticketNo, status: refusal?.status ?? null, reason: refusal?.reason ?? null,
    source: c.source, confirmed: c.confirmed,
  };
}

/**
 * A replay's or a refusal's row, as one INSERT. A call refused before the weighing read the
 * company's parameters has its weight unit read here, so every weight in the log says its unit.
 */
export async function insertWeighLog(db: Kysely<DB>, c: WeighCall, outcome: WeighOutcome, refusal?: { status: number; reason: string }): Promise<void> {
  const unit = c.unit ?? (c.weight === null ? null : readWeighParams(await storedParams(db, c.orgId)).weightUnit);
  await db.insertInto('wb_weigh_log').values(weighLogValues({ ...c, unit }, outcome, refusal)).execute();
}
