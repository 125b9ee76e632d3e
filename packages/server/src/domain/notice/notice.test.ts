import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { completeOnLine, reserveOnLine } from './quantity';

// Notices as the plant keeps them: purchase, sales, allot and transfer, each with its lines, its
// lifecycle and the corrections an audited notice still takes.
const { app, database } = await createTestApp();
const { pool, db } = database;
const PU = '/api/notice/pu';
const SA = '/api/notice/sa';
const AL = '/api/notice/al';
const TR = '/api/notice/tr';

let operator: string;
let accountant: string;
let quality: string;
let adminInJC: string;
let HDSN: string;
let HDJC: string;
let vendorId: string;
let customerId: string;

const idOf = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows[0].id as string;

beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  quality = (await bearerFor(app, 'quality')).authorization;
  adminInJC = (await bearerFor(app, 'admin')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, adminInJC));
  vendorId = await idOf("SELECT id::text FROM md_vendor WHERE vendor_code = 'GYS0001'", []);
  customerId = await idOf("SELECT id::text FROM md_customer WHERE customer_code = 'KH0003'", []);
});

const post = (url: string, body?: unknown, who = operator) => call(app, 'POST', url, who, body);
const put = (url: string, body: unknown, who = operator) => call(app, 'PUT', url, who, body);
const get = (url: string, who = operator) => call(app, 'GET', url, who);

const PERIOD = { startTime: '2026-01-01 00:00:00', endTime: '2030-12-31 23:59:59' };
const TWO_LINES = [
  { materialCode: '0101001', warehouseCode: 'CK01', quantity: '1000', controlRate: '5', price: '38', taxRate: '13' },
  { materialCode: '0102001', warehouseCode: 'CK01', quantity: 500, maxLimit: 520, minLimit: 100 },
];

async function purchaseNotice(lines: unknown[] = TWO_LINES, extra: Record<string, unknown> = {}) {
  return expectOk(await post(`${PU}/create`, { entity: { vendorId, ...PERIOD, ...extra }, entitysub: lines })).data;
}
async function audited(lines: unknown[] = TWO_LINES) {
  const n = await purchaseNotice(lines);
  expectOk(await post(`${PU}/audit`, { ids: [n.id] }));
  return n;
}
const lineRow = async (lineId: string) =>
  (await pool.query('SELECT max_limit::text, done_quantity::text, in_transit::text, version FROM wb_notice_line WHERE id = $1', [lineId])).rows[0];
const statusOf = async (id: string) => (await pool.query('SELECT doc_status FROM wb_notice WHERE id = $1', [id])).rows[0].doc_status;
const reserve = (lineId: string, q: string, org = HDSN) => db.transaction().execute((tx) => reserveOnLine(tx, org, lineId, q));
const complete = (lineId: string, held: string, net: string) => db.transaction().execute((tx) => completeOnLine(tx, HDSN, lineId, held, net));

