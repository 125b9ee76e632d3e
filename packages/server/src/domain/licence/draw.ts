import Decimal from 'decimal.js';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import * as repo from './repo';
import { decideDraw, drawnAfterGiveBack } from './rules';

/**
 * The grant drawn down by completed sales tickets, and given back by voided ones, inside the
 * weighing's transaction. Lock order (README): the ticket, then its notice line (the weighing's
 * own locks), then the grant line FOR UPDATE here; two trucks completing against one grant line
 * take turns on its lock and the second sees what the first drew.
 */
type Tx = Transaction<DB>;

export interface CompletedTicket { id: string; kind: string; registry_id: string | null; notice_id: string | null; material_id: string | null }

/**
 * The completed ticket's net drawn from its grant's line; a net past what is left refuses the
 * weighing. Decided here with the line locked (one round trip for a controlled product), its write
 * answered instead of run: CTEs (repo.drawOnLineCtes) the caller's next write of the completion
 * carries at its top level in this transaction (the second weighing: the money's consumption).
 * Null: nothing to draw. `controlled` is the material's controlled product as the caller already
 * read it in this transaction (repo.controlledProductSql; null: none, and nothing is asked);
 * absent, it is read here, in the same round trip.
 */
export async function grantDrawOnCompletion(
  tx: Tx, orgId: string, t: CompletedTicket, ticketNo: string, net: Decimal.Value, controlled?: repo.ControlledProductRow | null,
): Promise<RawBuilder<unknown> | null> {
  if (t.kind !== 'sa' || !t.material_id || controlled === null) return null;
  const found = await repo.ticketGrantLine(tx, orgId, { materialId: t.material_id, registryId: t.registry_id, noticeId: t.notice_id }, controlled);
  if (!found) return null;
  const { product, grantId, line } = found;
  if (!grantId) throw badRequest(`磅单 ${ticketNo}：${product.name} 为管控产品，没有许可证，不能完成过磅`, 'grantId');
  if (!line) throw badRequest(`磅单 ${ticketNo}：许可证不包含标准产品 ${product.name}，不能完成过磅`, 'grantId');
  const decision = decideDraw(line.grantNo, line.productName, line, net);
  if (!decision.ok) throw badRequest(`磅单 ${ticketNo}：${decision.message}`, 'net');
  return repo.drawOnLineCtes(orgId, t.id, line.id, decision.drawn.toFixed(), String(net));
}

/**
 * A voided ticket's draw goes back to its grant line (nothing when it drew nothing). A voided
 * return is the other way round: its original's goods left the plant after all, so they are drawn
 * again (refused past the grant) and the draw is its original's once more.
 */
export async function giveBackGrant(tx: Tx, orgId: string, t: { id: string; source_ticket_id: string | null }): Promise<void> {
  const draw = await repo.takeDraw(tx, orgId, t.id);
  if (!draw) return;
  if (new Decimal(draw.quantity).gte(0)) {
    await repo.setDrawn(tx, draw.lineId, drawnAfterGiveBack(draw.drawn, draw.quantity).toFixed());
    return;
  }
  const again = new Decimal(draw.quantity).neg();
  const line = await repo.lineById(tx, draw.lineId);
  const decision = decideDraw(line.grantNo, line.productName, line, again);
  if (!decision.ok) throw badRequest(decision.message, 'ids');
  await repo.setDrawn(tx, draw.lineId, decision.drawn.toFixed());
  if (t.source_ticket_id) await repo.recordDraw(tx, orgId, t.source_ticket_id, draw.lineId, again.toFixed());
}

/** A return of goods: its original's draw comes back to the grant line, kept (negative) on the return. */
export async function returnGrant(tx: Tx, orgId: string, sourceId: string, returnId: string): Promise<void> {
  const draw = await repo.takeDraw(tx, orgId, sourceId);
  if (!draw) return;
  await repo.setDrawn(tx, draw.lineId, drawnAfterGiveBack(draw.drawn, draw.quantity).toFixed());
  await repo.recordDraw(tx, orgId, returnId, draw.lineId, new Decimal(draw.quantity).neg().toFixed());
}

