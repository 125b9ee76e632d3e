import type { Transaction } from 'kysely';
import { readWeighParams, type WeighingBody } from '@wb/protocol';
import type { DB, WeighingSourceColumn } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { storedParams } from '../system/admin/params/repo';
import type { ScaleBoard } from './board';
import { inUnit, takeableReading } from './reading-rules';
import { sourceOfCall } from './source-rules';

type Tx = Transaction<DB>;

/** The manual-weighing right: a button on the weighing screen's leaf (weighing/menu.ts). */
export const MANUAL_WEIGHING_PERMISSION = 'weigh_manual';

/** A typed weight from whom does not hold the manual-weighing right (the weighing checks it with its facts). */
export const manualRightRefused = () => new AppError(403, '手工录入重量需要手工过磅权限', 'weight');

export interface TakenWeight {
  /** the body the weighing runs on: with the indicator's reading in place of a weight */
  body: WeighingBody;
  source: WeighingSourceColumn;
  scaleId: string | null;
  /** the stable flag as the weigh log keeps it: null where it means nothing (a typed weight, a stored tare) */
  stable: boolean | null;
}

/**
 * The figure a weighing call runs on, decided before the weighing runs (source-rules.ts decides
 * where it comes from, by how the call arrived and what it names, never by a flag it sends):
 * - the call names a scale (`scaleId`): the scale's latest reading as its station agent reported
 *   it, which must be stable, fresh and not below zero (reading-rules takeableReading), in the
 *   company's unit of computation. INDICATOR.
 * - any other weight in a user's call: typed by a person. MANUAL: the stable flag means nothing
 *   (the weigh log keeps none, and the unstable check does not apply); the manual-weighing right is
 *   checked by the weighing with the facts it reads in one round trip (weighing/facts-repo.ts),
 *   after a retried call has been answered, and the ticket and the weigh log are marked.
 * - the vehicle's stored tare: STORED.
 * A station program's weight (STATION) comes under its station key through the lane (domain/lane
 * weigh.ts), not through here. A retried call whose first try was taken is let through untouched:
 * the weighing answers it with its first answer, whatever the scale shows now.
 */
export async function weightOfCall(tx: Tx, who: { orgId: string; userId: string }, body: WeighingBody, board: ScaleBoard, now: number): Promise<TakenWeight> {
  const verdict = sourceOfCall({ channel: 'session', tare: body.tare, namesScale: body.scaleId !== undefined });
  const stable = verdict.stableMeaningful ? body.stable : null;
  if (verdict.source === 'INDICATOR' && body.scaleId !== undefined) {
    if (await alreadyTaken(tx, who.orgId, body)) return { body, source: 'INDICATOR', scaleId: body.scaleId, stable };
    const taken = takeableReading(body.scaleId, await board.latest(tx, who.orgId, body.scaleId), now);
    if (!taken.ok) throw badRequest(taken.message, 'scaleId');
    const { weightUnit } = readWeighParams(await storedParams(tx, who.orgId));
    const weight = inUnit(taken.reading.weight, taken.reading.unit, weightUnit);
    return { body: { ...body, weight, stable: true }, source: 'INDICATOR', scaleId: body.scaleId, stable: true };
  }
  // a typed figure is neither stable nor unstable: the weighing's unstable check has nothing to judge
  if (verdict.source === 'MANUAL') return { body: { ...body, stable: true }, source: 'MANUAL', scaleId: null, stable };
  return { body, source: verdict.source, scaleId: null, stable };
}

async function alreadyTaken(tx: Tx, orgId: string, body: WeighingBody): Promise<boolean> {
  const row = await tx.selectFrom('wb_weighing').select('id').where('org_id', '=', orgId).where('station', '=', body.stationId)
    .where('request_id', '=', body.requestId).executeTakeFirst();
  return Boolean(row);
}
