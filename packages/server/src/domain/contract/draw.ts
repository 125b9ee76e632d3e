import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { ChildProblem, ChildRow, EntityValues } from '../../platform/documents/define';
import { PARTY_FIELD, type ContractKindDef } from './kinds';
import { lockDraw, plantDays } from './repo';
import { drawMismatch, drawProblem } from './rules';

/**
 * A notice's lines drawing on contract lines, checked in the notice's create or update
 * transaction: each contract line is locked (its header shared, the line FOR UPDATE, in line id
 * order), then what the other notices draw on it is summed and the notice's own lines added; past
 * the line's quantity plus the tolerance the write is refused, naming the figures. Two notices
 * racing for one line take turns at the line's lock, and the second sees the first's lines.
 */
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : v instanceof Date ? v.toISOString() : String(v));

export async function checkContractDraws(
  tx: Transaction<DB>, orgId: string, kind: ContractKindDef['kind'], party: ContractKindDef['party'],
  noticeId: string | null, header: EntityValues, rows: ChildRow[],
): Promise<ChildProblem[]> {
  const byLine = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const line = text(r.values.contractLineId);
    if (line !== null) byLine.set(line, [...(byLine.get(line) ?? []), i]);
  });
  if (byLine.size === 0) return [];
  const [startDay, endDay] = await plantDays(tx, [text(header.startTime), text(header.endTime)]);
  const partyId = text(header[PARTY_FIELD[party]]);
  const problems: ChildProblem[] = [];
  // line id order: two notices drawing on the same two lines lock them alike
  for (const lineId of [...byLine.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))) {
    const at = byLine.get(lineId) as number[];
    const first = at[0] + 1;
    const locked = await lockDraw(tx, orgId, lineId, noticeId);
    if (!locked) {
      problems.push({ row: first, field: 'contractLineId', message: '合同明细不存在' });
      continue;
    }
    for (const i of at) {
      const mismatch = drawMismatch(locked, { kind, partyId, materialId: text(rows[i].values.materialId), startDay, endDay });
      if (mismatch) problems.push({ row: i + 1, field: 'contractLineId', message: mismatch });
    }
    const here = at.reduce((sum, i) => sum.plus(text(rows[i].values.quantity) ?? 0), new Decimal(0));
    const over = drawProblem(locked, here);
    if (over) problems.push({ row: first, field: 'quantity', message: over });
  }
  return problems;
}

/**
 * Void notices take no room; recovering one takes its room back, so its lines on contract lines are
 * checked again, under the same locks, before it comes back (checked against the room only: the
 * contract may have closed meanwhile, and the notice's own audit decides whether trucks still come).
 */
export async function checkRecoveredDraws(tx: Transaction<DB>, orgId: string, noticeIds: string[]): Promise<{ field: string; message: string }[]> {
  const { rows } = await sql<{ line: string; quantity: string }>`
    SELECT contract_line_id::text AS line, sum(quantity)::text AS quantity FROM wb_notice_line
     WHERE notice_id = ANY(${noticeIds}::bigint[]) AND contract_line_id IS NOT NULL GROUP BY contract_line_id ORDER BY contract_line_id`.execute(tx);
  const problems: { field: string; message: string }[] = [];
  for (const r of rows) {
    const locked = await lockDraw(tx, orgId, r.line, null);
    const over = locked ? drawProblem(locked, r.quantity) : null;
    if (over) problems.push({ field: 'ids', message: over });
  }
  return problems;
}
