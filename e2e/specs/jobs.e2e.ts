import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { pressListButton, tickListRow } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { columnTexts } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// 系统管理 → 定时任务: the jobs the server declares, run now from the screen (the server runs its
// job runner, as `npm start` does), the run seen in 运行记录, a bad schedule refused in its dialog.

const stage = useSignedInPage(USERS.admin);
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

describe('定时任务', () => {
  it('lists the jobs; 立即执行 runs one, and 运行记录 shows the run', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/job');
    await expect.poll(() => columnTexts(page, '任务名称')).toEqual(expect.arrayContaining(['数据库备份', '文件清理', '通知单到期关闭', '事件投递补漏']));
    await tickListRow(page, '文件清理');
    await pressListButton(page, 'one:run');
    await expect.poll(async () => (await db<{ result: string }>("SELECT result FROM sys_job_run WHERE job_key = 'files.sweep' AND manual")).map((r) => r.result), { timeout: 30_000 }).toEqual(['ok']);
    // the list refreshed after the run: the row is ticked again
    await settled(page);
    await tickListRow(page, '文件清理');
    await pressListButton(page, 'page:runs');
    const runs = page.getByTestId('job-runs');
    await runs.locator('tbody tr.ant-table-row').filter({ hasText: '成功' }).first().waitFor();
    await settled(page);
    await screenshot(page, 'job-runs');
    await page.locator('.ant-modal-close').click();
  });

  it('修改计划 refuses a bad cron with the field named, and keeps a good one', async () => {
    const { page } = stage;
    await settled(page);
    await tickListRow(page, '文件清理');
    await pressListButton(page, 'page:cron');
    const input = page.getByTestId('job-cron');
    await input.fill('61 * * * *');
    await page.locator('.ant-modal').getByRole('button', { name: /保存/ }).click();
    await expect.poll(() => page.getByTestId('job-cron-error').textContent()).toMatch(/cron/);
    await input.fill('30 3 * * *');
    await page.locator('.ant-modal').getByRole('button', { name: /保存/ }).click();
    await expect.poll(async () => (await db<{ cron: string }>("SELECT cron FROM sys_job WHERE job_key = 'files.sweep'"))[0].cron).toBe('30 3 * * *');
    await expect.poll(() => columnTexts(page, '执行计划')).toContain('30 3 * * *');
  });
});
