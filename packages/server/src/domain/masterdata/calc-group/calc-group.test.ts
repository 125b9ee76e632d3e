import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from '../../weighing/test-support';
import { newNotice } from '../../registry/test-support';

/**
 * Computation groups (计算组): the group and its materials, a material in one group of its company,
 * the group's price rule pricing each member that has no rule of its own (a material's own rule
 * first), the material list by group, and the view reports group by.
 */
let ctx: TestContext;
let ac: string;
let op: string;
let plant: Plant;
/** two more materials weighed straight through, for the group's members */
let otherA: string;
let otherB: string;
let request = 0;

const G = '/api/masterdata/computation-group';
const SA = '/api/price/sa';
const db = () => ctx.database.db;
const post = (url: string, payload: unknown, auth = ac) => call(ctx.app, 'POST', url, auth, payload);
const codeOf = async (id: string) => (await db().selectFrom('md_material').select('inv_code').where('id', '=', id).executeTakeFirstOrThrow()).inv_code;

beforeAll(async () => {
  ctx = await createTestApp();
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  plant = await plantOf(db());
  const rows = await db().selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id').select('m.id').where('a.org_id', '=', plant.orgId)
    .where('m.scene_confirm', '=', false).where('m.hidden_deduct', '=', '0').where('m.overload', '=', false).where('m.pnmary', 'is', null)
    .where('m.id', '<>', plant.materialId).orderBy('m.id').limit(2).execute();
  [otherA, otherB] = rows.map((r) => r.id);
});

/** A sales truck of `materialId` on its own notice line, 15 t empty and 40 t loaded at `at`: 25 t net. */
async function saleTruck(materialId: string, at: Date) {
  const p = { ...plant, materialId };
  const { noticeId, lineId } = await makeNoticeLine(db(), p, { kind: 'sa', maxLimit: '1000' });
  const registryId = await makeRegistry(db(), p, { kind: 'sa', noticeId, lineId, plate: testPlate('G') });
  const weigh = (which: 'first' | 'second', weight: string, when: Date) => post(`/api/weigh/sa/${which}`, {
    registryId, weight, stationId: 'G1', requestId: `g${request++}`, stable: true, weighedAt: when.toISOString(),
  }, op);
  const first = expectOk(await weigh('first', '15', new Date(at.getTime() - 1_800_000))).data;
  expectOk(await weigh('second', '40', at));
  return db().selectFrom('wb_ticket').select(['price', 'amount', 'price_source', 'price_ref', 'price_label']).where('id', '=', first.ticketId).executeTakeFirstOrThrow();
}

async function auditedRule(entity: Record<string, unknown>) {
  const rule = expectOk(await post(`${SA}/create`, { entity: { effectiveFrom: '2026-01-01 00:00:00', ...entity } })).data;
  expectOk(await post(`${SA}/audit`, { ids: [rule.id] }));
  return rule;
}

