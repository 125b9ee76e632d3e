import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { WorkerDecl } from './define';
import { enqueue, jobInsertSql } from './enqueue';

describe('enqueue', () => {
  it('a job sent in a rolled-back transaction is not there; one sent in a committed one waits (runner off) and a runner takes it', async () => {
    const handled: unknown[] = [];
    const worker: WorkerDecl<{ n: number }> = { queue: 'test.enqueue', handle: async (_ctx, data) => { handled.push(data); } };
    // the runner off: the app only sends
    const { app, database, config } = await createTestApp();
    await app.ready();
    const { db } = database;
    const { ensureQueues } = await import('./boss');
    await ensureQueues(database.pool, [{ name: 'test.enqueue' }]);

    await expect(db.transaction().execute(async (tx) => {
      await enqueue(tx, 'test.enqueue', { n: 0 });
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    const id = await db.transaction().execute((tx) => enqueue(tx, 'test.enqueue', { n: 1 }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const waiting = await sql<{ n: number }>`SELECT (data->>'n')::int AS n FROM pgboss.job WHERE name = 'test.enqueue'`.execute(db);
    expect(waiting.rows).toEqual([{ n: 1 }]);

    // the same key sent twice at once: one job
    const both = await Promise.all([1, 2].map(() => db.transaction().execute((tx) => enqueue(tx, 'test.enqueue', { n: 2 }, { singletonKey: 'k-2' }))));
    expect(both.filter((x) => x !== null)).toHaveLength(1);
    await sql`DELETE FROM pgboss.job WHERE name = 'test.enqueue' AND singleton_key = 'k-2'`.execute(db);

    // an instance with the runner on takes it
    const runner = await buildApp({ config: { ...config, jobs: true, jobPollSeconds: 0.5 }, database, extraJobs: { workers: [worker as WorkerDecl] } });
    await runner.ready();
    try {
      await expect.poll(() => handled, { timeout: 20_000 }).toEqual([{ n: 1 }]);
    } finally {
      await runner.close();
    }
  });

  it('a job carried by another statement (jobInsertSql) is the row the library sends, for a plain queue and one with its own retry and expiry', async () => {
    const { database } = await createTestApp();
    const { db } = database;
    const { ensureQueues } = await import('./boss');
    await ensureQueues(database.pool, [{ name: 'test.plain' }, { name: 'test.retried', retry: { limit: 5, delaySeconds: 30, backoff: true }, expireInSeconds: 90 }]);
    for (const queue of ['test.plain', 'test.retried']) {
      const rows = await db.transaction().execute(async (tx) => {
        await enqueue(tx, queue, { n: 1 });
        await sql`WITH j AS (${jobInsertSql(queue, sql`jsonb_build_object('n', 1)`, sql`true`)} RETURNING id) SELECT 1`.execute(tx);
        await sql`WITH j AS (${jobInsertSql(queue, sql`jsonb_build_object('n', 2)`, sql`false`)} RETURNING id) SELECT 1`.execute(tx);
        return (await sql<Record<string, unknown>>`SELECT to_jsonb(j) - 'id' AS row FROM pgboss.job j WHERE name = ${queue} ORDER BY created_on, id`.execute(tx)).rows.map((r) => r.row);
      });
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual(rows[0]);
    }
  });
});
