import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../weighing/print/pdf-text.test-support';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';

// The lab on a real database: items and formats with formulas, samples drawn by the sampling
// grid with their blind codes, entry of one's own items, the second person's check, the recheck
// (replace or average), the version that refuses a stale write, and what the lab never sees.
const { app, database } = await createTestApp();
const { pool } = database;
let operator: string;
let quality: string;
// the sampling point's role (取样员): the lab's result entry holds no sampling grid
let sampler: string;
let admin: string;
let qualityUserId: string;
let orgId: string;
let materialId: string;
let vendorId: string;
let vendorName: string;
const item: Record<string, string> = {};

const post = (url: string, body: unknown, who = quality) => call(app, 'POST', url, who, body);
const get = (url: string, who = quality) => call(app, 'GET', url, who);
const count = async (table: string, where = 'true', params: unknown[] = []) =>
  Number((await pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)).rows[0].n);
const logCount = async (action: string) => count('sys_log', 'action = $1', [action]);

beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  sampler = (await bearerFor(app, 'sampler')).authorization;
  const q = await bearerFor(app, 'quality');
  quality = q.authorization;
  qualityUserId = String((await pool.query("SELECT id FROM sys_user WHERE username = 'quality'")).rows[0].id);
  admin = (await bearerFor(app, 'admin')).authorization;
  orgId = String(expectOk(await get('/api/sys-info/me', operator)).data.currentOrg);
  materialId = String((await pool.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId])).rows[0].archive_id);
  const v = (await pool.query('SELECT v.id, v.vendor_name FROM md_vendor_alloc a JOIN md_vendor v ON v.id = a.archive_id WHERE a.org_id = $1 ORDER BY v.id LIMIT 1', [orgId])).rows[0];
  vendorId = String(v.id);
  vendorName = v.vendor_name;
  await pool.query('UPDATE md_material SET is_sample = true WHERE id = $1', [materialId]);
  for (const r of (await pool.query('SELECT id, item_code FROM qm_assay_item WHERE group_id = (SELECT group_id FROM sys_org WHERE id = $1)', [orgId])).rows) item[r.item_code] = String(r.id);
  // the lab's duties: water and S by the role, Si by the user; C and strength are nobody's here
  const role = (await pool.query("SELECT id FROM sys_role WHERE role_code = 'ROLE_QUALITY'")).rows[0].id;
  await pool.query('INSERT INTO sys_role_assay_item (role_id, item_id) VALUES ($1, $2), ($1, $3)', [role, item['001'], item['003']]);
  await pool.query('INSERT INTO sys_user_assay_item (user_id, item_id) VALUES ($1, $2)', [qualityUserId, item['002']]);
});

