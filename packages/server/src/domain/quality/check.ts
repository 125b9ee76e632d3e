import Decimal from 'decimal.js';
import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { afterResultsFinal, type FinalBy } from './after-final';
import { formatLines, insertRound, lockSample, lockSampleTickets, readRound, setSampleState, writeFinalValues, writeQualityLog } from './repo';
import { checkerProblem, deriveValues, finalAfterRecheck } from './rules';

/**
 * 审核: a second person checks the round the lab entered. Every item must have its value; whoever
 * entered a value of the round may not check it. The check writes the sample's final values (the
 * first round's; after a recheck, the second's or the mean of both as the format says, the
 * derived items figured again from those) and hands over to applying them (after-final.ts).
 * Locks: the sample's tickets, then the sample (README: the lock order), then its results.
 */
export const CHECK_FAMILY = '化验单';

export async function checkSample(tx: Transaction<DB>, who: { orgId: string; userId: string } & FinalBy, sampleId: string): Promise<{ note: ChangeNote }> {
  await lockSampleTickets(tx, who.orgId, sampleId);
  const sample = await lockSample(tx, who.orgId, sampleId);
  if (!sample) throw new AppError(404, '样品不存在', 'id');
  const checking = sample.round === 1 ? sample.state === 'TESTING' : sample.state === 'RECHECK';
  if (!checking) {
    const why = sample.state === 'COLLECTING' ? '尚未录入化验结果' : '已审核';
    throw badRequest(`样品 ${sample.blind_code} ${why}，不能审核`, 'id');
  }
  const lines = await formatLines(tx, sample.format_id);
  await insertRound(tx, who.orgId, sample.id, sample.format_id, sample.round);
  const round = await readRound(tx, sample.id, sample.round);
  const missing = lines.find((l) => round.find((r) => r.item_id === l.itemId)?.value == null);
  if (missing) throw badRequest(`样品 ${sample.blind_code} 的 ${missing.name} 尚未录入，不能审核`, 'id');
  const refusal = checkerProblem(who.userId, round.filter((r) => !r.derived && r.entered_by).map((r) => r.entered_by as string));
  if (refusal) throw new AppError(403, refusal, 'id');

  const first = sample.round === 2 ? await readRound(tx, sample.id, 1) : round;
  const valueOf = (rows: typeof round, itemId: string) => rows.find((r) => r.item_id === itemId)?.value ?? null;
  const entered = lines.filter((l) => !l.formula).map((l) => ({
    line: l, value: sample.round === 1 ? valueOf(round, l.itemId) : finalAfterRecheck(sample.recheck_mode, valueOf(first, l.itemId), valueOf(round, l.itemId)),
  }));
  const derived = deriveValues(lines, new Map(entered.filter((e) => e.value !== null).map((e) => [e.line.code, new Decimal(e.value as string)])));
  const finals = [
    ...entered.filter((e) => e.value !== null).map((e) => ({ itemId: e.line.itemId, value: e.value as string })),
    ...lines.filter((l) => l.formula && derived.has(l.code)).map((l) => ({ itemId: l.itemId, value: (derived.get(l.code) as Decimal).toFixed(3) })),
  ];
  await writeFinalValues(tx, who.orgId, sample.id, finals);
  await setSampleState(tx, sample.id, sample.round === 1 ? 'CHECKED' : 'RECHECKED', { checkedBy: who.userId });
  await writeQualityLog(tx, who.orgId, sample.id, who, [{ round: sample.round, itemId: null, action: 'CHECK', before: null, after: null }]);
  const applied = await afterResultsFinal(tx, who.orgId, sample.id, who);
  return { note: { action: 'assayCheck', family: CHECK_FAMILY, docNo: sample.blind_code, detail: `${sample.blind_code} ${sample.round === 1 ? '初检' : '复检'}审核；${applied}` } };
}
