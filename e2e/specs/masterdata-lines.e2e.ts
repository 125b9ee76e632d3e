import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// Lines and their control points on the generic list screen, as the weighbridge operator sees them.

const stage = useSignedInPage(USERS.operator);

describe('lines', () => {
  it('lists each line with its control points in order', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/line');
    await rows(stage.page);
    expect(await columnTexts(stage.page, '控制点')).toContain('签到→叫号→进厂→皮重→现场确认→毛重→净重计算→出厂');
    await settled(stage.page);
    await screenshot(stage.page, 'masterdata-line');
  });

  it('新增 on the control points opens the form with the line popup, seq and point', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/line-point');
    await rows(stage.page);
    await listScreen(stage.page).getByTestId('btn-create').click();
    const form = stage.page.locator('.wb-form-dialog').last();
    await form.locator('.wb-template-form').waitFor();
    expect(await form.locator('.ant-modal-title').textContent()).toBe('新增线路控制点');
    for (const label of ['线路', '顺序号', '控制点']) await form.locator(`label[title="${label}"]`).waitFor();
    await settled(stage.page);
    await screenshot(stage.page, 'masterdata-line-point-form');
  });
});
