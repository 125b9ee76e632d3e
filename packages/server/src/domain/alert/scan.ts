import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { ticketFacts, type TicketFacts } from './history-repo';
import { alertOf, raise } from './raise';
import type { AlertRule } from './rules';
import { firstReadingsOf, judgeTicket, pairs, type ScanKept } from './scan-rules';
import { claimWaiting, lockScanRow, markScanned } from './scan-repo';
import { settingsFor, type RuleSettings } from './settings';

/**
 * The per-weighing rules, run just after each completion's commit, never inside it: the second
 * weighing leaves its ticket's marker (scan-repo.ts scanMarkCte, in its own statement) and the
 * poller (ALERT_SCAN_POLLER, jobs.ts) scans the waiting tickets. Two pollers at once take
 * different tickets (SKIP LOCKED), and an alert is raised once whoever finds it (raise.ts).
 */

type Tx = Transaction<DB>;
const NOTHING_KEPT: ScanKept = { scaleId: null, dwellSeconds: null, readings: null, firstReadings: null };
type Settings = Map<AlertRule, RuleSettings>;

/** The waiting tickets scanned, batch after batch until none waits; answers the alerts raised. */
export async function scanPending(db: Database, options: { batch?: number; onError?: (ticketId: string, error: unknown) => void } = {}): Promise<number> {
  const batch = options.batch ?? 100;
  let raised = 0;
  for (;;) {
    const { count, taken } = await db.transaction().execute(async (tx) => {
      const waiting = await claimWaiting(tx, batch);
      const cache = new Map<string, Settings>();
      let n = 0;
      for (const w of waiting) n += await guarded(tx, w.orgId, w.ticketId, await settingsOf(tx, cache, w.orgId), options.onError);
      return { count: n, taken: waiting.length };
    });
    raised += count;
    if (taken < batch) return raised;
  }
}

/**
 * Scans the company's tickets now, whether or not they wait (a check, a test, a rescan after a
 * change of settings): a ticket another run holds is left to it. Answers the alerts raised.
 */
export async function scanTickets(db: Database, orgId: string, ticketIds: readonly string[]): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const settings = await settingsFor(tx, orgId);
    let raised = 0;
    for (const id of ticketIds) if (await lockScanRow(tx, orgId, id)) raised += await scanOne(tx, orgId, id, settings);
    return raised;
  });
}

/**
 * One ticket of a batch in a savepoint: a ticket whose scan fails (its facts unreadable) is marked
 * scanned with nothing kept and told to `onError`, so it does not hold up the tickets after it.
 */
async function guarded(tx: Tx, orgId: string, ticketId: string, settings: Settings, onError?: (ticketId: string, error: unknown) => void): Promise<number> {
  await sql`SAVEPOINT alert_scan`.execute(tx);
  try {
    const n = await scanOne(tx, orgId, ticketId, settings);
    await sql`RELEASE SAVEPOINT alert_scan`.execute(tx);
    return n;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT alert_scan`.execute(tx);
    await markScanned(tx, orgId, ticketId, NOTHING_KEPT);
    onError?.(ticketId, error);
    return 0;
  }
}

async function settingsOf(tx: Tx, cache: Map<string, Settings>, orgId: string): Promise<Settings> {
  let s = cache.get(orgId);
  if (!s) cache.set(orgId, (s = await settingsFor(tx, orgId)));
  return s;
}

/** One ticket: its facts read, its findings raised as alerts, the scan kept; a ticket not completed (voided since) raises nothing. */
async function scanOne(tx: Tx, orgId: string, ticketId: string, settings: Settings): Promise<number> {
  const lastN = (rule: AlertRule) => Number(settings.get(rule)!.settings.lastN);
  const facts = await ticketFacts(tx, orgId, ticketId, { lastTares: lastN('TARE_DRIFT'), lastNets: lastN('NET_UNUSUAL'), lastLane: lastN('DWELL_UNUSUAL') });
  if (!facts || facts.state === 'OBSOLETE') {
    await markScanned(tx, orgId, ticketId, NOTHING_KEPT);
    return 0;
  }
  // at its first weighing: the readings that led to it kept, for the scan at its completion
  if (!facts.completed) {
    const first = pairs(firstReadingsOf(facts, Number(settings.get('READING_JUMP')!.settings.settleKg)));
    await markScanned(tx, orgId, ticketId, { ...NOTHING_KEPT, firstReadings: first });
    return 0;
  }
  // a return or a split's part: no weighing of its own to judge (its figures are its original's weighing's, judged at that
  // completion); judged as one, it would be a truck weighed again within minutes and its original's alerts raised twice
  if (facts.derived) {
    await markScanned(tx, orgId, ticketId, NOTHING_KEPT);
    return 0;
  }
  const verdict = judgeTicket(facts, settings);
  let raised = 0;
  for (const f of verdict.findings) {
    if (await raise(tx, orgId, alertOf(f, { source: 'WEIGHING', dedupeKey: `ticket:${facts.id}`, ...about(facts), ticketIds: [facts.id] }))) raised++;
  }
  await markScanned(tx, orgId, ticketId, verdict.kept);
  return raised;
}

/** What an alert on a ticket is about: the lists, the filters and the report per operator and vendor group on these. */
function about(f: TicketFacts) {
  const party = f.kind === 'sa' || (f.vendorId === null && f.customerId !== null)
    ? { partyKind: 'CUSTOMER' as const, partyId: f.customerId }
    : { partyKind: f.vendorId !== null ? 'VENDOR' as const : null, partyId: f.vendorId };
  return {
    occurredAt: f.completedAt, ticketId: f.id, ticketNo: f.ticketNo, plate: f.plate, operatorId: f.operatorId,
    ...(party.partyId !== null ? party : { partyKind: null, partyId: null }),
    materialId: f.materialId, scaleId: f.secondScale,
  };
}
