import type { ConfirmSubmitBody } from '@wb/protocol';
import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { releaseOnLine } from '../notice/quantity';
import { recordSampling } from '../quality/sampling';
import { assignStockAddress } from '../stock/address/assign';
import { setSiloOfTicket } from '../batch/ticket-batch';
import { knownLoad } from '../weighing/rules/net';
import { CONFIRM_GRIDS, type ConfirmGrid } from './grids';
import { applyEffect, factsOf, lockGridTicket, plantToday } from './repo';
import { decideConfirm, heldQuantityReleased, placeRefusal, siteDeductionsBeyondLoad } from './rules';

/**
 * One press on a site-confirmation grid: the ticket locked in its grid, the press decided by the
 * rules, its effect written, and a hold the truck no longer needs given back to the notice line
 * (notice/quantity.ts, under the line's lock) in the same transaction.
 */
export async function submitConfirmation(tx: Transaction<DB>, who: { orgId: string; userId: string }, grid: ConfirmGrid, body: ConfirmSubmitBody): Promise<{ id: string; warning: string | null; note: ChangeNote }> {
  const row = await lockGridTicket(tx, who.orgId, grid, body.id);
  if (!row) throw new AppError(404, '磅单不存在', 'id');
  const decision = decideConfirm({ ticket: factsOf(row), sampleState: row.sample_state }, CONFIRM_GRIDS[grid].sampling, body, await plantToday(tx));
  if (!decision.ok) throw badRequest(decision.message, 'button');
  const beyond = siteDeductionsBeyondLoad(decision.effect, knownLoad(row.gross, row.tare));
  if (beyond) throw badRequest(beyond, 'deductions');
  const place = placeRefusal(decision.effect, CONFIRM_GRIDS[grid].kind, body);
  if (place) throw badRequest(place.message, place.field);
  await applyEffect(tx, who.orgId, row, decision.effect, who.userId);
  // where the load went into or came from: checked as an assignment (another company's, a disabled
  // one, one of another warehouse or keeping another class of goods is a 400 naming the field)
  const placed: string[] = [];
  if (body.stockAddressId !== undefined) placed.push((await assignStockAddress(tx, who, { ticketId: row.id, stockAddressId: body.stockAddressId })).note.detail ?? '');
  if (body.siloId !== undefined) placed.push(...(await setSiloOfTicket(tx, who, { id: row.id, siloId: body.siloId })).notes.map((n) => n.detail ?? ''));
  let warning: string | null = null;
  if (decision.effect.kind === 'sample') {
    const e = decision.effect;
    const sampled = await recordSampling(tx, { orgId: who.orgId, userId: who.userId, ticketId: String(row.id), judgement: e.sampleState, sampleCount: e.sampleCount, sampledOn: e.sampledOn });
    if (sampled.kind === 'none') warning = sampled.warning ?? null;
  }
  const released = heldQuantityReleased(decision.effect, { noticeLineId: row.notice_line_id, reserved: row.reserved_quantity });
  if (released && row.notice_line_id) await releaseOnLine(tx, who.orgId, row.notice_line_id, released);
  return { id: body.id, warning, note: { action: 'siteConfirm', family: CONFIRM_GRIDS[grid].label, docNo: row.ticket_no, detail: [`${row.ticket_no} ${body.button}`, ...placed].join('；') } };
}
