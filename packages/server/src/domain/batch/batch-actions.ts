import type { BatchDetail, BatchOpenBody } from '@wb/protocol';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import type { Runner, Tx } from '../weighing/repo';
import {
  batchDetailRow, batchTickets, closeBatch, insertOpenedBatch, loadingTickets, lockBatch, materialOf, openOnSilo, saveTests, siloOf, type BatchRow,
} from './repo';
import { batchProductRefusal, closeRefusal, openRefusal, remainingOf } from './rules';

/** The batch archive's own calls (module.ts): close, open on a silo, its test values, its detail. */
const FAMILY = '批次';
const note = (action: string, b: Pick<BatchRow, 'batch_no'>, detail: string): ChangeNote => ({ action, family: FAMILY, docNo: b.batch_no, detail });

async function locked(tx: Tx, orgId: string, id: string, field = 'id'): Promise<BatchRow> {
  const b = await lockBatch(tx, orgId, id, 'update');
  if (!b) throw new AppError(404, `批次不存在: ${id}`, field);
  return b;
}

/** 关闭批次: each batch locked in id order, all or nothing; a closed batch takes no more tickets. */
export async function closeBatches(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, ids: string[]): Promise<{ reply: { count: number }; notes: ChangeNote[] }> {
  const sorted = [...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const notes: ChangeNote[] = [];
  for (const id of sorted) {
    const b = await locked(tx, who.orgId, id, 'ids');
    const refusal = closeRefusal({ batchNo: b.batch_no, closed: b.closed_at !== null }, await loadingTickets(tx, who.orgId, b.id));
    if (refusal) throw badRequest(refusal, 'ids');
    await closeBatch(tx, who.orgId, b.id, who.userId);
    notes.push(note('close', b, '关闭批次'));
  }
  return { reply: { count: sorted.length }, notes };
}

/**
 * 开仓: a batch, existing (id) or new (batchNo with its product), is now what the silo fills with;
 * trucks loaded at the silo take it (ticket-batch.ts, and the second weighing by itself). Its
 * declared quantity and the time it was opened are written with it. A new batch number is taken
 * once (ON CONFLICT against UNIQUE (org_id, batch_no)): of two opening the same number, one wins.
 */
export async function openBatch(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, body: BatchOpenBody): Promise<{ reply: { id: string; batchNo: string; siloName: string }; notes: ChangeNote[] }> {
  const product = body.materialId ? await materialOf(tx, who.orgId, body.materialId) : null;
  if (body.materialId && !product) throw badRequest(`物料不存在: ${body.materialId}`, 'materialId');
  const productProblem = product ? batchProductRefusal(product) : null;
  if (productProblem) throw badRequest(productProblem, 'materialId');
  const silo = await siloOf(tx, who.orgId, body.siloId);
  if (!silo) throw badRequest(`筒仓不存在: ${body.siloId}`, 'siloId');
  let b: BatchRow;
  let created = false;
  if (body.id !== undefined) {
    b = await locked(tx, who.orgId, body.id);
    if (product && b.material_code !== null && b.material_code !== product.inv_code) {
      throw badRequest(`批次 ${b.batch_no} 的物料编码是 ${b.material_code}，不能改为 ${product.inv_code}`, 'materialId');
    }
  } else {
    const made = await insertOpenedBatch(tx, who.orgId, { batchNo: body.batchNo as string, materialCode: product?.inv_code ?? null, userId: who.userId });
    if (!made) throw badRequest(`批次号 ${body.batchNo} 已存在`, 'batchNo');
    b = made;
    created = true;
  }
  const materialCode = product?.inv_code ?? b.material_code;
  const refusal = openRefusal({ batchNo: b.batch_no, closed: b.closed_at !== null, materialCode }, { name: silo.silo_name, materialCode: silo.inv_code });
  if (refusal) throw badRequest(refusal, 'siloId');
  await openOnSilo(tx, who.orgId, b.id, silo.id, who.userId, {
    materialCode, quantity: body.quantity ?? undefined, openedAt: body.openedAt ?? null,
  });
  const said = [created ? '新批次' : null, `开仓：${silo.silo_name}`, body.quantity != null ? `申报数量 ${body.quantity}吨` : null, product ? `物料 ${product.inv_code}` : null]
    .filter(Boolean).join('；');
  return { reply: { id: b.id, batchNo: b.batch_no, siloName: silo.silo_name }, notes: [note('open', b, said)] };
}

/** 检验值: the batch's own test values (the quality family keeps no batch report), replaced whole. */
export async function setBatchTests(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, id: string, values: { item: string; value: string; unit?: string | null }[]) {
  const b = await locked(tx, who.orgId, id);
  const clean = values.map((v) => ({ item: v.item, value: v.value, ...(v.unit ? { unit: v.unit } : {}) }));
  await saveTests(tx, who.orgId, b.id, clean, who.userId);
  return { reply: { count: clean.length }, notes: [note('tests', b, clean.map((v) => `${v.item} ${v.value}${v.unit ?? ''}`).join('；') || '清空检验值')] };
}

/** The batch with its tickets, what they took and what remains, its silo and test values. */
export async function batchDetail(db: Runner, who: Pick<Who, 'orgId'>, id: string): Promise<BatchDetail> {
  const b = await batchDetailRow(db, who.orgId, id);
  if (!b) throw new AppError(404, `批次不存在: ${id}`, 'id');
  const rows = await batchTickets(db, who.orgId, id);
  const { shipped, remaining } = remainingOf(b.quantity, [b.shipped]);
  return {
    id: b.id, batchNo: b.batch_no, materialCode: b.material_code, producedOn: b.produced_on, siloName: b.silo_name, quantity: b.quantity,
    shipped, remaining, closedAt: b.closed_at ? new Date(b.closed_at).toISOString() : null, openedAt: b.opened_at ? new Date(b.opened_at).toISOString() : null,
    testValues: b.test_values as BatchDetail['testValues'],
    tickets: rows.map((t) => ({
      id: t.id, ticketNo: t.ticket_no, plateNumber: t.plate_number, customerName: t.customer_name, state: t.state, net: t.net,
      completedAt: t.completed_at ? new Date(t.completed_at).toISOString() : null,
    })),
  };
}
