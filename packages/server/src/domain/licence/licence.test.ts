import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from '../weighing/test-support';
import { seedLicenceDemo } from './demo';

// The licence control through its calls: the archives and grants, the sales notice and registry
// refused without a valid grant and collector, the draw-down at the second weighing (raced), the
// give-back of a voided ticket, the sheet import and the interface push, each logged once.
const { app, database } = await createTestApp();
const { pool, db } = database;
const MGP = '/api/mgp';

let accountant: string;
let operator: string;
let p: Plant;
let otherCustomerId: string;
let materialCode: string;
let productId: string;
let collectorId: string;
let grantId: string;
let grantNo: string;

const post = (url: string, body: unknown, who = accountant) => call(app, 'POST', url, who, body);
const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows;
const logCount = async (family: string, action: string) => Number((await q('SELECT count(*)::int AS n FROM sys_log WHERE family = $1 AND action = $2', [family, action]))[0].n);
const drawnOf = async (id: string) => (await q('SELECT trim_scale(drawn_quantity)::text AS d FROM mgp_grant_line WHERE grant_id = $1', [id]))[0].d as string;
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An audited grant of the plant's customer on the controlled product. */
async function auditedGrant(quantity: string, o: { validTo?: string; customerId?: string } = {}) {
  const g = expectOk(await post(`${MGP}/grant/create`, {
    entity: { customerId: o.customerId ?? p.customerId, issuer: '湖州市公安局', validFrom: iso(-10), validTo: o.validTo ?? iso(200) },
    entitysub: [{ standProductId: productId, quantity }],
  })).data;
  expectOk(await post(`${MGP}/grant/audit`, { ids: [g.id] }));
  return g as { id: string; grantNo: string };
}

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  p = await plantOf(db);
  otherCustomerId = (await q('SELECT archive_id::text AS id FROM md_customer_alloc WHERE org_id = $1 AND archive_id <> $2 ORDER BY archive_id LIMIT 1', [p.orgId, p.customerId]))[0].id;
  materialCode = (await q('SELECT inv_code FROM md_material WHERE id = $1', [p.materialId]))[0].inv_code;
  const product = expectOk(await post(`${MGP}/stand-product/create`, { entity: { productCode: 'BZ01', productName: '硝酸铵', controlled: true, unit: '吨' } })).data;
  productId = product.id;
  expectOk(await post(`${MGP}/custom-product/create`, { entity: { materialId: p.materialId, standProductId: productId } }));
  const division = expectOk(await post(`${MGP}/division/create`, { entity: { divisionName: '爆破队', customerId: p.customerId } })).data;
  collectorId = expectOk(await post(`${MGP}/employee/create`, { entity: {
    employeeName: '邱立新', idNumber: '330502198001011231', mobile: '13900001111', customerId: p.customerId, divisionId: division.id, validFrom: iso(-30), validTo: iso(300),
  } })).data.id;
  const g = await auditedGrant('1000');
  grantId = g.id;
  grantNo = g.grantNo;
});

