import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { api, pageToken, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// 数据源报表 as the administrator writes one: the SQL in the highlighted editor, a parameter, 运行
// showing the rows and typed fields, 保存 putting it in the list.

const stage = useSignedInPage(USERS.admin);

describe('database-source reports', () => {
  it('writes SQL with a parameter in the editor, runs it and saves it', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/reportforms', '/reportforms/sql');
    await page.getByTestId('sql-add').click();
    const editor = page.getByTestId('sql-text').locator('.cm-content');
    await editor.waitFor();
    await page.getByTestId('sql-code').fill('e2e_sql');
    await page.getByTestId('sql-name').fill('SQL 试算');
    // the editor replaces its text as a person types it
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('SELECT g AS n, :label AS label FROM generate_series(1, 120) AS g');
    // SQL highlighting: the keywords are marked by the language's highlighter
    await page.getByTestId('sql-text').locator('.cm-line span').first().waitFor();
    expect(await page.getByTestId('sql-text').locator('.cm-line span').first().textContent()).toBe('SELECT');
    await page.getByTestId('sql-add-param').click();
    await page.getByTestId('sql-params').getByPlaceholder('参数名').fill('label');
    // the value 运行 uses, under the parameter's new name
    await page.getByTestId('sql-value-label').fill('磅');
    await page.getByTestId('sql-run').click();
    await page.getByTestId('sql-cut').waitFor();
    const result = page.getByTestId('sql-result');
    expect((await result.locator('tbody tr.ant-table-row').first().locator('td').allTextContents()).map((s) => s.trim())).toEqual(['1', '磅']);
    expect(await page.getByTestId('sql-fields').locator('tbody tr.ant-table-row').count()).toBe(2);
    await settled(page);
    await screenshot(page, 'report-sql-editor');
    await page.getByTestId('sql-save').click();
    await page.getByTestId('sql-list').getByText('e2e_sql').waitFor();
    const rows = await sql(stage.server.databaseUrl, `SELECT sql_text, params->0->>'key' AS p FROM rpt_sql_report WHERE code = 'e2e_sql'`);
    expect(rows).toEqual([{ sql_text: 'SELECT g AS n, :label AS label FROM generate_series(1, 120) AS g', p: 'label' }]);
  });

  it('shows a report over it embedded, as frView opens it, with the admin marker and the org list', async () => {
    const { page } = stage;
    await sql(stage.server.databaseUrl, `
      INSERT INTO rpt_report (org_id, code, name, definition)
      SELECT org_id, 'e2e_embed', 'SQL 嵌入', jsonb_build_object('code', 'e2e_embed', 'name', 'SQL 嵌入', 'nameEn', 'Embedded',
               'source', jsonb_build_object('kind', 'sql', 'id', id::text), 'columns', jsonb_build_array(jsonb_build_object('field', 'n', 'title', '序号', 'titleEn', 'No.')))
        FROM rpt_sql_report WHERE code = 'e2e_sql'`);
    await page.goto('/report-embed/e2e_embed');
    const embed = page.locator('[data-testid="report-embed"][data-admin="admin"]');
    await embed.getByTestId('report-table').locator('tbody tr.ant-table-row').first().waitFor();
    // 120 rows of the SQL, a first page of them
    expect(await embed.getByTestId('report-table').locator('tbody tr.ant-table-row').count()).toBe(50);
    // the org list: both companies of the administrator, the current one chosen
    expect(await embed.getByTestId('report-embed-orgs').locator('.ant-select-content, .ant-select-selection-item').first().innerText()).toContain('华东水泥有限公司');
    await settled(page);
    await screenshot(page, 'report-sql-embedded');
  });

  it('opens an embedded report with frView\'s parameters as its filter, names a bad one, and says when the SQL was cut', async () => {
    const { page } = stage;
    await sql(stage.server.databaseUrl, `
      WITH src AS (
        INSERT INTO rpt_sql_report (org_id, code, name, sql_text, params, fields)
        SELECT org_id, 'e2e_big', '大结果', 'SELECT g AS n, :since::date AS since FROM generate_series(1, 100001) AS g',
               '[{"key": "since", "title": "起始日期", "titleEn": "Since", "type": "date"}]'::jsonb,
               '[{"key": "n", "title": "序号", "titleEn": "No.", "type": "int"}, {"key": "since", "title": "起始日期", "titleEn": "Since", "type": "date"}]'::jsonb
          FROM rpt_sql_report WHERE code = 'e2e_sql' RETURNING id, org_id)
      INSERT INTO rpt_report (org_id, code, name, definition)
      SELECT org_id, 'e2e_big_view', '大结果', jsonb_build_object('code', 'e2e_big_view', 'name', '大结果', 'nameEn', 'Big',
               'source', jsonb_build_object('kind', 'sql', 'id', id::text),
               'columns', jsonb_build_array(jsonb_build_object('field', 'n', 'title', '序号', 'titleEn', 'No.'), jsonb_build_object('field', 'since', 'title', '起始日期', 'titleEn', 'Since')))
        FROM src`);
    // frView's path, with a parameter the report takes and one it does not
    const token = (await pageToken(page)) ?? '';
    const answer = await api<{ data: { path: string } }>(stage.server.baseUrl, token, 'POST', '/api/report/frView', { reportlet: 'e2e_big_view.cpt?since=2026-01-02&junk=1' });
    const path = answer.body.data.path;
    expect(path).toBe('/report-embed/e2e_big_view?since=2026-01-02');
    await page.goto(path);
    const embed = page.getByTestId('report-embed');
    await embed.getByTestId('report-truncated').waitFor();
    // the date picker's input (the test id is on the picker's input or around it)
    const since = embed.locator('input[data-testid="report-param-since"], [data-testid="report-param-since"] input').first();
    expect(await since.inputValue()).toBe('2026-01-02');
    expect(await embed.getByTestId('report-table').locator('tbody tr.ant-table-row').first().locator('td').nth(1).innerText()).toBe('2026-01-02');
    expect(await embed.getByTestId('report-truncated').innerText()).toContain('100000');
    // a bad parameter in the address: the server's message naming it, not a broken page
    await page.goto('/report-embed/e2e_big_view?since=2026-02-30');
    await embed.locator('.ant-alert-error').filter({ hasText: '起始日期' }).waitFor();
    await settled(page);
    await screenshot(page, 'report-sql-embedded-params');
  });
});
