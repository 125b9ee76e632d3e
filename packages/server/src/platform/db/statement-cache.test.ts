import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { PREPARED_PER_CONNECTION } from './statement-cache';

const { database } = await freshDatabase();

async function onOneConnection<T>(fn: (query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    return await fn((text, values) => client.query(text, values));
  } finally {
    client.release(true);
  }
}

const preparedHere = (query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) =>
  query('SELECT statement FROM pg_prepared_statements').then((r) => r.rows.map((x) => x.statement as string));

describe('statements a connection runs again', () => {
  it('are prepared from their second run on, and answer as before', async () => {
    await onOneConnection(async (query) => {
      const text = 'SELECT $1::int + 1 AS n';
      expect((await query(text, [1])).rows).toEqual([{ n: 2 }]);
      expect(await preparedHere(query)).not.toContain(text);
      expect((await query(text, [2])).rows).toEqual([{ n: 3 }]);
      expect(await preparedHere(query)).toContain(text);
      expect((await query(text, [41])).rows).toEqual([{ n: 42 }]);
    });
  });

  it('leave texts without parameters alone, so several commands in one text still run', async () => {
    await onOneConnection(async (query) => {
      for (let i = 0; i < 3; i++) await query('CREATE TEMP TABLE IF NOT EXISTS probe (x int); INSERT INTO probe VALUES (1)');
      expect((await query('SELECT count(*)::int AS n FROM probe')).rows).toEqual([{ n: 3 }]);
      expect(await preparedHere(query)).toEqual([]);
    });
  });

  it('stop at the per-connection limit and keep answering', async () => {
    await onOneConnection(async (query) => {
      const texts = Array.from({ length: PREPARED_PER_CONNECTION + 20 }, (_, i) => `SELECT $1::int * ${i + 1} AS n`);
      for (const t of texts) for (let run = 0; run < 2; run++) await query(t, [2]);
      expect((await query(texts.at(-1) as string, [1])).rows).toEqual([{ n: texts.length }]);
      expect((await preparedHere(query)).length).toBe(PREPARED_PER_CONNECTION);
    });
  });

  it('leave ON CONFLICT on a partial index and EXPLAIN unprepared: they are planned right only with their values', async () => {
    await onOneConnection(async (query) => {
      await query('CREATE TEMP TABLE probe_uq (k int, live boolean)');
      await query('CREATE UNIQUE INDEX ON probe_uq (k) WHERE live');
      const upsert = 'INSERT INTO probe_uq VALUES ($1, true) ON CONFLICT (k) WHERE live = $2 DO NOTHING';
      // past the five runs after which a prepared statement may take its generic plan
      for (let i = 0; i < 8; i++) await query(upsert, [i % 2, true]);
      expect((await query('SELECT count(*)::int AS n FROM probe_uq')).rows).toEqual([{ n: 2 }]);
      for (let i = 0; i < 3; i++) await query('EXPLAIN SELECT * FROM probe_uq WHERE k = $1', [i]);
      expect(await preparedHere(query)).toEqual([]);
    });
  });

  it('prepare an upsert on a plain unique key like any statement', async () => {
    await onOneConnection(async (query) => {
      await query('CREATE TEMP TABLE probe_acc (k int PRIMARY KEY, n int NOT NULL)');
      const upsert = 'INSERT INTO probe_acc AS a VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET n = a.n + 1';
      for (let i = 0; i < 8; i++) await query(upsert, [i % 2]);
      expect((await query('SELECT k, n FROM probe_acc ORDER BY k')).rows).toEqual([{ k: 0, n: 4 }, { k: 1, n: 4 }]);
      expect(await preparedHere(query)).toContain(upsert);
    });
  });

  it('survive a prepared statement that fails, inside and outside a transaction', async () => {
    await onOneConnection(async (query) => {
      const text = 'SELECT 10 / $1::int AS n';
      await query(text, [5]);
      await query(text, [2]);
      await expect(query(text, [0])).rejects.toThrow(/division by zero/);
      await query('BEGIN');
      await expect(query(text, [0])).rejects.toThrow(/division by zero/);
      await query('ROLLBACK');
      expect((await query(text, [10])).rows).toEqual([{ n: 1 }]);
    });
  });
});
