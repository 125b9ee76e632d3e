import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { TicketPrintLayout } from '@wb/protocol';
import { writeLogs } from '../../platform/audit/log';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { createEntityIn } from '../../platform/documents/actions';
import { constraintProblem } from '../../platform/documents/constraint-errors';
import { SIGNED_URL_TTL_SECONDS, type FileStorage } from '../../platform/files/storage';
import { storageKey } from '../../platform/files/upload-rules';
import { AppError, badRequest } from '../../platform/http/errors';
import { rulesFor } from '../gate/appointment-rules';
import * as gateRepo from '../gate/repo';
import { docAction, lockedBatch } from '../registry/doc-actions';
import { REGISTRY_FAMILIES } from '../registry/family';
import { KIND_INFO, type RegistryKind } from '../registry/kinds';
import { registryNote } from '../registry/log-notes';
import { previewTicket } from '../weighing/print/print';
import { withCheck } from '../weighing/print/check';
import type { TicketKind } from '../weighing/kinds';
import { driverEntry, driverScope, mintDriverToken, type Driver } from './access';
import * as repo from './repo';
import {
  BOOKING_DAYS, bookingDayRefusal, bookingQuotaRefusal, cancelRefusal, dayOffers, driverState, readSignature, receiptRefusal, windowsText,
  type DriverState,
} from './rules';

type Tx = Transaction<DB>;

/** A time as the plant reads it: yyyy-MM-dd HH:mm:ss in PLANT_TIME_ZONE. */
export function plantTime(d: Date | null): string | null {
  if (!d) return null;
  const zone = process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';
  return new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
    .format(d).replace('T', ' ');
}

const notHis = () => new AppError(403, '无权查看其他车辆的信息', 'registryId');

/** His trip, or a 403 when the registry his link names is now another plate's (and he has no other). */
async function tripOrNull(db: Database | Tx, d: Driver) {
  return repo.currentTrip(db, d.orgId, d.plate, d.registryId);
}

export interface BookingView {
  id: string; registryId: string; registryNo: string; noticeNo: string | null; material: string | null;
  day: string; window: string | null; state: DriverState; cancellable: boolean; createdAt: Date;
}

async function bookingViews(db: Database | Tx, d: Driver, rows: repo.BookingRow[]): Promise<BookingView[]> {
  const rules = rows.length ? await gateRepo.appointmentRules(db, d.orgId) : [];
  return rows.map((b) => {
    const state = driverState({ ...b, ticketState: b.ticketState });
    return {
      id: b.id, registryId: b.registryId, registryNo: b.registryNo, noticeNo: b.noticeNo, material: b.material, day: b.day,
      window: windowsText(rulesFor(rules, { registryNo: b.registryNo, kind: b.kind, materialCode: b.materialCode }, b.day)),
      state, cancellable: b.tripState === 'PLANNED' && !b.calledAt && b.docStatus !== 'OBSOLETE', createdAt: b.createdAt,
    };
  });
}

const tripView = (t: repo.TripRow) => ({
  registryId: t.registryId, registryNo: t.registryNo, kind: t.kind, kindLabel: KIND_INFO[t.kind].label,
  noticeNo: t.noticeNo, material: t.material, state: driverState(t),
});

export async function me(db: Database, d: Driver) {
  const trip = await tripOrNull(db, d);
  return {
    plate: d.plate, party: trip?.party ?? null, carrier: trip?.carrier ?? null, plant: await repo.plantName(db, d.orgId),
    expiresAt: new Date(d.expiresSec * 1000), trip: trip ? tripView(trip) : null,
    bookings: await bookingViews(db, d, await repo.bookingsOf(db, d.orgId, d.plate)),
  };
}

export const POLL_SECONDS = 5;

