import { entryOf, writeLogs, type Actor } from '../audit/log';
import type { Database } from '../db/pool';

export interface NewFile {
  orgId: string;
  uploadedBy: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}

export interface FileRow {
  id: string;
  orgId: string;
  uploadedBy: string | null;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  createdAt: Date;
}

const COLUMNS = [
  'id', 'org_id as orgId', 'uploaded_by as uploadedBy', 'original_name as originalName', 'content_type as contentType',
  'size_bytes as size', 'sha256', 'storage_key as storageKey', 'created_at as createdAt',
] as const;

/** All rows of one upload in one transaction: a request refused half way stores none. */
export async function insertFiles(db: Database, files: NewFile[], uploader?: Actor): Promise<FileRow[]> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .insertInto('sys_file')
      .values(files.map((f) => ({
        org_id: f.orgId, uploaded_by: f.uploadedBy, original_name: f.originalName, content_type: f.contentType,
        size_bytes: f.size, sha256: f.sha256, storage_key: f.storageKey,
      })))
      .returning(COLUMNS)
      .execute();
    // an upload is a change of its own: the document that later names the file logs its save too
    if (uploader) {
      await writeLogs(tx, rows.map((r, i) => entryOf(uploader, { action: 'upload', family: '文件', docNo: String(r.id), detail: `${files[i].originalName} ${files[i].size} 字节` })));
    }
    return rows.map(toFileRow);
  });
}

/** A file of the caller's company; another company's file does not exist for it. */
export async function findFile(db: Database, orgId: string, id: string): Promise<FileRow | null> {
  const row = await db.selectFrom('sys_file').select(COLUMNS).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return row ? toFileRow(row) : null;
}

/**
 * Which of these ids are files of the company: for a document that stores file ids (the vehicle's
 * photos) to refuse, with a 400 naming its field, an id the caller's company does not own.
 */
export async function companyFileIds(db: Database, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('sys_file').select('id').where('org_id', '=', orgId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

function toFileRow(row: { size: string | number } & Omit<FileRow, 'size'>): FileRow {
  return { ...row, size: Number(row.size) };
}
