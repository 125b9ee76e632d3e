import type { TicketState as LifecycleState } from './rules/transitions';
import Decimal from 'decimal.js';
import { sql, type Insertable, type Kysely, type QueryCreator, type Transaction, type Updateable } from 'kysely';
import { readWeighParams, type WeighParams } from '@wb/protocol';
import type { DB, TicketState as DbTicketState } from '../../platform/db/schema';
import type { CarriedLineUpdate } from '../notice/quantity';
import { storedParams } from '../system/admin/params/repo';
import type { MaterialFacts, WeighingRecord } from './rules/snapshot';
import type { Deduction, DeductionKind } from './rules/net';
import type { DeductionRow } from './rules/merge-split';
import type { WeighCall } from './weigh-log';
import { weighLogValues } from './weigh-log-repo';
import { logRow, type LogEntry } from '../../platform/audit/log';
import { eventCtes, type EmittedEvent } from '../../platform/events/emit';
import { scanMarkCte, scanMarkOfInserted } from '../alert/scan-repo';

/**
 * The weighings' SQL: finding the truck, locking what a weighing changes, and writing the ticket,
 * its readings and deductions (what a decision reads is facts-repo.ts, in one round trip). Always in the caller's company. Lock order, so that two weighings
 * cannot deadlock: the plate's advisory lock, the registry, the ticket, the notice line (through
 * domain/notice/quantity.ts), the vehicle.
 */
export type Tx = Transaction<DB>;
/** reads that need no lock run on a transaction or the pool alike */
export type Runner = Kysely<DB>;

export async function weighParams(tx: Runner, orgId: string): Promise<WeighParams> {
  return readWeighParams(await storedParams(tx, orgId));
}

/** The ticket a station's earlier call with this request id wrote, if any. */
export async function replayedTicket(tx: Tx, orgId: string, station: string, requestId: string): Promise<{ ticketId: string; reading: 'FIRST' | 'SECOND' } | null> {
  const row = await tx.selectFrom('wb_weighing').select(['ticket_id', 'reading']).where('org_id', '=', orgId).where('station', '=', station)
    .where('request_id', '=', requestId).executeTakeFirst();
  return row ? { ticketId: row.ticket_id, reading: row.reading } : null;
}

