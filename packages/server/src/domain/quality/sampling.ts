import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { pickFormat } from './auto-models';
import { insertSample, joinSample, leaveSample, lockOpenSample, recountTicket, sampleOfTicket } from './repo';

/**
 * The sampling confirmation grid's judgment turned into sample records (domain/confirm calls
 * this in its own transaction, the ticket already locked: the lock order ticket -> sample).
 *
 * 合格 (QUALIFIED): a truck not yet sampled joins the open sample of its material, vendor and
 * day under the format the auto model picks, as long as that sample is still collecting and has
 * room (the format's trucks per sample), or starts a new one with a fresh blind code; a truck
 * already in a sample only has its count of portions corrected. 不合格 (UNQUALIFIED): a truck
 * whose sample is still collecting leaves it; once the lab has begun, the sample stays as it is.
 * A material no auto model gives a format is not assayed: the judgment stands without a sample,
 * and the reply warns the sampler (no silent 合格).
 */
export interface SamplingPress {
  orgId: string;
  userId: string | null;
  ticketId: string;
  judgement: 'QUALIFIED' | 'UNQUALIFIED';
  sampleCount: number;
  /** ISO date */
  sampledOn: string;
}

export type SamplingOutcome = { kind: 'joined' | 'started' | 'recounted' | 'left'; sampleId: string } | { kind: 'none'; warning?: string };

/** What the sampler reads when 合格 makes no sample: no enabled auto model gives the material a format. */
export const noModelWarning = (materialName: string | null) =>
  `物料 ${materialName ?? '（未填）'} 没有启用的自动模型，未生成样品；请在 质量管理 → 自动模型 中为它指定化验模板`;

export async function recordSampling(tx: Transaction<DB>, p: SamplingPress): Promise<SamplingOutcome> {
  const current = await sampleOfTicket(tx, p.orgId, p.ticketId);
  if (p.judgement === 'UNQUALIFIED') {
    if (!current || current.state !== 'COLLECTING') return { kind: 'none' };
    await leaveSample(tx, current.sample_id, p.ticketId);
    return { kind: 'left', sampleId: current.sample_id };
  }
  if (current) {
    if (current.sample_count !== p.sampleCount) await recountTicket(tx, current.sample_id, p.ticketId, p.sampleCount);
    return { kind: 'recounted', sampleId: current.sample_id };
  }
  const { rows } = await sql<{ material_id: string | null; vendor_id: string | null; material_name: string | null }>`
    SELECT t.material_id::text AS material_id, t.vendor_id::text AS vendor_id, (SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id) AS material_name
      FROM wb_ticket t WHERE t.id = ${p.ticketId}::bigint AND t.org_id = ${p.orgId}`.execute(tx);
  const ticket = rows[0];
  if (!ticket) return { kind: 'none' };
  const formatId = await pickFormat(tx, p.orgId, ticket.material_id, ticket.vendor_id);
  // the judgment stands, but the sampler is told no sample was drawn and where a model is set
  if (!formatId) return { kind: 'none', warning: noModelWarning(ticket.material_name) };
  const key = { materialId: ticket.material_id, vendorId: ticket.vendor_id, formatId, sampledOn: p.sampledOn };
  // two trucks of one key pressed at once would each start a sample: they queue here instead
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`qm_sample:${p.orgId}:${key.materialId}:${key.vendorId}:${formatId}:${p.sampledOn}`}, 0))`.execute(tx);
  const open = await lockOpenSample(tx, p.orgId, key);
  const sample = open ?? (await insertSample(tx, p.orgId, p.userId, key));
  await joinSample(tx, p.orgId, sample.id, p.ticketId, p.sampleCount);
  return { kind: open ? 'joined' : 'started', sampleId: sample.id };
}
