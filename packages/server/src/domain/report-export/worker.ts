import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Writable } from 'node:stream';
import { XLSX_TYPE } from '../../platform/excel/workbook';
import { removeBytes } from '../../platform/files/removal';
import type { FileStorage } from '../../platform/files/storage';
import { storageKey } from '../../platform/files/upload-rules';
import { AppError } from '../../platform/http/errors';
import type { JobContext } from '../../platform/jobs/define';
import type { FamilyModule } from '../../platform/module/define';
import { executeDataset } from '../../platform/reports/execute';
import { countRows, EXPORT_ROWS_MAX, ExportTooLarge, writeReportWorkbook } from '../../platform/reports/export';
import { loadReportForCaller, paramFacts } from '../report-centre/load';
import { paramNames } from '../report-centre/repo';
import { claimExport, displayParams, failExport, reportProgress, type ExportRequest, type ExportRow } from './repo';

/** The job library's queue of large exports (a module's `workers`). */
export const EXPORT_QUEUE = 'report.export';
export interface ExportJobData { exportId: string }

/** The export's row left the running state (cancelled): the writing stops and nothing is stored. */
export class ExportCancelled extends Error {
  constructor() {
    super('export cancelled');
  }
}

/**
 * Writes a file straight into the store as the writer produces it: `write` gets the stream the
 * store reads (hashed on the way), so the file is never held in memory whatever its size. A
 * writer's failure stores nothing (the part already stored is removed) and is thrown.
 */
export async function writeToStore(
  storage: FileStorage, key: string, contentType: string, write: (out: Writable) => Promise<number>,
): Promise<{ rows: number; size: number; sha256: string }> {
  const hash = createHash('sha256');
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const storing = storage.putStream(key, out, contentType);
  // a failure of the store is seen by the writer (the stream closes) and thrown below
  storing.catch(() => undefined);
  let rows: number;
  try {
    rows = await write(out);
  } catch (err) {
    out.destroy();
    await storing.catch(() => undefined);
    await removeBytes(storage, [key]);
    throw err;
  }
  const size = await storing;
  return { rows, size, sha256: hash.digest('hex') };
}

/**
 * One large export, as the job library hands it to this instance: claimed (a cancelled export is
 * not started), the report loaded again as its caller (a right taken away meanwhile stops it),
 * counted, written with its progress every quarter second (which is also where a cancel is seen),
 * and stored as a file of the company. A failure is kept on the row for the browser to show.
 */
export async function runExportJob(ctx: JobContext, modules: FamilyModule[], id: string): Promise<void> {
  const job = await claimExport(ctx.db, id);
  if (!job) return;
  const request = job.request as ExportRequest;
  const timeZone = ctx.config.timeZone;
  try {
    const { definition, dataset, reader } = await loadReportForCaller({ db: ctx.db, modules }, request.who, job.report_code);
    const display = await displayParams(ctx.db, job.org_id);
    const facts = paramFacts(dataset, definition, request.params, reader, await paramNames(ctx.db, reader, dataset.params, request.params));
    const input = { orgId: job.org_id, userId: job.user_id, params: request.params, timeZone };
    const key = storageKey(job.org_id, new Date(ctx.now()), randomUUID());
    const stored = await writeToStore(ctx.storage, key, XLSX_TYPE, (out) => executeDataset(ctx.database.pool, dataset, async (client) => {
      const total = await countRows(client, dataset.query(input));
      if (total > EXPORT_ROWS_MAX) throw new ExportTooLarge();
      if (!(await reportProgress(ctx.db, id, 0, total))) throw new ExportCancelled();
      return writeReportWorkbook(out, client, dataset, definition, input, request.sort, {
        timeZone, display, sheetName: definition.name, facts,
        progress: async (n) => {
          if (!(await reportProgress(ctx.db, id, n))) throw new ExportCancelled();
        },
      });
    }));
    await recordExportFile(ctx, job, key, stored);
  } catch (err) {
    if (err instanceof ExportCancelled) return;
    const shown = err instanceof AppError || err instanceof ExportTooLarge ? err.message : '导出失败，请稍后重试';
    ctx.log.warn(`report export ${id} failed: ${(err as Error).message}`);
    await failExport(ctx.db, id, shown);
  }
}

/**
 * Bytes first (stored as they were written), then the file's row and the export's end in one
 * transaction that locks the export: a cancel that came first (the row is no longer running)
 * leaves no row, and the bytes are removed; a cancel that comes after finds the file and removes
 * it. Either way a cancelled export has no file.
 */
async function recordExportFile(ctx: JobContext, job: ExportRow, key: string, written: { rows: number; size: number; sha256: string }): Promise<void> {
  const stored = await ctx.db.transaction().execute(async (tx) => {
    const now = await tx.selectFrom('rpt_export').select('state').where('id', '=', job.id).forUpdate().executeTakeFirst();
    if (now?.state !== 'running') return false;
    const file = await tx.insertInto('sys_file').values({
      org_id: job.org_id, uploaded_by: job.user_id, original_name: job.file_name, content_type: XLSX_TYPE,
      size_bytes: written.size, sha256: written.sha256, storage_key: key,
    }).returning('id').executeTakeFirstOrThrow();
    await tx.updateTable('rpt_export').set({ state: 'done', file_id: file.id, rows_written: String(written.rows), finished_at: new Date() })
      .where('id', '=', job.id).execute();
    return true;
  }).catch(async (err) => {
    await removeBytes(ctx.storage, [key]);
    throw err;
  });
  if (!stored) await removeBytes(ctx.storage, [key]);
}
