import type { TicketBatchBody, TicketBatchReply, TicketSiloBody, TicketSiloReply } from '@wb/protocol';
import type { Who } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import type { Noted } from '../weighing/actions';
import { ticketNote } from '../weighing/log-notes';
import * as tickets from '../weighing/repo';
import type { Tx } from '../weighing/repo';
import { batchNoOf, lockBatch, setTicketBatch, setTicketSilo, siloOf, ticketMaterial } from './repo';
import { batchChoiceRefusal, siloChoiceRefusal, ticketBatchRefusal } from './rules';

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
    batchManaged: material?.batch_managed ?? false, isReturn: t.source_ticket_id !== null,
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
  // read from a silo: the ticket names the silo it was loaded at too
  await setTicketBatch(tx, who.orgId, t.id, batchId, who.userId, body.siloId ?? undefined);
  return {
    reply: { ticketId: t.id, ticketNo: t.ticket_no, batchId, batchNo },
    notes: [ticketNote('sa', 'batchNo', t.ticket_no, `批次号 ${before ?? '空'} -> ${batchNo ?? '空'}${body.siloId ? '（按筒仓当前批次）' : ''}`)],
  };
}

/**
 * POST /api/weigh/sa/silo: the silo a sales truck is loaded at (装车筒仓), named while it loads; its
 * second weighing then takes the silo's current batch by itself when none was chosen (weighing
 * second.ts, rules.ts batchAtCompletion). `siloId` null takes it off.
 */
export async function setSiloOfTicket(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, body: TicketSiloBody): Promise<Noted<TicketSiloReply>> {
  const t = await tickets.lockTicket(tx, who.orgId, body.id);
  if (!t || t.kind !== 'sa') throw new AppError(404, `销售磅单不存在: ${body.id}`, 'id');
  const silo = body.siloId === null ? null : await siloOf(tx, who.orgId, body.siloId);
  if (body.siloId !== null && !silo) throw badRequest(`筒仓不存在: ${body.siloId}`, 'siloId');
  const refusal = siloChoiceRefusal(
    { ticketNo: t.ticket_no, kind: t.kind, state: t.state, materialId: t.material_id, isReturn: t.source_ticket_id !== null },
    silo ? { name: silo.silo_name, materialId: silo.material_id, enabled: silo.enabled } : null,
  );
  if (refusal) throw badRequest(refusal, t.kind !== 'sa' || t.source_ticket_id !== null || !silo ? 'id' : 'siloId');
  const before = t.silo_id ? (await siloOf(tx, who.orgId, t.silo_id))?.silo_name ?? null : null;
  await setTicketSilo(tx, who.orgId, t.id, silo?.id ?? null, who.userId);
  return {
    reply: { ticketId: t.id, ticketNo: t.ticket_no, siloId: silo?.id ?? null, siloName: silo?.silo_name ?? null },
    notes: [ticketNote('sa', 'silo', t.ticket_no, `装车筒仓 ${before ?? '空'} -> ${silo?.silo_name ?? '空'}`)],
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