/** First weighings of one truck take turns, whatever named it (registry, card, plate). */
export async function lockPlate(tx: Tx, orgId: string, plate: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('weigh-plate'), hashtext(${`${orgId}:${plate}`}))`.execute(tx);
}

const REGISTRY_COLUMNS = [
  'id', 'kind', 'registry_no', 'doc_status', 'enabled', 'trip_state', 'notice_id', 'notice_line_id', 'material_id', 'vehicle_id',
  'plate_number', 'driver_name', 'driver_id_number', 'carrier_id', 'reserved_quantity', 'shipped_quantity', 'merged_into_id',
] as const;

export type RegistryRow = Awaited<ReturnType<typeof registryById>>;

export async function registryById(tx: Tx, orgId: string, id: string, lock = false) {
  let q = tx.selectFrom('wb_registry').select(REGISTRY_COLUMNS).where('org_id', '=', orgId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The open trip an IC card read at the scale names. */
export async function registryIdByCard(tx: Tx, orgId: string, cardUid: string): Promise<string | null> {
  const row = await tx.selectFrom('wb_registry as r').innerJoin('md_ic_card as c', (j) => j.onRef('c.id', '=', 'r.ic_card_id').onRef('c.org_id', '=', 'r.org_id'))
    .select('r.id').where('r.org_id', '=', orgId).where('c.card_uid', '=', cardUid).where('r.trip_state', '<>', 'RELEASED')
    .where('r.doc_status', '<>', 'OBSOLETE').executeTakeFirst();
  return row?.id ?? null;
}

/** The truck's trip inside the plant (through the gate, or at the scale). */
export async function registryIdByPlate(tx: Tx, orgId: string, plate: string, kind: string): Promise<string | null> {
  const row = await tx.selectFrom('wb_registry').select('id').where('org_id', '=', orgId).where('plate_number', '=', plate).where('kind', '=', kind as never)
    .where('doc_status', '=', 'AUDITED').where('trip_state', 'in', ['ENTERED', 'WEIGHING']).orderBy('created_at', 'desc').executeTakeFirst();
  return row?.id ?? null;
}

export async function saveVehicleTares(tx: Tx, orgId: string, vehicleId: string, t: { lastTare: Decimal | null; averageTare: Decimal | null; tareTime: Date | null; tareCount: number }) {
  await tx.updateTable('md_vehicle').set({
    last_tare: t.lastTare?.toFixed() ?? null, average_tare: t.averageTare?.toFixed() ?? null, tare_time: t.tareTime, tare_count: t.tareCount,
  }).where('org_id', '=', orgId).where('id', '=', vehicleId).execute();
}

const NO_MATERIAL: MaterialFacts = { overload: false, pnmary: null, sceneConfirm: false, hiddenDeduct: new Decimal(0), minNet: null };

export async function materialFacts(tx: Runner, orgId: string, materialId: string | null): Promise<MaterialFacts & { found: boolean }> {
  if (!materialId) return { ...NO_MATERIAL, found: false };
  const m = await tx.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id')
    .select(['m.overload', 'm.pnmary', 'm.scene_confirm', 'm.hidden_deduct', 'm.min_net']).where('a.org_id', '=', orgId).where('a.archive_id', '=', materialId)
    .executeTakeFirst();
  if (!m) return { ...NO_MATERIAL, found: false };
  return {
    overload: m.overload, pnmary: m.pnmary, sceneConfirm: m.scene_confirm, hiddenDeduct: new Decimal(m.hidden_deduct),
    minNet: m.min_net === null ? null : new Decimal(m.min_net), found: true,
  };
}

export async function noticeOf(tx: Tx, orgId: string, noticeLineId: string) {
  return tx.selectFrom('wb_notice_line as l').innerJoin('wb_notice as n', 'n.id', 'l.notice_id')
    .select(['n.id as notice_id', 'n.doc_status', 'n.vendor_id', 'n.customer_id', 'n.carrier_id', 'l.warehouse_id', 'l.to_warehouse_id', 'l.price', 'l.material_id'])
    .where('l.org_id', '=', orgId).where('l.id', '=', noticeLineId).executeTakeFirst();
}

/**
 * A new ticket. One made completed (a return, a split's part) leaves its marker for the alert
 * rules' poller (domain/alert/scan.ts) in the same statement, as every completion does.
 */
export async function insertTicket(tx: Tx, values: Insertable<DB['wb_ticket']>): Promise<string> {
  if (values.state !== 'COMPLETED') {
    const row = await tx.insertInto('wb_ticket').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  const row = await tx.with('ticket', (q) => q.insertInto('wb_ticket').values(values).returning(['org_id', 'id']))
    .with('alert_scan', scanMarkOfInserted)
    .selectFrom('ticket').select('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface WeighingRow {
  orgId: string; ticketId: string; reading: 'FIRST' | 'SECOND'; record: WeighingRecord; station: string; requestId: string;
  identifiedBy: 'REGISTRY' | 'CARD' | 'PLATE' | 'MANUAL'; snapshots: string[]; operatorId: string;
  /** the call as the weigh log keeps it, its plate, ticket and unit filled in: written as accepted beside the reading */
  log: WeighCall;
  /** the weighing's operation-log entry (log-notes.ts), written beside the reading too */
  note: LogEntry;
}

const weighingValues = (w: WeighingRow): Insertable<DB['wb_weighing']> => ({
  // a typed weight is neither stable nor unstable (station/source-rules.ts): the call keeps null for it
  org_id: w.orgId, ticket_id: w.ticketId, reading: w.reading, weight: w.record.weight.toFixed(), stable: w.log.source === 'MANUAL' ? null : w.record.stable, weighed_at: w.record.at,
  station: w.station, request_id: w.requestId, identified_by: w.identifiedBy, snapshot_file_ids: w.snapshots, operator_id: w.operatorId,
  // where the figure came from (domain/station weigh-source.ts), carried by the call
  source: w.log.source, scale_id: w.log.scaleId,
});

/** The reading with its weigh log row and its operation-log entry, in one statement. */
export async function insertWeighing(tx: Tx, w: WeighingRow): Promise<void> {
  const q = tx.with('log', (q) => q.insertInto('wb_weigh_log').values(weighLogValues(w.log, 'ACCEPTED')))
    .with('note', (q) => q.insertInto('sys_log').values(logRow(w.note)));
  // a first weighing on a scale leaves its ticket for the alert rules' poller, which keeps the scale's readings after the commit (domain/alert/scan.ts)
  const withScan = w.reading === 'FIRST' && w.log.scaleId ? q.with('alert_scan', scanMarkCte(w.orgId, w.ticketId)) as unknown as typeof q : q;
  await withScan.insertInto('wb_weighing').values(weighingValues(w)).execute();
}

/** A registry's trip is at the scale: its hold moves to the ticket, which settles it at completion. */
export async function registryWeighing(tx: Tx, orgId: string, registryId: string, at: Date): Promise<void> {
  await tx.updateTable('wb_registry').set({ trip_state: 'WEIGHING', entered_at: sql`coalesce(entered_at, ${at})`, reserved_quantity: 0, updated_at: new Date() })
    .where('org_id', '=', orgId).where('id', '=', registryId).execute();
}

export const TICKET_COLUMNS = [
  'id', 'kind', 'ticket_no', 'state', 'side', 'registry_id', 'notice_id', 'notice_line_id', 'material_id', 'vehicle_id', 'plate_number', 'first_is',
  'gross', 'gross_time', 'tare', 'tare_time', 'tare_source', 'deduct_total', 'net', 'reserved_quantity', 'price', 'uploaded_at', 'source_ticket_id',
  'manual', 'warnings', 'version', 'amount', 'locked_by_kind', 'locked_by_no', 'freight_settled_by_no', 'quality_price_adjust',
  'vendor_id', 'customer_id', 'price_source',
  // 085, 086: the price basis, the gauged figures, the production batch
  'price_basis', 'gauge_volume', 'gauge_tons', 'batch_id',
  // 097: the silo a sales ticket is loaded at
  'silo_id',
] as const;

/**
 * The number of the goods settlement holding the ticket `alias`: its row's claim (migration 053;
 * the rows' UNIQUE (scope, ticket_id) makes it one at most), read by the ticket's id.
 */
export function goodsSettledNo(alias: string) {
  return sql<string | null>`(SELECT s.settle_no FROM wb_settlement_row r JOIN wb_settlement s ON s.id = r.settlement_id
    WHERE r.scope = 'GOODS' AND r.ticket_id = ${sql.ref(`${alias}.id`)})`;
}

/**
 * The ticket under its row lock, then its columns in a statement of their own: a settlement holds
 * the ticket's lock while it writes its row, and only a snapshot taken after the lock sees that row.
 */
export async function lockTicket(tx: Tx, orgId: string, id: string): Promise<TicketRow | undefined> {
  const locked = await tx.selectFrom('wb_ticket').select('id').where('org_id', '=', orgId).where('id', '=', id).forUpdate().executeTakeFirst();
  return locked ? ticketById(tx, orgId, id) : undefined;
}

/** The same columns without a lock, for a read that changes nothing. */
export async function ticketById(tx: Runner, orgId: string, id: string) {
  return tx.selectFrom('wb_ticket').select(TICKET_COLUMNS).select(goodsSettledNo('wb_ticket').as('settled_by_no'))
    .where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}
export type TicketRow = NonNullable<Awaited<ReturnType<typeof ticketById>>>;

/** The originals of the return tickets among these ids (source_ticket_id never changes once written). */
export async function returnSources(tx: Runner, orgId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.selectFrom('wb_ticket').select('source_ticket_id').where('org_id', '=', orgId).where('id', 'in', ids)
    .where('source_ticket_id', 'is not', null).execute();
  return rows.map((r) => r.source_ticket_id as string);
}

export async function hasReturn(tx: Runner, orgId: string, ticketId: string): Promise<boolean> {
  const row = await tx.selectFrom('wb_ticket').select('id').where('org_id', '=', orgId).where('source_ticket_id', '=', ticketId).where('state', '<>', 'OBSOLETE').executeTakeFirst();
  return !!row;
}

const KIND_TO_DB: Record<DeductionKind, DB['wb_ticket_deduction']['kind']> = {
  water: 'WATER', impurity: 'IMPURITY', detritus: 'DETRITUS', stone: 'STONE', other: 'OTHER', quality: 'QUALITY', hidden: 'HIDDEN',
};
const KIND_FROM_DB = Object.fromEntries(Object.entries(KIND_TO_DB).map(([k, v]) => [v, k])) as Record<string, DeductionKind>;

/** The deductions entered on the ticket (site confirmation, deduct), without the material's hidden one, which the rules add. */
export async function ticketDeductions(tx: Runner, ticketId: string): Promise<Deduction[]> {
  const rows = await tx.selectFrom('wb_ticket_deduction').select(['kind', 'mode', 'value']).where('ticket_id', '=', ticketId).where('kind', '<>', 'HIDDEN').execute();
  return rows.map((r) => {
    const kind = KIND_FROM_DB[r.kind] as DeductionKind;
    return r.mode === 'RATE' ? { kind, rate: new Decimal(r.value) } : { kind, amount: new Decimal(r.value) };
  });
}

/** Writes what each deduction came to; the hidden one is written (or removed) as the material says. */
export async function saveDeductionAmounts(tx: Tx, orgId: string, ticketId: string, lines: { kind: DeductionKind; weight: Decimal }[], userId: string): Promise<void> {
  for (const l of lines) {
    if (l.kind === 'hidden') continue;
    await tx.updateTable('wb_ticket_deduction').set({ amount: l.weight.toFixed() }).where('ticket_id', '=', ticketId).where('kind', '=', KIND_TO_DB[l.kind]).execute();
  }
  const hidden = lines.find((l) => l.kind === 'hidden');
  await tx.deleteFrom('wb_ticket_deduction').where('ticket_id', '=', ticketId).where('kind', '=', 'HIDDEN').execute();
  if (hidden) {
    await tx.insertInto('wb_ticket_deduction').values({
      org_id: orgId, ticket_id: ticketId, kind: 'HIDDEN', mode: 'AMOUNT', value: hidden.weight.toFixed(), amount: hidden.weight.toFixed(), created_by: userId,
    }).execute();
  }
}

export async function updateTicket(tx: Tx, orgId: string, id: string, set: Updateable<DB['wb_ticket']>): Promise<void> {
  await tx.updateTable('wb_ticket').set({ ...set, updated_at: new Date(), version: sql`version + 1` }).where('org_id', '=', orgId).where('id', '=', id).execute();
}

/**
 * The ticket's new figures, the reading that gave them with its weigh log row and its
 * operation-log entry and, when it has one, its notice line's change (domain/notice/quantity.ts
 * decides it), in one statement: one round trip, not five.
 */
export async function updateTicketWithReading(
  tx: Tx, orgId: string, id: string, set: Updateable<DB['wb_ticket']>, w: WeighingRow, line: ((q: QueryCreator<DB>) => CarriedLineUpdate) | null,
  event?: EmittedEvent,
): Promise<void> {
  const withReading = tx.with('reading', (q) => q.insertInto('wb_weighing').values(weighingValues(w)))
    .with('log', (q) => q.insertInto('wb_weigh_log').values(weighLogValues(w.log, 'ACCEPTED')))
    .with('note', (q) => q.insertInto('sys_log').values(logRow(w.note)));
  const withLine = line ? withReading.with('line', line) : withReading;
  // the ticket's event (platform/events eventCtes): nothing written when nobody subscribes, no round trip of its own either way
  const withEvent = event ? eventCtes(event).reduce((q, [name, body]) => q.with(name, () => body) as unknown as typeof withLine, withLine) : withLine;
  // a completion leaves its ticket for the alert rules' poller (domain/alert/scan.ts), which runs after the commit
  const withScan = set.state === 'COMPLETED' ? withEvent.with('alert_scan', scanMarkCte(orgId, id)) as unknown as typeof withLine : withEvent;
  await withScan.updateTable('wb_ticket').set({ ...set, updated_at: new Date(), version: sql`version + 1` }).where('org_id', '=', orgId).where('id', '=', id).execute();
}

export const STATE_TO_DB: Record<LifecycleState, DbTicketState> = {
  firstWeighed: 'FIRST_WEIGHED', confirmed: 'CONFIRMED', completed: 'COMPLETED', audited: 'AUDITED', posted: 'POSTED', closed: 'CLOSED', obsolete: 'OBSOLETE',
};
export const STATE_FROM_DB = Object.fromEntries(Object.entries(STATE_TO_DB).map(([k, v]) => [v, k])) as Record<DbTicketState, LifecycleState>;

export async function ticketReplyRow(tx: Tx, orgId: string, id: string) {
  return tx.selectFrom('wb_ticket').select(['id', 'ticket_no', 'state', 'first_is', 'gross', 'tare', 'tare_source', 'deduct_total', 'net', 'warnings'])
    .where('org_id', '=', orgId).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Ticket numbers already used in the company (typed by hand on a manual ticket, or pushed). */
export async function ticketNumbersTaken(tx: Tx, orgId: string, codes: string[]): Promise<Set<string>> {
  const rows = await tx.selectFrom('wb_ticket').select('ticket_no').where('org_id', '=', orgId).where('ticket_no', 'in', codes).execute();
  return new Set(rows.map((r) => r.ticket_no));
}

export async function highestTicketSerial(tx: Tx, orgId: string, stem: string): Promise<number> {
  const { rows } = await sql<{ n: string | null }>`
    SELECT max(substr(ticket_no, ${stem.length + 1})::numeric)::text AS n FROM wb_ticket
     WHERE org_id = ${orgId} AND left(ticket_no, ${stem.length}) = ${stem} AND substr(ticket_no, ${stem.length + 1}) ~ '^[0-9]{1,15}$'`.execute(tx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The ticket's typed deductions become exactly these (amounts are filled when the net is known);
 * with keepQuality the stored QUALITY row (the lab's) is left as it is, who wrote it with it.
 */
export async function replaceDeductions(tx: Tx, orgId: string, ticketId: string, deductions: Deduction[], userId: string, keepQuality = false): Promise<void> {
  await tx.deleteFrom('wb_ticket_deduction').where('ticket_id', '=', ticketId).where('kind', 'not in', keepQuality ? ['HIDDEN', 'QUALITY'] : ['HIDDEN']).execute();
  const rows = deductions.filter((d) => d.kind !== 'hidden' && !(keepQuality && d.kind === 'quality')).map((d) => ({
    org_id: orgId, ticket_id: ticketId, kind: KIND_TO_DB[d.kind], mode: 'amount' in d ? ('AMOUNT' as const) : ('RATE' as const),
    value: ('amount' in d ? d.amount : d.rate).toFixed(), amount: 'amount' in d ? d.amount.toFixed() : '0', created_by: userId,
  }));
  if (rows.length) await tx.insertInto('wb_ticket_deduction').values(rows).execute();
}

/** The deduction rows of each ticket, as stored (the hidden one too), in the order of the ids given. */
export async function deductionRows(tx: Runner, ticketIds: string[]): Promise<DeductionRow[][]> {
  const rows = await tx.selectFrom('wb_ticket_deduction').select(['ticket_id', 'kind', 'mode', 'value', 'amount']).where('ticket_id', 'in', ticketIds).orderBy('id').execute();
  return ticketIds.map((id) => rows.filter((r) => String(r.ticket_id) === String(id))
    .map((r) => ({ kind: r.kind, mode: r.mode, value: new Decimal(r.value), amount: new Decimal(r.amount) })));
}

/** The ticket's deduction rows become exactly these, the hidden one included (a merge's sums). */
export async function writeDeductionRows(tx: Tx, orgId: string, ticketId: string, rows: DeductionRow[], userId: string): Promise<void> {
  await tx.deleteFrom('wb_ticket_deduction').where('ticket_id', '=', ticketId).execute();
  if (rows.length === 0) return;
  await tx.insertInto('wb_ticket_deduction').values(rows.map((r) => ({
    org_id: orgId, ticket_id: ticketId, kind: r.kind as DB['wb_ticket_deduction']['kind'], mode: r.mode, value: r.value.toFixed(), amount: r.amount.toFixed(), created_by: userId,
  }))).execute();
}

/** The hidden deduct a completed ticket took (its HIDDEN row), 0 when it took none. */
export async function hiddenDeductOf(tx: Runner, ticketId: string): Promise<Decimal> {
  const row = await tx.selectFrom('wb_ticket_deduction').select('amount').where('ticket_id', '=', ticketId).where('kind', '=', 'HIDDEN').executeTakeFirst();
  return new Decimal(row?.amount ?? 0);
}