describe('the archives and grants', () => {
  it('keeps standard products, the mapping, divisions, collectors, sale types and grants, each create logged once', async () => {
    expectOk(await post(`${MGP}/sale-type/create`, { entity: { typeCode: 'XS01', typeName: '民爆销售' } }));
    const list = expectOk(await post(`${MGP}/custom-product/v2/list`, {})).data;
    expect(list.records ?? list.list ?? list).toBeTruthy();
    const g = expectOk(await call(app, 'GET', `${MGP}/grant/get/${grantId}`, accountant)).data;
    expect(g).toMatchObject({ grantNo, docStatus: 'AUDITED', issuer: '湖州市公安局' });
    expect(g.entitysub[0]).toMatchObject({ standProductName: '硝酸铵', quantity: '1000', lineDrawn: '0', lineRemaining: '1000' });
    expect(await logCount('销售类型', 'create')).toBe(1);
    expect(await logCount('自定义产品', 'create')).toBe(1);
    expect((await q("SELECT count(*)::int AS n FROM sys_log WHERE family = '许可证' AND action = 'audit' AND doc_no = $1", [grantNo]))[0].n).toBe(1);
  });

  it('answers bad input with a 400 naming the field and changes nothing', async () => {
    const before = await q('SELECT (SELECT count(*) FROM mgp_grant) AS g, (SELECT count(*) FROM mgp_employee) AS e, (SELECT count(*) FROM sys_log) AS l');
    const late = expectFailure(await post(`${MGP}/grant/create`, {
      entity: { customerId: p.customerId, validFrom: '2026-06-01', validTo: '2026-05-01' }, entitysub: [{ standProductId: productId, quantity: '5' }],
    }), 400, '有效期至不能早于有效期自');
    expect((late.data as { field: string }).field).toBe('validTo');
    const huge = expectFailure(await post(`${MGP}/grant/create`, {
      entity: { customerId: p.customerId, validFrom: '2026-01-01', validTo: '2026-05-01' }, entitysub: [{ standProductId: productId, quantity: '1e12' }],
    }), 400);
    expect(JSON.stringify(huge.data)).toContain('quantity');
    const id = expectFailure(await post(`${MGP}/employee/create`, { entity: { employeeName: '某', idNumber: '123', customerId: p.customerId, validFrom: '2026-01-01', validTo: '2026-02-01' } }), 400);
    expect((id.data as { field: string }).field).toBe('idNumber');
    const division = (await q('SELECT id::text FROM mgp_division LIMIT 1'))[0].id;
    const wrong = expectFailure(await post(`${MGP}/employee/create`, { entity: {
      employeeName: '某', idNumber: '330502198001011231', customerId: otherCustomerId, divisionId: division, validFrom: '2026-01-01', validTo: '2026-02-01',
    } }), 400, '部门不属于该客户');
    expect((wrong.data as { field: string }).field).toBe('divisionId');
    const twice = expectFailure(await post(`${MGP}/custom-product/create`, { entity: { materialId: p.materialId, standProductId: productId } }), 400, '该物料已对应标准产品');
    expect((twice.data as { field: string }).field).toBe('materialId');
    expect(await q('SELECT (SELECT count(*) FROM mgp_grant) AS g, (SELECT count(*) FROM mgp_employee) AS e, (SELECT count(*) FROM sys_log) AS l')).toEqual(before);
  });

  it('lists the grants about to expire under 即将到期, and not the others', async () => {
    const soon = await auditedGrant('5', { validTo: iso(10) });
    const rows = expectOk(await post(`${MGP}/grant/expiring/v2/list`, {}, operator)).data;
    const nos = JSON.stringify(rows);
    expect(nos).toContain(soon.grantNo);
    expect(nos).not.toContain(`"${grantNo}"`);
    const within5 = JSON.stringify(expectOk(await post(`${MGP}/grant/expiring/v2/list`, { param: { days: 5 } }, operator)).data);
    expect(within5).not.toContain(soon.grantNo);
  });

  it('offers the sales forms only the grants in force to pick', async () => {
    const draft = expectOk(await post(`${MGP}/grant/create`, {
      entity: { customerId: p.customerId, validFrom: iso(-10), validTo: iso(20) }, entitysub: [{ standProductId: productId, quantity: '5' }],
    })).data;
    const ended = await auditedGrant('5', { validTo: iso(30) });
    await q('UPDATE mgp_grant SET valid_from = $1, valid_to = $2 WHERE id = $3', [iso(-30), iso(-1), ended.id]);
    const picked = JSON.stringify(expectOk(await post(`${MGP}/grant/open/v2/list`, {}, operator)).data);
    expect(picked).toContain(`"${grantNo}"`);
    expect(picked).not.toContain(`"${draft.grantNo}"`);
    expect(picked).not.toContain(`"${ended.grantNo}"`);
  });
});

