import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';

// Site confirmation through HTTP on a real database: the grids, their buttons, each press and what
// it writes, the notice hold a departing truck gives back, refusals, and company isolation.
const { app, database } = await createTestApp();
const { pool } = database;
let operator: string;
let sampler: string;
let accountant: string;
let orgId: string;
let materialId: string;
let vendorId: string;

beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  sampler = (await bearerFor(app, 'sampler')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  orgId = String(expectOk(await call(app, 'GET', '/api/sys-info/me', operator)).data.currentOrg);
  materialId = String((await pool.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId])).rows[0].archive_id);
  vendorId = String((await pool.query('SELECT archive_id FROM md_vendor_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId])).rows[0].archive_id);
  await pool.query('UPDATE md_material SET scene_confirm = true, is_sample = true WHERE id = $1', [materialId]);
});

let serial = 0;
/** A purchase truck weighed once (gross) against a notice line holding its 30 t pre-load. */
async function truckAtSite(plate: string, org = orgId): Promise<{ id: string; lineId: string }> {
  serial += 1;
  const { rows: [n] } = await pool.query(
    `INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, vendor_id, start_time, end_time)
     VALUES ($1, 'pu', $2, 'AUDITED', $3, now() - interval '1 day', now() + interval '1 day') RETURNING id`, [org, `CGTZ-T${serial}`, vendorId]);
  const { rows: [l] } = await pool.query(
    `INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, quantity, max_limit, in_transit, in_transit_trips)
     VALUES ($1, $2, 1, $3, 100, 100, 30, 1) RETURNING id`, [org, n.id, materialId]);
  const { rows: [t] } = await pool.query(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, notice_id, notice_line_id, material_id, vendor_id, plate_number, first_is, gross, gross_time, reserved_quantity)
     VALUES ($1, 'pu', $2, 'FIRST_WEIGHED', $3, $4, $5, $6, $7, 'GROSS', 48.2, now(), 30) RETURNING id`,
    [org, `CGBD-T${serial}`, n.id, l.id, materialId, vendorId, plate]);
  return { id: String(t.id), lineId: String(l.id) };
}

const grid = async (name: string, who = operator, search: unknown[] = []) =>
  expectOk(await call(app, 'POST', `/api/confirm/${name}/v2/list`, who, { search, limit: { pn: 1, ps: 100 } })).data;
const rowOf = async (name: string, id: string, who = operator, search: unknown[] = []) =>
  (await grid(name, who, search)).list.find((r: { id: string }) => String(r.id) === id);
const submit = (name: string, body: object, who = operator) => call(app, 'POST', `/api/confirm/${name}/submit`, who, body);

describe('site confirmation', () => {
  it('lists a truck waiting at the unloading point with its buttons', async () => {
    const { id } = await truckAtSite('晋A10001');
    const row = await rowOf('pu', id);
    expect(row).toMatchObject({ plateNumber: '晋A10001', state: 'FIRST_WEIGHED', confirmSubButs: ['CONFIRM', 'SINGLE_WEIGH', 'SINGLE_EMPTY'], ihandle: true });
    expect(await rowOf('sa', id)).toBeUndefined();
  });

  it('confirms with the deductions and pieces entered at the site, then cancels', async () => {
    const { id } = await truckAtSite('晋A10002');
    expectOk(await submit('pu', { id, button: 'CONFIRM', deductions: [{ kind: 'WATER', mode: 'RATE', value: '1.5' }, { kind: 'STONE', mode: 'AMOUNT', value: 0.2 }], reNums: 12 }));
    const t = (await pool.query('SELECT state, confirmed_at IS NOT NULL AS confirmed, re_nums FROM wb_ticket WHERE id = $1', [id])).rows[0];
    expect(t).toEqual({ state: 'CONFIRMED', confirmed: true, re_nums: 12 });
    const d = (await pool.query('SELECT kind, mode, value FROM wb_ticket_deduction WHERE ticket_id = $1 ORDER BY kind', [id])).rows;
    expect(d).toEqual([{ kind: 'STONE', mode: 'AMOUNT', value: '0.2000' }, { kind: 'WATER', mode: 'RATE', value: '1.5000' }]);
    expect((await rowOf('pu', id)).confirmSubButs).toEqual(['CONFIRM_AGAIN', 'CONFIRM_NOT', 'SINGLE_WEIGH', 'SINGLE_EMPTY']);
    expectOk(await submit('pu', { id, button: 'CONFIRM_NOT' }));
    expect((await pool.query('SELECT state, confirmed_at FROM wb_ticket WHERE id = $1', [id])).rows[0]).toEqual({ state: 'FIRST_WEIGHED', confirmed_at: null });
  });

  it('closes the ticket of a truck that leaves empty and gives its hold back to the notice line', async () => {
    const { id, lineId } = await truckAtSite('晋A10003');
    expectOk(await submit('pu', { id, button: 'SINGLE_EMPTY' }));
    expect((await pool.query('SELECT state, close_kind, reserved_quantity FROM wb_ticket WHERE id = $1', [id])).rows[0])
      .toEqual({ state: 'CLOSED', close_kind: 'SINGLE_EMPTY', reserved_quantity: '0.0000' });
    expect((await pool.query('SELECT in_transit, in_transit_trips, done_quantity FROM wb_notice_line WHERE id = $1', [lineId])).rows[0])
      .toEqual({ in_transit: '0.0000', in_transit_trips: 0, done_quantity: '0.0000' });
    expect(await rowOf('pu', id)).toBeUndefined();
    expect((await rowOf('pu', id, operator, [{ key: 'state', op: 'eq', val: 'CLOSED' }])).confirmSubButs).toEqual(['CONFIRM_NO']);
    expectFailure(await submit('pu', { id, button: 'CONFIRM' }), 400, /当前不能确认$/);
  });

  it('gives the hold back once when the same press arrives twice at once', async () => {
    const { id, lineId } = await truckAtSite('晋A10004');
    const answers = await Promise.all([submit('pu', { id, button: 'SINGLE_WEIGH' }), submit('pu', { id, button: 'SINGLE_WEIGH' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await pool.query('SELECT in_transit FROM wb_notice_line WHERE id = $1', [lineId])).rows[0].in_transit).toBe('0.0000');
  });

  it('judges samples in sampling mode: 合格, 不合格 and the count, by the sampler; the lab and the operators hold no sampling grid', async () => {
    const { id } = await truckAtSite('晋A10005');
    for (const other of [operator, (await bearerFor(app, 'quality')).authorization]) expectFailure(await submit('pu-sampling', { id, button: 'CONFIRM' }, other), 403);
    expect((await rowOf('pu-sampling', id, sampler)).confirmSubButs).toEqual(['CONFIRM', 'CONFIRM_NOT']);
    expectOk(await submit('pu-sampling', { id, button: 'CONFIRM_NOT', sampleCount: 3, sampleDate: '20261120' }, sampler));
    expect((await pool.query(`SELECT state, sample_state, sample_count, to_char(sampled_on, 'YYYY-MM-DD') AS day FROM wb_ticket WHERE id = $1`, [id])).rows[0])
      .toEqual({ state: 'FIRST_WEIGHED', sample_state: 'UNQUALIFIED', sample_count: 3, day: '2026-11-20' });
    expectFailure(await submit('pu-sampling', { id, button: 'CONFIRM_NOT' }, sampler), 400, '磅单 CGBD-T5 当前不能不合格');
    expectFailure(await submit('pu-sampling', { id, button: 'CONFIRM_AGAIN', sampleCount: 501 }, sampler), 400, /样品数应为0到500的整数/);
    expectOk(await submit('pu-sampling', { id, button: 'CONFIRM_AGAIN' }, sampler));
    expect((await pool.query('SELECT sample_state, sample_count FROM wb_ticket WHERE id = $1', [id])).rows[0]).toEqual({ sample_state: 'QUALIFIED', sample_count: 1 });
  });

  it('refuses bad input without writing, and rights it was not given', async () => {
    const { id } = await truckAtSite('晋A10006');
    expectFailure(await submit('pu', { id, button: 'CONFIRM', deductions: [{ kind: 'GOLD', mode: 'AMOUNT', value: 1 }] }), 400, /不支持的扣重项目/);
    expectFailure(await submit('pu', { id, button: 'SINGLE_EMPTY', deductions: [{ kind: 'WATER', mode: 'AMOUNT', value: 1 }] }), 400, '车辆空出时不能录入扣重');
    expectFailure(await submit('pu', { id, button: 'LAUNCH' }), 400);
    expect((await pool.query('SELECT state FROM wb_ticket WHERE id = $1', [id])).rows[0].state).toBe('FIRST_WEIGHED');
    expectFailure(await submit('pu', { id, button: 'CONFIRM' }, accountant), 403);
    expectFailure(await submit('sa', { id, button: 'CONFIRM' }), 404, '磅单不存在');
  });

  it('says ihandle false for a row with nothing to press and for a caller who may only look', async () => {
    const { id } = await truckAtSite('晋A10008');
    expectOk(await submit('pu', { id, button: 'SINGLE_WEIGH' }));
    expect(await rowOf('pu', id, operator, [{ key: 'state', op: 'eq', val: 'CLOSED' }])).toMatchObject({ confirmSubButs: ['CONFIRM_NO'], ihandle: false });

    const { id: waiting } = await truckAtSite('晋A10009');
    expect((await rowOf('pu', waiting, operator)).ihandle).toBe(true);
    const { rows: revoked } = await pool.query(
      `DELETE FROM sys_role_menu WHERE role_id = (SELECT id FROM sys_role WHERE role_code = 'ROLE_OPERATOR')
         AND menu_id IN (SELECT id FROM sys_menu WHERE permission = 'confirm_pu_submit') RETURNING role_id, menu_id`);
    expect(revoked.length).toBeGreaterThan(0);
    try {
      expect(await rowOf('pu', waiting, operator)).toMatchObject({ confirmSubButs: ['CONFIRM', 'SINGLE_WEIGH', 'SINGLE_EMPTY'], ihandle: false });
    } finally {
      for (const r of revoked) await pool.query('INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2)', [r.role_id, r.menu_id]);
    }
  });

  it('refuses deductions that take more than the truck carries, so a confirmed truck can always complete', async () => {
    const { id } = await truckAtSite('晋A10018');
    const state = async () => (await pool.query('SELECT state, (SELECT count(*)::int FROM wb_ticket_deduction d WHERE d.ticket_id = t.id) AS n FROM wb_ticket t WHERE id = $1', [id])).rows[0];
    // the truck weighed 48.2 t loaded: its load is at most that
    const over = expectFailure(await submit('pu', { id, button: 'CONFIRM', deductions: [{ kind: 'STONE', mode: 'AMOUNT', value: '48.3' }] }), 400, '扣重合计 48.3 吨 超过车辆装载 48.2 吨');
    expect(over.data).toMatchObject({ field: 'deductions' });
    expectFailure(await submit('pu', { id, button: 'CONFIRM', deductions: [{ kind: 'WATER', mode: 'RATE', value: '60' }, { kind: 'STONE', mode: 'AMOUNT', value: '20' }] }), 400, /^扣重合计 48\.92 吨 超过车辆装载 48\.2 吨/);
    expectFailure(await submit('pu', { id, button: 'CONFIRM', deductions: [{ kind: 'WATER', mode: 'RATE', value: '60' }, { kind: 'STONE', mode: 'RATE', value: '50' }] }), 400, '扣率合计 110% 超过100%');
    expect(await state()).toEqual({ state: 'FIRST_WEIGHED', n: 0 });
    expectOk(await submit('pu', { id, button: 'CONFIRM', deductions: [{ kind: 'STONE', mode: 'AMOUNT', value: '48.2' }] }));
    expect(await state()).toEqual({ state: 'CONFIRMED', n: 1 });
  });

  it('does not show or act on another company\'s trucks', async () => {
    const { rows: [other] } = await pool.query(`SELECT o.id FROM sys_org o WHERE o.id <> $1 ORDER BY o.id LIMIT 1`, [orgId]);
    await pool.query('INSERT INTO md_material_alloc (group_id, archive_id, org_id) SELECT group_id, id, $2 FROM md_material WHERE id = $1 ON CONFLICT DO NOTHING', [materialId, other.id]);
    await pool.query('INSERT INTO md_vendor_alloc (group_id, archive_id, org_id) SELECT group_id, id, $2 FROM md_vendor WHERE id = $1 ON CONFLICT DO NOTHING', [vendorId, other.id]);
    const { id } = await truckAtSite('晋A10007', String(other.id));
    expect(await rowOf('pu', id)).toBeUndefined();
    expectFailure(await submit('pu', { id, button: 'CONFIRM' }), 404, '磅单不存在');
  });

  it('names the stock address the load went into, checked like an assignment, and the address\'s balance moves with it', async () => {
    const { rows: [w] } = await pool.query('SELECT id::text, org_id FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [orgId]);
    const { rows: [m] } = await pool.query('SELECT m.invc_id::text AS class, s.group_id::text AS "group" FROM md_material m, sys_org s WHERE m.id = $1 AND s.id = $2', [materialId, orgId]);
    const { rows: [otherClass] } = await pool.query(
      `INSERT INTO md_material_class (group_id, org_id, invc_code, invc_name) VALUES ($1, $2, 'ZZ-SAND', '砂石') RETURNING id::text`, [m.group, orgId]);
    const place = async (code: string, extra: { enabled?: boolean; classId?: string | null; org?: string; warehouse?: string } = {}) => {
      const { rows: [a] } = await pool.query(
        `INSERT INTO md_stock_address (org_id, warehouse_id, address_code, address_name, kind, enabled, material_class_id)
         VALUES ($1, $2, $3, $3 || '号仓位', 'SILO_POSITION', $4, $5) RETURNING id::text`,
        [extra.org ?? orgId, extra.warehouse ?? w.id, code, extra.enabled ?? true, extra.classId ?? null]);
      return String(a.id);
    };
    const good = await place('CA-1', { classId: m.class });
    const disabled = await place('CA-2', { enabled: false });
    const sand = await place('CA-3', { classId: otherClass.id });
    const { rows: [other] } = await pool.query('SELECT o.id::text, (SELECT id::text FROM md_warehouse x WHERE x.org_id = o.id LIMIT 1) AS w FROM sys_org o WHERE o.id <> $1 AND EXISTS (SELECT 1 FROM md_warehouse x WHERE x.org_id = o.id) ORDER BY o.id LIMIT 1', [orgId]);
    const foreign = await place('CA-4', { org: other.id, warehouse: other.w });

    const { id } = await truckAtSite('晋A10031');
    await pool.query('UPDATE wb_ticket SET warehouse_id = $2 WHERE id = $1', [id, w.id]);
    const places = expectOk(await call(app, 'GET', `/api/confirm/pu/places/${id}`, operator)).data;
    expect(places).toMatchObject({ stockAddressId: null, siloId: null, silos: [] });
    expect(places.addresses.map((a: { code: string }) => a.code)).toEqual(['CA-1']);
    expectFailure(await call(app, 'GET', `/api/confirm/pu/places/${id}`, accountant), 403);

    const refused = async (stockAddressId: string, message: string | RegExp) => {
      const reply = expectFailure(await submit('pu', { id, button: 'CONFIRM', stockAddressId }), 400, message);
      expect(reply.data).toMatchObject({ field: 'stockAddressId' });
    };
    await refused(disabled, '库存地址 CA-2 已停用');
    await refused(sand, /^库存地址 CA-3 只存放砂石类物料，磅单 CGBD-T\d+ 的物料不属于该分类$/);
    await refused(foreign, `库存地址不存在: ${foreign}`);
    expectFailure(await submit('pu', { id, button: 'SINGLE_WEIGH', stockAddressId: good }), 400, '只有确认卸货/装车时才能指定库存地址');
    expectFailure(await submit('pu', { id, button: 'CONFIRM', siloId: '1' }), 400, '只有销售磅单记录装车筒仓');
    expect((await pool.query('SELECT state, stock_address_id FROM wb_ticket WHERE id = $1', [id])).rows[0]).toEqual({ state: 'FIRST_WEIGHED', stock_address_id: null });

    expectOk(await submit('pu', { id, button: 'CONFIRM', stockAddressId: good }));
    expect((await pool.query('SELECT state, stock_address_id::text AS a FROM wb_ticket WHERE id = $1', [id])).rows[0]).toEqual({ state: 'CONFIRMED', a: good });
    expect((await pool.query(`SELECT detail FROM sys_log WHERE doc_no = (SELECT ticket_no FROM wb_ticket WHERE id = $1) AND action = 'siteConfirm'`, [id])).rows[0].detail)
      .toMatch(/库存地址：无 -> CA-1 CA-1号仓位$/);
    // the truck unloads 48.2 - 15.75 = 32.45 t; audited and posted, the address holds it
    await pool.query(`UPDATE wb_ticket SET state = 'AUDITED', tare = 15.75, tare_time = now(), tare_source = 'WEIGHED', net = 32.45, completed_at = now(), audited_at = now() WHERE id = $1`, [id]);
    expectOk(await call(app, 'POST', '/api/weigh/pu/down', (await bearerFor(app, 'admin')).authorization, { ids: [id] }));
    expect((await pool.query('SELECT quantity FROM wb_stock_address_balance WHERE stock_address_id = $1', [good])).rows).toEqual([{ quantity: '32.4500' }]);
  });

  it('names the silo a sales truck was loaded from when the loading is confirmed; a disabled silo is refused', async () => {
    const { rows: [w] } = await pool.query('SELECT id::text FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [orgId]);
    const silo = async (code: string, enabled: boolean) => String((await pool.query(
      `INSERT INTO md_silo (org_id, warehouse_id, silo_code, silo_name, enabled) VALUES ($1, $2, $3, $3 || '号库', $4) RETURNING id`, [orgId, w.id, code, enabled])).rows[0].id);
    const open = await silo('CS-1', true);
    const closed = await silo('CS-2', false);
    serial += 1;
    const { rows: [customer] } = await pool.query('SELECT archive_id FROM md_customer_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId]);
    const { rows: [t] } = await pool.query(
      `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, customer_id, plate_number, first_is, tare, tare_time, tare_source)
       VALUES ($1, 'sa', $2, 'FIRST_WEIGHED', $3, $4, '晋A10032', 'TARE', 15.1, now(), 'WEIGHED') RETURNING id::text`, [orgId, `XSBD-T${serial}`, materialId, customer.archive_id]);
    const places = expectOk(await call(app, 'GET', `/api/confirm/sa/places/${t.id}`, operator)).data;
    expect(places.silos.map((s: { code: string }) => s.code)).toContain('CS-1');
    expect(places.silos.map((s: { code: string }) => s.code)).not.toContain('CS-2');
    const bad = expectFailure(await submit('sa', { id: t.id, button: 'CONFIRM', siloId: closed }), 400, '筒仓 CS-2号库 已停用');
    expect(bad.data).toMatchObject({ field: 'siloId' });
    expectOk(await submit('sa', { id: t.id, button: 'CONFIRM', siloId: open }));
    expect((await pool.query('SELECT state, silo_id::text AS s FROM wb_ticket WHERE id = $1', [t.id])).rows[0]).toEqual({ state: 'CONFIRMED', s: open });
  });
});
