import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, type Plant } from '../weighing/test-support';

/**
 * The track scale (轨道衡) through its calls: a purchase train under a contract with loss terms,
 * its wagons' figures, the audit posting each wagon to stock once (raced), the reverse audit, the
 * track scale program's push and the sheet import keyed by train and wagon, the print, the weighing
 * report reading the wagons, bad input and another company.
 */
const { app, database } = await createTestApp();
const { pool, db } = database;
const PU = '/api/track/pu';
let operator: string;
let accountant: string;
let adminInB: string;
let plant: Plant;
let codes: { vendor: string; warehouse: string; material: string };

const post = (url: string, body: unknown, who = operator) => call(app, 'POST', url, who, body);
const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows;
const balance = async () => Number((await q('SELECT coalesce(sum(quantity), 0)::text AS n FROM wb_stock_balance WHERE org_id = $1 AND warehouse_id = $2 AND material_id = $3',
  [plant.orgId, plant.warehouseId, plant.materialId]))[0].n);
const liveRecords = async (trainId: string) => (await q(`SELECT r.quantity::text, r.direction FROM wb_stock_record r JOIN wb_wagon w ON w.id = r.wagon_id
  WHERE w.train_id = $1 AND r.reversed_at IS NULL ORDER BY w.seq`, [trainId])).map((r) => [r.direction, r.quantity]);

const WAGONS = [
  { wagonNo: 'c64-4801', gross: '83.46', tare: '23.2', tareMode: 'MARKED', waybill: '60.5' },
  { wagonNo: 'C64-4802', gross: '84', tare: '23.6', tareMode: 'WEIGHED', waybill: '60.5' },
];

async function contractWithTerms(extra: Record<string, unknown> = {}) {
  return expectOk(await post('/api/contract/pu/create', {
    entity: { vendorId: plant.vendorId, validFrom: '2024-01-01', validTo: '2030-12-31', lossBasis: 'PERMILLE', lossAllowance: '2', lossHandling: 'CHARGE', ...extra },
    entitysub: [{ materialId: plant.materialId, quantity: 5000 }],
  }, accountant)).data as { id: string };
}

async function train(entity: Record<string, unknown> = {}, wagons: Record<string, unknown>[] = WAGONS) {
  return expectOk(await post(`${PU}/create`, {
    entity: { arrivedAt: '2024-06-15 10:00:00', vendorId: plant.vendorId, materialId: plant.materialId, warehouseId: plant.warehouseId, ...entity },
    entitysub: wagons,
  })).data as { id: string; trainNo: string };
}

beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  adminInB = (await bearerFor(app, 'admin')).authorization;
  plant = await plantOf(db);
  const other = (await q("SELECT id::text FROM sys_org WHERE org_code = 'HDJC'"))[0].id;
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${other}`, adminInB));
  codes = {
    vendor: (await q('SELECT vendor_code FROM md_vendor WHERE id = $1', [plant.vendorId]))[0].vendor_code,
    warehouse: (await q('SELECT ware_code FROM md_warehouse WHERE id = $1', [plant.warehouseId]))[0].ware_code,
    material: (await q('SELECT inv_code FROM md_material WHERE id = $1', [plant.materialId]))[0].inv_code,
  };
});

describe('a train and its wagons', () => {
  it('takes the contract\'s loss terms and figures each wagon: net, loss, 2‰ tolerance, the excess charged; the totals', async () => {
    const contract = await contractWithTerms();
    const t = await train({ contractId: contract.id });
    const read = expectOk(await call(app, 'GET', `${PU}/get/${t.id}`, operator)).data;
    expect(read).toMatchObject({ lossBasis: 'PERMILLE', lossAllowance: '2', lossHandling: 'CHARGE', docStatus: 'FREE' });
    expect(read.entitysub.map((w: Record<string, unknown>) => [w.wagonNo, w.net, w.loss])).toEqual([['C64-4801', '60.26', '0.24'], ['C64-4802', '60.4', '0.1']]);
    const sheet = expectOk(await post(`${PU}/figures`, { id: t.id })).data;
    expect(sheet.wagons.map((w: { figures: unknown }) => w.figures)).toEqual([
      { net: '60.260', loss: '0.240', tolerance: '0.121', overLoss: '0.119', charged: '0.119', flagged: true },
      { net: '60.400', loss: '0.100', tolerance: '0.121', overLoss: '0.000', charged: '0.000', flagged: false },
    ]);
    expect(sheet.totals).toEqual({ wagons: 2, gross: '167.460', tare: '46.800', net: '120.660', waybill: '121.000', loss: '0.340', tolerance: '0.242', overLoss: '0.119', charged: '0.119', flagged: 1 });
  });

  it('audit posts each wagon to stock once (two audits at once: one wins) and stamps the figures; reverse audit takes them back', async () => {
    const t = await train({ lossBasis: 'TONS', lossAllowance: '0.2', lossHandling: 'FLAG' });
    const before = await balance();
    const answers = await Promise.all([1, 2].map(() => post(`${PU}/audit`, { ids: [t.id] })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await liveRecords(t.id)).toEqual([['IN', '60.2600'], ['IN', '60.4000']]);
    expect((await balance()) - before).toBeCloseTo(120.66, 6);
    expect(await q('SELECT tolerance::text, over_loss::text, charged::text FROM wb_wagon WHERE train_id = $1 ORDER BY seq', [t.id]))
      .toEqual([{ tolerance: '0.200', over_loss: '0.040', charged: '0.000' }, { tolerance: '0.200', over_loss: '0.000', charged: '0.000' }]);
    // an audited train is not changed
    expectFailure(await call(app, 'PUT', `${PU}/update`, operator, { entity: { id: t.id, remark: 'x' } }), 400);
    expectOk(await post(`${PU}/unaudit`, { ids: [t.id] }));
    expect(await liveRecords(t.id)).toEqual([]);
    expect(await balance()).toBeCloseTo(before, 6);
    expect((await q('SELECT count(*)::int AS n FROM wb_wagon WHERE train_id = $1 AND tolerance IS NOT NULL', [t.id]))[0].n).toBe(0);
  });

  it('a sales train: its audit takes each wagon out of the warehouse; the purchase calls do not reach it', async () => {
    const sale = expectOk(await post('/api/track/sa/create', {
      entity: { arrivedAt: '2024-06-15 12:00:00', customerId: plant.customerId, materialId: plant.materialId, warehouseId: plant.warehouseId },
      entitysub: [{ wagonNo: 'P62-1', gross: '81.2', tare: '21.4', waybill: '59.8' }],
    })).data as { id: string };
    expectFailure(await post(`${PU}/figures`, { id: sale.id }), 404);
    const before = await balance();
    expectOk(await post('/api/track/sa/audit', { ids: [sale.id] }));
    expect(await liveRecords(sale.id)).toEqual([['OUT', '59.8000']]);
    expect(before - (await balance())).toBeCloseTo(59.8, 6);
  });

  it('refuses to audit a train with a wagon not weighed, naming it', async () => {
    const t = await train({}, [{ wagonNo: 'C70-1', tare: '23.8', waybill: '70' }]);
    expectFailure(await post(`${PU}/audit`, { ids: [t.id] }), 400, `车次 ${t.trainNo} 车号 C70-1 未称毛重，不能审核`);
    expect(await liveRecords(t.id)).toEqual([]);
  });

  it('answers 400 naming the field for bad input and writes nothing', async () => {
    const count = async () => (await q('SELECT count(*)::int AS n FROM wb_train'))[0].n;
    const n = await count();
    const create = (entity: Record<string, unknown>, wagons: Record<string, unknown>[] = WAGONS) => post(`${PU}/create`, {
      entity: { arrivedAt: '2024-06-15 10:00:00', vendorId: plant.vendorId, warehouseId: plant.warehouseId, ...entity }, entitysub: wagons,
    });
    expect(expectFailure(await create({}, [{ wagonNo: 'X1', gross: '20', tare: '23' }]), 400).msg).toBe('第1行 皮重必须小于毛重');
    expect(expectFailure(await create({}, [{ wagonNo: 'X1', gross: '80' }, { wagonNo: 'x1', gross: '81' }]), 400).msg).toMatch(/车号 X1 与第1行相同/);
    expect(expectFailure(await create({ vendorId: undefined }), 400).msg).toMatch(/供应商/);
    expect(expectFailure(await create({ lossBasis: 'PERMILLE' }), 400).msg).toBe('损耗方式与允许损耗须同时填写');
    expect(expectFailure(await create({}, [{ wagonNo: 'X1', gross: 'abc' }]), 400).msg).toMatch(/毛重/);
    const sale = expectOk(await post('/api/contract/sa/create', {
      entity: { customerId: plant.customerId, validFrom: '2024-01-01', validTo: '2030-12-31' }, entitysub: [{ materialId: plant.materialId, quantity: 10 }],
    }, accountant)).data;
    expect(expectFailure(await create({ contractId: sale.id }), 400).msg).toMatch(/不是采购合同/);
    expect(await count()).toBe(n);
  });

  it('is the company\'s own: another company neither reads, figures, prints nor audits it', async () => {
    const t = await train();
    expectFailure(await call(app, 'GET', `${PU}/get/${t.id}`, adminInB), 404);
    expectFailure(await post(`${PU}/figures`, { id: t.id }, adminInB), 404);
    expectFailure(await call(app, 'GET', `${PU}/print/${t.id}`, adminInB), 404);
    expect((await post(`${PU}/audit`, { ids: [t.id] }, adminInB)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await liveRecords(t.id)).toEqual([]);
    const list = expectOk(await post(`${PU}/v2/list`, { search: [{ key: 'trainNo', op: 'eq', val: t.trainNo }], limit: { pn: 1, ps: 10 } }, adminInB)).data;
    expect(list.total).toBe(0);
  });

  it('prints the train ticket with its wagons and totals (PDF and Excel)', async () => {
    const t = await train();
    const pdf = await call(app, 'GET', `${PU}/print/${t.id}`, operator);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
    const xlsx = await call(app, 'GET', `${PU}/print/${t.id}/xlsx`, operator);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0].getSheetValues().flat().map((v) => (v === null || v === undefined ? '' : String(v)));
    expect(cells).toContain('C64-4801');
    expect(cells).toContain('2 节');
  });
});

describe('wagon lists from outside', () => {
  const push = (wagons: Record<string, unknown>[], entity: Record<string, unknown> = {}) => post(`${PU}/datax`, {
    trains: [{ entity: { trainNo: 'K-PUSH-1', arrivedAt: '2024-06-16 08:00:00', vendorCode: codes.vendor, wareCode: codes.warehouse, materialCode: codes.material, ...entity }, entitysub: wagons }],
  });

  it('the track scale program\'s push: keyed by train and wagon, the same push twice changes nothing', async () => {
    expect(expectOk(await push([WAGONS[0]])).data).toEqual({ created: 1, updated: 0, wagonsCreated: 1, wagonsUpdated: 0 });
    expect(expectOk(await push([WAGONS[0], WAGONS[1]])).data).toEqual({ created: 0, updated: 0, wagonsCreated: 1, wagonsUpdated: 0 });
    expect(expectOk(await push([WAGONS[0], WAGONS[1]])).data).toEqual({ created: 0, updated: 0, wagonsCreated: 0, wagonsUpdated: 0 });
    expect(expectOk(await push([{ ...WAGONS[1], gross: '84.02' }])).data).toEqual({ created: 0, updated: 0, wagonsCreated: 0, wagonsUpdated: 1 });
    const wagons = await q("SELECT w.wagon_no, w.net::text FROM wb_wagon w JOIN wb_train t ON t.id = w.train_id WHERE t.train_no = 'K-PUSH-1' ORDER BY w.seq");
    expect(wagons).toEqual([{ wagon_no: 'C64-4801', net: '60.260' }, { wagon_no: 'C64-4802', net: '60.420' }]);
    // two pushes at once: the wagon is written once
    const both = await Promise.all([1, 2].map(() => push([{ wagonNo: 'C64-4803', gross: '80', tare: '20', waybill: '60' }])));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await q("SELECT count(*)::int AS n FROM wb_wagon WHERE wagon_no = 'C64-4803'"))[0].n).toBe(1);
    // once audited, the train is not changed from outside
    const id = (await q("SELECT id::text FROM wb_train WHERE train_no = 'K-PUSH-1'"))[0].id;
    expectOk(await post(`${PU}/audit`, { ids: [id] }));
    expectFailure(await push([WAGONS[0]]), 400, '车次 K-PUSH-1 已审核，不能由接口修改');
    expectFailure(await push([{ wagonNo: 'C1', gross: 'x' }], { trainNo: 'K-PUSH-2' }), 400);
    expectFailure(await push([WAGONS[0]], { trainNo: 'K-PUSH-3', vendorCode: 'NOPE' }), 400, '供应商编码 NOPE 不存在');
    expect((await q("SELECT count(*)::int AS n FROM wb_train WHERE train_no IN ('K-PUSH-2', 'K-PUSH-3')"))[0].n).toBe(0);
  });

  it('a sheet: a row per wagon, grouped by train; a bad row writes nothing', async () => {
    const HEAD = ['车次', '到达时间', '供应商编码', '仓库编码', '物料编码', '车号', '毛重', '皮重', '票重'];
    const row = (trainNo: string, wagonNo: string, gross: unknown) => [trainNo, '2024-06-17 09:00:00', codes.vendor, codes.warehouse, codes.material, wagonNo, gross, 23, 60];
    const bad = expectFailure(await upload(`${PU}/import`, await sheet(HEAD, [row('K-IMP-1', 'C1', 83), row('K-IMP-1', 'C2', 'abc')])), 400);
    expect((bad.data as { errors: { row: number; field: string }[] }).errors[0]).toMatchObject({ row: 3, field: 'gross' });
    expect((await q("SELECT count(*)::int AS n FROM wb_train WHERE train_no = 'K-IMP-1'"))[0].n).toBe(0);
    const done = expectOk(await upload(`${PU}/import`, await sheet(HEAD, [row('K-IMP-1', 'C1', 83), row('K-IMP-1', 'C2', 84), row('K-IMP-2', 'C1', 85)]))).data;
    expect(done).toMatchObject({ created: 2, wagonsCreated: 3 });
    expect(await q("SELECT t.train_no, sum(w.net)::text AS net FROM wb_train t JOIN wb_wagon w ON w.train_id = t.id WHERE t.train_no LIKE 'K-IMP-%' GROUP BY 1 ORDER BY 1"))
      .toEqual([{ train_no: 'K-IMP-1', net: '121.000' }, { train_no: 'K-IMP-2', net: '62.000' }]);
    expectFailure(await upload(`${PU}/import`, await sheet(HEAD, [row('K-IMP-1', 'C9', 83)])), 400, '车次 K-IMP-1 已存在');
  });
});

describe('the reports take wagons like tickets', () => {
  it('过磅日报 counts an audited train\'s wagons on its arrival day, and no longer once it is un-audited', async () => {
    const day = { day: '2024-07-20' };
    const daily = async () => {
      const body = expectOk(await call(app, 'POST', '/api/report/easy/data/daily', accountant, { params: day, page: { pn: 1, ps: 100 } })).data;
      return (body.list as Record<string, unknown>[]).filter((r) => !r.__group && r.kindName === '采购').map((r) => ({ trips: r.trips, net: r.net }));
    };
    expect(await daily()).toEqual([]);
    const t = await train({ arrivedAt: '2024-07-20 10:00:00' });
    expect(await daily()).toEqual([]);
    expectOk(await post(`${PU}/audit`, { ids: [t.id] }));
    expect(await daily()).toEqual([{ trips: 2, net: '120.6600' }]);
    expectOk(await post(`${PU}/unaudit`, { ids: [t.id] }));
    expect(await daily()).toEqual([]);
  });
});

async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('轨道衡');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
function upload(url: string, bytes: Buffer, who = operator) {
  const boundary = '----train-import';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url, headers: { authorization: who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}
