import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { newCard, newNotice, newTicket } from '../registry/test-support';
import { signQr } from './qr';
import { qrPath } from '../../platform/print/qr';

// The gate: the guard's look-up answers the registry the registry's own gate calls then let in and
// out; appointment rules refuse an entry outside their window or past the day's quota (raced);
// pass cards pass only while valid; a QR code is the company's signed word, a tampered one refused.
const { app, database } = await createTestApp();
const { pool } = database;
let auth: string;
let org: string;

beforeAll(async () => {
  auth = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
});

const post = (url: string, body: unknown) => call(app, 'POST', url, auth, body);
let serial = 40000;
const nextPlate = () => `浙G${serial++}`;

const lastLogId = async () => Number((await pool.query('SELECT coalesce(max(id), 0) AS n FROM sys_log')).rows[0].n);
const logsSince = async (id: number) =>
  (await pool.query('SELECT action, family, doc_no AS "docNo", detail FROM sys_log WHERE id > $1 ORDER BY id', [id])).rows as { action: string; family: string; docNo: string; detail: string }[];

async function audited(lineId: string, plate = nextPlate()) {
  const r = expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: plate, noticeLineId: lineId, preQuantity: 10 } })).data as { id: string; registryNo: string };
  expectOk(await post('/api/registry/tr/audit', { ids: [r.id] }));
  return { ...r, plate };
}

/** A window that leaves the plant's present time outside it: an hour from now for an hour. */
async function windowNotNow(): Promise<string> {
  const { rows: [w] } = await pool.query(`SELECT to_char(localtime + interval '1 hour', 'HH24:MI:SS') AS a, to_char(localtime + interval '2 hours', 'HH24:MI:SS') AS b`);
  return `${w.a},${w.b}`;
}

async function rule(entity: Record<string, unknown>) {
  return expectOk(await post('/api/gate/appointment/create', { entity: { ruleName: '测试规则', kind: 'tr', ...entity } })).data as { id: string };
}
const disableRule = async (id: string) => expectOk(await post('/api/gate/appointment/disable', { ids: [id] }));

describe('the guard finds a truck and lets it in and out with the registry\'s calls', () => {
  it('finds by plate, by card and by the printed QR; the registry\'s letin and letout each write one entry', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId);
    const byPlate = expectOk(await post('/api/gate/find', { text: r.plate.slice(0, 2) + ' ' + r.plate.slice(2).toLowerCase() })).data;
    expect(byPlate).toMatchObject({ found: 'registry', kind: 'tr', id: r.id, registryNo: r.registryNo, via: 'plate' });
    expect(byPlate.registry.plateNumber).toBe(r.plate);

    await newCard(pool, org, 'A1B2C3D4');
    expectOk(await post('/api/registry/tr/supplement', { id: r.id, cardUid: 'a1b2c3d4' }));
    expect(expectOk(await post('/api/gate/find', { text: 'A1B2C3D4' })).data).toMatchObject({ via: 'card', id: r.id, cardNo: 'KA1B2C3' });

    const { content, qr } = expectOk(await post('/api/gate/qr', { registryId: r.id })).data;
    expect(content).toMatch(/^WBQR1\.R\./);
    // the printed code itself: a QR symbol's side is 21 + 4k modules, drawn as the server's path of it
    expect((qr.size - 21) % 4).toBe(0);
    expect(qr).toEqual(qrPath(content));
    expect(expectOk(await post('/api/gate/find', { text: content })).data).toMatchObject({ via: 'qr', id: r.id });

    const since = await lastLogId();
    expectOk(await post(`/api/registry/${byPlate.kind}/letin`, { ids: [byPlate.id] }));
    expect(await logsSince(since)).toEqual([{ action: 'letin', family: '移库登记单', docNo: r.registryNo, detail: '入厂' }]);
    expect(expectOk(await post('/api/gate/release/find', { text: r.plate })).data).toMatchObject({ id: r.id });
    // a truck already inside is said to be inside, not missing
    expect(expectFailure(await post('/api/gate/find', { text: r.plate }), 400, `车辆 ${r.plate} 已在厂内（登记单 ${r.registryNo}），不能重复入厂`).data).toMatchObject({ field: 'text' });
    await newTicket(pool, org, r.id, 'COMPLETED');
    await pool.query('UPDATE wb_registry SET trip_state = \'WEIGHING\' WHERE id = $1', [r.id]);
    const out = await lastLogId();
    expectOk(await post('/api/registry/tr/letout', { ids: [r.id] }));
    expect((await logsSince(out)).map((e) => e.action)).toEqual(['letout']);
    expectFailure(await post('/api/gate/release/find', { text: r.plate }), 400, `车辆 ${r.plate} 不在厂内（登记单 ${r.registryNo} 已出厂）`);
    // a plate the plant knows no registry of, at either gate
    expectFailure(await post('/api/gate/find', { text: '浙z00000' }), 400, '车辆 浙Z00000 没有登记单，请先登记');
    expectFailure(await post('/api/gate/release/find', { text: '浙Z00000' }), 400, '车辆 浙Z00000 没有登记单，请先登记');
  });

  it('refuses a tampered or foreign QR code and says a blank look-up\'s field', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId);
    const { content } = expectOk(await post('/api/gate/qr', { registryId: r.id })).data as { content: string };
    const parts = content.split('.');
    const other = Buffer.from('YKDJ-OTHER').toString('base64url');
    expectFailure(await post('/api/gate/find', { text: [parts[0], parts[1], other, parts[3], parts[4]].join('.') }), 400, '二维码无效或已被篡改');
    expectFailure(await post('/api/gate/find', { text: signQr('not-the-company-key', 'REGISTRY', r.registryNo, Math.floor(Date.now() / 1000)) }), 400, '二维码无效或已被篡改');
    const blank = expectFailure(await post('/api/gate/find', { text: '  ' }), 400);
    expect(blank.msg).toMatch(/text/);
    const before = await lastLogId();
    expectFailure(await post('/api/gate/pass/letin', {}), 400, /text/);
    expect(await logsSince(before)).toEqual([]);
  });

  it('refuses a registry\'s QR code older than the QR-code rule allows', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId);
    const q = expectOk(await post('/api/gate/qrcode-rule/create', { entity: { ruleName: '登记单二维码', target: 'REGISTRY', validMinutes: 30 } })).data as { id: string };
    const { rows: [s] } = await pool.query('SELECT secret FROM gt_qr_secret WHERE org_id = $1', [org]);
    const old = signQr(s.secret, 'REGISTRY', r.registryNo, Math.floor(Date.now() / 1000) - 31 * 60);
    expectFailure(await post('/api/gate/find', { text: old }), 400, '二维码已过期（有效 30 分钟）');
    const fresh = signQr(s.secret, 'REGISTRY', r.registryNo, Math.floor(Date.now() / 1000) - 29 * 60);
    expect(expectOk(await post('/api/gate/find', { text: fresh })).data).toMatchObject({ id: r.id });
    expectOk(await post('/api/gate/qrcode-rule/disable', { ids: [q.id] }));
  });
});

