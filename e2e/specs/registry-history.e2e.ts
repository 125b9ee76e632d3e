import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { columnTexts, listScreen, pagerTotal, quickSearch, rows } from '../support/list-screen';
import { api, pageToken, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// 出厂记录: a transfer truck sent through the gate in the test (registered, audited, in, weighed,
// out) shows on the released trips screen with its driver, notice, material, pre-load, the net of
// its ticket and its time in the plant; a truck still in the plant does not.

const stage = useSignedInPage(USERS.operator);
const OUT = '浙E7H031';
const STILL_IN = '浙E7H032';

const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

async function call(method: string, path: string, body?: unknown) {
  const res = await api<{ success: boolean; msg: string; data: { id: string } }>(stage.server.baseUrl, (await pageToken(stage.page)) ?? '', method, path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A truck through the gate by the same calls the gate screens make; its ticket as the weighing leaves it. */
async function throughTheGate(plate: string, lineId: string, leave: boolean) {
  const { id } = await call('POST', '/api/registry/tr/create', { entity: { plateNumber: plate, noticeLineId: lineId, preQuantity: 30, driverName: '周师傅' } });
  await call('POST', '/api/registry/tr/audit', { ids: [id] });
  await call('POST', '/api/registry/tr/letin', { ids: [id] });
  if (!leave) return;
  await db(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, notice_id, notice_line_id, plate_number, first_is,
                                   gross, gross_time, tare, tare_time, tare_source, net, completed_at)
            SELECT org_id, kind, 'BDE2E0031', 'COMPLETED', id, notice_id, notice_line_id, plate_number, 'TARE', 46.2, now(), 15.4, now(), 'WEIGHED', 30.8, now()
              FROM wb_registry WHERE id = $1`, [id]);
  await call('POST', '/api/registry/tr/letout', { ids: [id] });
  // 42 minutes in the plant
  await db("UPDATE wb_registry SET entered_at = released_at - interval '42 minutes' WHERE id = $1", [id]);
}

describe('the released trips screen (出厂记录)', () => {
  it('shows a truck let out in the test, with its ticket\'s net and time in the plant, and not one still in', async () => {
    const [line] = await db<{ id: string }>(`WITH n AS (
        INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, start_time, end_time)
        SELECT id, 'tr', 'YKTZE2E0031', 'AUDITED', now() - interval '1 day', now() + interval '1 day' FROM sys_org WHERE org_code = 'HDSN' RETURNING id, org_id)
      INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, quantity, max_limit)
      SELECT n.org_id, n.id, 1, (SELECT archive_id FROM md_material_alloc a WHERE a.org_id = n.org_id ORDER BY archive_id LIMIT 1), 100, 100 FROM n
      RETURNING id::text`);
    await throughTheGate(OUT, line.id, true);
    await throughTheGate(STILL_IN, line.id, false);

    // the folder sits in the 登记 area: open the area, then the folder opens on the way to its leaf
    const sidebar = stage.page.getByTestId('sidebar');
    await settled(stage.page);
    if (!(await sidebar.getByTestId('menu-/registry/history').isVisible())) await sidebar.getByTestId('menu-/registry').click();
    await openMenuLeaf(stage.page, '/registry/history', '/registry/history/tr');
    await rows(stage.page);
    expect(await pagerTotal(stage.page)).toBe(1);
    expect(await columnTexts(stage.page, '车牌号')).toEqual([OUT]);
    expect(await columnTexts(stage.page, '司机')).toEqual(['周师傅']);
    expect(await columnTexts(stage.page, '通知单号')).toEqual(['YKTZE2E0031']);
    expect((await columnTexts(stage.page, '物料'))[0]).not.toBe('');
    // weights in the plant's decimals (tons, 2)
    expect(await columnTexts(stage.page, '预装数')).toEqual(['30.00']);
    expect(await columnTexts(stage.page, '净重')).toEqual(['30.80']);
    expect(await columnTexts(stage.page, '在厂时长(分)')).toEqual(['42']);
    expect((await columnTexts(stage.page, '出厂时间'))[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await settled(stage.page);
    await screenshot(stage.page, 'registry-history');
    // the rest of the row: time in the plant, how it left, its ticket
    await listScreen(stage.page).locator('.ant-table-content, .ant-table-body').first().evaluate((el) => el.scrollBy({ left: 2000 }));
    await settled(stage.page);
    await screenshot(stage.page, 'registry-history-right');

    await quickSearch(stage.page, STILL_IN);
    expect(await pagerTotal(stage.page)).toBe(0);
    await quickSearch(stage.page, 'E7H031');
    expect(await pagerTotal(stage.page)).toBe(1);
  });
});
