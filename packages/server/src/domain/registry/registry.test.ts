import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { lineQuantities, newCard, newNotice, newTicket, registryRow } from './test-support';

// Registries through the API on a real database: the form's parties, the notice line's hold, the
// gate's checks and the card, each in the caller's company.
const { app, database } = await createTestApp();
const { pool } = database;
let auth: string;
let org: string;
let other: string;

beforeAll(async () => {
  auth = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
  other = await orgId(pool, 'HDJC');
});

const post = (url: string, body: unknown) => call(app, 'POST', url, auth, body);
let plateSerial = 10000;
const nextPlate = () => `浙E${plateSerial++}`;

async function create(kind: string, entity: Record<string, unknown>) {
  return expectOk(await post(`/api/registry/${kind}/create`, { entity })).data as { id: string; registryNo: string; version: number };
}

async function audited(lineId: string, extra: Record<string, unknown> = {}) {
  const r = await create('tr', { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 30, ...extra });
  expectOk(await post('/api/registry/tr/audit', { ids: [r.id] }));
  return r;
}

describe('creating a registry', () => {
  it('keeps the plate in normal form, numbers it, takes notice and material from the line and puts a new truck and driver in the archive', async () => {
    const { lineId, noticeId } = await newNotice(pool, org);
    const r = await create('tr', {
      plateNumber: '浙e·77a88', noticeLineId: lineId, preQuantity: '32.5', driverName: '赵师傅', driverIdNumber: '11010519491231002x', driverMobile: '13800138000',
    });
    expect(r.registryNo).toMatch(/^YKDJ\d{8}\d{4}$/);
    const row = await registryRow(pool, r.id);
    expect(row).toMatchObject({ plate_number: '浙E77A88', notice_id: noticeId, doc_status: 'FREE', trip_state: 'PLANNED', pre: 32.5 });
    const vehicle = await pool.query('SELECT plate_number FROM md_vehicle WHERE id = $1', [row.vehicle_id]);
    expect(vehicle.rows[0].plate_number).toBe('浙E77A88');
    const driver = await pool.query('SELECT driver_name, id_number FROM md_driver WHERE id = $1', [row.driver_id]);
    expect(driver.rows[0]).toEqual({ driver_name: '赵师傅', id_number: '11010519491231002X' });
  });

  it('finds a truck the archive knows instead of adding it twice', async () => {
    const { lineId } = await newNotice(pool, org);
    const a = await create('tr', { plateNumber: '浙E55501', noticeLineId: lineId, preQuantity: 1 });
    const b = await create('tr', { plateNumber: '浙 E 55501', noticeLineId: lineId, preQuantity: 1 });
    expect((await registryRow(pool, a.id)).vehicle_id).toBe((await registryRow(pool, b.id)).vehicle_id);
    expect((await pool.query("SELECT count(*)::int AS n FROM md_vehicle WHERE plate_number = '浙E55501'")).rows[0].n).toBe(1);
  });

  it('needs a purchase\'s shipped quantity above zero, names the field and writes nothing', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'pu' });
    const before = (await pool.query('SELECT count(*)::int AS n FROM wb_registry')).rows[0].n;
    const missing = expectFailure(await post('/api/registry/pu/create', { entity: { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 30 } }), 400, '原发数不能为空！');
    expect(missing.data).toMatchObject({ field: 'shippedQuantity' });
    expectFailure(await post('/api/registry/pu/create', { entity: { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 30, shippedQuantity: 0 } }), 400, '原发数应大于0');
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_registry')).rows[0].n).toBe(before);
    const ok = await create('pu', { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 30, shippedQuantity: '31.2' });
    expect(ok.registryNo).toMatch(/^CGDJ/);
  });

  it('refuses a bad plate, a line of another kind\'s notice and a line of another company', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'sa' });
    const bad = expectFailure(await post('/api/registry/tr/create', { entity: { plateNumber: 'ABC', noticeLineId: lineId, preQuantity: 1 } }), 400, '车牌号 ABC 格式不正确');
    expect(bad.data).toMatchObject({ field: 'plateNumber' });
    expectFailure(await post('/api/registry/tr/create', { entity: { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 1 } }), 400, '通知单明细不属于移库通知单');
    const foreign = await newNotice(pool, other);
    expectFailure(await post('/api/registry/tr/create', { entity: { plateNumber: nextPlate(), noticeLineId: foreign.lineId, preQuantity: 1 } }), 400, '通知单明细不存在');
  });

  it('offers the kind\'s lines of audited notices in the form\'s popup, with what each has left', async () => {
    const { noticeNo } = await newNotice(pool, org, { maxLimit: '80' });
    const draft = await newNotice(pool, org, { status: 'FREE' });
    const sales = await newNotice(pool, org, { kind: 'sa' });
    const body = expectOk(await post('/api/registry/tr/notice-line/v2/list', { limit: { pn: 1, ps: 500 } })).data;
    const numbers = (body.list as { noticeNo: string }[]).map((l) => l.noticeNo);
    expect(numbers).toContain(noticeNo);
    expect(numbers).not.toContain(draft.noticeNo);
    expect(numbers).not.toContain(sales.noticeNo);
    expect(Number((body.list as { noticeNo: string; remaining: string }[]).find((l) => l.noticeNo === noticeNo)?.remaining)).toBe(80);
  });

  it('lists one kind only, with the footer totals of the searched rows', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '500' });
    const plate = '浙E66601';
    const a = await audited(lineId, { plateNumber: plate, preQuantity: 20 });
    await create('tr', { plateNumber: plate, noticeLineId: lineId, preQuantity: 12.5 });
    await newTicket(pool, org, a.id, 'COMPLETED', { net: '19.75' });
    const body = expectOk(await post('/api/registry/tr/v2/list', { search: [{ key: 'plateNumber', op: 'eq', val: plate }], limit: { pn: 1, ps: 10 } })).data;
    expect(body.total).toBe(2);
    expect(Number(body.tongji.countSa)).toBe(2);
    expect(Number(body.tongji.preQuantity)).toBe(32.5);
    expect(Number(body.tongji.deSuttle)).toBe(19.75);
    const sales = expectOk(await post('/api/registry/sa/v2/list', { search: [{ key: 'plateNumber', op: 'eq', val: plate }], limit: { pn: 1, ps: 10 } })).data;
    expect(sales.total).toBe(0);
    expectFailure(await call(app, 'GET', `/api/registry/sa/get/${a.id}`, auth), 404);
  });
});