describe('creating a notice with its lines', () => {
  it('numbers it CGTZ + the day + four digits, finds the lines by code and defaults each ceiling from its control rate', async () => {
    const n = await purchaseNotice();
    expect(n.noticeNo).toMatch(/^CGTZ\d{8}0001$/);
    expect(n).toMatchObject({ docStatus: 'FREE', ctrlMode: 'QUANTITY', vendorName: '湖州明达矿业有限公司', version: 0 });
    expect(n.entitysub).toHaveLength(2);
    expect(n.entitysub[0]).toMatchObject({ lineSeq: 1, materialCode: '0101001', materialName: '石灰石', warehouseName: '原料堆场', maxLimit: '1050', lineDone: '0', lineInTransit: '0', lineDoneTrips: 0 });
    expect(n.entitysub[1]).toMatchObject({ lineSeq: 2, materialName: '黏土', maxLimit: '520', minLimit: '100' });
    const second = await purchaseNotice();
    expect(second.noticeNo).toBe(n.noticeNo.replace(/0001$/, '0002'));
    const sales = expectOk(await post(`${SA}/create`, { entity: { customerId, ...PERIOD }, entitysub: [{ materialCode: '0101001', quantity: 10 }] })).data;
    expect(sales.noticeNo).toMatch(/^XSTD\d{8}0001$/);
  });

  it('keeps the lines on the line table with the header control mode', async () => {
    const n = await purchaseNotice(TWO_LINES, { ctrlMode: 'NONE' });
    const { rows } = await pool.query('SELECT quantity_control FROM wb_notice_line WHERE notice_id = $1', [n.id]);
    expect(rows.map((r) => r.quantity_control)).toEqual([false, false]);
    expectOk(await put(`${PU}/update`, { entity: { id: n.id, version: n.version, ctrlMode: 'QUANTITY' } }));
    const after = await pool.query('SELECT quantity_control FROM wb_notice_line WHERE notice_id = $1', [n.id]);
    expect(after.rows.map((r) => r.quantity_control)).toEqual([true, true]);
  });

  it('refuses bad headers and lines with the field named, writing nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM wb_notice_line')).rows[0].n;
    expectFailure(await post(`${PU}/create`, { entity: { ...PERIOD }, entitysub: TWO_LINES }), 400, '供应商不能为空！');
    expectFailure(await post(`${PU}/create`, { entity: { vendorId, startTime: '2026-05-01 00:00:00', endTime: '2026-04-01 00:00:00' }, entitysub: TWO_LINES }), 400, '结束时间必须晚于开始时间');
    expectFailure(await post(`${PU}/create`, { entity: { vendorId, ...PERIOD }, entitysub: [{ materialCode: '9999999', quantity: 1 }] }), 400, '第1行 物料编码 9999999 不存在');
    expectFailure(await post(`${PU}/create`, { entity: { vendorId, ...PERIOD }, entitysub: [TWO_LINES[0], { materialCode: '0101001', quantity: 0 }] }), 400, '第2行 数量必须大于0');
    expectFailure(await post(`${PU}/create`, { entity: { vendorId, ...PERIOD }, entitysub: [{ materialCode: '0101001', quantity: 10, minLimit: 20 }] }), 400, '第1行 最小限量 20 吨不能大于最大限量 10 吨');
    expectFailure(await post(`${PU}/create`, { entity: { vendorId, ...PERIOD }, entitysub: [{ materialCode: '0101001', quantity: 'abc' }] }), 400, '第1行 数量应为数字');
    expectFailure(await post(`${TR}/create`, { entity: { ...PERIOD }, entitysub: [{ materialCode: '0101001', warehouseCode: 'CK01', toWarehouseCode: 'CK01', quantity: 10 }] }), 400, '第1行 调入仓库不能与调出仓库相同');
    expectFailure(await post(`${TR}/create`, { entity: { ...PERIOD }, entitysub: [{ materialCode: '0101001', warehouseCode: 'CK01', quantity: 10 }] }), 400, '第1行 调入仓库不能为空！');
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_notice_line')).rows[0].n).toBe(before);
  });

  it('lists notices of its kind only, with the lines summed and totalled', async () => {
    const n = await purchaseNotice();
    const { data } = expectOk(await post(`${PU}/v2/list`, { search: [{ key: 'noticeNo', op: 'eq', val: n.noticeNo }], limit: { pn: 1, ps: 10 } }));
    expect(data.list).toHaveLength(1);
    expect(data.list[0]).toMatchObject({ materialNames: '石灰石、黏土', totalQuantity: '1500', totalMaxLimit: '1570', remaining: '1570' });
    expect(data.tongji).toMatchObject({ totalQuantity: '1500' });
    const sales = await post(`${SA}/v2/list`, { search: [{ key: 'noticeNo', op: 'eq', val: n.noticeNo }], limit: { pn: 1, ps: 10 } });
    expect(expectOk(sales).data.list).toHaveLength(0);
    expectFailure(await get(`${SA}/get/${n.id}`), 404);
  });
});