export async function status(db: Database, d: Driver) {
  const trip = await tripOrNull(db, d);
  if (!trip) return { state: null, registryId: null, registryNo: null, queue: null, calledAt: null, ticket: null, pollSeconds: POLL_SECONDS };
  const state = driverState(trip);
  let queue: { place: number; ahead: number; total: number } | null = null;
  if (state === 'WAITING' && trip.docStatus === 'AUDITED') {
    const q = await repo.queuePlace(db, d.orgId, trip.kind, trip.registryId);
    if (q.mine) queue = { place: q.ahead + 1, ahead: q.ahead, total: q.total };
  }
  const ticket = await repo.ticketOfTrip(db, d.orgId, trip.registryId);
  return {
    state, registryId: trip.registryId, registryNo: trip.registryNo, queue, calledAt: trip.calledAt,
    ticket: ticket ? { id: ticket.id, ticketNo: ticket.ticketNo, state: ticket.state } : null, pollSeconds: POLL_SECONDS,
  };
}

/** The trip whose company, kind and party the notices he may book are found by: his current one. */
async function bookingBase(db: Database | Tx, d: Driver) {
  const trip = await tripOrNull(db, d);
  if (!trip) throw notHis();
  return trip;
}

export async function notices(db: Database, d: Driver) {
  const trip = await bookingBase(db, d);
  const lines = await repo.openLines(db, d.orgId, trip);
  if (lines.length === 0) return { notices: [] };
  const [rules, clock, days] = await Promise.all([gateRepo.appointmentRules(db, d.orgId), gateRepo.plantClock(db), repo.plantDays(db, BOOKING_DAYS)]);
  const used = await repo.placesUsed(db, d.orgId, rules.map((r) => r.id), days);
  const byNotice = new Map<string, { noticeId: string; noticeNo: string; kind: string; kindLabel: string; party: string | null; lines: unknown[] }>();
  for (const l of lines) {
    const n = byNotice.get(l.noticeId) ?? { noticeId: l.noticeId, noticeNo: l.noticeNo, kind: l.kind, kindLabel: KIND_INFO[l.kind].label, party: l.party, lines: [] };
    byNotice.set(l.noticeId, n);
    n.lines.push({
      noticeLineId: l.noticeLineId, seq: l.seq, material: l.material, unit: l.unit, left: l.left === null ? null : Number(l.left),
      days: dayOffers(rules, { kind: l.kind, materialCode: l.materialCode }, days, clock, (ruleId, day) => used.get(`${ruleId}|${day}`) ?? 0, l.endDay),
    });
  }
  return { notices: [...byNotice.values()] };
}

export interface BookingInput { noticeLineId: string; day: string; quantity: number }

/**
 * A booking: a registry of his plate on the notice line, made and audited by the registry's own
 * use cases (every check of a registry applies, the pre-load held on the line), valid on the plant
 * day, and one place of that day's quota taken under every governing rule (rule id order, the
 * rules' counter rows as their locks: two bookings for the last place take turns, the second is
 * refused). All in one transaction with its log entries.
 */
export async function book(tx: Tx, d: Driver, input: BookingInput) {
  const trip = await bookingBase(tx, d);
  const [line] = await repo.openLines(tx, d.orgId, trip, input.noticeLineId);
  if (!line) throw new AppError(403, '该通知单不是您公司的可预约通知单', 'noticeLineId');
  const [rules, clock, days] = await Promise.all([gateRepo.appointmentRules(tx, d.orgId), gateRepo.plantClock(tx), repo.plantDays(tx, BOOKING_DAYS)]);
  const mine = rulesFor(rules, { registryNo: '', kind: line.kind, materialCode: line.materialCode }, input.day);
  const refusal = bookingDayRefusal(input.day, days, mine, clock, line.endDay);
  if (refusal) throw badRequest(refusal, 'day');
  const who = driverScope(d);
  const bounds = await repo.dayBounds(tx, input.day);
  const kind = line.kind;
  const family = REGISTRY_FAMILIES[kind];
  let created: Record<string, unknown>;
  try {
    created = await createEntityIn(tx, family, who, {
      plateNumber: d.plate, noticeLineId: line.noticeLineId, preQuantity: input.quantity,
      ...(kind === 'pu' ? { shippedQuantity: input.quantity } : {}),
      validFrom: bounds.from.toISOString(), validTo: bounds.to.toISOString(), remark: `司机预约 ${input.day}`,
    });
  } catch (err) {
    const problem = constraintProblem(family, err);
    if (problem) throw badRequest(problem.message, problem.field ?? undefined);
    throw err;
  }
  const registryId = String(created.id);
  const registryNo = String(created.registryNo);
  const audit = await docAction(tx, who, kind, 'audit', [registryId]);
  const taken: string[] = [];
  for (const rule of mine) {
    if (rule.quota === null) continue;
    if (!(await gateRepo.takeQuota(tx, d.orgId, rule.id, input.day, rule.quota))) throw badRequest(bookingQuotaRefusal(rule, input.day), 'day');
    taken.push(rule.id);
  }
  const bookingId = await repo.insertBooking(tx, d.orgId, registryId, d.plate, input.day, taken);
  await writeLogs(tx, [
    ...audit.notes.map((n) => driverEntry(d, n)),
    driverEntry(d, registryNote(kind, 'driverBook', registryNo, `司机预约 ${input.day}，${line.noticeNo} ${line.material}`)),
  ]);
  const [row] = [await repo.bookingById(tx, d.orgId, d.plate, bookingId)];
  const [booking] = await bookingViews(tx, d, row ? [row] : []);
  const minted = await mintDriverToken(tx, { orgId: d.orgId, plate: d.plate, registryId });
  return { booking, token: minted.token, expiresAt: minted.expiresAt };
}