describe('the hold on the notice line', () => {
  it('audit reserves the pre-load; obsolete gives it back; recover takes it again', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const r = await audited(lineId, { preQuantity: 40 });
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 40, trips: 1 });
    expect((await registryRow(pool, r.id)).reserved).toBe(40);
    expectOk(await post('/api/registry/tr/obsolete', { ids: [r.id] }));
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 0, trips: 0 });
    expectOk(await post('/api/registry/tr/recover', { ids: [r.id] }));
    expect(await registryRow(pool, r.id)).toMatchObject({ doc_status: 'AUDITED', reserved: 40 });
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 40, trips: 1 });
  });

  it('refuses an audit past the max limit and a recover the line no longer has room for, changing nothing', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '50' });
    const first = await audited(lineId, { preQuantity: 30 });
    const second = await create('tr', { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 30 });
    expectFailure(await post('/api/registry/tr/audit', { ids: [second.id] }), 400, /^登记单 .+：超出通知单最大限量：剩余可用 20 吨，本次需要 30 吨$/);
    expect((await registryRow(pool, second.id)).doc_status).toBe('FREE');
    expectOk(await post('/api/registry/tr/obsolete', { ids: [first.id] }));
    const third = await audited(lineId, { preQuantity: 40 });
    expectFailure(await post('/api/registry/tr/recover', { ids: [first.id] }), 400, /超出通知单最大限量/);
    expect((await registryRow(pool, first.id)).doc_status).toBe('OBSOLETE');
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 40, trips: 1 });
    expect(third.id).toBeTruthy();
  });

  it('audits only against an audited notice within its period', async () => {
    const draft = await newNotice(pool, org, { status: 'FREE' });
    const r1 = await create('tr', { plateNumber: nextPlate(), noticeLineId: draft.lineId, preQuantity: 1 });
    expectFailure(await post('/api/registry/tr/audit', { ids: [r1.id] }), 400, `登记单 ${r1.registryNo}：通知单 ${draft.noticeNo} 未审核，不能占用数量`);
    const ended = await newNotice(pool, org, { start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' });
    const r2 = await create('tr', { plateNumber: nextPlate(), noticeLineId: ended.lineId, preQuantity: 1 });
    expectFailure(await post('/api/registry/tr/audit', { ids: [r2.id] }), 400, /不在有效期内/);
  });

  it('never reserves past the max limit when registries are audited at once', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const drafts = await Promise.all(Array.from({ length: 6 }, () => create('tr', { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 30 })));
    const answers = await Promise.all(drafts.map((d) => post('/api/registry/tr/audit', { ids: [d.id] })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 90, trips: 3 });
  });

  it('holds the notice audited while a registry reserves on it: an un-audit at the same moment waits, never a 500', async () => {
    const admin = (await bearerFor(app, 'admin')).authorization;
    for (let round = 0; round < 4; round++) {
      const { lineId, noticeId } = await newNotice(pool, org);
      const r = await create('tr', { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 10 });
      const [audit, unaudit] = await Promise.all([
        post('/api/registry/tr/audit', { ids: [r.id] }),
        call(app, 'POST', '/api/notice/tr/unaudit', admin, { ids: [noticeId] }),
      ]);
      expect([audit.statusCode, unaudit.statusCode].sort()).toEqual([200, 400]);
      const { rows: [n] } = await pool.query('SELECT doc_status FROM wb_notice WHERE id = $1', [noticeId]);
      const held = (await lineQuantities(pool, lineId)).inTransit;
      // either the truck holds 10 t of an audited notice, or the notice went back to draft with nothing held
      expect(n.doc_status === 'AUDITED' ? held : n.doc_status === 'FREE' ? held + 100 : -1).toBe(n.doc_status === 'AUDITED' ? 10 : 100);
    }
  });

  it('keeps an audited registry from edits and deletes a draft by updateDel', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId);
    const fresh = expectOk(await call(app, 'GET', `/api/registry/tr/get/${r.id}`, auth)).data;
    expectFailure(await call(app, 'PUT', '/api/registry/tr/update', auth, { entity: { id: r.id, version: fresh.version, preQuantity: 1 } }), 400, /已审核，不能修改，请先反审核/);
    expectFailure(await post('/api/registry/tr/updateDel', { ids: [r.id] }), 400, /已审核，不能删除/);
    const d = await create('tr', { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 1 });
    expectOk(await post('/api/registry/tr/updateDel', { ids: [d.id] }));
    expect(await registryRow(pool, d.id)).toBeUndefined();
    const e = await create('tr', { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 1 });
    expectOk(await call(app, 'DELETE', '/api/registry/tr/delList', auth, { ids: [e.id] }));
    expect(await registryRow(pool, e.id)).toBeUndefined();
    expectFailure(await call(app, 'DELETE', '/api/registry/tr/delList', auth, { ids: [r.id] }), 400, /已审核，不能删除/);
  });

  it('exports the kind\'s list as a workbook', async () => {
    const res = await post('/api/registry/tr/export', { search: [] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  });
});

