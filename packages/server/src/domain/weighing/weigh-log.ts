import { weighingBody, type WeighingBody, type WeighingReply } from '@wb/protocol';
import type { Who } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import type { WeighingSourceColumn } from '../../platform/db/schema';
import type { ScaleBoard } from '../station/board';
import { sourceOfCall } from '../station/source-rules';
import { weightOfCall } from '../station/weigh-source';
import { AppError } from '../../platform/http/errors';
import type { TicketKind } from './kinds';
import type { Tx } from './repo';
import { insertWeighLog } from './weigh-log-repo';

export type WeighReading = 'FIRST' | 'SECOND';
export type WeighOutcome = 'ACCEPTED' | 'REFUSED' | 'REPLAY';
export type WeighIdentifiedBy = 'REGISTRY' | 'CARD' | 'PLATE' | 'TICKET';

/**
 * What the weigh log keeps of one call to the first or second weighing. The call's own fields come
 * from its body; the weighing fills in the plate, the ticket and the company's weight unit as it
 * learns them, so a refusal names as much as was known when it came.
 */
export interface WeighCall {
  orgId: string;
  userId: string;
  username: string;
  kind: TicketKind;
  reading: WeighReading;
  station: string;
  requestId: string | null;
  identifiedBy: WeighIdentifiedBy | null;
  identifiedValue: string | null;
  /** as sent, in the company's weighing unit */
  weight: string | null;
  stable: boolean | null;
  tareChoice: string | null;
  plate: string | null;
  unit: 't' | 'kg' | null;
  ticketId: string | null;
  ticketNo: string | null;
  /** where the figure came from (domain/station weigh-source.ts); null until decided */
  source: WeighingSourceColumn | null;
  scaleId: string | null;
  /** what the operator confirmed of an unusual second weighing (rules/unusual.ts), as the ticket keeps it */
  confirmed: string | null;
}

/** Who weighed, as the weigh log names them. */
type Weigher = Pick<Who, 'orgId' | 'userId' | 'username'>;

/**
 * How the call named its truck, in the order the weighing looks: a second weighing takes the
 * ticket first (identify.ts ticketOfSecond), a first weighing has no ticket yet and takes the
 * registry, the card, then the plate (registryOfFirst).
 */
export function identificationOf(reading: WeighReading, b: Pick<WeighingBody, 'registryId' | 'cardUid' | 'plate' | 'ticketId'>): { by: WeighIdentifiedBy; value: string } | null {
  const named: [WeighIdentifiedBy, string | undefined][] = [['REGISTRY', b.registryId], ['CARD', b.cardUid], ['PLATE', b.plate]];
  const order: [WeighIdentifiedBy, string | undefined][] = reading === 'SECOND' ? [['TICKET', b.ticketId], ...named] : [...named, ['TICKET', b.ticketId]];
  const found = order.find(([, value]) => value !== undefined);
  return found ? { by: found[0], value: found[1] as string } : null;
}

export function callOf(who: Weigher, kind: TicketKind, reading: WeighReading, body: WeighingBody): WeighCall {
  const named = identificationOf(reading, body);
  return {
    orgId: who.orgId, userId: who.userId, username: who.username, kind, reading, station: body.stationId, requestId: body.requestId,
    identifiedBy: named?.by ?? null, identifiedValue: named?.value ?? null, weight: body.weight ?? null, stable: body.stable, tareChoice: body.tare,
    plate: body.plate ?? null, unit: null, ticketId: null, ticketNo: null, source: null, scaleId: body.scaleId ?? null, confirmed: null,
  };
}

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() !== '' && v.trim().length <= max ? v.trim() : null);

/**
 * A body the schema refused is logged only when it names a station: the log is read by station and
 * request id, and a call that names no scale is not a station's weighing (a probe, a broken
 * client) and would only fill the log with rows nobody can place. Of such a body the log keeps the
 * station and request id alone: the rest is what the schema could not read.
 */
