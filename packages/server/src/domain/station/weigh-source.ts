import type { Transaction } from 'kysely';
import { readWeighParams, type WeighingBody } from '@wb/protocol';
import { hasPermission } from '../../platform/auth/permissions';
import type { DB, WeighingSourceColumn } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { storedParams } from '../system/admin/params/repo';
import type { ScaleBoard } from './board';
import { weighsOnIndicators } from './credential-repo';
import { inUnit, takeableReading } from './reading-rules';

type Tx = Transaction<DB>;

/** The manual-weighing right: a button on the weighing screen's leaf (weighing/menu.ts). */
export const MANUAL_WEIGHING_PERMISSION = 'weigh_manual';

export interface TakenWeight {
  /** the body the weighing runs on: with the indicator's reading in place of a weight */
  body: WeighingBody;
  source: WeighingSourceColumn;
  scaleId: string | null;
}

/**
 * Where a weighing's figure comes from, decided before the weighing runs:
 * - the call names a scale (`scaleId`): the scale's latest reading as its station agent reported
 *   it, which must be stable, fresh and not below zero (reading-rules takeableReading), in the
 *   company's unit of computation. INDICATOR.
 * - the weight was typed by a person (`manual: true`, which the weighing page sends), or typed in a
 *   company that weighs on indicators (it has a live station credential): the manual-weighing
 *   right is needed, and the ticket and the weigh log are marked. MANUAL.
 * - a weight in the call of a company with no indicator wired: the station program's own reading,
 *   as the weighing calls have always carried it (a plant without station agents weighs so). STATION.
 * - the vehicle's stored tare: STORED.
 * A retried call whose first try was taken is let through untouched: the weighing answers it with
 * its first answer, whatever the scale shows now.
 */
export async function weightOfCall(tx: Tx, who: { orgId: string; userId: string }, body: WeighingBody, board: ScaleBoard, now: number): Promise<TakenWeight> {
  if (body.tare !== 'weigh') return { body, source: 'STORED', scaleId: null };
  if (body.scaleId !== undefined) {
    if (await alreadyTaken(tx, who.orgId, body)) return { body, source: 'INDICATOR', scaleId: body.scaleId };
    const verdict = takeableReading(body.scaleId, board.latest(who.orgId, body.scaleId), now);
    if (!verdict.ok) throw badRequest(verdict.message, 'scaleId');
    const { weightUnit } = readWeighParams(await storedParams(tx, who.orgId));
    const weight = inUnit(verdict.reading.weight, verdict.reading.unit, weightUnit);
    return { body: { ...body, weight, stable: true }, source: 'INDICATOR', scaleId: body.scaleId };
  }
  const manual = body.manual === true || (await board.onIndicators(who.orgId, () => weighsOnIndicators(tx, who.orgId), now));
  if (!manual) return { body, source: 'STATION', scaleId: null };
  if (!(await hasPermission(tx, who, MANUAL_WEIGHING_PERMISSION))) {
    throw new AppError(403, '手工录入重量需要手工过磅权限，请从仪表取数', 'weight');
  }
  return { body, source: 'MANUAL', scaleId: null };
}

async function alreadyTaken(tx: Tx, orgId: string, body: WeighingBody): Promise<boolean> {
  const row = await tx.selectFrom('wb_weighing').select('id').where('org_id', '=', orgId).where('station', '=', body.stationId)
    .where('request_id', '=', body.requestId).executeTakeFirst();
  return Boolean(row);
}

/** A typed weight marks the ticket it weighed (wb_ticket.manual), as the manual ticket is marked. */
export async function markManualTicket(tx: Tx, orgId: string, ticketId: string): Promise<void> {
  await tx.updateTable('wb_ticket').set({ manual: true }).where('org_id', '=', orgId).where('id', '=', ticketId).execute();
}