describe('the lifecycle', () => {
  it('audits, refuses an edit of an audited notice, withdraws the audit while nothing moved', async () => {
    const n = await audited();
    expect(await statusOf(n.id)).toBe('AUDITED');
    expect((await pool.query('SELECT audited_at IS NOT NULL AS a FROM wb_notice WHERE id = $1', [n.id])).rows[0].a).toBe(true);
    const fresh = expectOk(await get(`${PU}/get/${n.id}`)).data;
    expectFailure(await put(`${PU}/update`, { entity: { id: n.id, version: fresh.version, remark: 'x' } }), 400, `采购通知单 ${n.noticeNo} 已审核，不能修改，请先反审核`);
    expectFailure(await post(`${PU}/audit`, { ids: [n.id] }), 400, `采购通知单 ${n.noticeNo} 已审核，不能重复审核`);
    expectOk(await post(`${PU}/unaudit`, { ids: [n.id] }));
    expect(await statusOf(n.id)).toBe('FREE');
  });

  it('refuses to withdraw the audit once a truck is on the way or done, naming the quantities', async () => {
    const n = await audited();
    await reserve(n.entitysub[0].id, '30');
    expectFailure(await post(`${PU}/unaudit`, { ids: [n.id] }), 400, `采购通知单 ${n.noticeNo} 已执行 0 吨、在途 30 吨，不能反审核`);
    await complete(n.entitysub[0].id, '30', '31.5');
    expectFailure(await post(`${PU}/unaudit`, { ids: [n.id] }), 400, `采购通知单 ${n.noticeNo} 已执行 31.5 吨、在途 0 吨，不能反审核`);
    expect(await statusOf(n.id)).toBe('AUDITED');
  });

  it('refuses a hold on a line whose notice is no longer audited, whatever its caller read before', async () => {
    const n = await audited();
    // a registry that read the notice as audited, then the audit withdrawn before it took the line
    expectOk(await post(`${PU}/unaudit`, { ids: [n.id] }));
    await expect(reserve(n.entitysub[0].id, '5')).rejects.toMatchObject({ constraint: 'wb_notice_line_reserve_audited' });
    expect((await lineRow(n.entitysub[0].id)).in_transit).toBe('0.0000');
    expectOk(await post(`${PU}/audit`, { ids: [n.id] }));
    expectOk(await post(`${PU}/close`, { ids: [n.id] }));
    await expect(reserve(n.entitysub[0].id, '5')).rejects.toMatchObject({ message: `通知单 ${n.noticeNo} 未审核或已关闭、已作废，不能预装` });
  });

  it('refuses to void or close while trucks are on the way; closes, reopens, voids and recovers otherwise', async () => {
    const n = await audited();
    const other = await audited();
    await reserve(n.entitysub[1].id, '25');
    expectFailure(await post(`${PU}/obsolete`, { ids: [other.id, n.id] }), 400, `采购通知单 ${n.noticeNo} 尚有在途车辆（在途 25 吨），不能作废`);
    expect(await statusOf(other.id)).toBe('AUDITED');
    expectFailure(await post(`${PU}/close`, { ids: [n.id] }), 400, `采购通知单 ${n.noticeNo} 尚有在途车辆（在途 25 吨），不能关闭`);
    await complete(n.entitysub[1].id, '25', '24');
    expectOk(await post(`${PU}/close`, { ids: [n.id] }));
    expect(await statusOf(n.id)).toBe('CLOSED');
    expectFailure(await post(`${PU}/unaudit`, { ids: [n.id] }), 400, `采购通知单 ${n.noticeNo} 已关闭，不能反审核`);
    expectOk(await post(`${PU}/reopen`, { ids: [n.id] }));
    expect(await statusOf(n.id)).toBe('AUDITED');
    expectOk(await post(`${PU}/obsolete`, { ids: [n.id] }));
    expectFailure(await post(`${PU}/obsolete`, { ids: [n.id] }), 400, `采购通知单 ${n.noticeNo} 已作废，不能重复作废`);
    expectOk(await post(`${PU}/recover`, { ids: [n.id] }));
    expect(await statusOf(n.id)).toBe('FREE');
    expectFailure(await post(`${PU}/recover`, { ids: [n.id] }), 400, `采购通知单 ${n.noticeNo} 未作废，不能恢复`);
  });

  it('deletes a draft with its lines, never an audited one', async () => {
    const a = await audited();
    expectFailure(await call(app, 'DELETE', `${PU}/delList`, operator, { ids: [a.id] }), 400, `采购通知单 ${a.noticeNo} 已审核，不能删除，请先反审核`);
    const d = await purchaseNotice();
    expectOk(await call(app, 'DELETE', `${PU}/delList`, operator, { ids: [d.id] }));
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_notice_line WHERE notice_id = $1', [d.id])).rows[0].n).toBe(0);
  });

  it('keeps room for what a recovered notice has done when its lines are edited', async () => {
    const n = await audited();
    await reserve(n.entitysub[0].id, '40');
    await complete(n.entitysub[0].id, '40', '40');
    expectOk(await post(`${PU}/obsolete`, { ids: [n.id] }));
    expectOk(await post(`${PU}/recover`, { ids: [n.id] }));
    const f = expectOk(await get(`${PU}/get/${n.id}`)).data;
    const lines = f.entitysub.map((l: Record<string, unknown>) => ({ id: l.id, materialCode: l.materialCode, quantity: l.quantity, maxLimit: l.maxLimit }));
    expectFailure(await put(`${PU}/update`, { entity: { id: n.id, version: f.version }, entitysub: [{ ...lines[0], maxLimit: 30 }, lines[1]] }), 400,
      '第1行 最大限量 30 吨不能小于已执行 40 吨与在途 0 吨之和 40 吨');
    expectFailure(await put(`${PU}/update`, { entity: { id: n.id, version: f.version }, entitysub: [lines[1]] }), 400, '第1行 已执行 40 吨、在途 0 吨，不能删除');
    expectOk(await put(`${PU}/update`, { entity: { id: n.id, version: f.version }, entitysub: [{ ...lines[0], maxLimit: 45 }, lines[1]] }));
  });

  it('keeps a notice a registry names, refusing its delete with the reason', async () => {
    const n = await purchaseNotice();
    await pool.query(`INSERT INTO wb_registry (org_id, kind, registry_no, plate_number, notice_id, notice_line_id, shipped_quantity)
      VALUES ($1, 'pu', 'DJ-NOTICE-1', '浙E12345', $2, $3, 30)`, [HDSN, n.id, n.entitysub[0].id]);
    expectFailure(await call(app, 'DELETE', `${PU}/delList`, operator, { ids: [n.id] }), 400, /已被其他单据或资料使用，不能删除/);
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_notice_line WHERE notice_id = $1', [n.id])).rows[0].n).toBe(2);
  });

  it('copies a notice with its lines as a new draft: a new number, nothing done', async () => {
    const n = await audited();
    await reserve(n.entitysub[0].id, '10');
    const c = expectOk(await post(`${PU}/copy/${n.id}`)).data;
    expect(c.noticeNo).not.toBe(n.noticeNo);
    expect(c.docStatus).toBe('FREE');
    expect(c.entitysub.map((l: Record<string, unknown>) => [l.materialCode, l.maxLimit, l.lineInTransit])).toEqual([['0101001', '1050', '0'], ['0102001', '520', '0']]);
  });
});

