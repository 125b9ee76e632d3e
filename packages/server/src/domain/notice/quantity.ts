import type Decimal from 'decimal.js';
import { type QueryCreator, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { decideComplete, decideRelease, decideReserve, decideUncomplete, type QuantityDecision } from './quantity-rules';

/**
 * The notice line's quantities, moved inside the caller's transaction. Each locks the line first
 * (FOR UPDATE), so two trucks completing against one line take turns, and the second sees what the
 * first did; the CHECK wb_notice_line_max_limit stays the backstop. Callers lock their own row
 * (registry, ticket) before the line, always in that order, so two such transactions cannot
 * deadlock.
 */
type Tx = Transaction<DB>;

/** A line's quantities as read under its row lock in the current transaction. */
export interface LockedLine {
  readonly lineId: string;
  readonly maxLimit: string;
  readonly done: string;
  readonly inTransit: string;
  readonly quantityControl: boolean;
  readonly doneTrips: number;
  readonly inTransitTrips: number;
  readonly [lockedHere]: true;
}
declare const lockedHere: unique symbol;

/**
 * The line's lock and quantities as a fragment another statement can carry (the weighing reads
 * its line with every other fact in one round trip); its row, as JSON, goes to lockedLineOf. The
 * row also carries what the price chain reads of the line (its notice, price, seq and contract
 * line: domain/price/completion.ts lockedLinePriceSql), so a completion priced by its line reads
 * the line once.
 */
export function lockLineSql(orgId: string, lineId: string | null): RawBuilder<unknown> {
  return sql`SELECT id::text AS line_id, max_limit::text, done_quantity::text, in_transit::text, quantity_control, done_trips, in_transit_trips,
      notice_id, price::text AS price, seq, contract_line_id::text AS contract_line_id
    FROM wb_notice_line WHERE org_id = ${orgId} AND id = ${lineId}::bigint FOR UPDATE`;
}

/** Only for a row lockLineSql read in the transaction that will write the line: the type vouches for the lock. */
export function lockedLineOf(row: Record<string, unknown>): LockedLine {
  return {
    lineId: row.line_id as string, maxLimit: row.max_limit as string, done: row.done_quantity as string, inTransit: row.in_transit as string,
    quantityControl: row.quantity_control as boolean, doneTrips: row.done_trips as number, inTransitTrips: row.in_transit_trips as number,
  } as LockedLine;
}

async function lockLine(tx: Tx, orgId: string, lineId: string) {
  const line = await tx
    .selectFrom('wb_notice_line')
    .select(['id', 'max_limit', 'done_quantity', 'in_transit', 'quantity_control', 'done_trips', 'in_transit_trips'])
    .where('org_id', '=', orgId)
    .where('id', '=', lineId)
    .forUpdate()
    .executeTakeFirst();
  if (!line) throw new AppError(404, '通知单明细不存在', 'noticeLineId');
  return {
    maxLimit: line.max_limit, done: line.done_quantity, inTransit: line.in_transit, quantityControl: line.quantity_control,
    doneTrips: line.done_trips, inTransitTrips: line.in_transit_trips,
  };
}

function lineUpdate(q: QueryCreator<DB>, orgId: string, lineId: string, decision: QuantityDecision & { ok: true }) {
  return q
    .updateTable('wb_notice_line')
    .set({
      done_quantity: decision.done.toFixed(), in_transit: decision.inTransit.toFixed(), done_trips: decision.doneTrips,
      in_transit_trips: decision.inTransitTrips, updated_at: new Date(),
    })
    .where('org_id', '=', orgId)
    .where('id', '=', lineId);
}

async function apply(tx: Tx, orgId: string, lineId: string, decision: QuantityDecision, field: string): Promise<void> {
  if (!decision.ok) throw badRequest(decision.message, field);
  await lineUpdate(tx, orgId, lineId, decision).execute();
}

/** A registry takes its pre-loaded quantity off what the line has left. */
export async function reserveOnLine(tx: Tx, orgId: string, lineId: string, quantity: Decimal.Value): Promise<void> {
  await apply(tx, orgId, lineId, decideReserve(await lockLine(tx, orgId, lineId), quantity), 'preQuantity');
}

/** The hold of a trip that ended without goods counted goes back to the line. */
export async function releaseOnLine(tx: Tx, orgId: string, lineId: string, reserved: Decimal.Value): Promise<void> {
  await apply(tx, orgId, lineId, decideRelease(await lockLine(tx, orgId, lineId), reserved), 'preQuantity');
}

/** The completed ticket's net becomes done and its registry's hold is let go. */
export async function completeOnLine(tx: Tx, orgId: string, lineId: string, reserved: Decimal.Value, net: Decimal.Value): Promise<void> {
  await apply(tx, orgId, lineId, decideComplete(await lockLine(tx, orgId, lineId), reserved, net), 'net');
}

/**
 * The same, on a line this transaction has already locked and read (lockLineSql), as a change the
 * caller's own write carries along (a WITH of its statement): the refusal is thrown here, before
 * anything is written, and the ticket and its line are written in one round trip.
 */
export function completionOnLockedLine(orgId: string, line: LockedLine, reserved: Decimal.Value, net: Decimal.Value): (q: QueryCreator<DB>) => CarriedLineUpdate {
  const decision = decideComplete(line, reserved, net);
  if (!decision.ok) throw badRequest(decision.message, 'net');
  return (q) => lineUpdate(q, orgId, line.lineId, decision);
}
export type CarriedLineUpdate = ReturnType<typeof lineUpdate>;

/** A completed ticket taken back: its net leaves done. */
export async function uncompleteOnLine(tx: Tx, orgId: string, lineId: string, net: Decimal.Value): Promise<void> {
  await apply(tx, orgId, lineId, decideUncomplete(await lockLine(tx, orgId, lineId), net), 'net');
}
