import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { chooseOption, columnTexts, listScreen, pagerTotal, quickSearch, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

/** A figure as the list shows it (¥1,214.10, 1,234.50) read back as a number. */
const figure = (text: string | undefined) => Number((text ?? '').replace(/[¥,]/g, ''));

// The generic list screen against the real server: the vehicle list (/masterdata/vehicle) of the
// operator's company, checked against what the database holds.

const stage = useSignedInPage(USERS.operator);
const VEHICLES = '/masterdata/vehicle';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

/** The operator's current company. */
async function orgId(): Promise<string> {
  const [row] = await sql<{ id: string }>(stage.server.databaseUrl, `SELECT current_org_id AS id FROM sys_user WHERE username = 'operator'`);
  return row.id;
}

async function dbCount(where: string, values: unknown[] = []): Promise<number> {
  const [row] = await sql<{ n: number }>(stage.server.databaseUrl, `SELECT count(*)::int AS n FROM md_vehicle WHERE org_id = $1 AND ${where}`, [await orgId(), ...values]);
  return row.n;
}

async function reset(): Promise<void> {
  await listScreen(stage.page).getByTestId('list-reset').click();
  await rows(stage.page);
}

describe('generic list screen: vehicles', () => {
  it('opens the vehicle list from its template: columns, ten rows, the total of the company', async () => {
    await openMenuLeaf(stage.page, '/masterdata', VEHICLES);
    expect(await (await rows(stage.page)).count()).toBe(10);
    const headers = await listScreen(stage.page).locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['车牌号', '车牌颜色', '核定载质量(吨)', '年审日期']));
    expect(await pagerTotal(stage.page)).toBe(await dbCount('true'));
  });

  it('shows the 合计 row equal to the sums the database computes', async () => {
    const [sums] = await sql<{ cap: string; tare: string }>(
      stage.server.databaseUrl,
      'SELECT coalesce(sum(capacity_tonnage), 0)::text AS cap, coalesce(sum(last_tare), 0)::text AS tare FROM md_vehicle WHERE org_id = $1',
      [await orgId()],
    );
    const totals = listScreen(stage.page).getByTestId('list-totals');
    await expect.poll(() => totals.first().isVisible()).toBe(true);
    expect(await totals.first().textContent()).toContain('合计');
    // a weight's total reads as every weight does: the plant's decimals (tons, 2), thousands grouped
    const total = async (field: string) => (await listScreen(stage.page).getByTestId(`total-${field}`).first().textContent()) ?? '';
    for (const field of ['capacityTonnage', 'lastTare']) expect(await total(field)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(figure(await total('capacityTonnage'))).toBeCloseTo(Number(sums.cap), 1);
    expect(figure(await total('lastTare'))).toBeCloseTo(Number(sums.tare), 1);
  });

  it('shows dates as yyyy-MM-dd HH:mm:ss and booleans by their option labels', async () => {
    for (const text of await columnTexts(stage.page, '创建时间')) expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (const text of await columnTexts(stage.page, '状态')) expect(['启用', '停用']).toContain(text);
    // the annual review is a day: no time of day
    for (const text of await columnTexts(stage.page, '年审日期')) if (text) expect(text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('quick search ORs "contains" over plate number and vehicle type', async () => {
    const [one] = await sql<{ plate: string }>(stage.server.databaseUrl, 'SELECT plate_number AS plate FROM md_vehicle WHERE org_id = $1 ORDER BY id LIMIT 1', [await orgId()]);
    const fragment = one.plate.slice(0, 3);
    await quickSearch(stage.page, fragment);
    const expected = await dbCount('(plate_number ILIKE $2 OR car_type ILIKE $2)', [`%${fragment}%`]);
    await poll(() => pagerTotal(stage.page)).toBe(expected);
    await reset();
  });

  it('says 暂无数据 when nothing matches', async () => {
    await quickSearch(stage.page, '不存在的车牌ZZZ');
    await poll(() => listScreen(stage.page).locator('.ant-table-placeholder').textContent()).toContain('暂无数据');
    await reset();
  });

  it('advanced query: a 650 px dialog; ENUM by equals, numbers, and the default window sent as ge plus le', async () => {
    await listScreen(stage.page).getByTestId('btn-advanced').click();
    const dialog = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('advanced-dialog') });
    await dialog.waitFor();
    await settled(stage.page);
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(650);
    // the window defaults to today 09:30 to tomorrow 09:30
    const window = await dialog.getByTestId('adv-createDate').locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(window[0]).toMatch(/^\d{4}-\d{2}-\d{2} 09:30:00$/);
    expect(window[1]).toMatch(/^\d{4}-\d{2}-\d{2} 09:30:00$/);
    // a day range (annual review) starts open: only time ranges get the default window
    expect(await dialog.getByTestId('adv-annualReviewDate').locator('input').first().inputValue()).toBe('');
    await chooseOption(stage.page, dialog.getByTestId('adv-plateType').locator('.ant-select'), '蓝牌');
    await settled(stage.page);
    await screenshot(stage.page, 'list-advanced-zh');
    await dialog.getByTestId('adv-search').click();
    await rows(stage.page);
    const inWindow = `created_at >= ($3::timestamp AT TIME ZONE 'Asia/Shanghai') AND created_at <= ($4::timestamp AT TIME ZONE 'Asia/Shanghai')`;
    const expected = await dbCount(`plate_type = $2 AND ${inWindow}`, ['BLUE', window[0], window[1]]);
    await poll(() => pagerTotal(stage.page).catch(() => 0)).toBe(expected);
    if (expected > 0) for (const t of await columnTexts(stage.page, '车牌颜色')) expect(t).toBe('蓝牌');
    await reset();
  });

  it('sorts a sortable column, largest first on the first click', async () => {
    await listScreen(stage.page).locator('thead th').filter({ hasText: '核定载质量(吨)' }).first().click();
    await rows(stage.page);
    const [max] = await sql<{ v: string }>(stage.server.databaseUrl, 'SELECT max(capacity_tonnage)::text AS v FROM md_vehicle WHERE org_id = $1', [await orgId()]);
    await poll(async () => figure((await columnTexts(stage.page, '核定载质量(吨)'))[0])).toBeCloseTo(Number(max.v), 1);
    const texts = await columnTexts(stage.page, '核定载质量(吨)');
    for (const text of texts.filter(Boolean)) expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    const shown = texts.map(figure);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    await reset();
  });

  it('keeps the selection across pages', async () => {
    const page1 = await rows(stage.page);
    await page1.nth(0).locator('.ant-checkbox-input').check();
    await page1.nth(1).locator('.ant-checkbox-input').check();
    await listScreen(stage.page).locator('.ant-pagination-item-2').click();
    const page2 = await rows(stage.page);
    await page2.nth(0).locator('.ant-checkbox-input').check();
    await poll(() => listScreen(stage.page).getByTestId('list-selected').textContent()).toContain('已选 3 条');
    await listScreen(stage.page).locator('.ant-pagination-item-1').click();
    const back = await rows(stage.page);
    expect(await back.nth(0).locator('.ant-checkbox-input').isChecked()).toBe(true);
    expect(await back.nth(1).locator('.ant-checkbox-input').isChecked()).toBe(true);
    await listScreen(stage.page).getByTestId('list-selected').getByRole('button').click();
  });

  it('remembers the page size per user and route after a reload', async () => {
    await listScreen(stage.page).locator('.ant-pagination-options .ant-select').click();
    await settled(stage.page);
    await stage.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '20' }).first().click();
    await poll(async () => (await rows(stage.page)).count()).toBe(20);
    await stage.page.reload();
    await poll(async () => (await rows(stage.page)).count()).toBe(20);
  });

  // The 300 ms budget is a benchmark (bench/README.md: npm run bench:render sets BENCH_RENDER=1,
  // which records the figures in bench/results and holds the page to the budget); as a test it
  // checks that 100 rows render and that the timing can be read, on whatever load the machine has.
  const timedRun = process.env.BENCH_RENDER === '1';
  it('renders a page of 100 rows, timed from their arrival', async () => {
    // enough trucks for a full page of 100
    await sql(stage.server.databaseUrl, `
      INSERT INTO md_vehicle (org_id, plate_number, axle_type, capacity_tonnage)
      SELECT $1, '沪Z' || lpad(n::text, 5, '0'), 2 + n % 7, 10 + n FROM generate_series(1, 90) AS n`, [await orgId()]);
    await stage.page.reload();
    await rows(stage.page);
    await listScreen(stage.page).locator('.ant-pagination-options .ant-select').click();
    await settled(stage.page);
    await stage.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '100' }).first().click();
    await poll(async () => (await rows(stage.page)).count()).toBe(100);
    // Fresh pages (each sort a new query), timed inside the page from an answer's last byte to the
    // table body's last change, until one is under budget or six were tried: the best is the
    // screen's cost, the rest is the load of the shared test machine (other suites run beside it).
    // The main thread's busy time for each round (click, request, answer, render) is logged too.
    await stage.page.evaluate(() => {
      const w = window as unknown as { lastChange: number };
      w.lastChange = 0;
      const body = document.querySelector('[data-testid="list-screen"] .ant-table-tbody') as Element;
      new MutationObserver(() => (w.lastChange = performance.now())).observe(body, { childList: true, subtree: true, characterData: true });
    });
    const cdp = await stage.context.newCDPSession(stage.page);
    await cdp.send('Performance.enable');
    const busySeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const wall: number[] = [];
    const busy: number[] = [];
    const idleFrom = await busySeconds();
    await stage.page.waitForTimeout(600);
    const idle = (await busySeconds()) - idleFrom;
    // each column clicked twice (descending, then ascending): six different queries, none answered from the cache
    for (const column of ['核定载质量(吨)', '核定载质量(吨)', '轴数', '轴数', '车牌号', '车牌号']) {
      if (!timedRun && wall.length > 0) break;
      const before = await busySeconds();
      const answered = stage.page.waitForResponse((r) => r.url().includes('/masterdata/vehicle/v2/list'));
      await listScreen(stage.page).locator('thead th').filter({ hasText: column }).first().click();
      await answered;
      await stage.page.waitForTimeout(600);
      busy.push((await busySeconds()) - before);
      wall.push(await stage.page.evaluate(() => {
        const answer = performance.getEntriesByType('resource').filter((e) => e.name.includes('/masterdata/vehicle/v2/list')).pop() as PerformanceResourceTiming;
        return (window as unknown as { lastChange: number }).lastChange - answer.responseEnd;
      }));
    }
    await cdp.detach();
    expect(await (await rows(stage.page)).count()).toBe(100);
    const ms = (xs: number[], scale = 1) => xs.map((x) => Math.round(x * scale)).join(' / ');
    console.info(`[list-screen] 100 rows: wall ${ms(wall)} ms, main thread busy ${ms(busy, 1000)} ms (idle 600 ms: ${ms([idle], 1000)} ms)`);
    expect(wall.every((x) => Number.isFinite(x) && x >= 0)).toBe(true);
    if (timedRun) {
      const sorted = [...wall].sort((a, b) => a - b);
      const record = { started: new Date(), rows: 100, wallMs: wall.map(Math.round), busyMs: busy.map((x) => Math.round(x * 1000)), idleBusyMs: Math.round(idle * 1000), bestMs: Math.round(sorted[0]), medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]) };
      const out = path.resolve(import.meta.dirname, '../../bench/results', `list-render-${record.started.toISOString().replace(/[:.]/g, '-')}.json`);
      fs.writeFileSync(out, JSON.stringify(record, null, 1));
      console.info(`[list-screen] figures written to ${out}`);
      expect(record.medianMs).toBeLessThan(300);
    }
    await stage.page.evaluate(() => document.querySelector('.wb-content')?.scrollTo(0, 0));
    await screenshot(stage.page, 'list-vehicles-zh');
  });

  it('lays the buttons out: 高级查询 fourth, five shown, the rest under 更多', async () => {
    const group = listScreen(stage.page).getByTestId('list-buttons');
    const visible = await group.locator(':scope > .ant-space-item > button, :scope > button').allTextContents();
    expect(visible.map((t) => t.replace(/\s/g, ''))).toEqual(['新增', '修改', '删除', '高级查询', '启用', '更多']);
    await group.getByTestId('btn-more').click();
    await settled(stage.page);
    const more = await stage.page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').allTextContents();
    expect(more).toEqual(['停用', '导出', '导入']);
    await stage.page.keyboard.press('Escape');
  });

  it('refuses 删除 and 修改 without the selection they need, with the spec\'s messages', async () => {
    await listScreen(stage.page).getByTestId('btn-delList').click();
    await stage.page.locator('.ant-notification-notice').filter({ hasText: '请选择要删除的数据' }).waitFor();
    await listScreen(stage.page).getByTestId('btn-update').click();
    await stage.page.locator('.ant-notification-notice').filter({ hasText: '请至少选择一条数据！' }).waitFor();
  });

  it('停用 two ticked vehicles through the server, refreshes the list, and 启用 them again', async () => {
    await quickSearch(stage.page, '沪Z0000');
    const body = await rows(stage.page);
    const plates = [(await body.nth(0).locator('td').nth(1).innerText()).trim(), (await body.nth(1).locator('td').nth(1).innerText()).trim()];
    await body.nth(0).locator('.ant-checkbox-input').check();
    await body.nth(1).locator('.ant-checkbox-input').check();
    await listScreen(stage.page).getByTestId('btn-more').click();
    await settled(stage.page);
    await stage.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('btn-disable').click();
    const enabled = () => sql<{ enabled: boolean }>(stage.server.databaseUrl, 'SELECT enabled FROM md_vehicle WHERE plate_number = ANY($1) ORDER BY plate_number', [plates]);
    await poll(async () => (await enabled()).map((r) => r.enabled)).toEqual([false, false]);
    await poll(async () => (await columnTexts(stage.page, '状态')).slice(0, 2)).toEqual(['停用', '停用']);
    // success clears the selection: tick again for the way back
    const again = await rows(stage.page);
    await again.nth(0).locator('.ant-checkbox-input').check();
    await again.nth(1).locator('.ant-checkbox-input').check();
    await listScreen(stage.page).getByTestId('btn-enable').click();
    await poll(async () => (await enabled()).map((r) => r.enabled)).toEqual([true, true]);
  });

  it('asks before deleting and changes nothing when the answer is no', async () => {
    const body = await rows(stage.page);
    await body.nth(0).locator('.ant-checkbox-input').check();
    await listScreen(stage.page).getByTestId('btn-delList').click();
    const dialog = stage.page.locator('.ant-modal-confirm').filter({ hasText: '此操作将永久删除该数据, 是否继续?' });
    await dialog.waitFor();
    await settled(stage.page);
    const before = await dbCount('true');
    await dialog.getByRole('button', { name: /取\s*消|Cancel/ }).click();
    expect(await dbCount('true')).toBe(before);
    await listScreen(stage.page).getByTestId('list-selected').getByRole('button').click();
  });

  it('导出 downloads the .xlsx of the current search', async () => {
    await listScreen(stage.page).getByTestId('btn-more').click();
    await settled(stage.page);
    const download = stage.page.waitForEvent('download');
    await stage.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('btn-export').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await reset();
  });

  it('导入: a file with a bad row lists every problem and imports nothing; a good file imports and refreshes', async () => {
    const sheet = async (rows: (string | number)[][]) => {
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('车辆');
      ws.addRow(['plateNumber', 'axleType', 'capacityTonnage']);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const before = await dbCount('true');
    await listScreen(stage.page).getByTestId('btn-more').click();
    await settled(stage.page);
    await stage.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('btn-import').click();
    const dialog = stage.page.getByTestId('import-dialog');
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'bad.xlsx', mimeType: xlsx, buffer: await sheet([['浙E0A001', '九', 30], ['浙E0A002', 6, 'abc']]) });
    const problems = dialog.getByTestId('import-errors');
    await problems.waitFor();
    expect(await problems.locator('tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(2);
    expect(await problems.textContent()).toMatch(/2.*3|3.*2/s);
    // the column as the list names it, not the wire's field name
    expect((await problems.locator('tbody tr.ant-table-row').first().locator('td').nth(1).innerText()).trim()).toBe('轴数');
    await settled(stage.page);
    await screenshot(stage.page, 'import-errors-zh');
    expect(await dbCount('true')).toBe(before);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'good.xlsx', mimeType: xlsx, buffer: await sheet([['浙E0A003', 6, 31.5]]) });
    await stage.page.locator('.ant-message').filter({ hasText: '成功导入 1 条' }).waitFor();
    expect(await dbCount('true')).toBe(before + 1);
    await quickSearch(stage.page, '浙E0A003');
    await poll(() => pagerTotal(stage.page)).toBe(1);
    await reset();
  });

  it('the resource popup fills the form: 新增 -> 承运商 -> double-click a carrier', async () => {
    await listScreen(stage.page).getByTestId('btn-create').click();
    const form = stage.page.locator('.ant-modal').filter({ has: stage.page.locator('.ant-form') }).last();
    await form.waitFor();
    await settled(stage.page);
    const carrierItem = form.locator('.ant-form-item').filter({ hasText: '承运商' }).first();
    await carrierItem.locator('button').click();
    const popup = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    await settled(stage.page);
    expect(await popup.locator('.ant-modal-title').textContent()).toBe('选择承运商');
    // 75% of the window for a query table (35% for a tree)
    const ratio = await popup.evaluate((el) => el.getBoundingClientRect().width / document.documentElement.clientWidth);
    expect(ratio).toBeCloseTo(0.75, 2);
    // 确 定 with nothing chosen
    await popup.getByTestId('resource-ok').click();
    await stage.page.locator('.ant-message').filter({ hasText: '最少要选择一条数据！' }).waitFor();
    await screenshot(stage.page, 'resource-popup-zh');
    const first = popup.locator('tbody tr.ant-table-row').first();
    // columns: the radio, 承运商编码, 承运商名称: the mapping fills the form's carrierName from the latter
    const carrierName = (await first.locator('td').nth(2).innerText()).trim();
    await first.dblclick();
    await popup.waitFor({ state: 'detached' });
    await poll(() => carrierItem.locator('input').first().inputValue()).toBe(carrierName);
    await form.getByRole('button', { name: /取\s*消/ }).first().click();
  });

  it('in English: labels, buttons and the footer', async () => {
    await stage.page.getByTestId('lang-switch').click();
    await settled(stage.page);
    await stage.page.getByTestId('lang-en-US').click();
    await poll(() => listScreen(stage.page).getByTestId('list-query').textContent()).toContain('Search');
    const headers = await listScreen(stage.page).locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Plate number', 'Rated load (t)']));
    await screenshot(stage.page, 'list-vehicles-en');
    await listScreen(stage.page).getByTestId('btn-advanced').click();
    await stage.page.getByTestId('advanced-dialog').waitFor();
    await settled(stage.page);
    await screenshot(stage.page, 'list-advanced-en');
    await stage.page.keyboard.press('Escape');
    await settled(stage.page);
    // the resource popup in English: its title and columns are the template's, the frame is translated
    await listScreen(stage.page).getByTestId('btn-create').click();
    const form = stage.page.locator('.ant-modal').filter({ has: stage.page.locator('.ant-form') }).last();
    await form.waitFor();
    await settled(stage.page);
    await form.locator('.ant-form-item').filter({ hasText: /承运商|Carrier/ }).first().locator('button').click();
    const popup = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('resource-popup') });
    await popup.locator('tbody tr.ant-table-row').first().waitFor();
    await settled(stage.page);
    expect(await popup.getByTestId('resource-ok').textContent()).toBe('OK');
    await screenshot(stage.page, 'resource-popup-en');
    await popup.getByTestId('resource-cancel').click();
    await popup.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: /Cancel|取\s*消/ }).first().click();
  });
});

