import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';

const { database } = await freshDatabase();

describe('database sessions', () => {
  it('read a time typed without a zone as the plant wall clock (Asia/Shanghai by default)', async () => {
    const { rows } = await database.pool.query<{ at: Date }>("SELECT '2026-03-01 09:30:00'::timestamptz AS at");
    expect(rows[0].at.toISOString()).toBe('2026-03-01T01:30:00.000Z');
  });

  it('hand dates over as yyyy-mm-dd text, never a Date that could shift a day', async () => {
    const { rows } = await database.pool.query<{ d: unknown }>("SELECT DATE '2026-11-21' AS d");
    expect(rows[0].d).toBe('2026-11-21');
  });

  it('keep bigint ids and numeric amounts as exact strings', async () => {
    const { rows } = await database.pool.query<{ id: unknown; amount: unknown }>('SELECT 9007199254740993::bigint AS id, 0.1::numeric(19,4) + 0.2 AS amount');
    expect(rows[0]).toEqual({ id: '9007199254740993', amount: '0.3000' });
  });
});

describe('a connection the database drops', () => {
  it('does not take the process down, and the next query gets a fresh connection', async () => {
    const idle = await database.pool.connect();
    const other = await database.pool.connect();
    const { rows } = await idle.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    idle.release();
    // the idle pooled connection is terminated from another session, as a server restart would
    await other.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    other.release();
    await new Promise((r) => setTimeout(r, 200));
    const again = await database.pool.query<{ one: number }>('SELECT 1 AS one');
    expect(again.rows[0].one).toBe(1);
  });
});