describe('a sales notice of a controlled product', () => {
  const PERIOD = { startTime: '2026-01-01 00:00:00', endTime: '2030-12-31 23:59:59' };
  const line = () => [{ materialCode, quantity: '50' }];

  it('is refused without a grant, with one of another customer, and taken with a valid one', async () => {
    const before = (await q("SELECT count(*)::int AS n FROM wb_notice WHERE kind = 'sa'"))[0].n;
    const none = expectFailure(await post('/api/notice/sa/create', { entity: { customerId: p.customerId, ...PERIOD }, entitysub: line() }, operator), 400, '硝酸铵 为管控产品，许可证不能为空！');
    expect((none.data as { field: string }).field).toBe('grantId');
    const other = await auditedGrant('10', { customerId: otherCustomerId });
    expectFailure(await post('/api/notice/sa/create', { entity: { customerId: p.customerId, grantId: other.id, ...PERIOD }, entitysub: line() }, operator), 400, `许可证 ${other.grantNo} 的持证单位不是该客户`);
    expect((await q("SELECT count(*)::int AS n FROM wb_notice WHERE kind = 'sa'"))[0].n).toBe(before);
    const ok = expectOk(await post('/api/notice/sa/create', { entity: { customerId: p.customerId, grantId, ...PERIOD }, entitysub: line() }, operator)).data;
    expect(ok).toMatchObject({ grantId, grantNo });
  });
});

describe('a sales registry of a controlled product', () => {
  it('needs an authorised collector, takes the notice grant and warns at audit of a grant about to expire or a pre-load past what is left', async () => {
    const soon = await auditedGrant('100', { validTo: iso(5) });
    const { lineId } = await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '500' });
    await q('UPDATE wb_notice SET grant_id = $1 WHERE id = (SELECT notice_id FROM wb_notice_line WHERE id = $2)', [soon.id, lineId]);
    const entity = { plateNumber: testPlate('L'), noticeLineId: lineId, preQuantity: '30' };
    const before = (await q("SELECT count(*)::int AS n FROM wb_registry WHERE kind = 'sa'"))[0].n;
    const refused = expectFailure(await post('/api/registry/sa/create', { entity }, operator), 400, '授权提货人不能为空！');
    expect((refused.data as { field: string }).field).toBe('collectorId');
    expect((await q("SELECT count(*)::int AS n FROM wb_registry WHERE kind = 'sa'"))[0].n).toBe(before);
    const r = expectOk(await post('/api/registry/sa/create', { entity: { ...entity, collectorId } }, operator)).data;
    expect(r).toMatchObject({ grantId: soon.id, collectorId, collectorName: '邱立新' });
    const audited = expectOk(await post('/api/registry/sa/audit', { ids: [r.id] }, operator));
    expect(audited.data.warnings).toEqual([`许可证 ${soon.grantNo} 将于 ${iso(5)} 到期（30 天内），请及时办理`]);
    const small = await auditedGrant('20');
    const r2 = expectOk(await post('/api/registry/sa/create', { entity: { plateNumber: testPlate('N'), noticeLineId: lineId, preQuantity: '30', grantId: small.id, collectorId } }, operator)).data;
    expect(expectOk(await post('/api/registry/sa/audit', { ids: [r2.id] }, operator)).data.warnings).toEqual([`许可证 ${small.grantNo} 的标准产品 硝酸铵 剩余许可数量 20，少于预装数 30`]);
  });

  it('is refused at audit when its grant was voided meanwhile, naming the grant', async () => {
    const g = await auditedGrant('100');
    const { lineId } = await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '500' });
    const r = expectOk(await post('/api/registry/sa/create', { entity: { plateNumber: testPlate('M'), noticeLineId: lineId, preQuantity: '30', grantId: g.id, collectorId } }, operator)).data;
    expectOk(await post(`${MGP}/grant/obsolete`, { ids: [g.id] }));
    const res = expectFailure(await post('/api/registry/sa/audit', { ids: [r.id] }, operator), 400, `登记单 ${r.registryNo}：许可证 ${g.grantNo} 已作废，不能使用`);
    expect((res.data as { field: string }).field).toBe('grantId');
    expect((await q('SELECT doc_status FROM wb_registry WHERE id = $1', [r.id]))[0].doc_status).toBe('FREE');
  });
});