export function unreadCallOf(who: Weigher, kind: TicketKind, reading: WeighReading, raw: unknown): WeighCall | null {
  const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const station = text(b.stationId, 64);
  if (!station) return null;
  return {
    orgId: who.orgId, userId: who.userId, username: who.username, kind, reading, station, requestId: text(b.requestId, 100),
    identifiedBy: null, identifiedValue: null, weight: null, stable: null, tareChoice: null, plate: null, unit: null, ticketId: null, ticketNo: null,
    source: null, scaleId: null, confirmed: null,
  };
}

/** A refusal as the log keeps it: its status and every message it gave (a check may refuse for several reasons). */
export function refusalOf(error: AppError): { status: number; reason: string } {
  const errors = error.data?.errors;
  const messages = Array.isArray(errors) ? errors.map((e) => (e as { message?: unknown }).message).filter((m): m is string => typeof m === 'string') : [];
  return { status: error.status, reason: messages.length > 1 ? messages.join('；') : error.message };
}

/** A refusal the caller can be told (bad input, a business rule, not found); a 500 is a failure, not a refusal. */
const isRefusal = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

/** A weighing's parsed input: its body, and the call the weigh log keeps, filled in as the weighing learns. */
export interface WeighingInput { body: WeighingBody; call: WeighCall | null }
export const weighingInput = weighingBody.transform((body): WeighingInput => ({ body, call: null }));

/**
 * One weighing with its weigh log rows, as the weighing action runs it. The weighing writes the
 * accepted row in its own statements (first.ts, second.ts); a replay's row goes in the same
 * transaction as its answer. `input.call` is what the refusal's row is made of (refusedWeighing).
 */
export async function weighLogged(
  tx: Tx, who: Weigher, kind: TicketKind, reading: WeighReading, input: WeighingInput,
  weigh: (tx: Tx, body: WeighingBody, call: WeighCall) => Promise<WeighingReply>,
  board: ScaleBoard, now: number,
): Promise<WeighingReply> {
  const call = callOf(who, kind, reading, input.body);
  input.call = call;
  // where the figure comes from, kept by a refusal's row too: the server's decision (station/source-rules.ts)
  call.source = sourceOfCall({ channel: 'session', tare: input.body.tare, namesScale: input.body.scaleId !== undefined }).source;
  // the figure: the scale's stable reading, or a typed weight (its right checked by the weighing with its facts)
  const taken = await weightOfCall(tx, who, input.body, board, now);
  Object.assign(call, { source: taken.source, scaleId: taken.scaleId, weight: taken.body.weight ?? null, stable: taken.stable });
  const reply = await weigh(tx, taken.body, call);
  if (reply.replay) await replayLogged(tx, call, reply);
  return reply;
}

/**
 * A replay's row: the call as sent, answered with the first answer, and the source the first call
 * was taken with, whatever this one sent: a replayed request id never becomes another source.
 */
export async function replayLogged(tx: Tx, call: WeighCall, reply: Pick<WeighingReply, 'ticketId' | 'ticketNo'>): Promise<void> {
  const first = await tx.selectFrom('wb_weighing').select(['source', 'scale_id']).where('org_id', '=', call.orgId).where('station', '=', call.station)
    .where('request_id', '=', call.requestId ?? '').executeTakeFirst();
  await insertWeighLog(tx, { ...call, ticketId: reply.ticketId, ticketNo: reply.ticketNo, source: first?.source ?? call.source, scaleId: first?.scale_id ?? call.scaleId }, 'REPLAY');
}

/**
 * A refusal's row, written after the rollback on its own, so it stays whatever the weighing undid:
 * the call as far as the weighing got, or of a body the schema refused, what could be read of it.
 */
export async function refusedWeighing(
  db: Database, who: Weigher, kind: TicketKind, reading: WeighReading, input: WeighingInput | null, raw: unknown, error: unknown,
): Promise<void> {
  if (!isRefusal(error)) return;
  const call = input ? input.call : unreadCallOf(who, kind, reading, raw);
  if (call) await insertWeighLog(db, call, 'REFUSED', refusalOf(error));
}
