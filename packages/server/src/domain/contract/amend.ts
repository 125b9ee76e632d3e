import Decimal from 'decimal.js';
import type { Transaction } from 'kysely';
import type { RowScope } from '../../platform/auth/who';
import type { DB } from '../../platform/db/schema';
import type { ChildProblem, ChildRow, EntityValues } from '../../platform/documents/define';
import type { ContractKindDef } from './kinds';
import { amendmentsOf, applyAmendment, contractOfKind, linesOfContract, lockContract, type ChangeRow } from './repo';
import { amendProblem } from './rules';

/**
 * Amendments (补充协议): written against a contract in force, applied at their audit under the
 * contract's lock (the contract, then its lines in id order: the lock order of repo.ts), each
 * replaced value kept in wb_contract_change with what it replaced.
 */
type Tx = Transaction<DB>;
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const plain = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());

/** The contract an amendment names: the company's, of the amendment's kind, and in force. */
export async function checkAmendTarget(tx: Tx, orgId: string, k: ContractKindDef, values: EntityValues) {
  const contractId = text(values.contractId);
  if (contractId === null) return [];
  const c = await contractOfKind(tx, orgId, contractId);
  if (!c || c.kind !== k.kind) return [{ field: 'contractId', message: `${k.label}不存在` }];
  if (c.status !== 'AUDITED') return [{ field: 'contractId', message: `合同 ${c.contractNo} 未生效，只有生效的合同通过补充协议变更（草稿请直接修改）` }];
  return [];
}

/** Each line names a line of the amendment's contract, once. */
export async function checkAmendLines(tx: Tx, header: EntityValues, rows: ChildRow[]): Promise<ChildProblem[]> {
  const contractId = text(header.contractId);
  if (contractId === null) return [];
  if (rows.length === 0 && text(header.newTolerance) === null && text(header.newValidTo) === null) {
    return [{ row: null, field: 'entitysub', message: '补充协议没有变更任何内容' }];
  }
  const ids = rows.map((r) => String(r.values.contractLineId));
  const own = await linesOfContract(tx, contractId, ids);
  return rows.flatMap((r, i): ChildProblem[] => {
    const line = ids[i];
    if (!own.has(line)) return [{ row: i + 1, field: 'contractLineId', message: '合同明细不属于本补充协议的合同' }];
    return ids.indexOf(line) < i ? [{ row: i + 1, field: 'contractLineId', message: '同一合同明细只能变更一次' }] : [];
  });
}

/** The audit: every amendment applied, or none when one would take a line below what notices drew on it. */
export async function applyAmendments(tx: Tx, who: RowScope, ids: string[]): Promise<{ field: string; message: string }[]> {
  const problems: { field: string; message: string }[] = [];
  for (const a of await amendmentsOf(tx, ids)) {
    const c = await lockContract(tx, a.contractId);
    if (c.status !== 'AUDITED') {
      problems.push({ field: 'ids', message: `合同 ${c.contractNo} 未生效，不能应用补充协议 ${a.amendNo}` });
      continue;
    }
    if (a.newValidTo !== null && a.newValidTo < c.validFrom) {
      problems.push({ field: 'newValidTo', message: `补充协议 ${a.amendNo} 的新有效期至早于合同有效期起 ${c.validFrom}` });
      continue;
    }
    const tolerance = a.newTolerance ?? c.tolerance;
    const amended = new Map(a.lines.map((l) => [l.contractLineId, l]));
    const changes: ChangeRow[] = [];
    if (a.newTolerance !== null && !new Decimal(a.newTolerance).equals(c.tolerance)) changes.push({ contractLineId: null, field: 'tolerance', before: plain(c.tolerance), after: plain(a.newTolerance) });
    if (a.newValidTo !== null && a.newValidTo !== c.validTo) changes.push({ contractLineId: null, field: 'validTo', before: c.validTo, after: a.newValidTo });
    for (const line of c.lines) {
      const change = amended.get(line.id);
      // a new tolerance moves every line's room; a new quantity moves its own
      if (change || a.newTolerance !== null) {
        const message = amendProblem(c.contractNo, line, change?.newQuantity ?? null, tolerance);
        if (message) problems.push({ field: 'newQuantity', message });
      }
      if (change?.newQuantity != null && !new Decimal(change.newQuantity).equals(line.quantity)) {
        changes.push({ contractLineId: line.id, field: 'quantity', before: plain(line.quantity), after: plain(change.newQuantity) });
      }
      if (change?.newPrice != null && (line.price === null || !new Decimal(change.newPrice).equals(line.price))) {
        changes.push({ contractLineId: line.id, field: 'price', before: plain(line.price), after: plain(change.newPrice) });
      }
    }
    if (problems.length === 0) await applyAmendment(tx, who.orgId, who.userId, a, changes);
  }
  return problems;
}