let serial = 0;
/** A sales truck on a notice line of its own, its registry naming the grant, weighed empty. */
async function truckAtTare(grant: string, on?: { noticeId: string; lineId: string }) {
  const { noticeId, lineId } = on ?? await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '1000' });
  const registryId = await makeRegistry(db, p, { kind: 'sa', noticeId, lineId, plate: testPlate('G'), preQuantity: '0' });
  await q('UPDATE wb_registry SET grant_id = $1, collector_id = $2 WHERE id = $3', [grant, collectorId, registryId]);
  const first = expectOk(await post('/api/weigh/sa/first', { registryId, weight: '15', stationId: 'S1', requestId: `lic-${serial++}`, stable: true }, operator)).data;
  return { registryId, ticketId: first.ticketId as string };
}
const second = (t: { ticketId: string }, gross: string) =>
  post('/api/weigh/sa/second', { ticketId: t.ticketId, weight: gross, stationId: 'S1', requestId: `lic-${serial++}`, stable: true }, operator);

describe('the draw-down at completion', () => {
  it('adds the net to the grant line, and a voided ticket gives it back', async () => {
    const g = await auditedGrant('100');
    const t = await truckAtTare(g.id);
    expectOk(await second(t, '40'));
    expect(await drawnOf(g.id)).toBe('25');
    expect((await q('SELECT trim_scale(quantity)::text AS q FROM mgp_grant_draw WHERE ticket_id = $1', [t.ticketId]))[0].q).toBe('25');
    expectFailure(await post(`${MGP}/grant/unaudit`, { ids: [g.id] }), 400, `许可证 ${g.grantNo} 已有提货数量 25，不能反审核`);
    expectOk(await post('/api/weigh/sa/obsolete', { ids: [t.ticketId] }, operator));
    expect(await drawnOf(g.id)).toBe('0');
    expect(await q('SELECT 1 FROM mgp_grant_draw WHERE ticket_id = $1', [t.ticketId])).toEqual([]);
  });

  it('gives the draw back with returned goods, and draws it again when the return is voided', async () => {
    const g = await auditedGrant('100');
    const t = await truckAtTare(g.id);
    expectOk(await second(t, '40'));
    const back = expectOk(await post(`/api/weigh/sa/returnGoods/${t.ticketId}`, {}, operator)).data;
    expect(await drawnOf(g.id)).toBe('0');
    expectOk(await post('/api/weigh/sa/obsolete', { ids: [back.id] }, operator));
    expect(await drawnOf(g.id)).toBe('25');
    expect((await q('SELECT trim_scale(quantity)::text AS q FROM mgp_grant_draw WHERE ticket_id = $1', [t.ticketId]))[0].q).toBe('25');
  });

  it('follows a deduction of the completed ticket', async () => {
    const g = await auditedGrant('26');
    const t = await truckAtTare(g.id);
    expectOk(await second(t, '40'));
    expectOk(await post('/api/weigh/sa/deduct', { id: t.ticketId, deductions: [{ kind: 'impurity', amount: '1.5' }] }, operator));
    expect(await drawnOf(g.id)).toBe('23.5');
    expectOk(await post('/api/weigh/sa/deduct', { id: t.ticketId, deductions: [] }, operator));
    expect(await drawnOf(g.id)).toBe('25');
  });

  it('follows a merge: the kept ticket draws the sum and the merged one nothing; a split shares it out as the net', async () => {
    const g = await auditedGrant('50');
    const line = await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '1000' });
    const a = await truckAtTare(g.id, line);
    const b = await truckAtTare(g.id, line);
    expectOk(await second(a, '40'));
    expectOk(await second(b, '35.5'));
    const draws = async () => Object.fromEntries((await q(`SELECT ticket_id::text AS t, trim_scale(quantity)::text AS q FROM mgp_grant_draw
      WHERE ticket_id IN (SELECT id FROM wb_ticket WHERE notice_line_id = $1)`, [line.lineId])).map((r) => [r.t, r.q]));
    expect(await draws()).toEqual({ [a.ticketId]: '25', [b.ticketId]: '20.5' });
    expect(await drawnOf(g.id)).toBe('45.5');
    // 合并: a (the lower id) keeps 25 + 20.5 = 45.5, b is voided and draws nothing
    expectOk(await post('/api/weigh/sa/merge', { ids: [b.ticketId, a.ticketId] }, operator));
    expect(await draws()).toEqual({ [a.ticketId]: '45.5' });
    expect(await drawnOf(g.id)).toBe('45.5');
    // 拆分 into 30 and 15.5: a draws 30, the new ticket 15.5; the line holds the same 45.5
    const [part] = expectOk(await post('/api/weigh/sa/split', { id: a.ticketId, parts: ['30', '15.5'] }, operator)).data.ids as string[];
    expect(await draws()).toEqual({ [a.ticketId]: '30', [part]: '15.5' });
    expect(await drawnOf(g.id)).toBe('45.5');
    // each part gives back its own when voided, and the line ends where it began
    expectOk(await post('/api/weigh/sa/obsolete', { ids: [part] }, operator));
    expect(await drawnOf(g.id)).toBe('30');
    expectOk(await post('/api/weigh/sa/obsolete', { ids: [a.ticketId] }, operator));
    expect(await drawnOf(g.id)).toBe('0');
    expect(await draws()).toEqual({});
  });

  it('refuses to merge tickets drawn on different grants, changing nothing', async () => {
    const [g1, g2] = [await auditedGrant('100'), await auditedGrant('100')];
    const line = await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '1000' });
    const a = await truckAtTare(g1.id, line);
    const b = await truckAtTare(g2.id, line);
    expectOk(await second(a, '40'));
    expectOk(await second(b, '40'));
    expectFailure(await post('/api/weigh/sa/merge', { ids: [a.ticketId, b.ticketId] }, operator), 400, /许可证明细不同，不能合并/);
    expect([await drawnOf(g1.id), await drawnOf(g2.id)]).toEqual(['25', '25']);
    expect((await q('SELECT count(*)::int AS n FROM wb_ticket WHERE id = ANY($1) AND state = $2', [[a.ticketId, b.ticketId], 'COMPLETED']))[0].n).toBe(2);
  });

  it('refuses a weighing past the granted quantity and leaves the ticket open', async () => {
    const g = await auditedGrant('20');
    const t = await truckAtTare(g.id);
    expectFailure(await second(t, '40'), 400, /许可证 .* 剩余许可数量 20，本次净重 25 超出许可数量/);
    expect(await drawnOf(g.id)).toBe('0');
    expect((await q('SELECT state FROM wb_ticket WHERE id = $1', [t.ticketId]))[0].state).not.toBe('COMPLETED');
  });

  it('races: two trucks that together pass the grant line, exactly one completes; two that fit, both', async () => {
    const tight = await auditedGrant('40');
    const [a, b] = [await truckAtTare(tight.id), await truckAtTare(tight.id)];
    const answers = await Promise.all([second(a, '40'), second(b, '40')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await drawnOf(tight.id)).toBe('25');
    const roomy = await auditedGrant('50');
    const [c, d] = [await truckAtTare(roomy.id), await truckAtTare(roomy.id)];
    const both = await Promise.all([second(c, '40'), second(d, '40')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await drawnOf(roomy.id)).toBe('50');
  });
});

