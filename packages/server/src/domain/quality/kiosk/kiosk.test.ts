import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';
import type { MenuItem, NavReply } from '@wb/protocol';
import { routeLogMarks } from '../../../platform/audit/logged-routes';
import { permissionRoutes } from '../../system/admin/menus/route-permissions';
import { plantOf, weighPurchase, type Plant } from '../../weighing/test-support';
import { applySampleResults } from '../apply';
import { drawOnContract, makeQualityContract, makeSample } from '../test-support';
import { KIOSK_REFUSED } from './auth';

/**
 * The /viewWeigh kiosk on a real database: a key issued and revoked by an administrator, the
 * waiting samples by blind code, entry of the kiosk's items logged under its name; and the lab's
 * blindness, with the demo's grants as seeded: every call a lab user (result entry, ROLE_QUALITY)
 * or a kiosk can make, its menus, their templates' lists and every call its permission keys open,
 * answers without a vendor, a ticket number or a plate.
 */
const { app, database } = await createTestApp();
const { pool, db } = database;
let admin: string;
let quality: string;
let plant: Plant;
let vendor: { name: string; code: string };
const item: Record<string, string> = {};
const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n);
const kioskGet = (key: string | null) => call(app, 'GET', '/api/kiosk/quality/samples', undefined, undefined, key === null ? {} : { authorization: `Kiosk ${key}` });
const kioskPost = (key: string, body: unknown) => call(app, 'POST', '/api/kiosk/quality/results', undefined, body, { authorization: `Kiosk ${key}` });
const issue = (body: unknown, who = admin) => call(app, 'POST', '/api/quality/kiosk/issueKiosk', who, body);

