import type { Database } from '../db/pool';

/**
 * An invariant a family's figures keep (a stock balance is the sum of its movements, an account's
 * figures are its ledger's), checked from outside the writes that keep it. Every write keeps them in
 * its transaction; a check that finds a breach means a write path is wrong, so it names the row and
 * both figures rather than repairing anything.
 */
export interface ConsistencyCheck {
  /** stable: 'stock.balance' */
  key: string;
  name: string;
  nameEn: string;
  /** at most `limit` rows that break it, across every company */
  find(db: Database, limit: number): Promise<Breach[]>;
}

/** One row that breaks an invariant: where, what it holds, and what it should hold. */
export interface Breach {
  orgId: string;
  /** the row in words a person finds it by: 原料库 / 石灰石, 客户 C001, 结算单 JS2026110001 */
  ref: string;
  /** the figure kept */
  held: string;
  /** the figure its sources add up to */
  expected: string;
  /** which figure of the row: 'quantity', 'frozen' */
  figure: string;
}
