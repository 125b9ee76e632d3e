import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { columnIndex, columnTexts, pagerTotal, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// Lines and their control points on the generic list screen, as the weighbridge operator sees them.
// The points are edited in the line's own form (master-child.e2e.ts, editable-table.e2e.ts).

const stage = useSignedInPage(USERS.operator);

describe('lines', () => {
  it('lists each line with its control points in order', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/line');
    await rows(stage.page);
    expect(await columnTexts(stage.page, '控制点')).toContain('签到→叫号→进厂→皮重→现场确认→毛重→净重计算→出厂');
    await settled(stage.page);
    await screenshot(stage.page, 'masterdata-line');
  });
});

// The places of a warehouse and their balances, and the computation groups, as the operator reads
// them (the accountant keeps them; the operator names a ticket's stock address).
describe('stock addresses and computation groups', () => {
  it('opens the stock addresses, their balances and the computation groups with their columns', async () => {
    for (const [leaf, columns] of [
      ['/masterdata/stock-address', ['所属仓库', '地址编码', '地址类型', '上级地址']],
      ['/masterdata/stock-address-balance', ['库存地址', '物料', '结存(吨)']],
      ['/modules/material/computation_group/edit', ['计算组编码', '计算组名称', '包含物料']],
    ] as const) {
      await openMenuLeaf(stage.page, '/masterdata', leaf);
      await rows(stage.page);
      for (const title of columns) expect(await columnIndex(stage.page, title)).toBeGreaterThan(-1);
      expect(await pagerTotal(stage.page)).toBeGreaterThanOrEqual(0);
    }
  });
});