describe('the group and its materials', () => {
  it('is created with its materials by code, read back, listed, and the material list shows each material\'s group', async () => {
    const g = expectOk(await post(`${G}/create`, { entity: { groupName: '熟料类' }, entitysub: [{ invCode: await codeOf(otherA) }, { materialId: otherB, memberRemark: '袋装' }] })).data;
    expect(g.entity ?? g).toMatchObject({ groupName: '熟料类', groupCode: expect.stringMatching(/^JSZ\d{3}$/) });
    const id = (g.entity ?? g).id as string;
    const read = expectOk(await call(ctx.app, 'GET', `${G}/get/${id}`, op)).data;
    expect((read.entitysub as { materialId: string; memberRemark: string | null }[]).map((m) => [m.materialId, m.memberRemark])).toEqual([[otherA, null], [otherB, '袋装']]);
    const listed = expectOk(await post(`${G}/v2/list`, { search: [{ key: 'groupName', op: 'eq', val: '熟料类' }], limit: { pn: 1, ps: 10 } }, op)).data;
    expect(listed.list[0]).toMatchObject({ memberCount: '2' });
    const materials = expectOk(await post(`${G}/material/v2/list`, { search: [{ key: 'calcGroupName', op: 'eq', val: '熟料类' }], limit: { pn: 1, ps: 50 } }, op)).data;
    expect(materials.list.map((m: { id: string }) => m.id).sort()).toEqual([otherA, otherB].sort());
    // the view the report centre's datasets read a material's group from
    const { rows } = await ctx.database.pool.query('SELECT calc_group_name FROM md_material_calc_group WHERE org_id = $1 AND material_id = $2', [plant.orgId, otherA]);
    expect(rows).toEqual([{ calc_group_name: '熟料类' }]);
    expectOk(await call(ctx.app, 'DELETE', `${G}/delList`, ac, { ids: [id] }));
    expect(await db().selectFrom('md_calc_group_member').select('id').where('group_id', '=', id).execute()).toEqual([]);
  });

  it('refuses a material already in another group, the same material twice, an unknown code and a blank name, writing nothing', async () => {
    const first = expectOk(await post(`${G}/create`, { entity: { groupName: '甲组' }, entitysub: [{ materialId: otherA }] })).data;
    const count = async () => Number((await ctx.database.pool.query('SELECT count(*) FROM md_calc_group')).rows[0].count);
    const before = await count();
    expectFailure(await post(`${G}/create`, { entity: { groupName: '乙组' }, entitysub: [{ materialId: otherA }] }), 400, '物料已属于本公司的另一个计算组，一个物料只能属于一个计算组');
    expectFailure(await post(`${G}/create`, { entity: { groupName: '乙组' }, entitysub: [{ materialId: otherB }, { materialId: otherB }] }), 400, '第2行 与第1行是同一物料');
    expectFailure(await post(`${G}/create`, { entity: { groupName: '乙组' }, entitysub: [{ invCode: 'NO-SUCH' }] }), 400, /物料编码 NO-SUCH 不存在/);
    expectFailure(await post(`${G}/create`, { entity: { groupName: '' } }), 400, /计算组名称/);
    expectFailure(await post(`${G}/create`, { entity: { groupName: '越权' } }, op), 403);
    expect(await count()).toBe(before);
    expectOk(await call(ctx.app, 'DELETE', `${G}/delList`, ac, { ids: [(first.entity ?? first).id] }));
  });

  it('lets exactly one of two groups saved at once take the same material', async () => {
    const results = await Promise.all(['丙组', '丁组'].map((groupName) => post(`${G}/create`, { entity: { groupName }, entitysub: [{ materialId: otherB }] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM md_calc_group_member WHERE material_id = $1', [otherB]);
    expect(rows[0].n).toBe(1);
    await ctx.database.pool.query('DELETE FROM md_calc_group_member WHERE material_id = $1', [otherB]);
  });

  it('is the company\'s own: another company neither lists nor reads it', async () => {
    const g = expectOk(await post(`${G}/create`, { entity: { groupName: '本公司组' } })).data;
    const id = (g.entity ?? g).id as string;
    const admin = (await bearerFor(ctx.app, 'admin')).authorization;
    const HDSN = await orgId(ctx.database.pool, 'HDSN');
    const HDJC = await orgId(ctx.database.pool, 'HDJC');
    expectOk(await call(ctx.app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, admin));
    try {
      expect(expectOk(await post(`${G}/v2/list`, { search: [{ key: 'groupName', op: 'eq', val: '本公司组' }] }, admin)).data.total).toBe(0);
      expectFailure(await call(ctx.app, 'GET', `${G}/get/${id}`, admin), 404);
      // nor puts a material of its own company into it
      expectFailure(await post(`${SA}/create`, { entity: { calcGroupId: id, price: '1', effectiveFrom: '2026-01-01 00:00:00' } }, admin), 400);
    } finally {
      expectOk(await call(ctx.app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, admin));
    }
  });
});

describe('the group price', () => {
  it('prices each member without a rule of its own; a member\'s own rule, even a general one, comes before the group\'s', async () => {
    const g = expectOk(await post(`${G}/create`, { entity: { groupName: '水泥组' }, entitysub: [{ materialId: otherA }, { materialId: otherB }] })).data;
    const groupId = (g.entity ?? g).id as string;
    const groupRule = await auditedRule({ calcGroupId: groupId, price: '300' });
    // the group's rule for this customer is more specific, yet a member's own general rule still wins
    const groupForCustomer = await auditedRule({ calcGroupId: groupId, partyId: plant.customerId, price: '310' });
    const ownRule = await auditedRule({ materialId: otherA, price: '320' });
    const at = new Date('2026-11-25T02:00:00Z');
    // otherB: no rule of its own, so the group's most specific rule: 25 t x 310.00 = 7750.00
    expect(await saleTruck(otherB, at)).toEqual({
      price: '310.0000', amount: '7750.0000', price_source: 'PRICE_RULE', price_ref: groupForCustomer.id, price_label: `价格规则 ${groupForCustomer.ruleNo}（计算组 水泥组）`,
    });
    // otherA: its own rule, 25 t x 320.00 = 8000.00
    expect(await saleTruck(otherA, at)).toMatchObject({ price: '320.0000', amount: '8000.0000', price_ref: ownRule.id, price_label: `价格规则 ${ownRule.ruleNo}` });
    // a material outside the group is not priced by it
    expect(await saleTruck(plant.materialId, at)).toMatchObject({ price: null, amount: null });
    // the group disabled: its rules price nothing
    expectOk(await post(`${G}/disable`, { ids: [groupId] }));
    expect(await saleTruck(otherB, at)).toMatchObject({ price: null, amount: null });
    expectOk(await post(`${G}/enable`, { ids: [groupId] }));
    expect(groupRule.calcGroupId).toBe(groupId);
  });

  it('is changed by a price adjustment naming the group: its members take the new price from the effective time', async () => {
    await ctx.database.pool.query('DELETE FROM md_calc_group_member WHERE org_id = $1', [plant.orgId]);
    const g = expectOk(await post(`${G}/create`, { entity: { groupName: '调价组' }, entitysub: [{ materialId: otherB }] })).data;
    const group = (g.entity ?? g) as { id: string; groupCode: string };
    const old = await auditedRule({ calcGroupId: group.id, price: '300' });
    const ADJ = `${SA}/adjust`;
    // a line names a material or a group, never both
    expectFailure(await post(`${ADJ}/create`, { entity: { effectiveAt: '2026-11-20 00:00:00', reason: '组调价' },
      entitysub: [{ calcGroupCode: group.groupCode, materialCode: await codeOf(otherB), price: '333' }] }), 400, '第1行 物料与计算组须选且只选其一');
    const adj = expectOk(await post(`${ADJ}/create`, { entity: { effectiveAt: '2026-11-20 00:00:00', reason: '组调价' },
      entitysub: [{ calcGroupCode: group.groupCode, price: '333' }] })).data;
    expect(adj.entitysub[0]).toMatchObject({ calcGroupCode: group.groupCode, calcGroupName: '调价组' });
    expect(expectOk(await post(`${ADJ}/v2/list`, { search: [{ key: 'adjustNo', op: 'eq', val: adj.adjustNo }] })).data.list[0]).toMatchObject({ materialNames: '计算组 调价组' });
    expectOk(await post(`${ADJ}/audit`, { ids: [adj.id] }));
    // 2026-11-20 00:00 in the plant's zone is 2026-11-19 16:00 UTC: the group's old rule ends there
    expect(await db().selectFrom('wb_price_rule').select('effective_to').where('id', '=', old.id).executeTakeFirstOrThrow()).toEqual({ effective_to: new Date('2026-11-19T16:00:00Z') });
    // 25 t x 300.00 before, 25 t x 333.00 after
    expect(await saleTruck(otherB, new Date('2026-11-19T10:00:00Z'))).toMatchObject({ price: '300.0000', amount: '7500.0000', price_ref: old.id });
    expect(await saleTruck(otherB, new Date('2026-11-25T02:00:00Z'))).toMatchObject({
      price: '333.0000', amount: '8325.0000', price_label: `价格规则 ${adj.adjustNo}-1（计算组 调价组）`,
    });
  });

  it('takes a material or a group, never both nor neither', async () => {
    const g = expectOk(await post(`${G}/create`, { entity: { groupName: '规则组' } })).data;
    const groupId = (g.entity ?? g).id as string;
    const base = { price: '10', effectiveFrom: '2026-01-01 00:00:00' };
    expectFailure(await post(`${SA}/create`, { entity: { ...base, calcGroupId: groupId, materialId: plant.materialId } }), 400, '物料与计算组须选且只选其一');
    expectFailure(await post(`${SA}/create`, { entity: base }), 400, '物料与计算组须选且只选其一');
    expectFailure(await post(`${SA}/create`, { entity: { ...base, calcGroupId: 'abc' } }), 400);
    expectOk(await post(`${SA}/create`, { entity: { ...base, calcGroupId: groupId } }));
    // a group a rule names is not deleted under it
    expectFailure(await call(ctx.app, 'DELETE', `${G}/delList`, ac, { ids: [groupId] }), 400);
  });
});

describe('the group day plan', () => {
  const DAY = '/api/sale/plan/day';
  let serial = 41000;
  /** A sales registry of `materialId` holding `pre` tons, audited (where the day plan is checked). */
  async function audited(materialId: string, pre: string) {
    const { lineId } = await newNotice(ctx.database.pool, plant.orgId, { kind: 'sa', maxLimit: '1000' });
    await ctx.database.pool.query('UPDATE wb_notice_line SET material_id = $1 WHERE id = $2', [materialId, lineId]);
    const r = expectOk(await post('/api/registry/sa/create', { entity: { plateNumber: `浙E${serial++}`, noticeLineId: lineId, preQuantity: pre } }, op)).data;
    return post('/api/registry/sa/audit', { ids: [r.id] }, op);
  }

  it('holds every member\'s trucks of the customer to one quota; a member\'s own day plan comes first', async () => {
    await ctx.database.pool.query('DELETE FROM md_calc_group_member WHERE org_id = $1', [plant.orgId]);
    const g = expectOk(await post(`${G}/create`, { entity: { groupName: '日计划组' }, entitysub: [{ materialId: otherA }, { materialId: otherB }] })).data;
    const groupId = (g.entity ?? g).id as string;
    const { rows: [{ today }] } = await ctx.database.pool.query("SELECT to_char(current_date, 'YYYY-MM-DD') AS today");
    const { rows: [{ customer }] } = await ctx.database.pool.query('SELECT archive_id::text AS customer FROM md_customer_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [plant.orgId]);
    const plan = expectOk(await post(`${DAY}/create`, { entity: { customerId: customer, calcGroupId: groupId, planDate: today, tons: '30', trips: 3 } })).data;
    expect(plan).toMatchObject({ calcGroupName: '日计划组', tons: '30.0000' });
    expectOk(await post(`${DAY}/audit`, { ids: [plan.id] }));
    // 20 t of one member and 15 t of the other would make 35 t of a 30 t quota
    expectOk(await audited(otherA, '20'));
    expectFailure(await audited(otherB, '15'), 400, /^超出日计划：客户 .* 物料 计算组 日计划组 .* 计划 30 吨 \/ 3 车，已用 20 吨 \/ 1 车，本车 15 吨$/);
    expectOk(await audited(otherB, '10'));
    // the group is full (30 t), but otherA's own plan of 100 t controls otherA
    const own = expectOk(await post(`${DAY}/create`, { entity: { customerId: customer, materialId: otherA, planDate: today, tons: '100', trips: 5 } })).data;
    expectOk(await post(`${DAY}/audit`, { ids: [own.id] }));
    expectOk(await audited(otherA, '50'));
    expectFailure(await audited(otherB, '1'), 400, /计算组 日计划组/);
    // the fulfilment of the group's plan counts both members: 20 + 10 (+ otherA's 50 under its own plan as well)
    const { rows: [f] } = await ctx.database.pool.query('SELECT used_tons::text, used_trips FROM sa_plan_day_fulfilment WHERE id = $1', [plan.id]);
    expect(f).toEqual({ used_tons: '80.0000', used_trips: 3 });
    // a disabled group holds its members to nothing: otherB's truck passes the full group's quota
    expectOk(await post(`${G}/disable`, { ids: [groupId] }));
    expectOk(await audited(otherB, '1'));
    expectOk(await post(`${G}/enable`, { ids: [groupId] }));
    // a plan on a material and a group at once, or on neither, is refused; a second group plan of the day too
    const base = { customerId: customer, planDate: today, tons: '1', trips: 1 };
    expectFailure(await post(`${DAY}/create`, { entity: { ...base, materialId: otherA, calcGroupId: groupId } }), 400, '物料与计算组须选且只选其一');
    expectFailure(await post(`${DAY}/create`, { entity: base }), 400, '物料与计算组须选且只选其一');
    expectFailure(await post(`${DAY}/create`, { entity: { ...base, calcGroupId: groupId } }), 400, '该客户该计算组当天已有日计划');
  });
});