/** A purchase truck weighed once, waiting at the sampling point, judged 合格 into a sample of its own. */
let serial = 0;
async function sampledTruck(): Promise<{ ticketId: string; ticketNo: string; plate: string; sampleId: string; blindCode: string }> {
  serial += 1;
  const plate = `晋K${String(70000 + serial)}`;
  const ticketNo = `CGBD-K${serial}`;
  const { rows: [t] } = await pool.query(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, vendor_id, plate_number, first_is, gross, gross_time)
     VALUES ($1, 'pu', $2, 'FIRST_WEIGHED', $3, $4, $5, 'GROSS', 48.2, now()) RETURNING id::text`, [plant.orgId, ticketNo, plant.materialId, plant.vendorId, plate]);
  expectOk(await call(app, 'POST', '/api/confirm/pu-sampling/submit', admin, { id: t.id, button: 'CONFIRM', sampleDate: '20261125' }));
  const { rows: [s] } = await pool.query('SELECT s.id::text, s.blind_code FROM qm_sample_ticket st JOIN qm_sample s ON s.id = st.sample_id WHERE st.ticket_id = $1', [t.id]);
  return { ticketId: t.id, ticketNo, plate, sampleId: s.id, blindCode: s.blind_code };
}

let waiting: Awaited<ReturnType<typeof sampledTruck>>;
let key: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  quality = (await bearerFor(app, 'quality')).authorization;
  plant = await plantOf(db);
  const v = (await pool.query('SELECT vendor_name, vendor_code FROM md_vendor WHERE id = $1', [plant.vendorId])).rows[0];
  vendor = { name: v.vendor_name, code: v.vendor_code };
  for (const r of (await pool.query('SELECT i.id::text, i.item_code FROM qm_assay_item i JOIN sys_org o ON o.group_id = i.group_id WHERE o.id = $1', [plant.orgId])).rows) item[r.item_code] = r.id;
  await pool.query('UPDATE md_material SET is_sample = true WHERE id = $1', [plant.materialId]);
  const format = String(expectOk(await call(app, 'POST', '/api/quality/format/create', admin, {
    entity: { formatCode: 'KCOAL', formatName: '煤', recheckMode: 'REPLACE', batchTrucks: 1 }, entitysub: [{ itemCode: '001' }, { itemCode: '002' }, { itemCode: '003' }],
  })).data.id);
  expectOk(await call(app, 'POST', '/api/quality/auto-model/create', admin, { entity: { materialId: plant.materialId, formatId: format } }));
  waiting = await sampledTruck();
});

describe('kiosk keys', () => {
  it('are issued by an administrator with one log entry; bad input is a 400 naming the field and keeps nothing', async () => {
    const before = [await count('qm_kiosk'), await count('sys_log')];
    expect((expectFailure(await issue({ itemCodes: ['001'] }), 400).data as { field: string }).field).toBe('name');
    expect((expectFailure(await issue({ name: '化验室1号', itemCodes: [] }), 400, /请选择化验项目/).data as { field: string }).field).toBe('itemCodes');
    expect((expectFailure(await issue({ name: '化验室1号', itemCodes: ['001', 'NOPE'] }), 400, '化验项目 NOPE 不存在').data as { field: string }).field).toBe('itemCodes');
    expectFailure(await issue({ name: '化验室1号', itemCodes: ['001'] }, quality), 403);
    expect([await count('qm_kiosk'), await count('sys_log')]).toEqual(before);
    const done = expectOk(await issue({ name: '化验室1号', itemCodes: ['001', '003'] })).data as { key: string; items: string[] };
    key = done.key;
    expect(key).toMatch(/^wbk_[A-Za-z0-9_-]{32}$/);
    expect(done.items).toEqual(['水分', 'S']);
    expect(await count("sys_log WHERE action = 'issueKiosk' AND doc_no = '化验室1号'")).toBe(1);
    // only the hash is kept
    expect(await count('qm_kiosk WHERE key_hint = $1', [key.slice(-4)])).toBe(1);
    expect(JSON.stringify((await pool.query('SELECT * FROM qm_kiosk')).rows)).not.toContain(key);
    expectFailure(await issue({ name: '化验室1号', itemCodes: ['001'] }), 400, '终端 化验室1号 已存在');
    const listed = expectOk(await call(app, 'POST', '/api/quality/kiosk/v2/list', admin, { limit: { pn: 1, ps: 50 } })).data.list;
    expect(listed).toEqual([expect.objectContaining({ name: '化验室1号', keyHint: key.slice(-4), items: '水分、S', state: 'LIVE' })]);
  });

  it('never gives two live kiosks one name, however close the calls come', async () => {
    const [a, b] = await Promise.all([issue({ name: '取样亭', itemCodes: ['001'] }), issue({ name: '取样亭', itemCodes: ['003'] })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await count("qm_kiosk WHERE name = '取样亭' AND revoked_at IS NULL")).toBe(1);
    expect(await count("sys_log WHERE action = 'issueKiosk' AND doc_no = '取样亭'")).toBe(1);
  });

  it('open nothing without a key, with a wrong one, or with a workspace token', async () => {
    for (const res of [await kioskGet(null), await kioskGet('wbk_not-a-key'), await call(app, 'GET', '/api/kiosk/quality/samples', quality)]) {
      expectFailure(res, 401, KIOSK_REFUSED);
      expect(res.body).not.toContain(waiting.blindCode);
    }
    expectFailure(await call(app, 'POST', '/api/kiosk/quality/results', quality, { sampleId: waiting.sampleId, values: [] }), 401, KIOSK_REFUSED);
  });
});

describe('the kiosk', () => {
  it('shows the waiting samples by blind code with its own items', async () => {
    const view = expectOk(await kioskGet(key)).data as { kiosk: { name: string }; items: { code: string }[]; samples: { id: string; blindCode: string; results: { itemId: string; version: number }[] }[] };
    expect(view.kiosk.name).toBe('化验室1号');
    expect(view.items.map((i) => i.code)).toEqual(['001', '003']);
    const s = view.samples.find((x) => x.blindCode === waiting.blindCode)!;
    expect(s.results.map((r) => r.itemId).sort()).toEqual([item['001'], item['003']].sort());
  });

  it('enters its items under its name, one log entry each; refuses another item, a bad value and a stale version, changing nothing', async () => {
    const view = expectOk(await kioskGet(key)).data as { samples: { id: string; blindCode: string; results: { itemId: string; version: number }[] }[] };
    const version = (code: string) => view.samples.find((x) => x.id === waiting.sampleId)!.results.find((r) => r.itemId === item[code])!.version;
    const logs = () => count("sys_log WHERE action = 'assayEnter' AND username = '质检终端:化验室1号'");
    const before = [await logs(), await count('qm_log')];
    expectFailure(await kioskPost(key, { sampleId: waiting.sampleId, values: [{ itemId: item['002'], value: '5', version: 0 }] }), 403);
    const bad = expectFailure(await kioskPost(key, { sampleId: waiting.sampleId, values: [{ itemId: item['001'], value: 'abc', version: version('001') }] }), 400);
    expect((bad.data as { field: string }).field).toMatch(/^values\.0\.value/);
    expect((expectFailure(await kioskPost(key, { values: [{ itemId: item['001'], value: '10', version: version('001') }] }), 400).data as { field: string }).field).toBe('sampleId');
    expect([await logs(), await count('qm_log')]).toEqual(before);
    const saved = expectOk(await kioskPost(key, { sampleId: waiting.sampleId, values: [{ itemId: item['001'], value: '10.5', version: version('001') }] }));
    expect(saved.data).toMatchObject({ blindCode: waiting.blindCode, changed: 1 });
    expect(await logs()).toBe(before[0] + 1);
    const entry = (await pool.query("SELECT actor_name, user_id, after_value FROM qm_log WHERE sample_id = $1 AND action = 'ENTER'", [waiting.sampleId])).rows;
    expect(entry).toEqual([{ actor_name: '化验室1号', user_id: null, after_value: '10.5000' }]);
    // the version read before the save is stale now
    expectFailure(await kioskPost(key, { sampleId: waiting.sampleId, values: [{ itemId: item['001'], value: '11', version: version('001') }] }), 409);
    expect(await logs()).toBe(before[0] + 1);
  });
});

describe('revoking a key', () => {
  it('closes the kiosk at its next call, with one log entry', async () => {
    const id = (await pool.query("SELECT id::text FROM qm_kiosk WHERE name = '化验室1号'")).rows[0].id;
    expectFailure(await call(app, 'POST', '/api/quality/kiosk/revoke', admin, { ids: [] }), 400);
    expectOk(await call(app, 'POST', '/api/quality/kiosk/revoke', admin, { ids: [id] }));
    expect(await count("sys_log WHERE action = 'revokeKiosk' AND doc_no = '化验室1号'")).toBe(1);
    const res = await kioskGet(key);
    expectFailure(res, 401, KIOSK_REFUSED);
    expect(res.body).not.toContain(waiting.blindCode);
    expectFailure(await kioskPost(key, { sampleId: waiting.sampleId, values: [{ itemId: item['001'], value: '9', version: 5 }] }), 401, KIOSK_REFUSED);
    // a new kiosk may take the revoked one's name
    key = (expectOk(await issue({ name: '化验室1号', itemCodes: ['001'] })).data as { key: string }).key;
  });
});

// last: the walk below calls the lab's writes too, with the ids it knows
describe('the lab never learns whose sample it is', () => {
  // the lab as seeded: the quality role (result entry) with the demo's grants, nothing taken away
  // by the test; the sampling grid, the tickets and the map are the sampler's and the operators'
  let lab: string;
  let secrets: string[];
  let ids: string[];
  beforeAll(async () => {
    // a second sample, on a contract, checked and applied: the applied figures are there to leak too
    const contract = await makeQualityContract(db, plant, [{ itemCode: '001', itemName: '水分', standardValue: '8', direction: 'MAX', deductStep: '1', deductPercent: '1' }]);
    const op = (await bearerFor(app, 'operator')).authorization;
    const truck = await weighPurchase(app, db, plant, op, { station: 'K', price: '500' });
    await drawOnContract(db, truck.lineId, contract.lineId);
    const checked = await makeSample(db, plant, [truck.id], { '001': '10', '003': '1' });
    await db.transaction().execute((tx) => applySampleResults(tx, plant.orgId, checked.id, { userId: null, name: '李质检' }));
    lab = (await bearerFor(app, 'quality')).authorization;
    secrets = [vendor.name, vendor.code, waiting.ticketNo, waiting.plate, truck.no, truck.plate];
    ids = [waiting.sampleId, checked.id, waiting.ticketId, truck.id];
  });
  const expectBlind = (res: { body: string }, what: string) => {
    for (const secret of secrets) expect(res.body, what).not.toContain(secret);
  };
  /** A route's address with each id the test knows in place of :id, the kind and any other parameter filled. */
  const addresses = (url: string) => (url.includes(':id') ? ids.map((id) => url.replace(':id', id)) : [url])
    .map((raw) => raw.replace(':kind', 'pu').replace(/:[A-Za-z]+/g, '1'));
  const LIST = { limit: { pn: 1, ps: 200 } };

  it('holds, as seeded, no right that shows a truck: no ticket, site confirmation, sampling grid, map or gate chart', async () => {
    const nav = expectOk(await call(app, 'GET', '/api/sys-menu/nav', lab)).data as NavReply;
    const held = Object.keys(nav.permissions);
    expect(held).toContain('quality_assay_enter');
    expect(held.filter((k) => /^(weigh_|confirm_|report_home_view$|quality_sample_map$|quality_report_view$)/.test(k))).toEqual([]);
    // the sampler judges the trucks and sees their plates, and enters no result
    const sampler = expectOk(await call(app, 'GET', '/api/sys-menu/nav', (await bearerFor(app, 'sampler')).authorization)).data as NavReply;
    expect(sampler.permissions).toMatchObject({ confirm_pu_sampling_submit: true, weigh_pu_view: true, quality_sample_map: true });
    expect(Object.keys(sampler.permissions).filter((k) => k.startsWith('quality_assay') || k.startsWith('quality_recheck'))).toEqual([]);
    // the calls behind the grid and the ticket's assay view answer the lab 403
    expectFailure(await call(app, 'POST', '/api/confirm/pu-sampling/v2/list', lab, LIST), 403);
    expectFailure(await call(app, 'GET', `/api/weigh/pu/assay/${waiting.ticketId}`, lab), 403);
    expectFailure(await call(app, 'POST', '/api/weigh/pu/v2/list', lab, LIST), 403);
  });

  it('walks the lab\'s menus, their templates\' lists and every call its keys open, and finds no vendor, ticket number or plate', async () => {
    await app.ready();
    const nav = call(app, 'GET', '/api/sys-menu/nav', lab);
    const navReply = await nav;
    expectBlind(navReply, 'GET /api/sys-menu/nav');
    const { menu, permissions } = expectOk(navReply).data as NavReply;
    const reached: string[] = [];
    // each leaf of the lab's menu tree: its list template and the list it names
    const leaves: MenuItem[] = [];
    const flatten = (items: MenuItem[]) => items.forEach((m) => (m.children.length ? flatten(m.children) : leaves.push(m)));
    flatten(menu);
    expect(leaves.map((l) => l.path)).toEqual(expect.arrayContaining(['/quality/assay', '/quality/recheck', '/quality/log']));
    for (const leaf of leaves) {
      for (const formatType of ['LIST', 'FORM', 'SEARCH']) {
        const template = await call(app, 'GET', `/api/cg-format/template?menuId=${leaf.id}&formatType=${formatType}`, lab);
        expectBlind(template, `${leaf.path} ${formatType}`);
        const resUrl = template.statusCode === 200 ? (template.json().data as { resUrl: string | null }).resUrl : null;
        if (formatType !== 'LIST' || !resUrl) continue;
        const list = await call(app, 'POST', resUrl, lab, LIST);
        expectBlind(list, `${leaf.path} ${resUrl}`);
        if (list.statusCode === 200) reached.push(resUrl);
      }
    }
    // every GET and POST whose key the lab holds, with the bodies its screens send
    const held = new Set(Object.keys(permissions));
    // a server-sent stream (the approvals' counts) never ends: what it carries is the counts call's
    const routes = permissionRoutes(app).filter((r) => held.has(r.permission) && (r.method === 'GET' || r.method === 'POST') && !/\/stream$/.test(r.url));
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) {
      for (const url of addresses(r.url)) {
        const bodies = r.method === 'GET' ? [undefined] : url.endsWith('/list') ? [LIST, {}] : [{}, ...ids.flatMap((id) => [{ id }, { ids: [id] }, { sampleId: id }])];
        for (const body of bodies) {
          const res = await call(app, r.method as 'GET' | 'POST', url, lab, body);
          expectBlind(res, `${r.method} ${url} ${JSON.stringify(body)}`);
          if (res.statusCode === 200) reached.push(`${r.method} ${r.url}`);
        }
      }
    }
    // not a walk of nothing: the lab's own screens answered
    for (const must of ['/api/quality/assay/v2/list', '/api/quality/recheck/v2/list', '/api/quality/log/v2/list', 'GET /api/quality/sample/:id']) {
      expect(reached).toContain(must);
    }
  });

  it('finds no vendor, ticket number or plate in any answer of any route to a lab user or a kiosk', async () => {
    await app.ready();
    const routes = routeLogMarks(app).filter((r) => r.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(r.method)
      // a server-sent stream never ends; sign-in, its tokens and the way out are not the lab's data
      && !/\/live\/|\/oauth\/|\/token|\/logout|\/switch|\/station\/readings|\/stream$/.test(r.url));
    const reached: string[] = [];
    for (const r of routes) {
      for (const url of addresses(r.url)) {
        const kiosk = url.startsWith('/api/kiosk/');
        const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : url.endsWith('/v2/list') ? LIST : {};
        const res = await call(app, r.method as 'GET', url, kiosk ? undefined : lab, body, kiosk ? { authorization: `Kiosk ${key}` } : {});
        expectBlind(res, `${r.method} ${url}`);
        if (res.statusCode === 200) reached.push(`${r.method} ${r.url}`);
      }
    }
    // not a test of nothing: the lab's own screens answered
    for (const must of ['GET /api/quality/sample/:id', 'POST /api/quality/assay/v2/list', 'POST /api/quality/recheck/v2/list', 'GET /api/kiosk/quality/samples']) {
      expect(reached).toContain(must);
    }
  });
});