describe('appointment rules at gate-in', () => {
  it('refuses an entry outside the rule\'s window and lets it in once the window is lifted', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId);
    const window = await windowNotNow();
    const ru = await rule({ timeWindow: window });
    const view = expectOk(await post('/api/gate/find', { text: r.plate })).data;
    expect(view.appointments).toEqual([expect.objectContaining({ inWindow: false, window })]);
    const since = await lastLogId();
    expectFailure(await post('/api/registry/tr/letin', { ids: [r.id] }), 400, new RegExp(`登记单 ${r.registryNo} 不在预约时段 .* 内（预约规则 .*），不能入厂`));
    expect(await logsSince(since)).toEqual([]);
    expect((await pool.query('SELECT trip_state FROM wb_registry WHERE id = $1', [r.id])).rows[0].trip_state).toBe('PLANNED');
    await disableRule(ru.id);
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
  });

  it('lets one of two trucks in for the day\'s last place, raced, and refuses the other', async () => {
    const { lineId } = await newNotice(pool, org);
    const first = await audited(lineId);
    const a = await audited(lineId);
    const b = await audited(lineId);
    const ru = await rule({ dayQuota: 2 });
    expectOk(await post('/api/registry/tr/letin', { ids: [first.id] }));
    const answers = await Promise.all([a, b].map((x) => post('/api/registry/tr/letin', { ids: [x.id] })));
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
    const refused = answers.find((x) => x.statusCode !== 200)!;
    expectFailure(refused, 400, /今日入厂限额 2 车已满/);
    const { rows } = await pool.query('SELECT used FROM gt_appointment_use WHERE rule_id = $1', [ru.id]);
    expect(rows).toEqual([{ used: 2 }]);
    const { rows: inside } = await pool.query('SELECT count(*)::int AS n FROM wb_registry WHERE id = ANY($1) AND trip_state = \'ENTERED\'', [[a.id, b.id]]);
    expect(inside[0].n).toBe(1);
    await disableRule(ru.id);
  });

  it('governs only the kind and materials it names', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId);
    const { rows: codes } = await pool.query(
      'SELECT m.inv_code AS code FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id WHERE a.org_id = $1 ORDER BY a.archive_id LIMIT 3', [org]);
    const [own, second, third] = codes.map((c: { code: string }) => c.code);
    const ru = await rule({ kind: 'pu', dayQuota: 0 });
    // several materials (the form's folded multi-picker sends a list): none of them the truck's
    const other = await rule({ materialCode: [second, third], dayQuota: 0 });
    expect((await pool.query('SELECT material_code FROM gt_appointment_rule WHERE id = $1', [other.id])).rows[0].material_code).toBe(`${second},${third}`);
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    await disableRule(ru.id);
    await disableRule(other.id);
    // one of its materials is the truck's: the rule governs it
    const r2 = await audited(lineId);
    const mine = await rule({ materialCode: [third, own], dayQuota: 0 });
    expectFailure(await post('/api/registry/tr/letin', { ids: [r2.id] }), 400, /限额/);
    await disableRule(mine.id);
  });

  it('refuses a rule naming a material the company does not use, naming the field', async () => {
    const { rows: [foreign] } = await pool.query(
      `SELECT m.inv_code AS code FROM md_material m WHERE NOT EXISTS (SELECT 1 FROM md_material_alloc a WHERE a.archive_id = m.id AND a.org_id = $1) LIMIT 1`, [org]);
    const unknown = ['NO-SUCH-MATERIAL', ...(foreign ? [foreign.code] : [])];
    const before = (await pool.query('SELECT count(*)::int AS n FROM gt_appointment_rule')).rows[0].n;
    const refused = expectFailure(await post('/api/gate/appointment/create', { entity: { ruleName: '错物料', materialCode: unknown } }), 400, `物料编码不存在: ${unknown.join('，')}`);
    expect(refused.data).toMatchObject({ field: 'materialCode' });
    expectFailure(await post('/api/gate/appointment/create', { entity: { ruleName: '错物料', materialCode: [{ code: 1 }] } }), 400, '物料应为文本');
    expect((await pool.query('SELECT count(*)::int AS n FROM gt_appointment_rule')).rows[0].n).toBe(before);
  });

  it('counts an entry before the rule\'s quota day start against the day before', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId);
    // the day starts at the last second of the day: now is (all but surely) before it
    const ru = await rule({ dayQuota: 5, quotaDayStart: '23:59:59' });
    expect((await pool.query('SELECT quota_day_start FROM gt_appointment_rule WHERE id = $1', [ru.id])).rows[0].quota_day_start).toBe('23:59:59');
    const { rows: [clock] } = await pool.query("SELECT to_char(current_date - CASE WHEN localtime < '23:59:59' THEN 1 ELSE 0 END, 'YYYY-MM-DD') AS day");
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    const { rows } = await pool.query("SELECT to_char(day, 'YYYY-MM-DD') AS day, used FROM gt_appointment_use WHERE rule_id = $1", [ru.id]);
    expect(rows).toEqual([{ day: clock.day, used: 1 }]);
    // the guard's look counts the same day's places
    const next = await audited(lineId);
    const view = expectOk(await post('/api/gate/find', { text: next.plate })).data;
    expect(view.appointments).toEqual([expect.objectContaining({ quota: 5, used: 1 })]);
    await disableRule(ru.id);
  });

  it('governs entry only on the days the rule is in force', async () => {
    const { lineId } = await newNotice(pool, org);
    const { rows: [d] } = await pool.query("SELECT to_char(current_date + 1, 'YYYY-MM-DD') AS a, to_char(current_date + 7, 'YYYY-MM-DD') AS b, to_char(current_date, 'YYYY-MM-DD') AS today");
    const later = await rule({ dayQuota: 0, validDays: [d.a, d.b] });
    expect((await pool.query('SELECT valid_days FROM gt_appointment_rule WHERE id = $1', [later.id])).rows[0].valid_days).toBe(`${d.a},${d.b}`);
    const r = await audited(lineId);
    expect(expectOk(await post('/api/gate/find', { text: r.plate })).data.appointments).toEqual([]);
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    const now = await rule({ dayQuota: 0, validDays: `${d.today},${d.b}` });
    const s = await audited(lineId);
    expectFailure(await post('/api/registry/tr/letin', { ids: [s.id] }), 400, /今日入厂限额 0 车已满/);
    await disableRule(later.id);
    await disableRule(now.id);
  });

  it('refuses in-force days that are not two days in order, naming the field', async () => {
    const bad = expectFailure(await post('/api/gate/appointment/create', { entity: { ruleName: '坏规则', validDays: ['2026-02-17', '2026-02-10'] } }), 400);
    expect(JSON.stringify(bad)).toMatch(/生效日期的结束日期不能早于开始日期/);
    const odd = expectFailure(await post('/api/gate/appointment/create', { entity: { ruleName: '坏规则', validDays: 'soon' } }), 400);
    expect(JSON.stringify(odd)).toMatch(/生效日期应为两个日期 yyyy-MM-dd/);
  });

  it('keeps a quota day start typed as H:mm as HH:mm:ss, and refuses one that is no time of day, naming the field', async () => {
    const ok = expectOk(await post('/api/gate/appointment/create', { entity: { ruleName: '早班日', quotaDayStart: '8:00' } })).data as { id: string };
    expect((await pool.query('SELECT quota_day_start FROM gt_appointment_rule WHERE id = $1', [ok.id])).rows[0].quota_day_start).toBe('08:00:00');
    await disableRule(ok.id);
    const bad = expectFailure(await post('/api/gate/appointment/create', { entity: { ruleName: '坏规则', quotaDayStart: '25:00' } }), 400);
    expect(JSON.stringify(bad)).toMatch(/限额日起始应为时间 HH:mm:ss/);
  });

  it('refuses a rule whose quota is not a whole number in range, naming the field', async () => {
    const bad = expectFailure(await post('/api/gate/appointment/create', { entity: { ruleName: '坏规则', dayQuota: -1 } }), 400);
    expect(JSON.stringify(bad)).toMatch(/dayQuota|每日限额/);
  });
});

