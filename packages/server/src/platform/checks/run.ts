import type { Database } from '../db/pool';
import type { Breach, ConsistencyCheck } from './define';

export interface CheckResult {
  key: string;
  name: string;
  breaches: Breach[];
  /** true when more rows break it than were read */
  truncated: boolean;
}

/** Every check, one after the other (each is one read of its tables), at most `limit` breaches each. */
export async function runChecks(db: Database, checks: ConsistencyCheck[], limit = 100): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    const found = await check.find(db, limit + 1);
    results.push({ key: check.key, name: check.name, breaches: found.slice(0, limit), truncated: found.length > limit });
  }
  return results;
}

/** The report in lines a person reads: one per check, then its breaches. */
export function reportLines(results: CheckResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${r.breaches.length === 0 ? '✓' : '✗'} ${r.name} (${r.key}): ${r.breaches.length === 0 ? '一致' : `${r.breaches.length}${r.truncated ? '+' : ''} 处不一致`}`);
    for (const b of r.breaches) lines.push(`    公司 ${b.orgId} ${b.ref} ${b.figure}: 账面 ${b.held}，应为 ${b.expected}`);
  }
  return lines;
}

export const breachCount = (results: CheckResult[]) => results.reduce((n, r) => n + r.breaches.length, 0);
