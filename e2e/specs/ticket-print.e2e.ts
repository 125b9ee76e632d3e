import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { screenshot, SCREENSHOT_DIR } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, listScreen, quickSearch, rows } from '../support/list-screen';
import { childTexts, formDialog, openListForm } from '../support/child-table';
import { api, apiSignIn, COMPANY_CEMENT, USERS } from '../support/login';
import { HOME, openMenuLeaf, settled } from '../support/workspace';

// A purchase truck weighed through the API (notice, registry, gate, two weighings, a deduction),
// then its ticket printed as the operator does it: the list's 打印 opens the print page in a new
// tab, the paper shows the ticket's own figures, 打印 counts the print and opens the print dialog,
// 下载PDF counts again and saves the PDF, which the browser then renders.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

async function caller(username: string, password: string) {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, username, password);
  return async <T = { id: string }>(p: string, body: unknown): Promise<T> => {
    const res = await api<{ data: T }>(stage.server.baseUrl, token, 'POST', p, body);
    expect(res.status, `${p}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
}

/** The purchase truck through the plant by API calls (or only to its first weighing); its ticket id and number. */
async function weighedTicket(plateNumber: string, through = true): Promise<{ id: string; no: string }> {
  const admin = await caller(USERS.admin.username, USERS.admin.password);
  const operator = await caller(USERS.operator.username, USERS.operator.password);
  const [vendor] = await db<{ id: string }>(
    "SELECT a.archive_id::text AS id FROM md_vendor_alloc a JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' ORDER BY a.archive_id LIMIT 1");
  // a material weighed straight through: no site confirmation, no fixed deduction
  const [material] = await db<{ id: string; name: string }>(
    `SELECT m.id::text, m.inv_name AS name FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id
      WHERE o.org_code = 'HDSN' AND NOT m.scene_confirm AND m.hidden_deduct = 0 AND NOT m.overload AND m.pnmary IS NULL ORDER BY m.id LIMIT 1`);
  const notice = await admin('/api/notice/pu/create', {
    entity: { vendorId: vendor?.id, startTime: '2026-11-01 00:00:00', endTime: '2030-12-31 23:59:59' },
    entitysub: [{ materialId: material?.id, warehouseCode: 'CK01', quantity: '500', price: '35.5' }],
  });
  await admin('/api/notice/pu/audit', { ids: [notice.id] });
  const [line] = await db<{ id: string }>('SELECT id::text FROM wb_notice_line WHERE notice_id = $1', [notice.id]);
  const registry = await admin('/api/registry/pu/create', {
    entity: { noticeLineId: line?.id, plateNumber, preQuantity: '30', shippedQuantity: '30', driverName: '赵师傅' },
  });
  await admin('/api/registry/pu/audit', { ids: [registry.id] });
  await admin('/api/registry/pu/letin', { ids: [registry.id] });
  const first = await operator<{ ticketId: string; ticketNo: string }>('/api/weigh/pu/first', { registryId: registry.id, weight: '45.62', stationId: 'E2E', requestId: `${plateNumber}-1` });
  if (!through) return { id: first.ticketId, no: first.ticketNo };
  await operator('/api/weigh/pu/second', { registryId: registry.id, weight: '16.3', stationId: 'E2E', requestId: `${plateNumber}-2` });
  await operator('/api/weigh/pu/deduct', { id: first.ticketId, deductions: [{ kind: 'water', amount: '0.25' }, { kind: 'impurity', amount: '0.1' }] });
  return { id: first.ticketId, no: first.ticketNo };
}

const printCount = async (id: string) => (await db<{ print_count: number }>('SELECT print_count FROM wb_ticket WHERE id = $1', [id]))[0]?.print_count;

describe('printing a weigh ticket', () => {
  it('opens the print page from the list, shows the ticket figures, and counts each print', async () => {
    const { page, context } = stage;
    const ticket = await weighedTicket('苏E7P101');
    const [row] = await db<{ gross: string; tare: string; net: string; deduct_total: string; amount: string }>(
      'SELECT gross::text, tare::text, net::text, deduct_total::text, amount::text FROM wb_ticket WHERE id = $1', [ticket.id]);
    expect(row).toMatchObject({ gross: '45.6200', tare: '16.3000', deduct_total: '0.3500', net: '28.9700' });
    // the browser's print dialog is replaced by a counter: a headless browser has no printer
    await context.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => { (window as unknown as { printed: number }).printed += 1; };
    });

    await openMenuLeaf(page, '/weigh', '/weigh/pu');
    const body = await rows(page);
    const line = body.filter({ hasText: ticket.no }).first();
    await line.locator('.ant-checkbox-input').first().check();
    const opened = context.waitForEvent('page');
    // 打印 sits under 更多 beside the list's first buttons
    await listScreen(page).getByTestId('btn-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="btn-page:printTicket"]').click();
    const tab = await opened;
    await tab.getByTestId('ticket-paper').waitFor();
    expect(new URL(tab.url()).pathname).toBe(`/weigh/print/pu/${ticket.id}`);

    const paper = tab.getByTestId('ticket-paper');
    expect(await paper.locator('.wb-ticket-title').textContent()).toBe(`${COMPANY_CEMENT} 采购磅单`);
    expect(await tab.getByTestId('ticket-no').textContent()).toBe(`No. ${ticket.no}`);
    expect(await tab.getByTestId('weight-gross-value').textContent()).toBe('45.62');
    expect(await tab.getByTestId('weight-tare-value').textContent()).toBe('16.30');
    expect(await tab.getByTestId('weight-net-value').textContent()).toBe('28.97');
    expect(await tab.getByTestId('deduct-total').textContent()).toBe('0.35');
    expect(await tab.getByTestId('deduct-list').textContent()).toBe('扣水 0.25；扣杂 0.10');
    expect(await paper.locator('[data-field="plate"]').textContent()).toBe('苏E7P101');
    expect(await paper.locator('[data-field="driver"]').textContent()).toBe('赵师傅');
    expect(await paper.locator('[data-field="shippedQuantity"]').textContent()).toBe('30.00');
    // money reads as money: the amount with ¥ and separators, the unit price with ¥ at the plant's price precision
    expect(await paper.locator('[data-field="amount"]').textContent()).toBe(`¥${Number(row?.amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    expect(await paper.locator('[data-field="price"]').textContent()).toMatch(/^¥\d[\d,]*\.\d{2,4}$/);
    expect(await paper.getByTestId('print-label').textContent()).toContain('单位：吨');
    expect(await paper.locator('[data-field="firstOperator"]').textContent()).toContain(USERS.operator.realName);
    expect(await tab.getByTestId('ticket-count').textContent()).toBe('未打印');
    // the paper is the form's size: 241 mm wide at 96 px per inch
    const box = await paper.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(Math.round((241 / 25.4) * 96));
    await settled(tab);
    await screenshot(tab, 'ticket-print-preview');
    expect(await printCount(ticket.id)).toBe(0);

    await tab.getByTestId('ticket-print-button').click();
    await poll(() => tab.getByTestId('ticket-count').textContent()).toBe('第1次打印');
    await poll(() => tab.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(await printCount(ticket.id)).toBe(1);
    await tab.getByTestId('ticket-print-button').click();
    await poll(() => tab.getByTestId('print-label').textContent()).toContain('第2次打印');
    expect(await tab.getByTestId('print-label').textContent()).toContain('补打');
    expect(await printCount(ticket.id)).toBe(2);
    await settled(tab);
    await screenshot(tab, 'ticket-print-reprint');

    // on paper only the ticket goes out: the toolbar is for the screen
    await tab.emulateMedia({ media: 'print' });
    expect(await tab.locator('.wb-ticket-toolbar').isVisible()).toBe(false);
    expect(await paper.isVisible()).toBe(true);
    await tab.emulateMedia({ media: 'screen' });

    const download = tab.waitForEvent('download');
    await tab.getByTestId('ticket-pdf-button').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${ticket.no}.pdf`);
    const pdfPath = path.join(SCREENSHOT_DIR, 'ticket-print.pdf');
    await file.saveAs(pdfPath);
    await poll(() => printCount(ticket.id)).toBe(3);
    await poll(() => tab.getByTestId('ticket-count').textContent()).toBe('已打印3次');

    // the browser's own PDF viewer draws the file the server made
    const viewer = await context.newPage();
    await viewer.goto(pathToFileURL(pdfPath).href).catch(() => undefined);
    await viewer.waitForTimeout(2500);
    await screenshot(viewer, 'ticket-print-pdf');
    await viewer.close();
    await tab.close();
  });

  it('prints the first-weighing slip with its net blank, in English when the workspace speaks it', async () => {
    const { page } = stage;
    const slip = await weighedTicket('苏E7P102', false);
    await page.goto(HOME);
    await page.getByTestId('lang-switch').click();
    await settled(page);
    await page.getByTestId('lang-en-US').click();
    await page.goto(`/weigh/print/pu/${slip.id}`);
    const paper = page.getByTestId('ticket-paper');
    await paper.waitFor();
    expect(await paper.locator('.wb-ticket-title').textContent()).toBe(`${COMPANY_CEMENT} Purchase weigh ticket`);
    expect(await paper.locator('.wb-ticket-state').textContent()).toBe('(First weighing)');
    expect(await page.getByTestId('weight-gross-value').textContent()).toBe('45.62');
    expect(await page.getByTestId('weight-tare-value').textContent()).toBe('—');
    expect(await page.getByTestId('weight-net-value').textContent()).toBe('—');
    expect(await paper.locator('th').allTextContents()).toEqual(expect.arrayContaining(['Plate', 'Gross', 'Tare', 'Net', 'Vendor']));
    expect(await page.getByTestId('ticket-print-button').textContent()).toBe('Print');
    expect(await page.getByTestId('ticket-count').textContent()).toBe('Not printed yet');
    // no label is cut short
    expect(await paper.locator('th').evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent))).toEqual([]);
    await settled(page);
    await screenshot(page, 'ticket-print-slip-english');
    await page.goto(HOME);
    await page.getByTestId('lang-switch').click();
    await settled(page);
    await page.getByTestId('lang-zh-CN').click();
  });
});

describe('轨道衡: a train and its wagons', () => {
  it('lists the train with its totals, shows its wagon grid with net and loss, and the list\'s 审核 posts each wagon to stock', async () => {
    const { page } = stage;
    const [p] = await db<{ org: string; vendor: string; warehouse: string; material: string }>(`
      SELECT o.id::text AS org,
             (SELECT a.archive_id::text FROM md_vendor_alloc a WHERE a.org_id = o.id ORDER BY a.archive_id LIMIT 1) AS vendor,
             (SELECT w.id::text FROM md_warehouse w WHERE w.org_id = o.id ORDER BY w.id LIMIT 1) AS warehouse,
             (SELECT a.archive_id::text FROM md_material_alloc a WHERE a.org_id = o.id ORDER BY a.archive_id LIMIT 1) AS material
        FROM sys_org o WHERE o.org_code = 'HDSN'`);
    const [train] = await db<{ id: string }>(`INSERT INTO wb_train (org_id, train_no, kind, arrived_at, vendor_id, material_id, warehouse_id, loss_basis, loss_allowance)
      VALUES ($1, 'K-E2E-1', 'pu', now(), $2, $3, $4, 'PERMILLE', 2) RETURNING id::text`, [p.org, p.vendor, p.material, p.warehouse]);
    await db(`INSERT INTO wb_wagon (org_id, train_id, seq, wagon_no, gross, tare, waybill) VALUES
      ($1, $2, 1, 'C64-4801', 83.46, 23.2, 60.5), ($1, $2, 2, 'C64-4802', 84, 23.6, 60.5)`, [p.org, train.id]);

    await openMenuLeaf(page, '/weigh', '/weigh/track-pu');
    await rows(page);
    await quickSearch(page, 'K-E2E-1');
    await poll(() => columnTexts(page, '车次')).toEqual(['K-E2E-1']);
    expect((await columnTexts(page, '净重合计'))[0]).toMatch(/^120\.66/);
    expect((await columnTexts(page, '亏吨合计'))[0]).toMatch(/^0\.34/);

    const row = (await rows(page)).filter({ hasText: 'K-E2E-1' }).first();
    await row.locator('.ant-checkbox-input, input[type="checkbox"]').first().check();
    const form = await openListForm(page, 'btn-update');
    await poll(() => childTexts(form, '车号')).toEqual(['C64-4801', 'C64-4802']);
    expect((await childTexts(form, '净重')).map((t) => Number(t))).toEqual([60.26, 60.4]);
    expect((await childTexts(form, '亏吨')).map((t) => Number(t))).toEqual([0.24, 0.1]);
    await settled(page);
    await screenshot(page, 'track-scale-train-form');
    await formDialog(page).locator('.ant-modal-close').click();
    await formDialog(page).waitFor({ state: 'detached' });

    await listScreen(page).getByTestId('btn-audit').click();
    await poll(async () => (await db<{ doc_status: string }>('SELECT doc_status FROM wb_train WHERE id = $1', [train.id]))[0].doc_status).toBe('AUDITED');
    expect(await db<{ quantity: string }>(`SELECT r.quantity::text FROM wb_stock_record r JOIN wb_wagon w ON w.id = r.wagon_id
      WHERE w.train_id = $1 AND r.reversed_at IS NULL ORDER BY w.seq`, [train.id])).toEqual([{ quantity: '60.2600' }, { quantity: '60.4000' }]);
    await poll(async () => (await columnTexts(page, '超耗合计'))[0]).toMatch(/^0\.119|^0\.12/);

    // 打印: the train ticket with its wagons, as the server prints it, in the print preview
    await (await rows(page)).filter({ hasText: 'K-E2E-1' }).first().locator('.ant-checkbox-input, input[type="checkbox"]').first().check();
    const direct = listScreen(page).locator('button[data-testid="btn-page:trainPrint"]');
    if (await direct.isVisible()) await direct.click();
    else {
      await listScreen(page).getByTestId('btn-more').click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="btn-page:trainPrint"]').click();
    }
    await page.getByTestId('pdf-preview-frame').waitFor();
    await settled(page);
    await screenshot(page, 'track-scale-train-print');
    await page.locator('.ant-modal', { has: page.getByTestId('pdf-preview') }).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await page.getByTestId('pdf-preview').waitFor({ state: 'detached' });
  });
});
