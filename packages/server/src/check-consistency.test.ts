import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness';

// The command as an administrator or a cron runs it, against a database given by DATABASE_URL.
const { url, database } = await freshDatabase();
const script = path.join(import.meta.dirname, 'check-consistency.ts');

function run(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('npm run check:consistency', () => {
  // one run (the command loads every family): the clean checks and the drifted one side by side
  it('prints the consistent checks, names a drifted balance with both figures and exits 1', async () => {
    const { rows } = await database.pool.query(`SELECT w.org_id, w.id AS warehouse_id, a.archive_id AS material_id, w.ware_name, m.inv_name
      FROM md_warehouse w JOIN md_material_alloc a ON a.org_id = w.org_id JOIN md_material m ON m.id = a.archive_id LIMIT 1`);
    const place = rows[0];
    await database.pool.query('INSERT INTO wb_stock_balance (org_id, warehouse_id, material_id, quantity) VALUES ($1, $2, $3, 7.25)', [place.org_id, place.warehouse_id, place.material_id]);
    const drifted = await run();
    expect(drifted.out).toContain('✗ 库存余额等于库存流水合计 (stock.balance): 1 处不一致');
    expect(drifted.out).toContain(`${place.ware_name} / ${place.inv_name} quantity: 账面 7.25，应为 0`);
    expect(drifted.out).toContain('✓ 客户资金账户等于资金流水合计 (money.account): 一致');
    expect(drifted.out).toContain('✓ 结算单合计等于明细合计 (settlement.totals): 一致');
    expect(drifted.code).toBe(1);
  }, 120_000);
});
