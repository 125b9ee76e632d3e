import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { ticketFacts, type LaneHistory, type TicketFacts } from './history-repo';
import { alertOf, raiseMany, type NewAlert } from './raise';
import type { AlertRule } from './rules';
import { firstReadingsOf, judgeTicket, pairs, type ScanKept } from './scan-rules';
import { claimWaiting, lockScanRow, markBatchScanned } from './scan-repo';
import { settingsFor, type RuleSettings } from './settings';

/**
 * The per-weighing rules, run just after each completion's commit, never inside it: the second
 * weighing leaves its ticket's marker (scan-repo.ts scanMarkCte, in its own statement) and the
 * poller (ALERT_SCAN_POLLER, jobs.ts) scans the waiting tickets. Two pollers at once take
 * different tickets (SKIP LOCKED), and an alert is raised once whoever finds it (raise.ts). A batch
 * costs a handful of statements whatever its size: its facts, its alerts, its marks.
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
      let n = 0;
      for (const [orgId, ids] of byOrg(waiting)) n += await guarded(tx, orgId, ids, await settingsFor(tx, orgId), options.onError);
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
    const mine: string[] = [];
    for (const id of ticketIds) if (await lockScanRow(tx, orgId, id)) mine.push(id);
    return scanBatch(tx, orgId, mine, settings);
  });
}

function byOrg(waiting: readonly { orgId: string; ticketId: string }[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const w of waiting) m.set(w.orgId, [...(m.get(w.orgId) ?? []), w.ticketId]);
  return m;
}

/**
 * A company's tickets of a batch, together in a savepoint; when the batch fails, ticket by ticket,
 * each in its own savepoint: a ticket whose scan fails (its facts unreadable) is marked scanned
 * with nothing kept and told to `onError`, so it does not hold up the others.
 */
async function guarded(tx: Tx, orgId: string, ids: readonly string[], settings: Settings, onError?: (ticketId: string, error: unknown) => void): Promise<number> {
  await sql`SAVEPOINT alert_scan`.execute(tx);
  try {
    const n = await scanBatch(tx, orgId, ids, settings);
    await sql`RELEASE SAVEPOINT alert_scan`.execute(tx);
    return n;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT alert_scan`.execute(tx);
    if (ids.length === 1) {
      await markBatchScanned(tx, orgId, [{ ticketId: ids[0], ...NOTHING_KEPT }]);
      onError?.(ids[0], error);
      return 0;
    }
  }
  let n = 0;
  for (const id of ids) n += await guarded(tx, orgId, [id], settings, onError);
  return n;
}

/**
 * A batch of the company's tickets: their facts and histories read in one statement, the rules
 * judged here, their alerts (and events) raised in one statement and the batch marked scanned in
 * one. A ticket not completed (voided since) raises nothing.
 */
async function scanBatch(tx: Tx, orgId: string, ids: readonly string[], settings: Settings): Promise<number> {
  if (ids.length === 0) return 0;
  const lastN = (rule: AlertRule) => Number(settings.get(rule)!.settings.lastN);
  const laneN = lastN('DWELL_UNUSUAL');
  const { facts, lanes } = await ticketFacts(tx, orgId, ids, { lastTares: lastN('TARE_DRIFT'), lastNets: lastN('NET_UNUSUAL'), lastLane: laneN });
  const kept: (ScanKept & { ticketId: string; readingsStored?: boolean; firstStored?: boolean })[] = [];
  const alerts: NewAlert[] = [];
  // the batch's own times on the scale, newest first, as a scan ticket by ticket would have found them
  const scannedHere = new Map<string, { ticketId: string; seconds: number }[]>();
  for (const ticketId of ids) {
    const f = facts.get(ticketId);
    if (!f || f.state === 'OBSOLETE') {
      kept.push({ ticketId, ...NOTHING_KEPT });
    } else if (!f.completed) {
      // at its first weighing: the readings that led to it kept, for the scan at its completion
      kept.push({ ticketId, ...NOTHING_KEPT, firstReadings: pairs(firstReadingsOf(f, Number(settings.get('READING_JUMP')!.settings.settleKg))), firstStored: f.storedFirstReadings !== null });
    } else if (f.derived) {
      // a return or a split's part: no weighing of its own to judge (its figures are its original's weighing's, judged at that
      // completion); judged as one, it would be a truck weighed again within minutes and its original's alerts raised twice
      kept.push({ ticketId, ...NOTHING_KEPT });
    } else {
      const here = f.secondScale !== null ? scannedHere.get(f.secondScale) ?? [] : [];
      const verdict = judgeTicket({ ...f, laneSeconds: laneOf(ticketId, here, f.secondScale !== null ? lanes.get(f.secondScale) : undefined, laneN) }, settings);
      for (const x of verdict.findings) alerts.push(alertOf(x, { source: 'WEIGHING', dedupeKey: `ticket:${f.id}`, ...about(f), ticketIds: [f.id] }));
      kept.push({ ticketId, ...verdict.kept, readingsStored: f.storedReadings !== null, firstStored: f.storedFirstReadings !== null });
      if (verdict.kept.scaleId !== null && verdict.kept.dwellSeconds !== null) {
        scannedHere.set(verdict.kept.scaleId, [{ ticketId, seconds: verdict.kept.dwellSeconds }, ...here]);
      }
    }
  }
  const raised = await raiseMany(tx, orgId, alerts);
  await markBatchScanned(tx, orgId, kept);
  return raised;
}

/**
 * A lane's last `n` times on the scale before a ticket of the batch: the batch's tickets scanned
 * before it (the newest), then the lane's as read, neither this ticket's nor theirs again.
 */
export function laneOf(ticketId: string, here: readonly { ticketId: string; seconds: number }[], read: LaneHistory | undefined, n: number): number[] {
  const out = here.filter((h) => h.ticketId !== ticketId).map((h) => h.seconds);
  const seen = new Set(here.map((h) => h.ticketId)).add(ticketId);
  if (read) for (let i = 0; i < read.ticketIds.length && out.length < n; i++) if (!seen.has(read.ticketIds[i])) out.push(read.seconds[i]);
  return out.slice(0, n);
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