/** An .xlsx of the given header row and rows. */
async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('许可证');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
function upload(url: string, bytes: Buffer, who = accountant) {
  const boundary = '----grant-import';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="g.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url, headers: { authorization: who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

describe('sync', () => {
  const HEADERS = ['许可证号', '客户编码', '发证机关', '有效期自', '有效期至', '标准产品编码', '许可数量'];
  let customerCode: string;
  beforeAll(async () => {
    customerCode = (await q('SELECT customer_code FROM md_customer WHERE id = $1', [p.customerId]))[0].customer_code;
    expectOk(await post(`${MGP}/stand-product/create`, { entity: { productCode: 'BZ02', productName: '硝化棉', controlled: true } }));
  });

  it('imports grants with their lines from a sheet, one log entry per grant; a bad row writes nothing', async () => {
    const bad = expectFailure(await upload(`${MGP}/grant/import`, await sheet(HEADERS, [
      ['IMP-1', customerCode, '公安局', '2026-01-01', '2026-12-31', 'BZ01', 10],
      ['IMP-2', customerCode, '公安局', '2026-01-01', '2026-12-31', 'BZ99', 10],
    ])), 400, '标准产品编码 BZ99 不存在');
    expect((bad.data as { errors: { row: number; field: string }[] }).errors[0]).toMatchObject({ row: 3, field: 'standProductCode' });
    expect(await q("SELECT 1 FROM mgp_grant WHERE grant_no LIKE 'IMP-%'")).toEqual([]);
    const res = expectOk(await upload(`${MGP}/grant/import`, await sheet(HEADERS, [
      ['IMP-1', customerCode, '公安局', '2026-01-01', '2026-12-31', 'BZ01', 10],
      ['IMP-1', customerCode, '公安局', '2026-01-01', '2026-12-31', 'BZ02', 5],
      ['IMP-2', customerCode, '公安局', '2026-01-01', '2026-12-31', 'BZ01', 8],
    ])));
    expect(res.data).toEqual({ imported: 2, updated: 0, lines: 3 });
    expect(await q("SELECT g.grant_no, g.doc_status, count(l.id)::int AS n FROM mgp_grant g JOIN mgp_grant_line l ON l.grant_id = g.id WHERE g.grant_no LIKE 'IMP-%' GROUP BY g.id, g.org_id ORDER BY 1"))
      .toEqual([{ grant_no: 'IMP-1', doc_status: 'FREE', n: 2 }, { grant_no: 'IMP-2', doc_status: 'FREE', n: 1 }]);
    expect((await q("SELECT count(*)::int AS n FROM sys_log WHERE family = '许可证' AND action = 'import'"))[0].n).toBe(2);
  });

  it('refuses a sales notice sheet naming no grant for a controlled product, and takes it with one', async () => {
    const HEAD = ['通知单号', '客户编码', '开始时间', '结束时间', '物料编码', '数量', '许可证号'];
    const row = (no: string, grant: string | null) => [no, customerCode, '2026-01-01 00:00:00', '2030-12-31 00:00:00', materialCode, 10, grant];
    const refused = expectFailure(await upload('/api/notice/sa/import', await sheet(HEAD, [row('SA-IMP-1', null)]), operator), 400, '硝酸铵 为管控产品，许可证不能为空！');
    expect((refused.data as { field: string }).field).toBe('grantId');
    expect(await q("SELECT 1 FROM wb_notice WHERE notice_no = 'SA-IMP-1'")).toEqual([]);
    expectOk(await upload('/api/notice/sa/import', await sheet(HEAD, [row('SA-IMP-1', grantNo)]), operator));
    expect((await q("SELECT grant_id::text FROM wb_notice WHERE notice_no = 'SA-IMP-1'"))[0].grant_id).toBe(grantId);
  });

  it('takes a push of grants with their lines in one log entry, and refuses an unknown field naming it', async () => {
    const refused = expectFailure(await post(`${MGP}/grant/datax`, { grants: [{ entity: { grantNo: 'PUSH-1', customerCode, color: 'red' }, entitysub: [{ standProductCode: 'BZ01', quantity: 1 }] }] }), 400);
    expect((refused.data as { field: string }).field).toBe('grants.0.entity.color');
    const res = expectOk(await post(`${MGP}/grant/datax`, { grants: [
      { entity: { grantNo: 'PUSH-1', customerCode, issuer: '应急管理局', validFrom: '2026-01-01', validTo: '2026-12-31' }, entitysub: [{ standProductCode: 'BZ01', quantity: 12 }, { standProductCode: 'BZ02', quantity: 3 }] },
    ] }));
    expect(res.data).toEqual({ imported: 1, updated: 0, lines: 2 });
    expect((await q("SELECT detail FROM sys_log WHERE family = '许可证' AND action = 'datax'")).map((r) => r.detail)).toEqual(['接口推送 1 张（新增 1，更新 0）：PUSH-1，明细 2 行']);
  });

  it('takes a draft pushed again with its new lines, and refuses to change an audited one', async () => {
    const again = { entity: { grantNo: 'PUSH-1', customerCode, issuer: '应急管理局', validFrom: '2026-01-01', validTo: '2027-06-30' }, entitysub: [{ standProductCode: 'BZ02', quantity: 7 }] };
    expect(expectOk(await post(`${MGP}/grant/datax`, { grants: [again] })).data).toEqual({ imported: 0, updated: 1, lines: 1 });
    expect(await q("SELECT g.valid_to::text, s.product_code, trim_scale(l.quantity)::text AS q FROM mgp_grant g JOIN mgp_grant_line l ON l.grant_id = g.id JOIN mgp_stand_product s ON s.id = l.stand_product_id WHERE g.grant_no = 'PUSH-1'"))
      .toEqual([{ valid_to: '2027-06-30', product_code: 'BZ02', q: '7' }]);
    const id = (await q("SELECT id::text FROM mgp_grant WHERE grant_no = 'PUSH-1'"))[0].id;
    expectOk(await post(`${MGP}/grant/audit`, { ids: [id] }));
    const logs = (await q("SELECT count(*)::int AS n FROM sys_log WHERE family = '许可证' AND action = 'datax'"))[0].n;
    const refused = expectFailure(await post(`${MGP}/grant/datax`, { grants: [again] }), 400, '许可证 PUSH-1 已审核，不能由接口修改');
    expect((refused.data as { field: string }).field).toBe('grantNo');
    expect((await q("SELECT count(*)::int AS n FROM sys_log WHERE family = '许可证' AND action = 'datax'"))[0].n).toBe(logs);
  });
});

describe('the demo plant', () => {
  it('gets one controlled product and an audited grant of KH0001 with an authorised collector, through the calls', async () => {
    const send = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => expectOk(await call(app, method, url, accountant, payload)).data as T;
    await seedLicenceDemo(db, { send }, p.orgId);
    const rows = await q(`SELECT g.doc_status, c.customer_code, s.product_name, trim_scale(l.quantity)::text AS quantity, m.inv_code,
        (SELECT count(*)::int FROM mgp_employee e WHERE e.customer_id = g.customer_id AND e.division_id = g.division_id AND e.enabled AND current_date BETWEEN e.valid_from AND e.valid_to) AS collectors
      FROM mgp_grant g JOIN md_customer c ON c.id = g.customer_id JOIN mgp_grant_line l ON l.grant_id = g.id JOIN mgp_stand_product s ON s.id = l.stand_product_id
      JOIN mgp_custom_product cp ON cp.stand_product_id = s.id JOIN md_material m ON m.id = cp.material_id WHERE g.issuer = '湖州市应急管理局'`);
    expect(rows).toEqual([{ doc_status: 'AUDITED', customer_code: 'KH0001', product_name: '氨溶液[含氨>10%]', quantity: '200', inv_code: '0303002', collectors: 1 }]);
  });
});