describe('corrections on an audited notice', () => {
  it('changes a line ceiling, never below done plus in transit, and not on a draft', async () => {
    const n = await audited();
    const line = n.entitysub[0].id;
    await reserve(line, '300');
    await complete(line, '300', '290');
    await reserve(line, '200');
    expectFailure(await post(`${PU}/updateMaxLimit`, { lineId: line, maxLimit: '480' }), 400, '第1行 最大限量 480 吨不能小于已执行 290 吨与在途 200 吨之和 490 吨');
    const ok = expectOk(await post(`${PU}/updateMaxLimit`, { lineId: line, maxLimit: '490' })).data;
    expect(ok).toMatchObject({ maxLimit: '490', doneQuantity: '290', inTransit: '200', remaining: '0' });
    expectFailure(await post(`${PU}/updateMaxLimit`, { lineId: line, maxLimit: 'x' }), 400, /maxLimit/);
    const draft = await purchaseNotice();
    expectFailure(await post(`${PU}/updateMaxLimit`, { lineId: draft.entitysub[0].id, maxLimit: '10' }), 400, `采购通知单 ${draft.noticeNo} 未审核，请直接修改，不能修改最大限量`);
    expectFailure(await post(`${SA}/updateMaxLimit`, { lineId: line, maxLimit: '900' }), 404);
    expect((await lineRow(line)).max_limit).toBe('490.0000');
  });

  it('corrects done with a reason kept in the operation log', async () => {
    const n = await audited();
    const line = n.entitysub[1].id;
    await reserve(line, '100');
    expectFailure(await post(`${PU}/updateDone`, { lineId: line, doneQuantity: '12', reason: ' ' }, accountant), 400, '修改原因不能为空！');
    expectFailure(await post(`${PU}/updateDone`, { lineId: line, doneQuantity: '421', reason: '补录' }, accountant), 400, '第2行 已执行 421 吨加在途 100 吨超过最大限量 520 吨');
    expectFailure(await post(`${PU}/updateDone`, { lineId: line, doneQuantity: '12', reason: '补录' }), 403);
    const after = expectOk(await post(`${PU}/updateDone`, { lineId: line, doneQuantity: '420', reason: '地磅故障期间手工过磅补录' }, accountant)).data;
    expect(after).toMatchObject({ doneQuantity: '420', remaining: '0' });
    const { rows } = await pool.query("SELECT detail FROM sys_log WHERE action = 'noticeUpdateDone' ORDER BY id DESC LIMIT 1");
    expect(rows[0].detail).toBe(`${n.noticeNo} 第2行 已执行量 0 -> 420，原因：地磅故障期间手工过磅补录`);
  });

  it('moves the end of an audited notice, after its start and not into the past', async () => {
    const n = await audited();
    expectFailure(await post(`${PU}/updateEndTime`, { id: n.id, endTime: '2025-12-31 00:00:00' }), 400, '结束时间必须晚于开始时间');
    expectFailure(await post(`${PU}/updateEndTime`, { id: n.id, endTime: '2026-02-01 00:00:00' }), 400, '结束时间不能早于当前时间');
    expectFailure(await post(`${PU}/updateEndTime`, { id: n.id, endTime: 'tomorrow' }), 400, '参数 endTime 错误: 结束时间应为时间 yyyy-MM-dd HH:mm:ss');
    expectFailure(await post(`${PU}/updateEndTime`, { id: n.id, endTime: '2031-02-30 18:00:00' }), 400, '参数 endTime 错误: 结束时间不是真实的日期：2031-02-30 18:00:00');
    expectFailure(await post(`${PU}/updateEndTime`, { id: n.id, endTime: '9999-12-31 23:59:59' }), 400, '参数 endTime 错误: 结束时间应在 2000-01-01 至 2099-12-31 之间');
    expectOk(await post(`${PU}/updateEndTime`, { id: n.id, endTime: '2031-06-30 18:00:00' }));
    const { rows } = await pool.query("SELECT end_time = '2031-06-30 18:00:00'::timestamptz AS e FROM wb_notice WHERE id = $1", [n.id]);
    expect(rows[0].e).toBe(true);
    const draft = await purchaseNotice();
    expectFailure(await post(`${PU}/updateEndTime`, { id: draft.id, endTime: '2031-06-30 18:00:00' }), 400, `采购通知单 ${draft.noticeNo} 未审核，请直接修改，不能修改结束时间`);
  });

  it('never lets a ceiling change and a completing truck leave done plus in transit over the limit', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, async () => {
      const n = await audited([{ materialCode: '0101001', quantity: 100 }]);
      const line = n.entitysub[0].id as string;
      await reserve(line, '30');
      return line;
    }));
    const results = await Promise.all(pairs.map(async (line) => {
      const [done, cut] = await Promise.allSettled([
        complete(line, '30', '40'),
        post(`${PU}/updateMaxLimit`, { lineId: line, maxLimit: '35' }),
      ]);
      return { line, completed: done.status === 'fulfilled', cut: cut.status === 'fulfilled' && cut.value.statusCode === 200 };
    }));
    for (const r of results) {
      const row = await lineRow(r.line);
      expect(Number(row.done_quantity) + Number(row.in_transit)).toBeLessThanOrEqual(Number(row.max_limit));
      // whichever came first, the other saw it and was refused
      expect(r.completed !== r.cut, JSON.stringify({ ...r, row })).toBe(true);
    }
  });
});

