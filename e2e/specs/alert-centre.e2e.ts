import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { openMenuLeaf } from '../support/workspace';

// 预警中心 as the general manager reviews it: the home page counts an open high alert, one click
// opens the list filtered to it, the drawer shows the ticket it rests on; a comment, a closing as
// 差错 (error), and a threshold changed in 预警设置. The alert is written as a rule would raise it.

const GENERAL_MANAGER = { username: 'general_manager', password: 'Boss@2026', realName: '总经理' };
const stage = useSignedInPage(GENERAL_MANAGER);
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 150 });
let alertId = '';

beforeAll(async () => {
  const [ticket] = await db<{ id: string }>(`
    INSERT INTO wb_ticket (org_id, kind, ticket_no, state, vendor_id, plate_number, first_is, gross, gross_time, tare, tare_time, tare_source, net, completed_at)
    SELECT o.id, 'pu', 'E2EYJ0001', 'COMPLETED', v.archive_id, '浙E9YJ01', 'GROSS', 40, now() - interval '1 hour', 12.5, now(), 'WEIGHED', 27.5, now()
      FROM sys_org o, LATERAL (SELECT archive_id FROM md_vendor_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) v
     WHERE o.org_code = 'HDSN' RETURNING id::text`);
  [{ id: alertId }] = await db<{ id: string }>(`
    INSERT INTO wb_alert (org_id, rule, severity, source, dedupe_key, message, evidence, ticket_id, plate, occurred_at)
    SELECT o.id, 'TARE_DRIFT', 'HIGH', 'WEIGHING', 'e2e-' || $1::text, '皮重 12.500 吨偏离本车近 8 次皮重中位数 15.000 吨（稳健分数 -6.7）',
           jsonb_build_object('ticketIds', jsonb_build_array($1::text)), ($1::text)::bigint, '浙E9YJ01', now()
      FROM sys_org o WHERE o.org_code = 'HDSN' RETURNING id::text`, [ticket!.id]);
});

describe('预警中心', () => {
  it('opens the list from the home count, comments and closes the alert as 差错', async () => {
    const { page } = stage;
    // the home page was read at sign-in, before the alert was raised: read it again
    await page.reload();
    const high = page.getByTestId('alert-count-HIGH');
    await expect.poll(() => high.locator('.ant-statistic-content-value').textContent(), { timeout: 15_000 }).toBe('1');
    await high.click();
    await page.waitForURL((u) => u.pathname === '/weigh/alert');
    const open = page.getByTestId(`alert-open-${alertId}`);
    await open.click();
    const drawer = page.getByTestId('alert-drawer');
    await drawer.getByTestId('alert-tickets').getByText('E2EYJ0001').waitFor();
    await drawer.getByText('皮重偏离').first().waitFor();

    await drawer.getByTestId('alert-comment-input').fill('已调取监控，司机下车过磅');
    await drawer.getByTestId('alert-comment-send').click();
    await drawer.getByTestId('alert-comments').getByText('已调取监控，司机下车过磅').waitFor();

    await drawer.getByTestId('alert-close').click();
    await page.locator('.ant-modal .ant-radio-button-wrapper', { hasText: '差错' }).click();
    await page.getByTestId('alert-note').fill('皮重录入差错');
    await page.getByTestId('alert-action-ok').click();
    await drawer.getByTestId('alert-finding-tag').getByText('差错').waitFor();
    await poll(async () => (await db<{ status: string; finding: string }>('SELECT status, finding FROM wb_alert WHERE id = $1', [alertId]))[0]).toEqual({ status: 'CLOSED', finding: 'ERROR' });
    await screenshot(page, 'alert-centre-closed');
    await page.keyboard.press('Escape');
  });

  it('changes a threshold in 预警设置', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/weigh', '/weigh/alert-setting');
    const card = page.getByTestId('alert-setting-TARE_DRIFT');
    const threshold = page.locator('#TARE_DRIFT_threshold');
    await threshold.fill('4.5');
    await card.getByTestId('alert-setting-save').click();
    await poll(async () => (await db<{ t: string | null }>(`SELECT settings->>'threshold' AS t FROM wb_alert_setting WHERE rule = 'TARE_DRIFT'`))[0]?.t ?? null).toBe('4.5');
    await screenshot(page, 'alert-settings');
  });
});