describe('pass cards', () => {
  const create = async (from: string, to: string, extra: Record<string, unknown> = {}) =>
    expectOk(await post('/api/gate/pass-card/create', { entity: { holderKind: 'TRUCK', plateNumber: nextPlate(), validFrom: from, validTo: to, reason: '送货', ...extra } })).data as { id: string; passNo: string };
  const iso = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('lets a valid pass through with one log entry, by number or by its QR, and counts each passage', async () => {
    const p = await create(iso(-60), iso(60));
    const found = expectOk(await post('/api/gate/find', { text: p.passNo })).data;
    expect(found).toMatchObject({ found: 'pass', refusal: null });
    const since = await lastLogId();
    expect(expectOk(await post('/api/gate/pass/letin', { text: p.passNo })).data).toEqual({ passNo: p.passNo, usedCount: 1 });
    expect(await logsSince(since)).toEqual([expect.objectContaining({ action: 'passIn', family: '临时通行证', docNo: p.passNo })]);
    const { content } = expectOk(await post('/api/gate/qr', { passNo: p.passNo })).data;
    expect(expectOk(await post('/api/gate/pass/letin', { text: content })).data.usedCount).toBe(2);
  });

  it('refuses a pass before or after its validity, or switched off, and writes nothing', async () => {
    const early = await create(iso(60), iso(120));
    const late = await create(iso(-120), iso(-60));
    const off = await create(iso(-60), iso(60));
    expectOk(await post('/api/gate/pass-card/disable', { ids: [off.id] }));
    const since = await lastLogId();
    expectFailure(await post('/api/gate/pass/letin', { text: early.passNo }), 400, new RegExp(`通行证 ${early.passNo} 未到有效期`));
    expectFailure(await post('/api/gate/pass/letin', { text: late.passNo }), 400, new RegExp(`通行证 ${late.passNo} 已过有效期`));
    expectFailure(await post('/api/gate/pass/letin', { text: off.passNo }), 400, `通行证 ${off.passNo} 已停用，不能通行`);
    expect(await logsSince(since)).toEqual([]);
    expect((await pool.query('SELECT sum(used_count)::int AS n FROM gt_pass_card WHERE id = ANY($1)', [[early.id, late.id, off.id]])).rows[0].n).toBe(0);
    expect(expectOk(await post('/api/gate/find', { text: late.passNo })).data.refusal).toMatch(/已过有效期/);
  });
});

describe('the yard\'s archives', () => {
  it('keeps handsets, locations, batches, trays and number prefixes as lists', async () => {
    for (const [path, entity, code] of [
      ['/api/masterdata/handset', { deviceId: 'PDA-001', userName: '张三' }, 'deviceId'],
      ['/api/masterdata/location', { locationName: '东门' }, 'locationCode'],
      ['/api/masterdata/batch', { materialCode: 'M01', producedOn: '2026-01-02' }, 'batchNo'],
      ['/api/masterdata/tray', { trayName: '木托盘', tareWeight: '12.5' }, 'trayCode'],
    ] as const) {
      const made = expectOk(await post(`${path}/create`, { entity })).data;
      expect(made[code]).toBeTruthy();
      const list = expectOk(await post(`${path}/v2/list`, { limit: { pn: 1, ps: 20 } })).data;
      expect(list.list.length).toBeGreaterThan(0);
    }
    expectFailure(await post('/api/masterdata/handset/create', { entity: { userName: '无设备' } }), 400, /设备编号/);
    expectFailure(await post('/api/masterdata/tray/create', { entity: { trayName: 'x', tareWeight: '1e16' } }), 400, /托盘重量/);
  });
});