describe('the gate', () => {
  it('lets an audited truck in and stamps the time; obsolete is refused once it is in', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId);
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    const row = await registryRow(pool, r.id);
    expect(row.trip_state).toBe('ENTERED');
    expect(row.entered_at).toBeInstanceOf(Date);
    expectFailure(await post('/api/registry/tr/obsolete', { ids: [r.id] }), 400, `登记单 ${r.registryNo} 车辆已入厂，不能作废`);
    expectFailure(await post('/api/registry/tr/entrance', { ids: [r.id] }), 400, `登记单 ${r.registryNo} 车辆已在厂内，不能重复入厂`);
  });

  it('refuses a draft, a disabled registry and one outside its validity', async () => {
    const { lineId } = await newNotice(pool, org);
    const draft = await create('tr', { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 1 });
    expectFailure(await post('/api/registry/tr/letin', { ids: [draft.id] }), 400, `登记单 ${draft.registryNo} 未审核，不能入厂`);
    const off = await audited(lineId, { preQuantity: 1 });
    expectOk(await post('/api/registry/tr/disable', { ids: [off.id] }));
    expectFailure(await post('/api/registry/tr/letin', { ids: [off.id] }), 400, `登记单 ${off.registryNo} 已停用，不能入厂`);
    const late = await audited(lineId, { preQuantity: 1, validFrom: '2026-01-01 00:00:00', validTo: '2026-01-02 00:00:00' });
    expectFailure(await post('/api/registry/tr/letin', { ids: [late.id] }), 400, /已过有效期/);
    expect((await registryRow(pool, late.id)).trip_state).toBe('PLANNED');
  });

  it('refuses once the notice has ended', async () => {
    const n = await newNotice(pool, org);
    const r = await audited(n.lineId, { preQuantity: 1 });
    await pool.query("UPDATE wb_notice SET end_time = now() - interval '1 minute', start_time = now() - interval '2 days' WHERE id = $1", [n.noticeId]);
    expectFailure(await post('/api/registry/tr/letin', { ids: [r.id] }), 400, new RegExp(`^通知单 ${n.noticeNo} 已过截止时间`));
  });

  it('refuses a blacklisted truck and a blacklisted driver', async () => {
    const { lineId } = await newNotice(pool, org);
    const plate = nextPlate();
    const r = await audited(lineId, { plateNumber: plate, preQuantity: 1 });
    await pool.query("INSERT INTO md_blacklist (org_id, plate_number, reason) VALUES ($1, $2, '超载')", [org, plate]);
    expectFailure(await post('/api/registry/tr/letin', { ids: [r.id] }), 400, `车辆 ${plate} 在黑名单中（超载），不能入厂`);
    const d = await audited(lineId, { preQuantity: 1, driverName: '钱师傅', driverIdNumber: '110105198001010024' });
    await pool.query("INSERT INTO md_blacklist (org_id, id_number, reason) VALUES ($1, '110105198001010024', '冒领')", [org]);
    expectFailure(await post('/api/registry/tr/letin', { ids: [d.id] }), 400, '司机身份证号 110105198001010024 在黑名单中（冒领），不能入厂');
  });

  it('refuses a truck barred from this business only, and lets it in for another (适用业务)', async () => {
    const { lineId } = await newNotice(pool, org);
    const plate = nextPlate();
    // the form's checkboxes send a list, in any order and with repeats: stored once each, in the options' order
    const entry = expectOk(await post('/api/masterdata/blacklist/create', { entity: { plateNumber: plate, reason: '销售超载', businessKinds: ['al', 'sa', 'sa'] } })).data;
    expect((await pool.query('SELECT business_kinds FROM md_blacklist WHERE id = $1', [entry.id])).rows[0].business_kinds).toBe('sa,al');
    expect(expectOk(await call(app, 'GET', `/api/masterdata/blacklist/get/${entry.id}`, auth)).data.businessKinds).toEqual(['sa', 'al']);
    const listed = expectOk(await post('/api/masterdata/blacklist/v2/list', { search: [{ key: 'plateNumber', op: 'eq', val: plate }], limit: { pn: 1, ps: 10 } })).data.list;
    expect(listed[0].businessKinds).toBe('销售、调拨');
    // a transfer is not barred: in it goes
    const tr = await audited(lineId, { plateNumber: plate, preQuantity: 1 });
    expectOk(await post('/api/registry/tr/letin', { ids: [tr.id] }));
    // barred from transfers now: refused (the blacklist is asked before whether the truck is inside)
    const current = expectOk(await call(app, 'GET', `/api/masterdata/blacklist/get/${entry.id}`, auth)).data;
    expectOk(await call(app, 'PUT', '/api/masterdata/blacklist/update', auth, { entity: { id: entry.id, version: current.version, businessKinds: ['tr'] } }));
    const again = await audited(lineId, { plateNumber: plate, preQuantity: 1 });
    expectFailure(await post('/api/registry/tr/letin', { ids: [again.id] }), 400, `车辆 ${plate} 在黑名单中（销售超载），不能入厂`);
    // none chosen: every business, as before
    const later = expectOk(await call(app, 'GET', `/api/masterdata/blacklist/get/${entry.id}`, auth)).data;
    expectOk(await call(app, 'PUT', '/api/masterdata/blacklist/update', auth, { entity: { id: entry.id, version: later.version, businessKinds: [] } }));
    expect((await pool.query('SELECT business_kinds FROM md_blacklist WHERE id = $1', [entry.id])).rows[0].business_kinds).toBeNull();
    expectFailure(await post('/api/registry/tr/letin', { ids: [again.id] }), 400, `车辆 ${plate} 在黑名单中（销售超载），不能入厂`);
    expectFailure(await post('/api/masterdata/blacklist/create', { entity: { plateNumber: nextPlate(), reason: 'x', businessKinds: ['sa', 'xx'] } }), 400, /适用业务 sa,xx 不正确/);
  });

  it('refuses a truck already in the plant on another registry, and a lost card', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '500' });
    const plate = nextPlate();
    const a = await audited(lineId, { plateNumber: plate, preQuantity: 1 });
    const b = await audited(lineId, { plateNumber: plate, preQuantity: 1 });
    expectOk(await post('/api/registry/tr/letin', { ids: [a.id] }));
    expectFailure(await post('/api/registry/tr/letin', { ids: [b.id] }), 400, `车辆 ${plate} 已在厂内（登记单 ${a.registryNo}），不能重复入厂`);
    const c = await audited(lineId, { preQuantity: 1 });
    await newCard(pool, org, 'A1B2C3D4');
    expectOk(await post('/api/registry/tr/supplement', { id: c.id, cardUid: 'a1b2c3d4' }));
    await pool.query("UPDATE md_ic_card SET state = 'LOST', lost_at = now() WHERE card_uid = 'A1B2C3D4'");
    expectFailure(await post('/api/registry/tr/letin', { ids: [c.id] }), 400, /^IC卡 .+ 已挂失，不能使用$/);
  });

  it('lets the same truck in once when two gates let it in at once', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/registry/tr/letin', { ids: [r.id] })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectFailure(a, 400, /不能重复入厂/);
  });

  it('lets one of two registries of one truck in when both are let in at once', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '500' });
    const plate = nextPlate();
    const regs = await Promise.all([1, 2, 3].map(async () => audited(lineId, { plateNumber: plate, preQuantity: 1 })));
    const answers = await Promise.all(regs.map((r) => post('/api/registry/tr/letin', { ids: [r.id] })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectFailure(a, 400, /已在厂内/);
    expect((await pool.query("SELECT count(*)::int AS n FROM wb_registry WHERE plate_number = $1 AND trip_state = 'ENTERED'", [plate])).rows[0].n).toBe(1);
  });

  it('lets a truck out only with a finished ticket, and frees its card', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 1 });
    await newCard(pool, org, '0A0B0C0D');
    expectOk(await post('/api/registry/tr/supplement', { id: r.id, cardUid: '0A0B0C0D' }));
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    expectFailure(await post('/api/registry/tr/letout', { ids: [r.id] }), 400, `登记单 ${r.registryNo} 没有过磅记录，不能出厂`);
    const ticket = await newTicket(pool, org, r.id, 'FIRST_WEIGHED');
    await pool.query("UPDATE wb_registry SET trip_state = 'WEIGHING' WHERE id = $1", [r.id]);
    expectFailure(await post('/api/registry/tr/letout', { ids: [r.id] }), 400, /未完成过磅，不能出厂/);
    await pool.query("UPDATE wb_ticket SET state = 'COMPLETED', gross = 45, gross_time = now(), net = 30, completed_at = now() WHERE id = $1", [ticket]);
    expectOk(await post('/api/registry/tr/release', { ids: [r.id] }));
    expect(await registryRow(pool, r.id)).toMatchObject({ trip_state: 'RELEASED', release_kind: 'NORMAL', reserved: 0 });
    expectFailure(await post('/api/registry/tr/card/read', { cardUid: '0A0B0C0D' }), 404, /没有未完成的登记单/);
    expectFailure(await post('/api/registry/tr/letout', { ids: [r.id] }), 400, /已出厂，不能重复出厂/);
  });

  it('lets a truck closed empty by confirmation out and gives its hold back', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const r = await audited(lineId, { preQuantity: 25 });
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    await newTicket(pool, org, r.id, 'CLOSED', { closeKind: 'SINGLE_EMPTY' });
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 25, trips: 1 });
    expectOk(await post('/api/registry/tr/letout', { ids: [r.id] }));
    expect(await registryRow(pool, r.id)).toMatchObject({ release_kind: 'SINGLE_EMPTY', reserved: 0 });
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 0, trips: 0 });
  });

  it('lists the released trips in hisRelease', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 1 });
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    await newTicket(pool, org, r.id, 'CLOSED', { closeKind: 'SINGLE_WEIGH' });
    expectOk(await post('/api/registry/tr/letout', { ids: [r.id] }));
    const list = expectOk(await post('/api/registry/tr/hisRelease', { limit: { pn: 1, ps: 100 } })).data.list as { registryNo: string; tripState: string }[];
    expect(list.some((x) => x.registryNo === r.registryNo)).toBe(true);
    expect(list.every((x) => x.tripState === 'RELEASED')).toBe(true);
  });
});

