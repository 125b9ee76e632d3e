import Decimal from 'decimal.js';
import type { GaugeBody, GaugeReply, GaugeView } from '@wb/protocol';
import type { Who } from '../../../platform/auth/who';
import { holdFiles } from '../../../platform/files/removal';
import { AppError, badRequest } from '../../../platform/http/errors';
import { followTicketAmount } from '../../money/ledger';
import type { Noted } from '../actions';
import { TICKET_KIND_INFO, type TicketKind } from '../kinds';
import { ticketNote } from '../log-notes';
import * as repo from '../repo';
import type { Runner, Tx } from '../repo';
import { basisAmount } from '../rules/amount';
import { lockOf } from '../rules/locks';
import { gaugedMaterial, gaugeOf, saveGauge, userName, type GaugeRow } from './repo';
import { gaugeLoad, gaugeRefusal } from './rules';

/**
 * 检尺: the yard measures a ticket's load (gauge/rules.ts turns the figures into the volume and,
 * where wanted, tons), the ticket keeps the gauged figures beside the weighed ones and, when its
 * price is per m3, its amount follows the volume. One transaction under the ticket's row lock, so
 * a gauging and a second weighing or a deduction of the same ticket take turns.
 */
export async function gaugeTicket(tx: Tx, who: Who, kind: TicketKind, body: GaugeBody): Promise<Noted<GaugeReply>> {
  const t = await repo.lockTicket(tx, who.orgId, body.id);
  if (!t || t.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${body.id}`, 'id');
  const refusal = gaugeRefusal({ ticket_no: t.ticket_no, state: t.state, price_basis: t.price_basis, lock: lockOf(t) });
  if (refusal) throw badRequest(refusal, 'id');
  const material = t.material_id === null ? undefined : await gaugedMaterial(tx, t.material_id);
  if (!material) throw badRequest(`磅单 ${t.ticket_no} 没有物料，不能检尺`, 'id');
  const outcome = gaugeLoad(
    { method: body.method, length: body.length, width: body.width, height: body.height, gap: body.gap ?? null },
    { name: material.inv_name, gauged: material.gauged, density: material.density, gaugeToTons: material.gauge_to_tons },
  );
  if (!outcome.ok) throw badRequest(outcome.message, outcome.field);
  const missing = await holdFiles(tx, who.orgId, body.photoFileIds);
  if (missing.length > 0) throw badRequest(`检尺照片不存在或不属于当前公司: ${missing.join(', ')}`, 'photoFileIds');
  const before = await gaugeOf(tx, who.orgId, t.id);
  const gaugerName = body.gaugerName ?? (await userName(tx, who.userId)) ?? '—';
  await saveGauge(tx, who.orgId, t.id, {
    method: body.method, length: body.length, width: body.width, height: body.height, gap: outcome.gap, volume: outcome.volume,
    density: outcome.density, tons: outcome.tons, gaugerId: who.userId, gaugerName, gaugedAt: body.gaugedAt ?? null,
    photoFileIds: body.photoFileIds, remark: body.remark ?? null,
  });
  // a completed ticket priced per m3 takes its amount from the volume now; one priced per ton keeps its amount
  let amount = t.amount;
  if (t.price_basis === 'VOLUME' && t.net !== null) {
    const params = await repo.weighParams(tx, who.orgId);
    const priced = basisAmount({ price_basis: 'VOLUME', gauge_volume: outcome.volume }, new Decimal(t.net), t.price, params.moneyPrecision, t.quality_price_adjust);
    if (!priced.ok) throw badRequest(priced.message, 'length');
    amount = priced.amount;
  }
  await repo.updateTicket(tx, who.orgId, t.id, { gauge_volume: outcome.volume, gauge_tons: outcome.tons, amount, updated_by: who.userId });
  if (amount !== t.amount) await followTicketAmount(tx, who, t);
  const detail = `${figuresText(body.method, body.length, body.width, body.height, outcome.gap)} = ${outcome.volume}m³`
    + `${outcome.tons ? `，折 ${outcome.tons}t` : ''}${before ? `（原 ${new Decimal(before.volume).toFixed(3)}m³）` : ''}`
    + `${amount !== t.amount ? `，金额 ${t.amount ?? '空'} -> ${amount ?? '空'}` : ''}`;
  return {
    reply: { ticketId: t.id, ticketNo: t.ticket_no, volume: outcome.volume, tons: outcome.tons, priceBasis: t.price_basis, amount },
    notes: [ticketNote(kind, 'gauge', t.ticket_no, detail)],
  };
}

const figuresText = (method: 'LOAD' | 'BED', l: string, w: string, h: string, gap: string) =>
  (method === 'LOAD' ? `${l}×${w}×${h}` : `${l}×${w}×(${h}-${gap})`);

/** The ticket's gauging as the 检尺 dialog shows it, with what the material says of gauging. */
export async function gaugeView(db: Runner, who: Pick<Who, 'orgId'>, kind: TicketKind, id: string): Promise<GaugeView> {
  const t = await repo.ticketById(db, who.orgId, id);
  if (!t || t.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'id');
  const material = t.material_id === null ? undefined : await gaugedMaterial(db, t.material_id);
  const g = await gaugeOf(db, who.orgId, t.id);
  return {
    ticketId: t.id, ticketNo: t.ticket_no, materialName: material?.inv_name ?? null, gauged: material?.gauged ?? false,
    density: material?.density ?? null, gaugeToTons: material?.gauge_to_tons ?? false, net: t.net, priceBasis: t.price_basis, gauge: g ? gaugeOut(g) : null,
  };
}

const m3 = (v: string) => new Decimal(v).toFixed(3);

function gaugeOut(g: GaugeRow): NonNullable<GaugeView['gauge']> {
  return {
    method: g.method, length: m3(g.length), width: m3(g.width), height: m3(g.height), gap: m3(g.gap), volume: m3(g.volume), tons: g.tons,
    gaugerName: g.gauger_name, gaugedAt: new Date(g.gauged_at).toISOString(), photoFileIds: g.photo_file_ids.map(String), remark: g.remark,
  };
}