describe('companies and permissions', () => {
  it('keeps each company to its own notices', async () => {
    const n = await purchaseNotice();
    expectFailure(await get(`${PU}/get/${n.id}`, adminInJC), 404);
    expectFailure(await post(`${PU}/audit`, { ids: [n.id] }, adminInJC), 404);
    expectFailure(await post(`${PU}/updateMaxLimit`, { lineId: n.entitysub[0].id, maxLimit: '1' }, adminInJC), 404);
    const { data } = expectOk(await post(`${PU}/v2/list`, { search: [{ key: 'noticeNo', op: 'eq', val: n.noticeNo }], limit: { pn: 1, ps: 10 } }, adminInJC));
    expect(data.list).toHaveLength(0);
  });

  it('lets the receiving company see an allot notice once it is sent, and nothing else of the sender', async () => {
    expectFailure(await post(`${AL}/create`, { entity: { peerOrgId: HDSN, ...PERIOD }, entitysub: [{ materialCode: '0101001', quantity: 10 }] }), 400, '收货公司不能是本公司');
    const n = expectOk(await post(`${AL}/create`, { entity: { peerOrgId: HDJC, ...PERIOD }, entitysub: [{ materialCode: '0101001', quantity: 10 }] })).data;
    expect(n.noticeNo).toMatch(/^DBTZ\d{8}\d{4}$/);
    const received = () => post(`${AL}/received/v2/list`, { search: [{ key: 'noticeNo', op: 'eq', val: n.noticeNo }], limit: { pn: 1, ps: 10 } }, adminInJC);
    expect(expectOk(await received()).data.list).toHaveLength(0);
    expectFailure(await get(`${AL}/received/get/${n.id}`, adminInJC), 404);
    expectOk(await post(`${AL}/audit`, { ids: [n.id] }));
    const list = expectOk(await received()).data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ shipOrgName: expect.any(String), totalQuantity: '10' });
    const read = expectOk(await get(`${AL}/received/get/${n.id}`, adminInJC)).data;
    expect(read.entitysub[0]).toMatchObject({ materialName: '石灰石', quantity: '10' });
    // the receiver reads; it does not change the sender's notice
    expectFailure(await get(`${AL}/get/${n.id}`, adminInJC), 404);
    expectFailure(await post(`${AL}/obsolete`, { ids: [n.id] }, adminInJC), 404);
    expect(expectOk(await post(`${AL}/received/v2/list`, { limit: { pn: 1, ps: 10 } })).data.list.every((r: { noticeNo: string }) => r.noticeNo !== n.noticeNo)).toBe(true);
  });

  it('refuses a receiving company outside the group', async () => {
    const { rows } = await pool.query("INSERT INTO sys_group (group_code, group_name) VALUES ('OTHER', '外集团') RETURNING id");
    const stranger = await idOf("INSERT INTO sys_org (group_id, org_code, org_name) VALUES ($1, 'WJT', '外集团公司') RETURNING id::text AS id", [rows[0].id]);
    expectFailure(await post(`${AL}/create`, { entity: { peerOrgId: stranger, ...PERIOD }, entitysub: [{ materialCode: '0101001', quantity: 10 }] }), 400, '收货公司不是本集团的公司');
  });

  it('moves goods between two warehouses of the company on a transfer notice', async () => {
    const t = expectOk(await post(`${TR}/create`, { entity: { ...PERIOD }, entitysub: [{ materialCode: '0101001', warehouseCode: 'CK01', toWarehouseCode: 'CK02', quantity: 80 }] })).data;
    expect(t.noticeNo).toMatch(/^YKTZ\d{8}\d{4}$/);
    expect(t.entitysub[0]).toMatchObject({ warehouseCode: 'CK01', toWarehouseCode: 'CK02', maxLimit: '80' });
    const copies = expectOk(await post(`${TR}/copy`, { ids: [t.id] })).data;
    expect(copies).toEqual({ count: 1 });
  });

  it('checks each action against its permission', async () => {
    expectFailure(await post(`${AL}/received/v2/list`, { limit: { pn: 1, ps: 10 } }, quality), 403);
    expectFailure(await post(`${PU}/updateEndTime`, { id: '1', endTime: '2031-01-01 00:00:00' }, quality), 403);
    expectFailure(await post(`${PU}/v2/list`, { limit: { pn: 1, ps: 10 } }, quality), 403);
    expectFailure(await post(`${PU}/create`, { entity: { vendorId, ...PERIOD }, entitysub: TWO_LINES }, quality), 403);
    expectOk(await post(`${PU}/v2/list`, { limit: { pn: 1, ps: 10 } }, accountant));
  });

  it('offers the lines of audited notices still in their period to registries, with what is left', async () => {
    const n = await audited();
    await reserve(n.entitysub[0].id, '50');
    const draft = await purchaseNotice();
    const { data } = expectOk(await post(`${PU}/line/v2/list`, { search: [{ key: 'noticeNo', op: 'like', val: 'CGTZ' }], limit: { pn: 1, ps: 100 } }));
    const mine = data.list.filter((r: { noticeNo: string }) => r.noticeNo === n.noticeNo);
    expect(mine.map((r: Record<string, unknown>) => [r.materialName, r.remaining])).toEqual(expect.arrayContaining([['石灰石', '1000'], ['黏土', '520']]));
    expect(mine[0]).toMatchObject({ vendorName: '湖州明达矿业有限公司', noticeId: n.id });
    expect(data.list.some((r: { noticeNo: string }) => r.noticeNo === draft.noticeNo)).toBe(false);
  });
});