describe('cards', () => {
  it('reads the open registry a chip names, and checks a card', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 1 });
    await newCard(pool, org, '11223344');
    expectOk(await post('/api/registry/tr/card/write', { id: r.id, cardUid: '11223344' }));
    const read = expectOk(await post('/api/registry/tr/card/read', { cardUid: '11 22 33 44' })).data;
    expect(read.registry).toMatchObject({ id: r.id, registryNo: r.registryNo });
    expect(expectOk(await post('/api/registry/tr/card/check', { cardUid: '11223344' })).data).toMatchObject({ registryNo: r.registryNo });
    expectFailure(await post('/api/registry/tr/card/read', { cardUid: 'XYZ' }), 400, '芯片序列号应为8位或14位十六进制');
    expectFailure(await post('/api/registry/tr/card/read', { cardUid: 'FFFFFFFF' }), 404, '未找到芯片序列号为 FFFFFFFF 的IC卡');
  });

  it('refuses a lost card and a card bound to another open trip', async () => {
    const { lineId } = await newNotice(pool, org);
    const a = await audited(lineId, { preQuantity: 1 });
    const b = await audited(lineId, { preQuantity: 1 });
    await newCard(pool, org, '55667788');
    await newCard(pool, org, '99AABBCC', { state: 'LOST' });
    expectOk(await post('/api/registry/tr/supplement', { id: a.id, cardUid: '55667788' }));
    expectFailure(await post('/api/registry/tr/supplement', { id: b.id, cardUid: '55667788' }), 400, `IC卡 K556677 已绑定登记单 ${a.registryNo}，请先出厂或作废该登记单`);
    expectFailure(await post('/api/registry/tr/supplement', { id: b.id, cardUid: '99AABBCC' }), 400, 'IC卡 K99AABB 已挂失，不能使用');
    expect((await registryRow(pool, b.id)).ic_card_id).toBeNull();
  });

  it('binds one card to one registry when it is supplemented to several at once', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '500' });
    const regs = await Promise.all([1, 2, 3, 4].map(() => audited(lineId, { preQuantity: 1 })));
    await newCard(pool, org, 'DEADBEEF');
    const answers = await Promise.all(regs.map((r) => post('/api/registry/tr/supplement', { id: r.id, cardUid: 'DEADBEEF' })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectFailure(a, 400, /已绑定/);
    expect((await pool.query("SELECT count(*)::int AS n FROM wb_registry r JOIN md_ic_card k ON k.id = r.ic_card_id WHERE k.card_uid = 'DEADBEEF'")).rows[0].n).toBe(1);
  });
});

