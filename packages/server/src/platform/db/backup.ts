import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * The database's backup: every table of the public schema copied out (COPY, text format) inside
 * one read-only repeatable-read transaction, so the tables agree with each other, into a folder
 * of its own: manifest.json (the migrations applied, each table's columns and rows, the
 * sequences) and one <table>.copy.gz per table. The embedded PostgreSQL ships no pg_dump, and a
 * pg_dump older than the server refuses it; COPY needs nothing beyond the connection. The job
 * library's queue (schema pgboss) is not kept: a restored database starts it empty.
 */
export const BACKUP_FORMAT = 'weighbridge-backup-1';

interface TableManifest { name: string; columns: string[]; rows: number }
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  migrations: string[];
  tables: TableManifest[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Base tables of the public schema with their stored (not generated) columns, in name order. */
async function publicTables(client: pg.PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind = 'r'
    GROUP BY c.relname ORDER BY c.relname`);
  return rows;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** A backup into `dir` (made if missing); the folder it wrote. */
export async function backupDatabase(pool: pg.Pool, dir: string, now = new Date()): Promise<{ folder: string; manifest: BackupManifest }> {
  const folder = path.join(dir, `wb-${stamp(now)}`);
  const partial = `${folder}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL statement_timeout = 0');
    const migrations = (await client.query<{ name: string }>('SELECT name FROM schema_migration ORDER BY name')).rows.map((r) => r.name);
    const tables: TableManifest[] = [];
    for (const t of await publicTables(client)) {
      const out = zlib.createGzip();
      let rows = 0;
      const copy = client.query(copyTo(`COPY ${ident(t.name)} (${t.columns.map(ident).join(', ')}) TO STDOUT`));
      copy.on('data', (chunk: Buffer) => { for (const b of chunk) if (b === 10) rows += 1; });
      await pipeline(copy, out, fs.createWriteStream(path.join(partial, `${t.name}.copy.gz`)));
      tables.push({ ...t, rows });
    }
    const { rows: sequences } = await client.query<{ name: string; lastValue: string; isCalled: boolean }>(`
      SELECT s.sequencename AS name, coalesce(s.last_value, s.start_value)::text AS "lastValue", s.last_value IS NOT NULL AS "isCalled"
      FROM pg_sequences s WHERE s.schemaname = 'public' ORDER BY 1`);
    await client.query('COMMIT');
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: now.toISOString(), migrations, tables, sequences };
    fs.writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
    // only a complete backup carries its final name
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(partial, folder);
    return { folder, manifest };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  } finally {
    client.release();
  }
}

/** Backups in `dir` older than `keepDays` are removed (and any left half-written); the names removed. */
export function pruneBackups(dir: string, keepDays: number, now = new Date()): string[] {
  if (!fs.existsSync(dir)) return [];
  const cutoff = now.getTime() - keepDays * 86_400_000;
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!/^wb-\d{8}-\d{6}(\.partial)?$/.test(name)) continue;
    const full = path.join(dir, name);
    const old = fs.statSync(full).mtimeMs < cutoff;
    if (old || (name.endsWith('.partial') && fs.statSync(full).mtimeMs < now.getTime() - 86_400_000)) {
      fs.rmSync(full, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${folder} 不是备份目录（缺少 manifest.json）`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${folder}: 未知的备份格式 ${String(manifest.format)}`);
  return manifest;
}

/**
 * Loads a backup into a database already migrated to this code's schema: every public table
 * emptied, the backup's rows copied in (triggers and foreign-key checks off while loading, as a
 * restore of consistent data; that takes a superuser or the session_replication_role grant),
 * the sequences set, all in one transaction. Refuses a backup of migrations this code does not
 * know, and a target that holds users unless `replace`.
 */
export async function restoreDatabase(pool: pg.Pool, folder: string, opts: { replace?: boolean } = {}): Promise<BackupManifest> {
  const manifest = readManifest(folder);
  const client = await pool.connect();
  try {
    const known = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migration')).rows.map((r) => r.name));
    const unknown = manifest.migrations.filter((m) => !known.has(m));
    if (unknown.length) throw new Error(`备份来自更新的版本（迁移 ${unknown.join(', ')} 在此版本中不存在），不能恢复`);
    const tables = new Set((await publicTables(client)).map((t) => t.name));
    const missing = manifest.tables.filter((t) => !tables.has(t.name)).map((t) => t.name);
    if (missing.length) throw new Error(`目标数据库缺少表 ${missing.join(', ')}`);
    if (!opts.replace) {
      const { rows: [used] } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_user');
      if (used.n > 0) throw new Error('目标数据库已有用户数据；恢复会清空它，确认时加 --replace');
    }
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    const loaded = manifest.tables.filter((t) => t.name !== 'schema_migration');
    await client.query(`TRUNCATE ${loaded.map((t) => ident(t.name)).join(', ')}`);
    for (const t of loaded) {
      const copy = client.query(copyFrom(`COPY ${ident(t.name)} (${t.columns.map(ident).join(', ')}) FROM STDIN`));
      await pipeline(fs.createReadStream(path.join(folder, `${t.name}.copy.gz`)), zlib.createGunzip(), copy);
    }
    for (const s of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${ident(s.name)}`, s.lastValue, s.isCalled]);
    }
    await client.query('COMMIT');
    return manifest;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
