import type pg from 'pg';
import type { Catalog } from './rules';

const TABLES = `
  SELECT c.relname AS name,
         CASE WHEN a.attname IS NULL THEN 'none' WHEN a.attnotnull THEN 'required' ELSE 'nullable' END AS "orgId"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
   ORDER BY 1`;

// a unique index counts whether or not a constraint owns it: Citus refuses both without org_id
const KEYS = `
  SELECT c.relname AS table, i.indexrelid::regclass::text AS name, i.indisprimary AS primary,
         ARRAY(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND i.indisunique
   ORDER BY 1, 2`;

const FOREIGN_KEYS = `
  SELECT s.relname AS table, co.conname AS name, t.relname AS "refTable",
         ARRAY(SELECT a.attname::text FROM unnest(co.conkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
         ARRAY(SELECT a.attname::text FROM unnest(co.confkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = co.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS "refColumns"
    FROM pg_constraint co
    JOIN pg_class s ON s.oid = co.conrelid
    JOIN pg_class t ON t.oid = co.confrelid
    JOIN pg_namespace n ON n.oid = s.relnamespace
   WHERE co.contype = 'f' AND n.nspname = 'public' AND co.conparentid = 0
   ORDER BY 1, 2`;

/** The live schema's tables, keys and foreign keys (schema public; the job library's schema is its own). */
export async function readCatalog(db: Pick<pg.ClientBase, 'query'>): Promise<Catalog> {
  const [tables, keys, foreignKeys] = [
    (await db.query<Catalog['tables'][number]>(TABLES)).rows,
    (await db.query<Catalog['keys'][number]>(KEYS)).rows,
    (await db.query<Catalog['foreignKeys'][number]>(FOREIGN_KEYS)).rows,
  ];
  return { tables, keys, foreignKeys };
}