describe('queue, merge and pictures', () => {
  it('re-matches trucks to the end of a discharge point\'s queue', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '500' });
    // one after another: a batch takes its rows in id order
    const regs = [await audited(lineId, { preQuantity: 1 }), await audited(lineId, { preQuantity: 1 }), await audited(lineId, { preQuantity: 1 })];
    const { rows: [p] } = await pool.query('SELECT id::text FROM md_discharge_point WHERE org_id = $1 ORDER BY id LIMIT 1', [org]);
    expectOk(await post('/api/registry/tr/rematch', { ids: [regs[0].id], dischargePointId: p.id }));
    expectOk(await post('/api/registry/tr/rematch', { ids: [regs[1].id, regs[2].id], dischargePointId: p.id }));
    const queue = await Promise.all(regs.map(async (r) => (await registryRow(pool, r.id)).queue_no));
    expect(queue[1]).toBe(queue[0] + 1);
    expect(queue[2]).toBe(queue[0] + 2);
    expectFailure(await post('/api/registry/tr/rematch', { ids: [regs[0].id], dischargePointId: '999999' }), 400, '卸货地点不存在');
  });

  it('merges two registries of one truck into the first, hold and card with it', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const plate = nextPlate();
    const keep = await audited(lineId, { plateNumber: plate, preQuantity: 20 });
    const gone = await audited(lineId, { plateNumber: plate, preQuantity: 15 });
    await newCard(pool, org, '0F0F0F0F');
    expectOk(await post('/api/registry/tr/supplement', { id: gone.id, cardUid: '0F0F0F0F' }));
    expectOk(await post('/api/registry/tr/merge', { ids: [keep.id, gone.id] }));
    expect(await registryRow(pool, keep.id)).toMatchObject({ pre: 35, reserved: 35 });
    expect(await registryRow(pool, gone.id)).toMatchObject({ doc_status: 'OBSOLETE', merged_into_id: keep.id, reserved: 0, ic_card_id: null });
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 35, trips: 1 });
    const third = await audited(lineId, { preQuantity: 1 });
    expectFailure(await post('/api/registry/tr/merge', { ids: [keep.id, third.id] }), 400, /不是同一车辆，不能合并/);
  });

  it('answers the snapshots of the trip\'s weighings with signed URLs, and none with the spec\'s message', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 1 });
    const none = expectOk(await call(app, 'GET', `/api/registry/tr/pictures/${r.id}`, auth));
    expect(none.data).toEqual([]);
    expect(none.msg).toBe('没有查到此登记单的图片');
    const ticket = await newTicket(pool, org, r.id, 'FIRST_WEIGHED');
    const { rows: [f] } = await pool.query(
      `INSERT INTO sys_file (org_id, original_name, content_type, size_bytes, sha256, storage_key)
       VALUES ($1, 'cam1.jpg', 'image/jpeg', 10, repeat('a', 64), $2) RETURNING id::text`, [org, `org/${org}/2026/11/cam1-${ticket}.jpg`]);
    await pool.query(`INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, request_id, identified_by, snapshot_file_ids)
                      VALUES ($1, $2, 'FIRST', 15, true, now(), 'S1', $3, 'REGISTRY', ARRAY[$4::bigint])`, [org, ticket, `r-${ticket}`, f.id]);
    const shots = expectOk(await call(app, 'GET', `/api/registry/tr/pictures/${r.id}`, auth)).data;
    expect(shots).toHaveLength(1);
    expect(shots[0]).toMatchObject({ fileId: f.id, reading: 'FIRST' });
    expect(shots[0].url).toMatch(new RegExp(`/api/sys-file/signed/${f.id}\\?`));
    expectFailure(await call(app, 'GET', '/api/registry/tr/pictures/999999', auth), 404);
  });
});

