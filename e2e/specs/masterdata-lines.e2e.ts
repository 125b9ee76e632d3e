import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, rows } from '../support/list-screen';
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
