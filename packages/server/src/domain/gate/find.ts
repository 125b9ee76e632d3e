import type { Database } from '../../platform/db/pool';
import { AppError, badRequest } from '../../platform/http/errors';
import { getEntity } from '../../platform/documents/actions';
import type { RowScope } from '../../platform/auth/who';
import { REGISTRY_FAMILIES } from '../registry/family';
import { normaliseUid } from '../registry/card-rules';
import type { RegistryKind } from '../registry/kinds';
import { inWindow, quotaDay, rulesFor } from './appointment-rules';
import { noTripMessage } from './find-rules';
import { passRefusal } from './pass-rules';
import { looksLikeQr, readQr, signQr, type QrTarget } from './qr';
import * as repo from './repo';
import { qrPath } from '../../platform/print/qr';

/**
 * The guard's look-up: one box takes a plate, an IC card's number or chip serial, a pass number or
 * a scanned QR code, and answers the registry (with what the gate will check) or the pass it names.
 * A read: the gate-in and gate-out themselves are the registry's own calls.
 */
export type Found =
  | { found: 'registry'; kind: RegistryKind; id: string; registryNo: string; via: 'plate' | 'card' | 'qr' | 'number'; cardNo: string | null;
      registry: Record<string, unknown>; appointments: AppointmentView[] }
  | { found: 'pass'; via: 'plate' | 'qr' | 'number'; pass: repo.PassRow; refusal: string | null };

export interface AppointmentView { code: string; name: string; window: string | null; inWindow: boolean; quota: number | null; used: number }

const plateForm = (t: string) => t.replace(/\s/g, '').toUpperCase();

async function verifiedQr(db: Database, orgId: string, text: string) {
  const reading = readQr(await repo.qrSecret(db, orgId), text, Math.floor(Date.now() / 1000), ((m) => (t: QrTarget) => m[t])(await repo.qrMinutes(db, orgId)));
  if (!reading.ok) throw badRequest(reading.message, 'text');
  return reading;
}

export async function findAtGate(db: Database, who: RowScope, text: string, mode: 'entrance' | 'release' | 'card'): Promise<Found> {
  const orgId = who.orgId;
  const registry = async (hit: repo.TripHit, via: 'plate' | 'card' | 'qr' | 'number', cardNo: string | null = null): Promise<Found> => {
    const kind = hit.kind as RegistryKind;
    return { found: 'registry', kind, id: hit.id, registryNo: hit.registryNo, via, cardNo,
      registry: await getEntity(db, REGISTRY_FAMILIES[kind], who, hit.id) as Record<string, unknown>, appointments: await appointmentsOf(db, orgId, hit.id) };
  };
  const pass = async (p: repo.PassRow, via: 'plate' | 'qr' | 'number'): Promise<Found> => ({ found: 'pass', via, pass: p, refusal: passRefusal(p, new Date()) });

  if (looksLikeQr(text)) {
    const q = await verifiedQr(db, orgId, text);
    if (q.target === 'REGISTRY') {
      const hit = await repo.tripOfNo(db, orgId, q.docNo);
      if (!hit) throw badRequest(`未找到登记单 ${q.docNo}`, 'text');
      return registry(hit, 'qr');
    }
    const p = await repo.passOf(db, orgId, { passNo: q.docNo });
    if (!p) throw badRequest(`未找到通行证 ${q.docNo}`, 'text');
    return pass(p, 'qr');
  }
  const byNo = await repo.tripOfNo(db, orgId, text.trim());
  if (byNo) return registry(byNo, 'number');
  const card = await repo.tripOfCard(db, orgId, text.trim(), normaliseUid(text));
  if (card) {
    if (!('id' in card)) throw badRequest(`IC卡 ${card.cardNo} 没有未完成的登记单`, 'text');
    return registry(card, 'card', card.cardNo);
  }
  const p = await repo.passOf(db, orgId, { passNo: text.trim() });
  if (p) return pass(p, 'number');
  const plate = plateForm(text);
  const trip = await repo.tripOfPlate(db, orgId, plate, mode === 'release');
  if (trip) return registry(trip, 'plate');
  const platePass = mode === 'release' ? null : await repo.passOf(db, orgId, { plate });
  if (platePass) return pass(platePass, 'plate');
  // nothing to let through: a refusal that says why (unknown plate, already inside, not audited, gone), not a missing resource
  throw badRequest(noTripMessage(plate, mode === 'release' ? 'release' : 'entrance', await repo.tripsOfPlate(db, orgId, plate)), 'text');
}

/** The rules a gate-in of this registry will meet, with today's count (a look: the gate-in decides under its lock). */
async function appointmentsOf(db: Database, orgId: string, registryId: string): Promise<AppointmentView[]> {
  const rules = await repo.appointmentRules(db, orgId);
  const entry = rules.length ? await repo.entryOf(db, orgId, registryId) : null;
  if (!entry) return [];
  const clock = await repo.plantClock(db);
  const mine = rulesFor(rules, entry, clock.day);
  const used = await repo.usedToday(db, orgId, new Map(mine.map((r) => [r.id, quotaDay(r, clock.day, clock.timeOfDay)])));
  return mine.map((r) => ({
    code: r.code, name: r.name, window: r.window, inWindow: inWindow(r.window, clock.timeOfDay), quota: r.quota, used: used.get(r.id) ?? 0,
  }));
}

/** What a printed registry or pass card carries as its QR code. */
export async function qrOf(db: Database, who: RowScope, target: { registryId: string } | { passNo: string }): Promise<{ content: string; docNo: string; qr: { size: number; path: string } }> {
  let docNo: string;
  if ('registryId' in target) {
    docNo = (await repo.registryNoOf(db, who.orgId, target.registryId)) ?? '';
    if (!docNo) throw AppError.of('notFound', `登记单不存在: ${target.registryId}`, 'registryId');
  } else {
    const p = await repo.passOf(db, who.orgId, { passNo: target.passNo });
    if (!p) throw AppError.of('notFound', `未找到通行证 ${target.passNo}`, 'passNo');
    docNo = p.passNo;
  }
  const kind: QrTarget = 'registryId' in target ? 'REGISTRY' : 'PASS_CARD';
  const content = signQr(await repo.qrSecret(db, who.orgId), kind, docNo, Math.floor(Date.now() / 1000));
  return { content, docNo, qr: qrPath(content) };
}
