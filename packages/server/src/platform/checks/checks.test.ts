import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { ALL_CHECKS } from '../../domain/modules';
import { seedDemoDay } from '../../seed/demo-day';
import { seedDemoRecords } from '../../seed/demo-records';
import { checkModules } from '../module/mount';
import type { FamilyModule } from '../module/define';
import { breachCount, reportLines, runChecks } from './run';
import { MODULES } from '../../domain/modules';
import type { JobContext } from '../jobs/define';

// The invariants the families keep, checked from outside over the demo plant's morning and records (made
// by the platform's own calls: receipts, a grant drawn by the sales trucks, stock posted, settlements), then
// with one figure of each moved behind the writes' backs, as drift would.
const { app, database, config } = await createTestApp();
const { pool, db } = database;
const byKey = (results: Awaited<ReturnType<typeof runChecks>>, key: string) => results.find((r) => r.key === key)?.breaches ?? [];

beforeAll(async () => {
  // the demo plant as its first start leaves it: the morning, then the desk work ready to be done
  await seedDemoDay(app, db, config);
  await seedDemoRecords(app, db, config);
}, 120_000);

describe('the consistency check', () => {
  it('covers stock, customer money, licence grants, settlements and the weighing summary', () => {
    expect(ALL_CHECKS.map((c) => c.key).sort()).toEqual(['group_cockpit.unsettled_day', 'licence.drawn', 'money.account', 'report.weigh_day', 'settlement.totals', 'stock.balance']);
  });

  it('finds the demo plant whole: every balance, account, grant line and settlement adds up', async () => {
    const counts = (await pool.query(`SELECT (SELECT count(*) FROM wb_stock_balance)::int AS balances, (SELECT count(*) FROM fm_account)::int AS accounts,
      (SELECT count(*) FROM mgp_grant_line)::int AS lines, (SELECT count(*) FROM wb_settlement)::int AS settlements, (SELECT count(*) FROM fm_ledger)::int AS ledger`)).rows[0];
    // the demo morning leaves something of each to check
    for (const n of Object.values(counts)) expect(n).toBeGreaterThan(0);
    const results = await runChecks(db, ALL_CHECKS);
    expect(reportLines(results).filter((l) => l.startsWith('    '))).toEqual([]);
    expect(breachCount(results)).toBe(0);
  });

  it('names a stock balance that drifted from its records, with both figures', async () => {
    const { rows } = await pool.query(`UPDATE wb_stock_balance SET quantity = quantity + 1.5 WHERE id = (SELECT min(id) FROM wb_stock_balance)
      RETURNING org_id::text, trim_scale(quantity)::text AS held, trim_scale(quantity - 1.5)::text AS expected`);
    const breaches = byKey(await runChecks(db, ALL_CHECKS), 'stock.balance');
    expect(breaches).toEqual([expect.objectContaining({ orgId: rows[0].org_id, figure: 'quantity', held: rows[0].held, expected: rows[0].expected })]);
    expect(breaches[0].ref).toMatch(/ \/ /);
    await pool.query('UPDATE wb_stock_balance SET quantity = quantity - 1.5 WHERE id = (SELECT min(id) FROM wb_stock_balance)');
  });

  it('names a record posted with no balance moved', async () => {
    const { rows } = await pool.query(`SELECT org_id, warehouse_id, material_id FROM wb_stock_record WHERE reversed_at IS NULL LIMIT 1`);
    await pool.query('DELETE FROM wb_stock_balance WHERE org_id = $1 AND warehouse_id = $2 AND material_id = $3', [rows[0].org_id, rows[0].warehouse_id, rows[0].material_id]);
    const breaches = byKey(await runChecks(db, ALL_CHECKS), 'stock.balance');
    expect(breaches).toHaveLength(1);
    expect(breaches[0].held).toBe('0');
    await pool.query(`INSERT INTO wb_stock_balance (org_id, warehouse_id, material_id, quantity)
      SELECT org_id, warehouse_id, material_id, sum(CASE direction WHEN 'OUT' THEN -quantity ELSE quantity END) FROM wb_stock_record
       WHERE reversed_at IS NULL AND org_id = $1 AND warehouse_id = $2 AND material_id = $3 GROUP BY 1, 2, 3`, [rows[0].org_id, rows[0].warehouse_id, rows[0].material_id]);
    expect(byKey(await runChecks(db, ALL_CHECKS), 'stock.balance')).toEqual([]);
  });

  it('names an account whose frozen or consumed figure left its ledger, and a receipt the ledger does not hold', async () => {
    const { rows } = await pool.query(`UPDATE fm_account SET frozen = frozen + 10, consumed = consumed - 0.01 WHERE id = (SELECT min(id) FROM fm_account)
      RETURNING trim_scale(frozen)::text AS frozen, trim_scale(frozen - 10)::text AS ledger_frozen`);
    const breaches = byKey(await runChecks(db, ALL_CHECKS), 'money.account');
    expect(breaches.map((b) => b.figure).sort()).toEqual(['consumed', 'frozen']);
    expect(breaches.find((b) => b.figure === 'frozen')).toMatchObject({ held: rows[0].frozen, expected: rows[0].ledger_frozen });
    await pool.query('UPDATE fm_account SET frozen = frozen - 10, consumed = consumed + 0.01 WHERE id = (SELECT min(id) FROM fm_account)');

    const receipt = (await pool.query(`UPDATE fm_receipt SET amount = amount + 100 WHERE id = (SELECT min(id) FROM fm_receipt WHERE doc_status = 'AUDITED') RETURNING receipt_no`)).rows[0];
    expect(byKey(await runChecks(db, ALL_CHECKS), 'money.account')).toEqual([expect.objectContaining({ figure: `receipt ${receipt.receipt_no}` })]);
    await pool.query(`UPDATE fm_receipt SET amount = amount - 100 WHERE receipt_no = $1`, [receipt.receipt_no]);
  });

  it('names a grant line whose drawn quantity is not its draws, and a draw that is not its ticket\'s net', async () => {
    // the demo's sales trucks carry no controlled product: one of them draws on the demo grant's line, as the second weighing records it
    await pool.query(`WITH t AS (SELECT id, org_id, net FROM wb_ticket WHERE kind = 'sa' AND net IS NOT NULL ORDER BY id LIMIT 1),
        l AS (SELECT id FROM mgp_grant_line ORDER BY id LIMIT 1),
        d AS (INSERT INTO mgp_grant_draw (ticket_id, org_id, grant_line_id, quantity) SELECT t.id, t.org_id, l.id, t.net FROM t, l RETURNING grant_line_id, quantity)
      UPDATE mgp_grant_line g SET drawn_quantity = g.drawn_quantity + d.quantity FROM d WHERE g.id = d.grant_line_id`);
    expect(byKey(await runChecks(db, ALL_CHECKS), 'licence.drawn')).toEqual([]);
    const line = (await pool.query(`UPDATE mgp_grant_line SET drawn_quantity = drawn_quantity + 2 WHERE id = (SELECT min(grant_line_id) FROM mgp_grant_draw) RETURNING trim_scale(drawn_quantity)::text AS held`)).rows[0];
    expect(byKey(await runChecks(db, ALL_CHECKS), 'licence.drawn')).toEqual([expect.objectContaining({ figure: 'drawn', held: line.held })]);
    await pool.query('UPDATE mgp_grant_line SET drawn_quantity = drawn_quantity - 2 WHERE id = (SELECT min(grant_line_id) FROM mgp_grant_draw)');

    // a ticket's net changed behind the draw (a correction that did not redraw)
    const t = (await pool.query(`UPDATE wb_ticket SET net = net - 1 WHERE id = (SELECT min(ticket_id) FROM mgp_grant_draw) RETURNING ticket_no, trim_scale(net)::text AS net`)).rows[0];
    expect(byKey(await runChecks(db, ALL_CHECKS), 'licence.drawn')).toEqual([expect.objectContaining({ ref: `磅单 ${t.ticket_no}`, figure: 'draw', expected: t.net })]);
    await pool.query('UPDATE wb_ticket SET net = net + 1 WHERE ticket_no = $1', [t.ticket_no]);
  });

  it('names a settlement whose header is not the sum of its rows, adjustments and payments', async () => {
    const s = (await pool.query(`UPDATE wb_settlement SET rows_amount = rows_amount + 0.01, total_amount = total_amount + 0.01 WHERE id = (SELECT min(id) FROM wb_settlement) RETURNING settle_no`)).rows[0];
    const breaches = byKey(await runChecks(db, ALL_CHECKS), 'settlement.totals');
    expect(breaches.map((b) => [b.ref, b.figure])).toEqual([[`结算单 ${s.settle_no}`, 'rowsAmount'], [`结算单 ${s.settle_no}`, 'totalAmount']]);
    await pool.query('UPDATE wb_settlement SET rows_amount = rows_amount - 0.01, total_amount = total_amount - 0.01 WHERE settle_no = $1', [s.settle_no]);
    expect(breachCount(await runChecks(db, ALL_CHECKS))).toBe(0);
  });

  it('keeps at most the limit of breaches per check and says there were more', async () => {
    await pool.query('UPDATE wb_stock_balance SET quantity = quantity + 1');
    const [stock] = (await runChecks(db, ALL_CHECKS, 1)).filter((r) => r.key === 'stock.balance');
    const balances = (await pool.query('SELECT count(*)::int AS n FROM wb_stock_balance')).rows[0].n;
    expect(stock.breaches).toHaveLength(1);
    expect(stock.truncated).toBe(balances > 1);
    await pool.query('UPDATE wb_stock_balance SET quantity = quantity - 1');
  });

  it('runs nightly as a scheduled job: consistent, a summary; a breach, a failed run naming the row, not tried again', async () => {
    const job = MODULES.flatMap((m) => m.jobs ?? []).find((j) => j.key === 'consistency.check');
    expect(job).toBeDefined();
    expect(job?.retry?.limit).toBe(0);
    const warnings: string[] = [];
    const ctx = { db, database, now: Date.now, storage: {} as JobContext['storage'], config, log: { info: () => {}, warn: (m: string) => warnings.push(m) } } satisfies JobContext;
    expect(await job?.run(ctx)).toEqual({ summary: `${ALL_CHECKS.length} 项检查全部一致` });
    const s = (await pool.query('UPDATE wb_settlement SET paid_amount = paid_amount + 5 WHERE id = (SELECT min(id) FROM wb_settlement) RETURNING settle_no')).rows[0];
    await expect(job?.run(ctx)).rejects.toThrow(`结算单 ${s.settle_no} paidAmount`);
    expect(warnings.some((w) => w.includes(`结算单 ${s.settle_no}`))).toBe(true);
    await pool.query('UPDATE wb_settlement SET paid_amount = paid_amount - 5 WHERE settle_no = $1', [s.settle_no]);
  });

  it('refuses to start with a check declared twice', () => {
    const check = ALL_CHECKS[0];
    const modules: FamilyModule[] = [{ key: 'a', checks: [check] }, { key: 'b', checks: [check] }];
    expect(() => checkModules(modules, [])).toThrow(`一致性检查 ${check.key} 重复`);
  });
});