/** A cancel: the registry made obsolete by its own action (the pre-load given back), the places given back. */
export async function cancel(tx: Tx, d: Driver, id: string) {
  const b = await repo.lockBooking(tx, d.orgId, d.plate, id);
  if (!b) throw new AppError(404, '预约不存在', 'id');
  const [r] = await lockedBatch(tx, driverScope(d), b.kind, [b.registryId]);
  const calledAt = (await repo.tripOf(tx, d.orgId, d.plate, b.registryId))?.calledAt ?? null;
  const refusal = cancelRefusal(b, { tripState: r.trip, calledAt, docStatus: r.status });
  if (refusal) throw badRequest(refusal, 'id');
  const done = await docAction(tx, driverScope(d), b.kind, 'obsolete', [b.registryId]);
  await repo.giveBackPlaces(tx, d.orgId, b.ruleIds, b.day);
  await repo.markCancelled(tx, d.orgId, b.id);
  await writeLogs(tx, [
    ...done.notes.map((n) => driverEntry(d, n)),
    driverEntry(d, registryNote(b.kind, 'driverCancel', r.code, `司机取消预约 ${b.day}`)),
  ]);
  return { id: b.id, cancelled: true };
}

async function tripTicket(db: Database, d: Driver) {
  const trip = await tripOrNull(db, d);
  const ticket = trip ? await repo.ticketOfTrip(db, d.orgId, trip.registryId) : null;
  if (!trip || !ticket) throw new AppError(404, '还没有磅单', 'ticket');
  return { trip, ticket };
}

const COMPLETE = new Set(['COMPLETED', 'AUDITED', 'POSTED']);

export async function ticket(db: Database, d: Driver, origin: string) {
  const { ticket: t } = await tripTicket(db, d);
  let layout: TicketPrintLayout = await previewTicket(db, d.orgId, t.kind as TicketKind, t.id);
  const complete = COMPLETE.has(t.state);
  if (complete) layout = await withCheck(db, origin, layout);
  const field = (key: string) => layout.weights.find((w) => w.key === key) ?? layout.fields.find((f) => f.key === key);
  const value = (key: string) => {
    const v = field(key)?.value;
    return v && v !== '—' ? v : null;
  };
  const weighTimes = layout.weights.filter((w) => w.key !== 'net' && w.time).map((w) => w.time).sort();
  const receipt = await repo.receiptOf(db, d.orgId, t.id);
  return {
    id: t.id, ticketNo: t.ticketNo, state: t.state, stateLabel: layout.closedAs ?? layout.stateLabel, complete,
    kind: t.kind, kindTitle: layout.kindTitle, plate: value('plate') ?? d.plate, material: value('material'),
    party: value('customer') ?? value('vendor') ?? value('peerOrg'), unit: layout.unit,
    gross: value('gross'), tare: value('tare'), deduction: layout.deductions.rows.length ? layout.deductions.total : null, net: value('net'),
    firstTime: weighTimes[0] ?? null, secondTime: weighTimes[1] ?? null,
    checkUrl: layout.check?.url ?? null, pdfUrl: '/api/driver/ticket.pdf',
    receiptAllowed: receiptRefusal(t, receipt !== null) === null,
    receipt: receipt ? { receiverName: receipt.receiverName, receivedAt: plantTime(receipt.receivedAt) } : null,
  };
}

