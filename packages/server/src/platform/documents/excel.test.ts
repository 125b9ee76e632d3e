import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';

// Excel in and out through the engine, on vendors (a group archive) and drivers (company rows).
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let accountant: string;
let HDSN: string;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDSN = await orgId(pool, 'HDSN');
});

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('导入');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(bytes: Buffer, name = 'data.xlsx') {
  const boundary = '----wbtest' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

const importFile = async (url: string, bytes: Buffer) => {
  const { payload, contentType } = multipart(bytes);
  return app.inject({ method: 'POST', url, headers: { authorization: accountant, 'content-type': contentType }, payload });
};

const vendorCount = async () => (await pool.query('SELECT count(*)::int AS n FROM md_vendor')).rows[0].n as number;

describe('import', () => {
  it('gives a template with the import columns, labelled in Chinese', async () => {
    const res = await call(app, 'GET', '/api/masterdata/vendor/import/template', accountant);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(['供应商编码', '供应商名称', '简称', '统一社会信用代码', '联系人', '联系电话', '地址', '来源', '启用', '备注']);
  });

  it('reports every bad row and imports nothing when any row is bad', async () => {
    const before = await vendorCount();
    const bytes = await xlsx([
      ['供应商编码', '供应商名称', '联系电话', '来源'],
      ['IMP001', '导入供应商一', '0572-2345678', '本地'],
      ['IMP002', '', 'abc', '本地'],
      ['IMP001', '导入供应商三', '', 'SAP'],
      ['GYS0001', '导入供应商四', '', ''],
    ]);
    const res = expectFailure(await importFile('/api/masterdata/vendor/import', bytes), 400);
    expect((res.data as { errors: unknown[] }).errors).toEqual([
      { row: 3, field: 'vendorName', message: '供应商名称不能为空！' },
      { row: 3, field: 'contactPhone', message: '联系电话应为手机号或固定电话' },
      { row: 4, field: 'resourceType', message: '来源的值 SAP 不是可选值' },
      { row: 4, field: 'vendorCode', message: '供应商编码 IMP001 与第 2 行重复' },
      { row: 5, field: 'vendorCode', message: '供应商编码 GYS0001 已存在' },
    ]);
    expect(await vendorCount()).toBe(before);
  });

  it('refuses a file that is not a workbook, and one without a required column', async () => {
    expectFailure(await importFile('/api/masterdata/vendor/import', Buffer.from('not a workbook')), 400, '文件不是有效的 Excel (.xlsx) 文件');
    expectFailure(await importFile('/api/masterdata/vendor/import', await xlsx([['简称'], ['x']])), 400, '缺少必填列：供应商名称');
  });

  it('imports 10,000 vendors in one transaction well under ten seconds, numbering the blank codes', async () => {
    const rows: unknown[][] = [['供应商编码', '供应商名称', '联系人', '联系电话', '启用']];
    for (let i = 1; i <= 10_000; i++) rows.push([i % 2 ? `BULK${String(i).padStart(5, '0')}` : null, `批量导入供应商${i}有限公司`, `联系人${i}`, '13800000000', '是']);
    const bytes = await xlsx(rows);
    const before = await vendorCount();
    const started = performance.now();
    const res = expectOk(await importFile('/api/masterdata/vendor/import', bytes));
    const ms = performance.now() - started;
    expect(res.data).toEqual({ imported: 10_000 });
    expect(ms).toBeLessThan(10_000);
    expect(await vendorCount()).toBe(before + 10_000);
    const alloc = await pool.query(`SELECT count(*)::int AS n FROM md_vendor_alloc a JOIN md_vendor v ON v.id = a.archive_id WHERE v.vendor_name LIKE '批量导入供应商%' AND a.org_id = $1`, [HDSN]);
    expect(alloc.rows[0].n).toBe(10_000);
    const generated = await pool.query(`SELECT count(DISTINCT vendor_code)::int AS n FROM md_vendor WHERE vendor_name LIKE '批量导入供应商%' AND vendor_code LIKE 'GYS%'`);
    expect(generated.rows[0].n).toBe(5_000);
  }, 30_000);
});

describe('export', () => {
  it('streams the current search, every page, with the list columns labelled as on screen', async () => {
    const search = [{ key: 'vendorName', op: 'like', val: '批量导入供应商1' }];
    const res = await call(app, 'POST', '/api/masterdata/vendor/export', accountant, { search, limit: { pn: 1, ps: 10 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('供应商.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['供应商编码', '供应商名称', '简称']);
    expect(headers).toContain('启用状态');
    expect(headers).not.toContain('版本');
    const expected = (await pool.query(`SELECT count(*)::int AS n FROM md_vendor WHERE vendor_name ILIKE '%批量导入供应商1%'`)).rows[0].n;
    expect(sheet.rowCount - 1).toBe(expected);
    const enabledCol = headers.indexOf('启用状态') + 1;
    expect(sheet.getRow(2).getCell(enabledCol).value).toBe('启用');
  });

  it('writes a weight as a number in the plant\'s unit with its number format, not as text', async () => {
    const admin = (await bearerFor(app, 'admin')).authorization;
    await pool.query(`INSERT INTO md_vehicle (org_id, plate_number, capacity_tonnage) VALUES ($1, '浙E0X501', 31.5)`, [HDSN]);
    const read = async () => {
      const res = await call(app, 'POST', '/api/masterdata/vehicle/export', admin, { search: [{ key: 'plateNumber', op: 'eq', val: '浙E0X501' }] });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0];
      const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
      const col = headers.findIndex((h) => h.startsWith('核定载质量')) + 1;
      const cell = sheet.getRow(2).getCell(col);
      return { header: headers[col - 1], value: cell.value, numFmt: cell.numFmt };
    };
    expect(await read()).toEqual({ header: '核定载质量(吨)', value: 31.5, numFmt: '#,##0.00' });
    // a plant that weighs in kg, 0 decimals: the same truck in kg
    await pool.query(`INSERT INTO sys_param (org_id, param_key, param_value) VALUES ($1, 'weightUnit', 'kg'), ($1, 'weightPrecision', '0')`, [HDSN]);
    try {
      expect(await read()).toEqual({ header: '核定载质量(千克)', value: 31500, numFmt: '#,##0' });
    } finally {
      await pool.query(`DELETE FROM sys_param WHERE org_id = $1 AND param_key IN ('weightUnit', 'weightPrecision')`, [HDSN]);
    }
  });

  it('writes a search of ten thousand rows whole, batch after batch, each row once, in the list order', async () => {
    const search = [{ key: 'vendorName', op: 'like', val: '批量导入供应商' }];
    const res = await call(app, 'POST', '/api/masterdata/vendor/export', accountant, { search, sort: [{ key: 'vendorName', dir: 'asc' }] });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names: string[] = [];
    wb.worksheets[0].eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(2).value));
    });
    expect(names).toHaveLength(10_000);
    expect(new Set(names).size).toBe(10_000);
    const { rows } = await pool.query(`SELECT vendor_name FROM md_vendor WHERE vendor_name LIKE '%批量导入供应商%' ORDER BY vendor_name, id DESC`);
    expect(names).toEqual(rows.map((r) => r.vendor_name));
  }, 30_000);

  it('follows the database copy of the template: a column an administrator hid is not exported', async () => {
    await pool.query(`UPDATE cg_format_field SET ishow = false WHERE field_name = 'shortName'
                        AND format_id = (SELECT id FROM cg_format WHERE format_code = 'masterdata.vendor.list')`);
    const res = await call(app, 'POST', '/api/masterdata/vendor/export', accountant, { search: [{ key: 'vendorCode', op: 'eq', val: 'GYS0001' }] });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(headers).not.toContain('简称');
    expect(headers.slice(0, 2)).toEqual(['供应商编码', '供应商名称']);
    expect(wb.worksheets[0].rowCount).toBe(2);
  });

  it('refuses a search the template does not allow, before writing a byte', async () => {
    expectFailure(await call(app, 'POST', '/api/masterdata/vendor/export', accountant, { search: [{ key: 'password', op: 'eq', val: 'x' }] }), 400);
  });
});
