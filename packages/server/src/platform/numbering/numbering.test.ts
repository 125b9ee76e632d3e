import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk, orgId } from '../../../test/api';

// Numbers under concurrency: the serial is taken inside each create's transaction, so fifty
// creates at once get fifty different numbers, one after the other, with no gap.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let accountant: string;
let HDSN: string;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDSN = await orgId(pool, 'HDSN');
});

const createWarehouse = (entity: Record<string, unknown>) => call(app, 'POST', '/api/masterdata/warehouse/create', accountant, { entity: { kind: 'YARD', ...entity } });
const today = async () => (await pool.query(`SELECT to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') AS d`)).rows[0].d as string;

describe("a company's code rule", () => {
  it('gives fifty concurrent creates fifty distinct, gapless numbers', async () => {
    await pool.query(
      `INSERT INTO sys_code_rule (org_id, doc_kind, rule_name, prefix, date_pattern, serial_width, reset_period)
       VALUES ($1, 'md.warehouse', '仓库编码', 'CK', 'yyyyMMdd', 4, 'DAILY')`, [HDSN]);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => createWarehouse({ wareName: `并发仓库${i}` })));
    const codes = results.map((r) => expectOk(r).data.wareCode as string).sort();
    const day = await today();
    expect(codes).toEqual(Array.from({ length: 50 }, (_, i) => `CK${day}${String(i + 1).padStart(4, '0')}`));
  });

  it('keeps a code typed by hand and skips it when the serial reaches it', async () => {
    const day = await today();
    const typed = `CK${day}0051`;
    expect(expectOk(await createWarehouse({ wareCode: typed, wareName: '手工编码仓库' })).data.wareCode).toBe(typed);
    expect(expectOk(await createWarehouse({ wareName: '下一个仓库' })).data.wareCode).toBe(`CK${day}0052`);
  });

  it('gives a failed create its number back', async () => {
    const day = await today();
    const res = await createWarehouse({ wareName: 'x'.repeat(61) });
    expect(res.statusCode).toBe(400);
    expect(expectOk(await createWarehouse({ wareName: '再下一个仓库' })).data.wareCode).toBe(`CK${day}0053`);
  });
});

describe('numbers already used by hand or by an ERP', () => {
  it('jumps past a run of pushed codes in the same form instead of failing', async () => {
    const entities = Array.from({ length: 80 }, (_, i) => ({ customerCode: `KH${String(13 + i).padStart(4, '0')}`, customerName: `ERP 客户${i}` }));
    expectOk(await call(app, 'POST', '/api/masterdata/customer/datax', accountant, { entities }));
    const created = expectOk(await call(app, 'POST', '/api/masterdata/customer/create', accountant, { entity: { customerName: '编号跳过已用号段的客户' } })).data;
    expect(created.customerCode).toBe('KH0093');
  });
});

describe('the code-rule screen', () => {
  const R = '/api/system/code-rule';
  it('lets the administrator set a rule the next vendor is numbered by', async () => {
    const admin = (await bearerFor(app, 'admin')).authorization;
    expect((await call(app, 'POST', `${R}/create`, accountant, { entity: { docKind: 'md.vendor', ruleName: '供应商' } })).statusCode).toBe(403);
    const bad = await call(app, 'POST', `${R}/create`, admin, { entity: { docKind: 'md.vendor', ruleName: '供应商', prefix: 'V', resetPeriod: 'DAILY' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('流水号按日/按月/按年重置时，日期格式须包含对应的日/月/年，否则编号会重复');
    const rule = expectOk(await call(app, 'POST', `${R}/create`, admin, { entity: { docKind: 'md.vendor', ruleName: '供应商', prefix: 'V', datePattern: 'yyMM', serialWidth: 3, resetPeriod: 'MONTHLY' } })).data;
    expect(rule).toMatchObject({ docKind: 'md.vendor', prefix: 'V', serialWidth: 3, resetPeriod: 'MONTHLY', enabled: true });
    const vendor = expectOk(await call(app, 'POST', '/api/masterdata/vendor/create', accountant, { entity: { vendorName: '按新规则编号的供应商' } })).data;
    expect(vendor.vendorCode).toBe(`V${(await today()).slice(2, 6)}001`);
  });
});