export async function ticketLayout(db: Database, d: Driver, origin: string): Promise<TicketPrintLayout> {
  const { ticket: t } = await tripTicket(db, d);
  if (!COMPLETE.has(t.state)) throw new AppError(404, '磅单尚未完成二次过磅', 'ticket');
  return withCheck(db, origin, await previewTicket(db, d.orgId, t.kind as TicketKind, t.id));
}

export interface ReceiptInput { receiverName: string; signature: string }

/**
 * The receiver's confirmation of a sales delivery: the signature stored as the platform stores
 * files (bytes first, then its row and the receipt in one transaction under the ticket's row lock,
 * so a second receipt waits and is refused; bytes whose rows did not commit are removed).
 */
export async function receipt(db: Database, storage: FileStorage, d: Driver, input: ReceiptInput) {
  const signature = readSignature(input.signature);
  if (!signature.ok) throw badRequest(signature.message, 'signature');
  const { ticket: t } = await tripTicket(db, d);
  const early = receiptRefusal(t, (await repo.receiptOf(db, d.orgId, t.id)) !== null);
  if (early) throw badRequest(early, 'ticket');
  const key = storageKey(d.orgId, new Date(), randomUUID());
  await storage.put(key, signature.bytes, 'image/png');
  try {
    return await db.transaction().execute(async (tx) => {
      const locked = await repo.lockTicket(tx, d.orgId, t.id);
      const refusal = receiptRefusal(locked, (await repo.receiptOf(tx, d.orgId, t.id)) !== null);
      if (refusal || !locked) throw badRequest(refusal ?? '还没有磅单', 'ticket');
      const file = await tx.insertInto('sys_file').values({
        org_id: d.orgId, uploaded_by: null, original_name: `签收-${locked.ticketNo}.png`, content_type: 'image/png',
        size_bytes: signature.bytes.length, sha256: createHash('sha256').update(signature.bytes).digest('hex'), storage_key: key,
      }).returning('id').executeTakeFirstOrThrow();
      const at = await repo.insertReceipt(tx, d.orgId, t.id, input.receiverName, String(file.id), d.plate);
      await writeLogs(tx, [driverEntry(d, { action: 'driverReceipt', family: '销售磅单', docNo: locked.ticketNo, detail: `收货确认：${input.receiverName}` })]);
      return { receiverName: input.receiverName, receivedAt: plantTime(at) };
    });
  } catch (err) {
    await storage.remove(key).catch(() => undefined);
    if ((err as { code?: string }).code === '23505') throw badRequest('该磅单已确认收货', 'ticket');
    throw err;
  }
}

/**
 * 收货确认 as the plant sees it on a sales ticket: who received the goods and when, and the
 * signature's image by a signed URL (as the platform shows its pictures). null: no receipt yet.
 */
export async function receiptView(db: Database, storage: FileStorage, now: () => number, orgId: string, ticketId: string) {
  const t = await db.selectFrom('wb_ticket').select(['id', 'ticket_no', 'kind']).where('org_id', '=', orgId).where('id', '=', ticketId).executeTakeFirst();
  if (!t || t.kind !== 'sa') throw new AppError(404, `销售磅单不存在: ${ticketId}`, 'id');
  const r = await repo.receiptOf(db, orgId, ticketId);
  if (!r) return { ticketNo: t.ticket_no, receipt: null };
  const file = await db.selectFrom('sys_file').select(['id', 'storage_key', 'content_type']).where('org_id', '=', orgId).where('id', '=', r.signatureFileId).executeTakeFirstOrThrow();
  const signatureUrl = await storage.signedUrl({ id: file.id, orgId, storageKey: file.storage_key, contentType: file.content_type }, now(), SIGNED_URL_TTL_SECONDS);
  return { ticketNo: t.ticket_no, receipt: { receiverName: r.receiverName, receivedAt: plantTime(r.receivedAt), plate: r.plate, signatureFileId: r.signatureFileId, signatureUrl } };
}
