import Decimal from 'decimal.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import type { EnterResultsBody } from './bodies';
import { formatLines, insertRound, lockRound, lockSample, type LogLine, setSampleState, writeQualityLog, writeResult } from './repo';
import { deriveValues, itemRefusal, valueProblem } from './rules';

/**
 * Result entry (化验录入): the lab writes values of the sample's current round, only for the items
 * it is given (user or role assay items, or a kiosk's), each against the version it read: a stale
 * version is a 409 and nothing of the batch is written, so two people entering one item never
 * overwrite each other unseen. The derived items follow from the formulas; every changed value,
 * entered or derived, is a line of the assay log with its before and after.
 */
export interface EntryActor {
  orgId: string;
  /** null: a kiosk */
  userId: string | null;
  /** the log's name for the actor: the user's name, or the kiosk's */
  name: string;
  /** the item ids the actor may enter */
  allowed: ReadonlySet<string>;
}

export interface EntryDone { sampleId: string; blindCode: string; round: 1 | 2; changed: number }

const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).equals(b));

export async function enterResults(tx: Transaction<DB>, actor: EntryActor, sampleId: string, body: EnterResultsBody): Promise<EntryDone> {
  const sample = await lockSample(tx, actor.orgId, sampleId);
  if (!sample) throw new AppError(404, '样品不存在', 'id');
  const open = sample.round === 1 ? sample.state === 'COLLECTING' || sample.state === 'TESTING' : sample.state === 'RECHECK';
  if (!open) throw badRequest(`样品 ${sample.blind_code} 已审核，不能修改化验结果`, 'id');
  const lines = await formatLines(tx, sample.format_id);
  // an item added to the format since the round began gets its empty result
  await insertRound(tx, actor.orgId, sample.id, sample.format_id, sample.round);
  const results = await lockRound(tx, sample.id, sample.round);
  const seen = new Set<string>();
  const writes = body.values.map((v, i) => {
    const at = `values.${i}`;
    const line = lines.find((l) => l.itemId === v.itemId);
    const result = results.find((r) => r.item_id === v.itemId);
    if (!line || !result) throw badRequest(`化验项目 ${v.itemId} 不在样品 ${sample.blind_code} 的化验模板中`, `${at}.itemId`);
    if (seen.has(v.itemId)) throw badRequest(`化验项目 ${line.name} 重复录入`, `${at}.itemId`);
    seen.add(v.itemId);
    if (line.formula) throw badRequest(`${line.name} 由公式计算，不能录入`, `${at}.itemId`);
    const refusal = itemRefusal(actor.allowed, v.itemId, line.name);
    if (refusal) throw new AppError(403, refusal, `${at}.itemId`);
    const problem = v.value === null ? null : valueProblem(line, v.value);
    if (problem) throw badRequest(problem, `${at}.value`);
    if (result.version !== v.version) throw AppError.of('conflict', `${line.name} 已被他人修改，请刷新后重试`, `${at}.version`);
    return { line, result, value: v.value };
  });
  const log: LogLine[] = [];
  for (const w of writes) {
    if (same(w.result.value, w.value)) continue;
    await writeResult(tx, w.result.id, w.value, actor.userId);
    log.push({ round: sample.round, itemId: w.line.itemId, action: 'ENTER', before: w.result.value, after: w.value });
    w.result.value = w.value;
  }
  log.push(...(await rederive(tx, sample.round, lines, results, actor.userId)));
  await writeQualityLog(tx, actor.orgId, sample.id, actor, log);
  if (sample.state === 'COLLECTING' && log.length) await setSampleState(tx, sample.id, 'TESTING');
  return { sampleId: sample.id, blindCode: sample.blind_code, round: sample.round, changed: log.length };
}

/** The round's derived values after its entered ones changed: a value whose inputs are not all there is cleared. */
async function rederive(tx: Transaction<DB>, round: 1 | 2, lines: Awaited<ReturnType<typeof formatLines>>, results: Awaited<ReturnType<typeof lockRound>>, userId: string | null): Promise<LogLine[]> {
  const codeOf = new Map(lines.map((l) => [l.itemId, l.code]));
  const entered = new Map(results.filter((r) => !r.derived && r.value !== null).map((r) => [codeOf.get(r.item_id) as string, new Decimal(r.value as string)]));
  const derived = deriveValues(lines, entered);
  const log: LogLine[] = [];
  for (const r of results.filter((x) => x.derived)) {
    const next = derived.get(codeOf.get(r.item_id) as string)?.toFixed(3) ?? null;
    if (same(r.value, next)) continue;
    await writeResult(tx, r.id, next, userId);
    log.push({ round, itemId: r.item_id, action: 'DERIVE', before: r.value, after: next });
    r.value = next;
  }
  return log;
}