describe('generic list screen: a tree list (materials by class)', () => {
  it('filters the tree by keyword and narrows the list to the chosen class and its descendants', async () => {
    await stage.page.getByTestId('lang-switch').click();
    await settled(stage.page);
    await stage.page.getByTestId('lang-zh-CN').click();
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/inventory');
    const tree = listScreen(stage.page).getByTestId('list-tree');
    await tree.locator('.ant-tree-title').first().waitFor();
    expect(await tree.getByTestId('tree-filter').getAttribute('placeholder')).toBe('输入关键字进行过滤');
    const all = await pagerTotal(stage.page);
    // a class with a parent, chosen by its name as the tree shows it
    const [leaf] = await sql<{ id: string; name: string }>(stage.server.databaseUrl, `
      SELECT c.id::text, c.invc_name AS name FROM md_material_class c
       WHERE c.parent_id IS NOT NULL AND c.group_id = (SELECT group_id FROM sys_org WHERE id = $1)
       ORDER BY c.id LIMIT 1`, [await orgId()]);
    await tree.getByTestId('tree-filter').fill(leaf.name);
    // titles read "code name"; the filter leaves the class and the branch above it
    await poll(() => tree.locator('.ant-tree-title').filter({ hasText: leaf.name }).count()).toBeGreaterThan(0);
    await tree.locator('.ant-tree-title').filter({ hasText: leaf.name }).last().click();
    const [expected] = await sql<{ n: number }>(stage.server.databaseUrl, `
      WITH RECURSIVE under AS (SELECT id FROM md_material_class WHERE id = $2
        UNION ALL SELECT c.id FROM md_material_class c JOIN under u ON c.parent_id = u.id)
      SELECT count(*)::int AS n FROM md_material_in_org WHERE alloc_org_id = $1 AND invc_id IN (SELECT id FROM under)`, [await orgId(), leaf.id]);
    await poll(() => pagerTotal(stage.page)).toBe(expected.n);
    expect(expected.n).toBeLessThanOrEqual(all);
    await settled(stage.page);
    await screenshot(stage.page, 'list-tree-zh');
  });
});
