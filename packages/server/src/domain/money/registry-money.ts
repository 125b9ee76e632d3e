import type { ChangeNote } from '../../platform/audit/log';
import { freezeForRegistries, releaseForRegistries, type MoneyOutcome, type RegistryForMoney } from './ledger';
import type { Tx } from './repo';

/**
 * What a sales registry's document action and gate-out do to its customer's money, called by
 * domain/registry after its own locks: audit and recover freeze, unaudit and obsolete give back.
 */
type Who = { orgId: string; userId: string | null };
const NOTHING: MoneyOutcome = { warnings: [], details: new Map() };

export async function registryMoney(tx: Tx, who: Who, kind: string, action: string, rows: RegistryForMoney[]): Promise<MoneyOutcome> {
  if (kind !== 'sa') return NOTHING;
  if (action === 'audit' || action === 'recover') return freezeForRegistries(tx, who, rows);
  if (action === 'unaudit' || action === 'obsolete') return releaseForRegistries(tx, who, rows);
  return NOTHING;
}

/** Gate-out: a trip whose ticket consumed has nothing frozen left; one closed without goods gives its freeze back. */
export async function releaseAtGateOut(tx: Tx, who: Who, kind: string, rows: RegistryForMoney[]): Promise<MoneyOutcome> {
  return kind === 'sa' ? releaseForRegistries(tx, who, rows) : NOTHING;
}

/**
 * A merge of two audited sales registries: one trip now holds both pre-loads, so both freezes go
 * back and the kept one freezes the merged pre-load (the same money while the price stands).
 */
export async function moveFreezeOnMerge(tx: Tx, who: Who, kind: string, keep: RegistryForMoney, other: Pick<RegistryForMoney, 'id' | 'code'>, mergedPre: string): Promise<MoneyOutcome> {
  if (kind !== 'sa') return NOTHING;
  await releaseForRegistries(tx, who, [keep, other]);
  return freezeForRegistries(tx, who, [{ ...keep, preQuantity: mergedPre }]);
}

/** The registries' log entries with what their money did. */
export function withMoneyDetails(notes: ChangeNote[], money: MoneyOutcome): ChangeNote[] {
  if (money.details.size === 0) return notes;
  return notes.map((n) => {
    const extra = n.docNo ? money.details.get(n.docNo) : undefined;
    return extra ? { ...n, detail: n.detail ? `${n.detail}；${extra}` : extra } : n;
  });
}
