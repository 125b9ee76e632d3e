import type { TicketBatchBody, TicketBatchReply } from '@wb/protocol';
import type { Who } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import type { Noted } from '../weighing/actions';
import { ticketNote } from '../weighing/log-notes';
import * as tickets from '../weighing/repo';
import type { Tx } from '../weighing/repo';
import { batchNoOf, lockBatch, setTicketBatch, siloOf, ticketMaterial } from './repo';
import { batchChoiceRefusal, ticketBatchRefusal } from './rules';

/**
 * POST /api/weigh/sa/batchNo: the production batch a sales ticket was loaded from, chosen (batchId),
 * read from the silo it was loaded at (siloId: the silo's current batch), or taken off (batchId
 * null). Lock order: the ticket, then the batch (FOR SHARE, against its close's FOR UPDATE), so a
 * ticket never joins a batch whose close has committed, and a close never passes a truck that joined
 * before it (rules.ts closeRefusal).
 */
export async function setBatchOfTicket(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, body: TicketBatchBody): Promise<Noted<TicketBatchReply>> {
  const t = await tickets.lockTicket(tx, who.orgId, body.id);
  if (!t || t.kind !== 'sa') throw new AppError(404, `销售磅单不存在: ${body.id}`, 'id');
  const material = await ticketMaterial(tx, t.material_id);
  const facts = {
    ticketNo: t.ticket_no, kind: t.kind, state: t.state, materialName: material?.inv_name ?? null, materialCode: material?.inv_code ?? null,
    batchManaged: material?.batch_managed ?? false,
  };
  const refusal = ticketBatchRefusal(facts);
  if (refusal) throw badRequest(refusal, 'id');
  const batchId = await wantedBatch(tx, who.orgId, body);
  let batchNo: string | null = null;
  if (batchId !== null) {
    const b = await lockBatch(tx, who.orgId, batchId, 'share');
    if (!b) throw badRequest(`批次不存在: ${batchId}`, 'batchId');
    const problem = batchChoiceRefusal(facts, { batchNo: b.batch_no, enabled: b.enabled, closed: b.closed_at !== null, materialCode: b.material_code });
    if (problem) throw badRequest(problem, body.siloId ? 'siloId' : 'batchId');
    batchNo = b.batch_no;
  }
  const before = await batchNoOf(tx, who.orgId, t.batch_id);
  await setTicketBatch(tx, who.orgId, t.id, batchId, who.userId);
  return {
    reply: { ticketId: t.id, ticketNo: t.ticket_no, batchId, batchNo },
    notes: [ticketNote('sa', 'batchNo', t.ticket_no, `批次号 ${before ?? '空'} -> ${batchNo ?? '空'}${body.siloId ? '（按筒仓当前批次）' : ''}`)],
  };
}

/** The batch the call names: the one chosen, or the silo's current one. */
async function wantedBatch(tx: Tx, orgId: string, body: TicketBatchBody): Promise<string | null> {
  if (!body.siloId) return body.batchId ?? null;
  const silo = await siloOf(tx, orgId, body.siloId);
  if (!silo) throw badRequest(`筒仓不存在: ${body.siloId}`, 'siloId');
  if (silo.current_batch_id === null) throw badRequest(`筒仓 ${silo.silo_name} 没有当前批次，请先在批次档案中开仓`, 'siloId');
  return silo.current_batch_id;
}
