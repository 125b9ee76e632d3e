import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { entryOf, writeLog, type ChangeNote } from '../../platform/audit/log';
import type { Database } from '../../platform/db/pool';
import type { FileStorage } from '../../platform/files/storage';
import { storageKey } from '../../platform/files/upload-rules';
import { AppError, badRequest } from '../../platform/http/errors';
import { countPrint } from '../weighing/print/repo';
import { printNote } from '../weighing/log-notes';
import type { TicketKind } from '../weighing/kinds';
import { holdSnapshots } from '../weighing/snapshots';
import type { Tx } from '../weighing/repo';
import type { LaneStation } from './station-auth';
import { INTERVENTION_FAMILY } from './interventions';
import { watermark } from './watermark';

interface LaneTicket { id: string; kind: TicketKind; ticket_no: string; plate_number: string; weighing_id: string | null; weight: string | null; weighed_at: Date | null }

/** A ticket of the lane's company by its number, with its latest weighing (the one the lane just made). */
async function ticketByNo(tx: Tx | Database, orgId: string, ticketNo: string): Promise<LaneTicket> {
  const { rows } = await sql<LaneTicket>`
    SELECT t.id::text, t.kind, t.ticket_no, t.plate_number, w.id::text AS weighing_id, w.weight::text AS weight, w.weighed_at
      FROM wb_ticket t LEFT JOIN LATERAL (SELECT id, weight, weighed_at FROM wb_weighing WHERE org_id = t.org_id AND ticket_id = t.id ORDER BY id DESC LIMIT 1) w ON true
     WHERE t.org_id = ${orgId} AND t.ticket_no = ${ticketNo}`.execute(tx);
  const t = rows[0];
  if (!t) throw new AppError(404, `磅单 ${ticketNo} 不存在`, 'ticketNo');
  return t;
}

/**
 * The camera's snapshot of an accepted weighing, watermarked (watermark.ts) and kept as a file of
 * the company held by the ticket's latest weighing (wb_weighing.snapshot_file_ids, which the
 * ticket's pictures read and the file sweep respects). The bytes are stored first, the row, the
 * weighing's reference and the log entry in one transaction; a failure takes the bytes back.
 */
export async function keepSnapshot(db: Database, storage: FileStorage, s: LaneStation, ticketNo: string, picture: Buffer, now: Date): Promise<{ fileId: string }> {
  const t = await ticketByNo(db, s.orgId, ticketNo);
  if (!t.weighing_id) throw badRequest(`磅单 ${ticketNo} 没有过磅记录`, 'ticketNo');
  let marked: Buffer;
  try {
    marked = await watermark(picture, { plate: t.plate_number, weight: `${t.weight ?? ''}`, at: t.weighed_at ?? now, station: s.stationName, ticketNo });
  } catch {
    throw badRequest('图片无法识别，应为 JPEG 或 PNG', 'image');
  }
  const key = storageKey(s.orgId, now, randomUUID());
  await storage.put(key, marked, 'image/jpeg');
  try {
    return await db.transaction().execute(async (tx) => {
      const file = await tx.insertInto('sys_file').values({
        org_id: s.orgId, uploaded_by: s.actor.userId, original_name: `${ticketNo}-${t.plate_number}.jpg`, content_type: 'image/jpeg',
        size_bytes: marked.length, sha256: createHash('sha256').update(marked).digest('hex'), storage_key: key,
      }).returning('id').executeTakeFirstOrThrow();
      await holdSnapshots(tx, s.orgId, [file.id]);
      await sql`UPDATE wb_weighing SET snapshot_file_ids = array_append(snapshot_file_ids, ${file.id}::bigint) WHERE id = ${t.weighing_id}::bigint`.execute(tx);
      await writeLog(tx, entryOf(s.actor, { action: 'laneSnapshot', family: INTERVENTION_FAMILY, docNo: ticketNo, detail: `${s.stationName}：${t.plate_number} 抓拍 ${marked.length} 字节` }));
      return { fileId: file.id };
    });
  } catch (err) {
    await storage.remove(key).catch(() => {});
    throw err;
  }
}

/**
 * The camera's picture of a refused truck, watermarked (plate, weight, time, station, the refusal)
 * and stored; its sys_file row and the request's reference are written by keepRefusalSnapshot in
 * the request's transaction. Undecodable bytes are a 400 on `image`.
 */
export async function storeRefusalPicture(storage: FileStorage, s: LaneStation, t: { plate: string; weight: string; refusal: string }, picture: Buffer, now: Date) {
  let marked: Buffer;
  try {
    marked = await watermark(picture, { plate: t.plate, weight: t.weight, at: now, station: s.stationName, ticketNo: t.refusal });
  } catch {
    throw badRequest('图片无法识别，应为 JPEG 或 PNG', 'image');
  }
  const key = storageKey(s.orgId, now, randomUUID());
  await storage.put(key, marked, 'image/jpeg');
  return { key, marked, remove: () => storage.remove(key).catch(() => {}) };
}

/** The stored picture becomes a file of the company held by the intervention request (wb_lane_intervention.snapshot_file_id). */
export async function keepRefusalSnapshot(tx: Tx, s: LaneStation, interventionId: string, stored: { key: string; marked: Buffer }, plate: string): Promise<string> {
  const file = await tx.insertInto('sys_file').values({
    org_id: s.orgId, uploaded_by: s.actor.userId, original_name: `intervention-${interventionId}-${plate}.jpg`, content_type: 'image/jpeg',
    size_bytes: stored.marked.length, sha256: createHash('sha256').update(stored.marked).digest('hex'), storage_key: stored.key,
  }).returning('id').executeTakeFirstOrThrow();
  await holdSnapshots(tx, s.orgId, [file.id]);
  await tx.updateTable('wb_lane_intervention').set({ snapshot_file_id: file.id }).where('org_id', '=', s.orgId).where('id', '=', interventionId).execute();
  return file.id;
}

/** The lane printed the ticket: its print count, logged as the ticket's print (log-notes printNote). */
export async function recordPrint(tx: Tx, s: LaneStation, ticketNo: string): Promise<ChangeNote> {
  const t = await ticketByNo(tx, s.orgId, ticketNo);
  return printNote(t.kind, t.ticket_no, await countPrint(tx, s.orgId, t.id));
}
