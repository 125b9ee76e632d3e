import Decimal from 'decimal.js';
import { uploadPurchaseTicket } from '../uploads/emit';
import { isId } from '@wb/protocol';
import type { Who } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import { emitEvent } from '../../platform/events/emit';
import { scanMarkIfCompletedCte } from '../alert/scan-repo';
import type { Tx } from './repo';
import { badRequest } from '../../platform/http/errors';
import * as repo from './repo';
import { computeNet } from './rules/net';
import { basisAmount, NET_BASIS } from './rules/amount';
import { decideTicketAction } from './rules/transitions';
import { ticketFacts } from './second';

/**
 * The manual ticket (手工磅单) as the engine's create and update receive it: gross and tare typed,
 * the rest derived here before the engine writes, so the net is the rules' (rounding, the material's
 * hidden deduct, never below zero) whatever the request says. Update: what the transition table
 * allows (a manual, completed ticket, not one locked by its upload or by a calculation). The engine calls it as the
 * ticket family's `prepare` hook (family.ts).
 */
type Entity = Record<string, unknown>;

const NUMBER = /^\d+(\.\d+)?$/;
const asDecimal = (v: unknown) => (v === null || v === undefined || !NUMBER.test(String(v).trim()) ? null : new Decimal(String(v).trim()));

export async function prepareManualTicket(db: Database, who: Pick<Who, 'orgId'>, entity: Entity, mode: 'create' | 'update'): Promise<void> {
  const { orgId } = who;
  const current = mode === 'update' ? await currentTicket(db, orgId, entity) : null;
  const gross = asDecimal(entity.gross ?? current?.gross);
  const tare = asDecimal(entity.tare ?? current?.tare);
  const materialId = (entity.materialId ?? current?.material_id ?? null) as string | null;
  // an unreadable figure is the engine's to refuse, with its message naming the field
  if (!gross || !tare) return stripDerived(entity);
  const params = await repo.weighParams(db, orgId);
  const material = await repo.materialFacts(db, orgId, materialId && isId(String(materialId)) ? String(materialId) : null);
  if (tare.gt(gross)) throw badRequest('皮重不能大于毛重', 'tare');
  const deductions = current ? await repo.ticketDeductions(db, current.id) : [];
  const net = computeNet(gross, tare, deductions, material.hiddenDeduct, params);
  if (!net.ok) throw badRequest(net.message, 'net');
  const price = asDecimal(entity.price ?? current?.price);
  const amount = basisAmount(current ? { price_basis: current.price_basis, gauge_volume: current.gauge_volume } : NET_BASIS, net.net, price, params.moneyPrecision);
  if (!amount.ok) throw badRequest(amount.message, 'price');
  const now = new Date().toISOString();
  Object.assign(entity, {
    gross: net.gross.toFixed(), tare: net.tare.toFixed(), net: net.net.toFixed(), deductTotal: net.deducted.toFixed(),
    amount: amount.amount,
    ...(mode === 'create' ? { state: 'COMPLETED', firstIs: 'GROSS', manual: true, tareSource: 'MANUAL', grossTime: now, tareTime: now, completedAt: now } : {}),
  });
}

const DERIVED = ['net', 'deductTotal', 'amount', 'state', 'firstIs', 'manual', 'tareSource', 'grossTime', 'tareTime', 'completedAt'];
function stripDerived(entity: Entity): void {
  for (const k of DERIVED) delete entity[k];
}

/** The ticket an update names, which the lifecycle must let be updated (manual, completed, not locked). */
async function currentTicket(db: Database, orgId: string, entity: Entity) {
  const id = String(entity.id ?? '');
  if (!isId(id)) return null;
  const t = await db.selectFrom('wb_ticket').select(['id', 'ticket_no', 'gross', 'tare', 'price', 'material_id', 'manual', 'state', 'uploaded_at', 'source_ticket_id', 'net', 'locked_by_kind', 'locked_by_no', 'kind', 'freight_settled_by_no', 'price_basis', 'gauge_volume'])
    .select(repo.goodsSettledNo('wb_ticket').as('settled_by_no'))
    .where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!t) return null;
  const facts = await ticketFacts(db, orgId, t, false);
  const decision = decideTicketAction(facts, 'update');
  if (!decision.ok) throw badRequest(decision.message, 'id');
  return t;
}

/** The manual ticket just created, told as 'ticket.completed' in its transaction (the family's afterCreate). */
export async function manualTicketCompleted(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, id: string): Promise<void> {
  // the alert rules' poller looks at it after the commit (domain/alert/scan.ts): its marker rides on this read
  const t = await tx.with('alert_scan', scanMarkIfCompletedCte(who.orgId, id))
    .selectFrom('wb_ticket').select(['id', 'ticket_no', 'kind', 'plate_number', 'gross', 'tare', 'net', 'completed_at', 'state'])
    .where('org_id', '=', who.orgId).where('id', '=', id).executeTakeFirstOrThrow();
  if (t.state !== 'COMPLETED') return;
  const tons = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());
  await emitEvent(tx, {
    orgId: who.orgId, type: 'ticket.completed', key: t.ticket_no, userId: who.userId,
    payload: {
      ticketId: t.id, ticketNo: t.ticket_no, kind: t.kind, plateNumber: t.plate_number, gross: tons(t.gross), tare: tons(t.tare), net: tons(t.net),
      completedAt: (t.completed_at ?? new Date()).toISOString(), manual: true,
    },
  });
  await uploadPurchaseTicket(tx, who, { id: t.id, kind: t.kind, ticketNo: t.ticket_no }, 'COMPLETED');
}
