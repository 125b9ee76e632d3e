import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { completeOnLine, releaseOnLine, reserveOnLine } from './quantity';

// The line's quantities under concurrency, on a real database: many trucks completing against one
// line at once never push done past its max limit, and whatever the code did, the CHECK holds.
const { database } = await freshDatabase();
const { db, pool } = database;

async function newLine(maxLimit: string): Promise<{ orgId: string; lineId: string }> {
  const { rows: [m] } = await pool.query('SELECT org_id, archive_id FROM md_material_alloc ORDER BY org_id, archive_id LIMIT 1');
  const { rows: [n] } = await pool.query(
    `INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, start_time, end_time)
     VALUES ($1, 'tr', 'TEST' || nextval(pg_get_serial_sequence('wb_notice', 'id')), 'AUDITED', now(), now() + interval '1 day') RETURNING id`, [m.org_id]);
  const { rows: [l] } = await pool.query(
    `INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, quantity, max_limit) VALUES ($1, $2, 1, $3, $4, $4) RETURNING id`,
    [m.org_id, n.id, m.archive_id, maxLimit]);
  return { orgId: String(m.org_id), lineId: String(l.id) };
}

const lineRow = async (id: string) => (await pool.query('SELECT done_quantity, in_transit, done_trips FROM wb_notice_line WHERE id = $1', [id])).rows[0];

describe('notice line quantities in the database', () => {
  it('lets 4 of 10 trucks of 30 t complete on a 120 t line when they complete at once', async () => {
    const { orgId, lineId } = await newLine('120');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () =>
      db.transaction().execute((tx) => completeOnLine(tx, orgId, lineId, '0', '30'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/^超出通知单最大限量/);
    expect(await lineRow(lineId)).toEqual({ done_quantity: '120.0000', in_transit: '0.0000', done_trips: 4 });
  });

  it('never reserves more than the line has left when registries reserve at once', async () => {
    const { orgId, lineId } = await newLine('100');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () =>
      db.transaction().execute((tx) => reserveOnLine(tx, orgId, lineId, '30'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await lineRow(lineId)).in_transit).toBe('90.0000');
  });

  it('turns a hold into done on completion and gives a hold back on release', async () => {
    const { orgId, lineId } = await newLine('100');
    await db.transaction().execute(async (tx) => {
      await reserveOnLine(tx, orgId, lineId, '30');
      await reserveOnLine(tx, orgId, lineId, '25');
    });
    await db.transaction().execute((tx) => completeOnLine(tx, orgId, lineId, '30', '31.5'));
    await db.transaction().execute((tx) => releaseOnLine(tx, orgId, lineId, '25'));
    expect(await lineRow(lineId)).toEqual({ done_quantity: '31.5000', in_transit: '0.0000', done_trips: 1 });
  });

  it('refuses in the database itself an update that would pass the max limit', async () => {
    const { lineId } = await newLine('10');
    await expect(pool.query('UPDATE wb_notice_line SET done_quantity = 10.0001 WHERE id = $1', [lineId])).rejects.toThrow(/wb_notice_line_max_limit/);
  });

  it('does not find another company\'s line', async () => {
    const { lineId } = await newLine('10');
    await expect(db.transaction().execute((tx) => reserveOnLine(tx, '999999', lineId, '1'))).rejects.toThrow('通知单明细不存在');
  });
});