describe('registries without a notice', () => {
  it('sends an other-weighing truck through the gate on its own checks, holding nothing', async () => {
    const { rows: [m] } = await pool.query('SELECT archive_id::text AS id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [org]);
    const r = await create('st', { plateNumber: nextPlate(), materialId: m.id });
    expect(r.registryNo).toMatch(/^QTDJ/);
    expectOk(await post('/api/registry/st/audit', { ids: [r.id] }));
    expectOk(await post('/api/registry/st/letin', { ids: [r.id] }));
    await newTicket(pool, org, r.id, 'COMPLETED');
    expectOk(await post('/api/registry/st/letout', { ids: [r.id] }));
    expect(await registryRow(pool, r.id)).toMatchObject({ doc_status: 'AUDITED', trip_state: 'RELEASED', reserved: 0, notice_id: null });
    expectFailure(await post('/api/registry/st/notice-line/v2/list', {}), 404);
  });
});

describe('permissions and companies', () => {
  it('keeps another company\'s registries out of reach', async () => {
    const n = await newNotice(pool, other);
    const { rows: [r] } = await pool.query(
      `INSERT INTO wb_registry (org_id, kind, registry_no, plate_number, notice_id, notice_line_id, pre_quantity) VALUES ($1, 'tr', 'X1', '浙E99999', $2, $3, 1) RETURNING id::text`,
      [other, n.noticeId, n.lineId]);
    expectFailure(await call(app, 'GET', `/api/registry/tr/get/${r.id}`, auth), 404);
    expectFailure(await post('/api/registry/tr/audit', { ids: [r.id] }), 404);
    expectFailure(await post('/api/registry/tr/letin', { ids: [r.id] }), 404);
  });

  it('lets an accountant look but not let a truck in', async () => {
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    expectOk(await call(app, 'POST', '/api/registry/tr/v2/list', accountant, { limit: { pn: 1, ps: 5 } }));
    expectFailure(await call(app, 'POST', '/api/registry/tr/letin', accountant, { ids: ['1'] }), 403);
  });
});