/** An .xlsx of the given header row and rows. */
async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('通知单');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(url: string, bytes: Buffer, who = operator) {
  const boundary = '----notice-import';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="n.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url, headers: { authorization: who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

describe('import', () => {
  const HEADERS = ['通知单号', '供应商编码', '开始时间', '结束时间', '物料编码', '仓库编码', '数量', '控制比例'];

  it('reports every bad row and writes nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM wb_notice')).rows[0].n;
    const res = await upload(`${PU}/import`, await sheet(HEADERS, [
      ['IMP-001', 'GYS0001', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0101001', 'CK01', 100, 5],
      ['IMP-001', 'GYS0002', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0102001', 'CK01', 50, 0],
      ['IMP-002', 'GYS9999', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0101001', 'CK01', 10, 0],
      ['IMP-003', 'GYS0001', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0101009', 'CK01', -1, 0],
      ['', 'GYS0001', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0101001', 'CK01', 1, 0],
    ]));
    const body = expectFailure(res, 400);
    const errors = (body.data as { errors: { row: number; field: string; message: string }[] }).errors;
    expect(errors.map((e) => [e.row, e.message])).toEqual(expect.arrayContaining([
      [3, '通知单 IMP-001 的表头与第 2 行不一致'],
      [4, '供应商编码 GYS9999 不存在'],
      [5, '物料编码 0101009 不存在'],
      [5, '数量不能小于0'],
      [6, '通知单号不能为空！（同一通知单的明细行按通知单号归为一单）'],
    ]));
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_notice')).rows[0].n).toBe(before);
  });

  it('imports notices with their lines, grouped by number', async () => {
    const res = await upload(`${PU}/import`, await sheet(HEADERS, [
      ['IMP-101', 'GYS0001', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0101001', 'CK01', 100, 5],
      ['IMP-101', 'GYS0001', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0102001', 'CK01', 50, 0],
      ['IMP-102', 'GYS0002', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0101002', '', 10, 0],
    ]));
    expect(expectOk(res).data).toEqual({ imported: 2, lines: 3 });
    const { rows } = await pool.query("SELECT n.notice_no, l.seq, l.max_limit::text FROM wb_notice n JOIN wb_notice_line l ON l.notice_id = n.id WHERE n.notice_no LIKE 'IMP-1%' ORDER BY 1, 2");
    expect(rows).toEqual([
      { notice_no: 'IMP-101', seq: 1, max_limit: '105.0000' }, { notice_no: 'IMP-101', seq: 2, max_limit: '50.0000' }, { notice_no: 'IMP-102', seq: 1, max_limit: '10.0000' },
    ]);
    const again = await upload(`${PU}/import`, await sheet(HEADERS, [['IMP-101', 'GYS0001', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0101001', 'CK01', 1, 0]]));
    expectFailure(again, 400, '通知单号 IMP-101 已存在');
  });

  it('names the row of a material the company was not given', async () => {
    // a material of the group that only the other company uses
    await pool.query(`INSERT INTO md_material (group_id, org_id, invc_id, inv_code, inv_name)
      SELECT m.group_id, $1, m.invc_id, 'JC-ONLY-1', '贸易公司专用料' FROM md_material m WHERE m.inv_code = '0101001'`, [HDJC]);
    const res = await upload(`${PU}/import`, await sheet(HEADERS, [
      ['IMP-201', 'GYS0001', '2026-01-01 00:00:00', '2030-12-31 00:00:00', '0101001', 'CK01', 10, 0],
      ['IMP-201', 'GYS0001', '2026-01-01 00:00:00', '2030-12-31 00:00:00', 'JC-ONLY-1', 'CK01', 10, 0],
    ]));
    const body = expectFailure(res, 400, '物料不存在或未分配给当前公司');
    expect((body.data as { errors: { row: number }[] }).errors[0].row).toBe(3);
    expect((await pool.query("SELECT count(*)::int AS n FROM wb_notice WHERE notice_no = 'IMP-201'")).rows[0].n).toBe(0);
  });

  it('gives the sheet to fill in, header and line columns, and exports the list', async () => {
    const template = await get(`${PU}/import/template`);
    expect(template.statusCode).toBe(200);
    const blank = new ExcelJS.Workbook();
    await blank.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const headers = (blank.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(['通知单号', '供应商编码', '承运商编码', '开始时间', '结束时间', '合同号', '控制方式', '备注',
      '物料编码', '仓库编码', '数量', '单价', '税率', '控制比例', '最大限量', '最小限量', '明细备注']);
    const exported = await post(`${PU}/export`, { search: [{ key: 'noticeNo', op: 'eq', val: 'IMP-101' }] });
    expect(exported.statusCode, exported.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const row = (book.worksheets[0].getRow(2).values as unknown[]).slice(1);
    expect(row).toEqual(expect.arrayContaining(['IMP-101', '湖州明达矿业有限公司', '石灰石、黏土']));
  });
});