/**
 * A completed ticket's net changed (its deductions): its draw follows, under the grant line's
 * lock, never past what was granted. A ticket that drew nothing draws nothing now.
 */
export async function redrawGrant(tx: Tx, orgId: string, ticketId: string, ticketNo: string, net: Decimal.Value): Promise<void> {
  const draw = await repo.takeDraw(tx, orgId, ticketId);
  if (!draw) return;
  // a return's record stays what its original drew
  if (new Decimal(draw.quantity).lt(0)) return repo.recordDraw(tx, orgId, ticketId, draw.lineId, draw.quantity);
  const line = await repo.lineById(tx, draw.lineId);
  const decision = decideDraw(line.grantNo, line.productName, { quantity: line.quantity, drawn: drawnAfterGiveBack(draw.drawn, draw.quantity).toFixed() }, net);
  if (!decision.ok) throw badRequest(`磅单 ${ticketNo}：${decision.message}`, 'deductions');
  await repo.setDrawn(tx, draw.lineId, decision.drawn.toFixed());
  await repo.recordDraw(tx, orgId, ticketId, draw.lineId, String(net));
}

/**
 * 合并: the kept ticket draws the merged net, the tickets merged into it (voided) nothing. Every
 * ticket's draw is taken back from its grant line and the sum drawn again by the kept one under the
 * line's lock, refused past the grant (a ticket that drew nothing, completed before its product
 * was controlled, counts now). Tickets that drew on different grant lines are not merged. Called
 * with the tickets locked, before the customer's money (the plant's lock order).
 */
export async function mergeGrantDraws(tx: Tx, orgId: string, keptId: string, ticketIds: string[], keptNo: string, net: Decimal.Value): Promise<void> {
  const draws: { lineId: string; quantity: string; drawn: string }[] = [];
  for (const id of ticketIds) {
    const d = await repo.takeDraw(tx, orgId, id);
    if (d) draws.push(d);
  }
  const [first] = draws;
  if (!first) return;
  if (draws.some((d) => d.lineId !== first.lineId)) throw badRequest(`磅单 ${keptNo}：所选磅单提货的许可证明细不同，不能合并`, 'ids');
  // every take read the line before any write: what it holds without these tickets' draws
  const without = draws.reduce((left, d) => left.minus(d.quantity), new Decimal(first.drawn));
  await drawAgain(tx, orgId, first.lineId, without, [{ ticketId: keptId, net }], `磅单 ${keptNo}`, 'ids');
}

/**
 * 拆分: the source's draw is shared out as its net is: the kept ticket draws its part, each new
 * ticket its own, the parts adding up to what the source drew. A source that drew nothing: nothing.
 */
export async function splitGrantDraw(tx: Tx, orgId: string, sourceId: string, sourceNo: string, parts: { ticketId: string; net: Decimal.Value }[]): Promise<void> {
  const draw = await repo.takeDraw(tx, orgId, sourceId);
  if (!draw) return;
  // a return's record stays what its original drew (a return is not split)
  if (new Decimal(draw.quantity).lt(0)) return repo.recordDraw(tx, orgId, sourceId, draw.lineId, draw.quantity);
  await drawAgain(tx, orgId, draw.lineId, drawnAfterGiveBack(draw.drawn, draw.quantity), parts, `磅单 ${sourceNo}`, 'parts');
}

/** These tickets' nets drawn on a line already locked, from what it held without them; each recorded. */
async function drawAgain(tx: Tx, orgId: string, lineId: string, without: Decimal.Value, tickets: { ticketId: string; net: Decimal.Value }[], who: string, field: string): Promise<void> {
  const total = tickets.reduce((s, t) => s.plus(t.net), new Decimal(0));
  const line = await repo.lineById(tx, lineId);
  const decision = decideDraw(line.grantNo, line.productName, { quantity: line.quantity, drawn: new Decimal(without).toFixed() }, total);
  if (!decision.ok) throw badRequest(`${who}：${decision.message}`, field);
  await repo.setDrawn(tx, lineId, decision.drawn.toFixed());
  for (const t of tickets) await repo.recordDraw(tx, orgId, t.ticketId, lineId, new Decimal(t.net).toFixed());
}
