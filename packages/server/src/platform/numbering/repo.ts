import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { type CodeRule, formatNumber, numberStem, periodKey } from './rules';

type Tx = Transaction<DB>;

/** The company's own rule for a kind of document, or the family's default when it has none. */
export async function ruleFor(tx: Tx, orgId: string, docKind: string, fallback: CodeRule): Promise<CodeRule> {
  const row = await tx
    .selectFrom('sys_code_rule')
    .select(['prefix', 'date_pattern', 'serial_width', 'reset_period'])
    .where('org_id', '=', orgId)
    .where('doc_kind', '=', docKind)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!row) return fallback;
  return { prefix: row.prefix, datePattern: row.date_pattern, serialWidth: row.serial_width, resetPeriod: row.reset_period };
}

/** Today in the plant's time zone (the session's TimeZone), as yyyyMMdd. */
async function plantDay(tx: Tx): Promise<string> {
  const { rows } = await sql<{ day: string }>`SELECT to_char(now(), 'YYYYMMDD') AS day`.execute(tx);
  return rows[0].day;
}

/**
 * Takes `count` consecutive serials in one atomic statement. The serial row stays locked until
 * the caller's transaction ends, so concurrent takers queue on it and never share a number; a
 * rollback returns the serials, so committed numbers have no gaps.
 */
async function takeSerials(tx: Tx, orgId: string, docKind: string, period: string, count: number): Promise<number> {
  const { rows } = await sql<{ last: string }>`
    INSERT INTO sys_code_serial AS s (org_id, doc_kind, period, last_serial) VALUES (${orgId}, ${docKind}, ${period}, ${count})
    ON CONFLICT (org_id, doc_kind, period) DO UPDATE SET last_serial = s.last_serial + ${count}
    RETURNING last_serial::text AS last`.execute(tx);
  return Number(rows[0].last) - count + 1;
}

/** Moves a period's serial up to at least `serial` (never down): numbers below are in use. */
async function raiseSerial(tx: Tx, orgId: string, docKind: string, period: string, serial: number): Promise<void> {
  await sql`UPDATE sys_code_serial SET last_serial = greatest(last_serial, ${serial}) WHERE org_id = ${orgId} AND doc_kind = ${docKind} AND period = ${period}`.execute(tx);
}

export interface NumberRequest {
  orgId: string;
  docKind: string;
  fallback: CodeRule;
  count: number;
  /** which of the candidate numbers are already used (typed by hand, or another company's rule) */
  taken: (codes: string[]) => Promise<Set<string>>;
  /** the highest serial already used after this stem (codes pushed from an ERP in the same form) */
  highestSerial: (stem: string) => Promise<number>;
}

/**
 * `count` new document numbers for the caller's company, inside the caller's transaction. A
 * number someone typed by hand is skipped, not issued twice.
 */
export async function nextNumbers(tx: Tx, req: NumberRequest): Promise<string[]> {
  if (req.count <= 0) return [];
  const rule = await ruleFor(tx, req.orgId, req.docKind, req.fallback);
  const day = await plantDay(tx);
  const period = periodKey(rule, day);
  const issued: string[] = [];
  for (let round = 0; issued.length < req.count && round < 3; round++) {
    const want = req.count - issued.length;
    const first = await takeSerials(tx, req.orgId, req.docKind, period, want);
    const candidates = Array.from({ length: want }, (_, i) => formatNumber(rule, day, first + i));
    const taken = await req.taken(candidates);
    issued.push(...candidates.filter((c) => !taken.has(c)));
    // numbers of this form were written without the rule (typed, imported, pushed): jump past
    // the highest instead of stepping through them one by one
    if (taken.size > 0) await raiseSerial(tx, req.orgId, req.docKind, period, await req.highestSerial(numberStem(rule, day)));
  }
  if (issued.length < req.count) throw new Error(`no free number for ${req.docKind}`);
  return issued;
}