let serial = 0;
/** A purchase truck weighed once, waiting at the sampling point. */
async function truckAtSite(plate: string, vendor = vendorId): Promise<{ id: string; no: string }> {
  serial += 1;
  const no = `CGBD-Q${serial}`;
  const { rows: [t] } = await pool.query(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, vendor_id, plate_number, first_is, gross, gross_time)
     VALUES ($1, 'pu', $2, 'FIRST_WEIGHED', $3, $4, $5, 'GROSS', 48.2, now()) RETURNING id`, [orgId, no, materialId, vendor, plate]);
  return { id: String(t.id), no };
}
const judge = (id: string, button: 'CONFIRM' | 'CONFIRM_NOT' | 'CONFIRM_AGAIN', extra: object = {}) =>
  post('/api/confirm/pu-sampling/submit', { id, button, sampleDate: '20261120', ...extra }, sampler);
const sampleOf = async (ticketId: string) =>
  (await pool.query('SELECT s.id::text AS id, s.blind_code, s.truck_count, s.sample_count, s.state FROM qm_sample_ticket st JOIN qm_sample s ON s.id = st.sample_id WHERE st.ticket_id = $1', [ticketId])).rows[0];

async function makeFormat(code: string, recheckMode: 'REPLACE' | 'AVERAGE', batchTrucks = 1): Promise<string> {
  return String(expectOk(await post('/api/quality/format/create', {
    entity: { formatCode: code, formatName: `煤 ${code}`, recheckMode, batchTrucks },
    entitysub: [{ itemCode: '001' }, { itemCode: '002' }, { itemCode: '003' }, { itemCode: 'Sd', formula: '[003] * 100 / (100 - [001])' }],
  })).data.id);
}
async function useFormat(formatId: string): Promise<void> {
  await pool.query('DELETE FROM qm_auto_model WHERE org_id = $1', [orgId]);
  expectOk(await post('/api/quality/auto-model/create', { entity: { materialId, formatId } }));
}
/** A fresh truck judged 合格 into a sample of its own; the sample as the lab reads it. */
async function freshSample(plate: string) {
  const t = await truckAtSite(plate);
  expectOk(await judge(t.id, 'CONFIRM', { sampleCount: 2 }));
  const s = await sampleOf(t.id);
  return { ticket: t, id: s.id as string, code: s.blind_code as string };
}
const detail = async (id: string, who = quality) => expectOk(await get(`/api/quality/sample/${id}`, who)).data;
const lineOf = (d: { lines: { itemCode: string }[] }, code: string) => d.lines.find((l) => l.itemCode === code) as unknown as {
  first: { value: string | null; version: number } | null; recheck: { value: string | null; version: number } | null; final: string | null; mayEnter: boolean;
};
async function enter(id: string, values: Record<string, string | null>, who = quality) {
  const d = await detail(id, admin);
  const round = d.round === 1 ? 'first' : 'recheck';
  return post(`/api/quality/sample/${id}/results`, {
    values: Object.entries(values).map(([code, value]) => ({ itemId: item[code], value, version: (lineOf(d, code)[round] as { version: number }).version })),
  }, who);
}

let coal: string;
let coalAvg: string;

describe('what the lab measures', () => {
  it('keeps an item with its precision, range and method; a bad range is a 400 naming the field', async () => {
    expectOk(await post('/api/quality/item/create', { entity: { itemCode: 'Sd', itemName: '干基硫', unit: '%', precisionDigits: 3, minValue: 0, maxValue: 100, method: 'GB/T 214' } }));
    item.Sd = String((await pool.query("SELECT id FROM qm_assay_item WHERE item_code = 'Sd'")).rows[0].id);
    const before = await count('qm_assay_item');
    const bad = expectFailure(await post('/api/quality/item/create', { entity: { itemCode: 'X1', itemName: '坏', minValue: 5, maxValue: 1 } }), 400, '最大值不能小于最小值');
    expect((bad.data as { field: string }).field).toBe('maxValue');
    expectFailure(await post('/api/quality/item/create', { entity: { itemCode: 'a b', itemName: '空格' } }), 400, /项目编码只能由字母、数字和下划线组成/);
    expect(await count('qm_assay_item')).toBe(before);
  });

  it('refuses a format whose formula is wrong, naming the row and field, and keeps nothing', async () => {
    const before = [await count('qm_format'), await count('qm_format_item'), await logCount('create')];
    const cases: [unknown[], RegExp, string][] = [
      [[{ itemCode: '001' }, { itemCode: 'Sd', formula: '[003] * (100 - [001]' }], /第2行公式错误: 括号不匹配/, 'entitysub.1.formula'],
      [[{ itemCode: '001' }, { itemCode: 'Sd', formula: '[003] * 2' }], /第2行公式引用的化验项目 003 不在本模板中/, 'entitysub.1.formula'],
      [[{ itemCode: '003', formula: '[Sd] + 1' }, { itemCode: 'Sd', formula: '[003] * 2' }], /循环引用/, 'entitysub.0.formula'],
      [[{ itemCode: '001' }, { itemCode: '001' }], /第2行与第1行的化验项目相同/, 'entitysub.1.itemCode'],
    ];
    for (const [lines, message, field] of cases) {
      const res = expectFailure(await post('/api/quality/format/create', { entity: { formatCode: 'BAD', formatName: '坏模板' }, entitysub: lines }), 400, message);
      expect((res.data as { field: string }).field).toBe(field);
    }
    expect([await count('qm_format'), await count('qm_format_item'), await logCount('create')]).toEqual(before);
  });

  it('draws no sample of a material no auto model gives a format: the judgment stands, and the reply warns', async () => {
    const t = await truckAtSite('晋Q00000');
    const reply = expectOk(await judge(t.id, 'CONFIRM', { sampleCount: 2 })).data as { id: string; warning?: string };
    const name = (await pool.query('SELECT inv_name FROM md_material WHERE id = $1', [materialId])).rows[0].inv_name;
    expect(reply.warning).toBe(`物料 ${name} 没有启用的自动模型，未生成样品；请在 质量管理 → 自动模型 中为它指定化验模板`);
    expect(await sampleOf(t.id)).toBeUndefined();
    expect((await pool.query('SELECT sample_state, sample_count FROM wb_ticket WHERE id = $1', [t.id])).rows[0]).toEqual({ sample_state: 'QUALIFIED', sample_count: 2 });
  });

  it('picks the format by material and vendor, the most specific rule first', async () => {
    coal = await makeFormat('COAL', 'REPLACE');
    coalAvg = await makeFormat('COAL-AVG', 'AVERAGE');
    const other = await makeFormat('COAL-V', 'REPLACE');
    expectOk(await post('/api/quality/auto-model/create', { entity: { formatId: other } }));
    expectOk(await post('/api/quality/auto-model/create', { entity: { vendorId, formatId: coalAvg } }));
    const made = expectOk(await post('/api/quality/auto-model/create', { entity: { materialId, formatId: coal } })).data as { id: string };
    // a new model is enabled, and its form shows the switch, on
    expect((await pool.query('SELECT enabled FROM qm_auto_model WHERE id = $1', [made.id])).rows[0].enabled).toBe(true);
    const form = (await pool.query("SELECT f.ishow, f.default_value FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = 'quality.auto-model.create' AND f.field_name = 'enabled'")).rows[0];
    expect(form).toEqual({ ishow: true, default_value: 'true' });
    expectFailure(await post('/api/quality/auto-model/create', { entity: { materialId, formatId: other } }), 400, '已有相同物料与供应商的自动模型');
    const t = await truckAtSite('晋Q00001');
    expectOk(await judge(t.id, 'CONFIRM'));
    expect(String((await pool.query('SELECT format_id FROM qm_sample s JOIN qm_sample_ticket st ON st.sample_id = s.id WHERE st.ticket_id = $1', [t.id])).rows[0].format_id)).toBe(coal);
    expectOk(await post('/api/quality/auto-model/create', { entity: { materialId, vendorId, formatId: other } }));
    const t2 = await truckAtSite('晋Q00002');
    expectOk(await judge(t2.id, 'CONFIRM'));
    expect(String((await pool.query('SELECT format_id FROM qm_sample s JOIN qm_sample_ticket st ON st.sample_id = s.id WHERE st.ticket_id = $1', [t2.id])).rows[0].format_id)).toBe(other);
  });
});

describe('sampling', () => {
  it('gives each truck its own sample with an unguessable blind code when the format says one truck per sample', async () => {
    await useFormat(coal);
    const a = await freshSample('晋Q00011');
    const b = await freshSample('晋Q00012');
    expect(a.id).not.toBe(b.id);
    for (const code of [a.code, b.code]) expect(code).toMatch(/^[0-9A-HJ-NP-Z]{10}$/);
    expect(a.code).not.toBe(b.code);
    expect(await sampleOf(a.ticket.id)).toMatchObject({ truck_count: 1, sample_count: 2, state: 'COLLECTING' });
  });

  it('joins the trucks of a day into one sample, corrects the count, and lets a 不合格 truck leave', async () => {
    const batch = await makeFormat('COAL-DAY', 'REPLACE', 0);
    await useFormat(batch);
    const t1 = await truckAtSite('晋Q00021');
    const t2 = await truckAtSite('晋Q00022');
    const t3 = await truckAtSite('晋Q00023');
    await Promise.all([judge(t1.id, 'CONFIRM', { sampleCount: 1 }), judge(t2.id, 'CONFIRM', { sampleCount: 2 }), judge(t3.id, 'CONFIRM', { sampleCount: 3 })].map(async (p) => expectOk(await p)));
    const s = await sampleOf(t1.id);
    expect([(await sampleOf(t2.id)).id, (await sampleOf(t3.id)).id]).toEqual([s.id, s.id]);
    expect(s).toMatchObject({ truck_count: 3, sample_count: 6 });
    expectOk(await judge(t2.id, 'CONFIRM_AGAIN', { sampleCount: 5 }));
    expect(await sampleOf(t1.id)).toMatchObject({ truck_count: 3, sample_count: 9 });
    expectOk(await judge(t3.id, 'CONFIRM_NOT'));
    expect(await sampleOf(t3.id)).toBeUndefined();
    expect(await sampleOf(t1.id)).toMatchObject({ truck_count: 2, sample_count: 6 });
    await useFormat(coal);
  });

  it('prints the sample card as a PDF', async () => {
    const s = await freshSample('晋Q00031');
    const res = await get(`/api/quality/sample/${s.id}/card`);
    expect([res.statusCode, res.headers['content-type'], res.rawPayload.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    // a code of the widest letters stays on one line of the label
    await pool.query(`UPDATE qm_sample SET blind_code = 'WMWMWMWMWM' WHERE id = $1`, [s.id]);
    const wide = await get(`/api/quality/sample/${s.id}/card`);
    expect((await pageTexts(new Uint8Array(wide.rawPayload))).join('\n')).toContain('WMWMWMWMWM');
  });
});

describe('results', () => {
  it('takes the items given to the user or the role, refuses another with 403, and derives the dry basis', async () => {
    const s = await freshSample('晋Q00041');
    const d = await detail(s.id);
    expect(['001', '002', '003', '004', 'Sd'].map((c) => lineOf(d, c)?.mayEnter)).toEqual([true, true, true, undefined, false]);
    expectOk(await enter(s.id, { '001': '12.5', '002': '3.1', '003': '0.8' }));
    const after = await detail(s.id);
    expect(['001', '003', 'Sd'].map((c) => lineOf(after, c).first?.value)).toEqual(['12.5', '0.8', '0.914']);
    expect(after.state).toBe('TESTING');
    // C is not an item of this format; Si is the user's own: taken away, it is refused
    const strange = expectFailure(await post(`/api/quality/sample/${s.id}/results`, { values: [{ itemId: item['004'], value: '1', version: 0 }] }), 400, /不在样品 .* 的化验模板中/);
    expect((strange.data as { field: string }).field).toBe('values.0.itemId');
    await pool.query('DELETE FROM sys_user_assay_item WHERE user_id = $1', [qualityUserId]);
    const before = [await count('qm_log'), await count('sys_log')];
    const refused = expectFailure(await enter(s.id, { '002': '3.3' }), 403, '您没有录入化验项目 Si 的权限');
    expect((refused.data as { field: string }).field).toBe('values.0.itemId');
    await pool.query('INSERT INTO sys_user_assay_item (user_id, item_id) VALUES ($1, $2)', [qualityUserId, item['002']]);
    expectFailure(await enter(s.id, { Sd: '1' }), 400, '干基硫 由公式计算，不能录入');
    const range = expectFailure(await enter(s.id, { '001': '120' }), 400, '水分 不能大于 100');
    expect((range.data as { field: string }).field).toBe('values.0.value');
    expectFailure(await enter(s.id, { '001': '12.555' }), 400, '水分 最多2位小数');
    expectFailure(await post(`/api/quality/sample/${s.id}/results`, { values: [{ itemId: item['001'], value: 'abc', version: 0 }] }), 400, /化验值应为数字/);
    expect([await count('qm_log'), await count('sys_log')]).toEqual(before);
    expect(lineOf(await detail(s.id), '002').first?.value).toBe('3.1');
  });

  it('logs every change with before, after and who, and each entry call exactly once in the operation log', async () => {
    const s = await freshSample('晋Q00051');
    const before = await logCount('assayEnter');
    expectOk(await enter(s.id, { '001': '10' }));
    expectOk(await enter(s.id, { '001': '11', '003': '1' }));
    expectOk(await enter(s.id, { '001': '11' }));
    expect(await logCount('assayEnter')).toBe(before + 3);
    const log = expectOk(await get(`/api/quality/sample/${s.id}/log`)).data;
    expect(log.map((l: { action: string; itemCode: string; before: string | null; after: string | null; actor: string }) => [l.action, l.itemCode, l.before, l.after, l.actor])).toEqual([
      ['ENTER', '001', null, '10', '李质检'],
      ['ENTER', '001', '10', '11', '李质检'],
      ['ENTER', '003', null, '1', '李质检'],
      ['DERIVE', 'Sd', null, '1.124', '李质检'],
    ]);
  });

  it('lets one of two concurrent writes of an item win and refuses the other with 409, losing nothing', async () => {
    const s = await freshSample('晋Q00061');
    const version = lineOf(await detail(s.id), '001').first?.version as number;
    const write = (value: string) => post(`/api/quality/sample/${s.id}/results`, { values: [{ itemId: item['001'], value, version }] });
    const answers = await Promise.all([write('9.1'), write('9.2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 200) === 0 ? '9.1' : '9.2';
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser?.json()).toMatchObject({ msg: '水分 已被他人修改，请刷新后重试', data: { field: 'values.0.version' } });
    const line = lineOf(await detail(s.id), '001').first;
    expect(line).toMatchObject({ value: winner, version: version + 1 });
    expect(await count('qm_log', "sample_id = $1 AND action = 'ENTER'", [s.id])).toBe(1);
    // the loser reloads and writes again on the new version: its value lands, the winner's is in the log
    expectOk(await post(`/api/quality/sample/${s.id}/results`, { values: [{ itemId: item['001'], value: '9.3', version: version + 1 }] }));
    const log = expectOk(await get(`/api/quality/sample/${s.id}/log`)).data.filter((l: { action: string }) => l.action === 'ENTER');
    expect(log.map((l: { before: string | null; after: string }) => [l.before, l.after])).toEqual([[null, winner], [winner, '9.3']]);
  });

  it('is checked by a second person only, and the check writes the final values once', async () => {
    const s = await freshSample('晋Q00071');
    expectFailure(await post(`/api/quality/sample/${s.id}/check`, {}, admin), 400, `样品 ${s.code} 尚未录入化验结果，不能审核`);
    expectOk(await enter(s.id, { '001': '8', '003': '0.5' }));
    expectFailure(await post(`/api/quality/sample/${s.id}/check`, {}, admin), 400, `样品 ${s.code} 的 Si 尚未录入，不能审核`);
    expectOk(await enter(s.id, { '002': '4' }));
    const checks = await logCount('assayCheck');
    expectFailure(await post(`/api/quality/sample/${s.id}/check`, {}), 403, '审核人不能是录入人，请由另一人审核');
    expect(await logCount('assayCheck')).toBe(checks);
    // the list's one-row button: the same check
    expectOk(await post(`/api/quality/assay/check/${s.id}`, {}, admin));
    expect(await logCount('assayCheck')).toBe(checks + 1);
    const d = await detail(s.id);
    expect(d.state).toBe('CHECKED');
    expect(['001', '002', '003', 'Sd'].map((c) => lineOf(d, c).final)).toEqual(['8', '4', '0.5', '0.543']);
    expectFailure(await enter(s.id, { '001': '9' }), 400, `样品 ${s.code} 已审核，不能修改化验结果`);
    expectFailure(await post(`/api/quality/sample/${s.id}/check`, {}, admin), 400, `样品 ${s.code} 已审核，不能审核`);
    // the weighing's view of the ticket: its sample's state and values, without the code
    const assay = expectOk(await get(`/api/weigh/pu/assay/${s.ticket.id}`, operator)).data;
    expect(assay.assay).toMatchObject({ state: 'CHECKED' });
    expect(assay.assay.items.find((i: { itemCode: string }) => i.itemCode === 'Sd').final).toBe('0.543');
    expect(JSON.stringify(assay)).not.toContain(s.code);
  });
});

describe('recheck', () => {
  async function checkedSample(plate: string, formatId: string) {
    await useFormat(formatId);
    const s = await freshSample(plate);
    expectOk(await enter(s.id, { '001': '10', '002': '4', '003': '0.9' }));
    expectOk(await post(`/api/quality/sample/${s.id}/check`, {}, admin));
    return s;
  }

  it('replaces the first result when the format says so', async () => {
    const s = await checkedSample('晋Q00081', coal);
    expectFailure(await post(`/api/quality/sample/${s.id}/recheck`, { reason: '' }), 400, /请填写复检原因/);
    const before = await logCount('assayRecheck');
    expectOk(await post(`/api/quality/sample/${s.id}/recheck`, { reason: '供方对水分有异议' }));
    expect(await logCount('assayRecheck')).toBe(before + 1);
    expectFailure(await post(`/api/quality/sample/${s.id}/recheck`, { reason: '再来' }), 400, `样品 ${s.code} 已复检，不能复检`);
    const listed = expectOk(await post('/api/quality/recheck/v2/list', { search: [{ key: 'blindCode', op: 'eq', val: s.code }] })).data.list;
    expect(listed.map((r: { state: string; recheckReason: string }) => [r.state, r.recheckReason])).toEqual([['RECHECK', '供方对水分有异议']]);
    expectOk(await enter(s.id, { '001': '12', '002': '4.2', '003': '1' }));
    expectOk(await post(`/api/quality/sample/${s.id}/check`, {}, admin));
    const d = await detail(s.id);
    expect([d.state, ...['001', '002', '003', 'Sd'].map((c) => lineOf(d, c).final)]).toEqual(['RECHECKED', '12', '4.2', '1', '1.136']);
    expect(lineOf(d, '001').first?.value).toBe('10');
    // the 复检 list shows each item's first, recheck and final value
    const after = expectOk(await post('/api/quality/recheck/v2/list', { search: [{ key: 'blindCode', op: 'eq', val: s.code }] })).data.list[0];
    expect(after.recheckValues).toContain('水分 10 / 12 / 12');
  });

  it('averages the two when the format says so, the derived item figured from the means', async () => {
    const s = await checkedSample('晋Q00091', coalAvg);
    expectOk(await post(`/api/quality/sample/${s.id}/recheck`, { reason: '复核' }));
    expectOk(await enter(s.id, { '001': '11', '002': '4.1', '003': '0.95' }));
    expectOk(await post(`/api/quality/sample/${s.id}/check`, {}, admin));
    const d = await detail(s.id);
    // water (10 + 11) / 2, S (0.9 + 0.95) / 2 = 0.925; dry S = 0.925 x 100 / (100 - 10.5)
    expect(['001', '002', '003', 'Sd'].map((c) => lineOf(d, c).final)).toEqual(['10.5', '4.05', '0.925', '1.034']);
    const listed = expectOk(await post('/api/quality/recheck/v2/list', { search: [{ key: 'blindCode', op: 'eq', val: s.code }] })).data.list[0];
    expect(listed.recheckValues).toContain('水分 10 / 11 / 10.5');
  });
});

describe('the lab is blind', () => {
  it('never shows a vendor, a ticket number or a plate in what the lab reads; the map is the sampling staff’s', async () => {
    await useFormat(coal);
    const s = await freshSample('晋Q00101');
    expectOk(await enter(s.id, { '001': '7', '002': '3', '003': '0.4' }));
    const answers = [
      expectOk(await post('/api/quality/assay/v2/list', { limit: { pn: 1, ps: 100 } })),
      expectOk(await post('/api/quality/recheck/v2/list', { limit: { pn: 1, ps: 100 } })),
      expectOk(await get(`/api/quality/sample/${s.id}`)),
      expectOk(await get(`/api/quality/sample/${s.id}/log`)),
      expectOk(await post('/api/quality/log/v2/list', { search: [{ key: 'blindCode', op: 'eq', val: s.code }] })),
    ];
    const text = JSON.stringify(answers);
    expect(text).toContain(s.code);
    expect(answers[4].data.list.map((l: { action: string; itemName: string; afterValue: string }) => [l.action, l.itemName, l.afterValue]))
      .toEqual(expect.arrayContaining([['ENTER', '水分', '7'], ['DERIVE', '干基硫', '0.43']]));
    for (const secret of [vendorName, s.ticket.no, '晋Q00101', 'CGBD-Q']) expect(text).not.toContain(secret);
    expectFailure(await get(`/api/quality/sample/${s.id}/tickets`), 403);
    expectFailure(await post('/api/quality/sample/v2/list', {}), 403);
    const map = expectOk(await get(`/api/quality/sample/${s.id}/tickets`, operator)).data;
    expect(map).toMatchObject([{ ticketNo: s.ticket.no, plateNumber: '晋Q00101', vendorName, sampleCount: 2 }]);
    const listed = expectOk(await post('/api/quality/sample/v2/list', { search: [{ key: 'blindCode', op: 'eq', val: s.code }] }, operator)).data.list;
    expect(listed[0]).toMatchObject({ blindCode: s.code, ticketNos: s.ticket.no, plateNumbers: '晋Q00101', vendorName });
    // the card by the truck, at the sampling point, is the map's too
    expectFailure(await get(`/api/quality/ticket/${s.ticket.id}/card`), 403);
    expect((await get(`/api/quality/ticket/${s.ticket.id}/card`, operator)).headers['content-type']).toBe('application/pdf');
  });

  it('keeps each company’s samples to itself', async () => {
    const s = await freshSample('晋Q00111');
    const jc = (await pool.query("SELECT id FROM sys_org WHERE org_code = 'HDJC'")).rows[0].id;
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    expect(accountant).toBeTruthy();
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${jc}`, admin));
    expectFailure(await get(`/api/quality/sample/${s.id}`, admin), 404);
    expectFailure(await post(`/api/quality/sample/${s.id}/check`, {}, admin), 404);
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${orgId}`, admin));
  });
});
