import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { CHECK_FAMILY } from './check';
import { insertRound, lockSample, setSampleState, writeQualityLog } from './repo';

/**
 * 复检: a disputed sample is assayed again from the retained portion. Its first round must be
 * checked; the recheck opens a second round of empty results, entered and checked as the first
 * (check.ts), whose check replaces or averages the first as the format says. One recheck per
 * sample: the trade's arbitration beyond it is outside the plant.
 */
export async function openRecheck(tx: Transaction<DB>, who: { orgId: string; userId: string; name: string }, sampleId: string, reason: string): Promise<{ note: ChangeNote }> {
  const sample = await lockSample(tx, who.orgId, sampleId);
  if (!sample) throw new AppError(404, '样品不存在', 'id');
  if (sample.state !== 'CHECKED') {
    const why = sample.round === 2 ? '已复检' : '尚未审核';
    throw badRequest(`样品 ${sample.blind_code} ${why}，不能复检`, 'id');
  }
  await insertRound(tx, who.orgId, sample.id, sample.format_id, 2);
  await setSampleState(tx, sample.id, 'RECHECK', { round: 2, checkedBy: null, recheckReason: reason });
  await writeQualityLog(tx, who.orgId, sample.id, who, [{ round: 2, itemId: null, action: 'RECHECK', before: null, after: null }]);
  return { note: { action: 'assayRecheck', family: CHECK_FAMILY, docNo: sample.blind_code, detail: `${sample.blind_code} 复检: ${reason}` } };
}
