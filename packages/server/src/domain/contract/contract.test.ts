import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeRegistry, plantOf, testPlate, type Plant } from '../weighing/test-support';
import { contractPriceSource } from './price-source';

// Contracts as the plant's accountant keeps them: created, audited, amended with their history,
// drawn on by notices within the quantity and tolerance (raced), executed by weighed trucks.
const { app, database } = await createTestApp();
const { pool, db } = database;
const SA = '/api/contract/sa';
const PU = '/api/contract/pu';

let accountant: string;
let operator: string;
let customerId: string;
let otherCustomerId: string;
let plant: Plant;

const idOf = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0].id as string;
const post = (url: string, body?: unknown, who = accountant) => call(app, 'POST', url, who, body);
const put = (url: string, body: unknown, who = accountant) => call(app, 'PUT', url, who, body);
const get = (url: string, who = accountant) => call(app, 'GET', url, who);
const logCount = async (docNo: string) => (await pool.query('SELECT count(*)::int AS n FROM sys_log WHERE doc_no = $1', [docNo])).rows[0].n as number;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  customerId = await idOf("SELECT id::text FROM md_customer WHERE customer_code = 'KH0003'");
  otherCustomerId = await idOf("SELECT c.id::text FROM md_customer c JOIN md_customer_alloc a ON a.archive_id = c.id JOIN sys_org o ON o.id = a.org_id AND o.org_code = 'HDSN' WHERE c.customer_code <> 'KH0003' ORDER BY c.id LIMIT 1");
  plant = await plantOf(db);
});

const VALIDITY = { validFrom: '2026-01-01', validTo: '2030-12-31' };
const PERIOD = { startTime: '2026-02-01 00:00:00', endTime: '2030-12-31 23:59:59' };

async function salesContract(lines: unknown[] = [{ materialCode: '0101001', quantity: '100', price: '38.5' }], extra: Record<string, unknown> = {}) {
  return expectOk(await post(`${SA}/create`, { entity: { customerId, ...VALIDITY, tolerance: '5', ...extra }, entitysub: lines })).data;
}
async function auditedSales(lines?: unknown[], extra?: Record<string, unknown>) {
  const c = await salesContract(lines, extra);
  expectOk(await post(`${SA}/audit`, { ids: [c.id] }));
  return c;
}
const salesNotice = (lineCode: string, quantity: string, extra: Record<string, unknown> = {}, line: Record<string, unknown> = {}) =>
  post('/api/notice/sa/create', { entity: { customerId, ...PERIOD, ...extra }, entitysub: [{ materialCode: '0101001', quantity, contractLineCode: lineCode, ...line }] }, operator);

describe('a contract and its lifecycle', () => {
  it('numbers it XSHT + the day + four digits and keeps the terms and the pricing rows', async () => {
    const c = await salesContract([{ materialCode: '0101001', quantity: '100', price: '38.5', lineTaxRate: '13' }, { materialCode: '0102001', quantity: '20' }], {
      settleBasis: 'LESSER', freightTerms: 'EX_WORKS', paymentTerms: 'CREDIT', creditDays: 30, signDate: '2025-12-20', taxRate: '13',
    });
    expect(c.contractNo).toMatch(/^XSHT\d{8}0001$/);
    expect(c).toMatchObject({ docStatus: 'FREE', currency: 'CNY', settleBasis: 'LESSER', freightTerms: 'EX_WORKS', paymentTerms: 'CREDIT', creditDays: 30, tolerance: '5', validTo: '2030-12-31' });
    expect(c.entitysub).toHaveLength(2);
    expect(c.entitysub[0]).toMatchObject({ lineSeq: 1, materialName: '石灰石', quantity: '100', price: '38.5', lineDrawn: '0', lineExecuted: '0' });
    expect(c.entitysub[1].price).toBeNull();
    const pu = expectOk(await post(`${PU}/create`, { entity: { vendorId: plant.vendorId, ...VALIDITY }, entitysub: [{ materialId: plant.materialId, quantity: 10 }] })).data;
    expect(pu.contractNo).toMatch(/^CGHT\d{8}0001$/);
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const before = (await pool.query('SELECT (SELECT count(*) FROM wb_contract)::int AS c, (SELECT count(*) FROM wb_contract_line)::int AS l, (SELECT count(*) FROM sys_log)::int AS g')).rows[0];
    const bad = async (entity: Record<string, unknown>, lines: unknown[], msg: string | RegExp, field: string) => {
      const res = await post(`${SA}/create`, { entity: { customerId, ...VALIDITY, ...entity }, entitysub: lines });
      expectFailure(res, 400, msg);
      expect(res.json().data.field).toBe(field);
    };
    const line = [{ materialCode: '0101001', quantity: 10 }];
    await bad({ validFrom: '2026-05-01', validTo: '2026-04-30' }, line, '有效期至不能早于有效期起', 'validTo');
    await bad({ paymentTerms: 'CREDIT' }, line, '账期付款须填写账期天数', 'creditDays');
    await bad({ tolerance: '100.5' }, line, /溢短装/, 'tolerance');
    await bad({ currency: 'RMB1' }, line, /币种/, 'currency');
    await bad({}, [{ materialCode: '0101001', quantity: 0 }], '第1行 数量必须大于0', 'entitysub.0.quantity');
    await bad({}, [{ materialCode: '0101001', quantity: 10, price: '1e15' }], /第1行 单价/, 'entitysub.0.price');
    const after = (await pool.query('SELECT (SELECT count(*) FROM wb_contract)::int AS c, (SELECT count(*) FROM wb_contract_line)::int AS l, (SELECT count(*) FROM sys_log)::int AS g')).rows[0];
    expect(after).toEqual(before);
  });

  it('prices a line per m3 only for a material gauged by volume (md_material.gauged): else a 400 naming the line\'s 计价依据', async () => {
    const before = (await pool.query('SELECT (SELECT count(*) FROM wb_contract)::int AS c, (SELECT count(*) FROM sys_log)::int AS g')).rows[0];
    const res = await post(`${SA}/create`, { entity: { customerId, ...VALIDITY }, entitysub: [
      { materialCode: '0101001', quantity: 10, price: '38.5' }, { materialCode: '0101001', quantity: 10, price: '52', priceBasis: 'VOLUME' }] });
    expectFailure(res, 400, '第2行 物料 石灰石 不按方计量，不能按检尺方量计价（请在物料档案中勾选"按方计量"，或按净重计价）');
    expect(res.json().data.field).toBe('entitysub.1.priceBasis');
    const puRes = await post(`${PU}/create`, { entity: { vendorId: plant.vendorId, ...VALIDITY }, entitysub: [{ materialCode: '0101001', quantity: 10, price: '30', priceBasis: 'VOLUME' }] });
    expectFailure(puRes, 400, /不按方计量/);
    expect((await pool.query('SELECT (SELECT count(*) FROM wb_contract)::int AS c, (SELECT count(*) FROM sys_log)::int AS g')).rows[0]).toEqual(before);
    // an update of a draft is held to it too
    const draft = await salesContract([{ materialCode: '0101001', quantity: '10', price: '38.5' }]);
    const upd = await put(`${SA}/update`, { entity: { id: draft.id, version: draft.version, customerId, ...VALIDITY }, entitysub: [{ materialCode: '0101001', quantity: 10, price: '52', priceBasis: 'VOLUME' }] });
    expectFailure(upd, 400, /不按方计量/);
    // gauged: the line is priced per m3
    await pool.query("UPDATE md_material SET gauged = true WHERE inv_code = '0101001'");
    try {
      const ok = await salesContract([{ materialCode: '0101001', quantity: '10', price: '52', priceBasis: 'VOLUME' }]);
      expect(ok.entitysub[0]).toMatchObject({ priceBasis: 'VOLUME', price: '52' });
    } finally {
      await pool.query("UPDATE md_material SET gauged = false WHERE inv_code = '0101001'");
    }
  });

  it('moves through its states with one log entry each, and sends an edit in force to an amendment', async () => {
    const c = await salesContract();
    expect(await logCount(c.contractNo)).toBe(1);
    expectOk(await post(`${SA}/audit`, { ids: [c.id] }));
    const audited = expectOk(await get(`${SA}/get/${c.id}`)).data;
    expect(audited.docStatus).toBe('AUDITED');
    expectFailure(await put(`${SA}/update`, { entity: { id: c.id, version: audited.version, remark: 'x' } }), 400, `销售合同 ${c.contractNo} 已审核，不能修改，请通过补充协议变更`);
    expectOk(await post(`${SA}/terminate`, { ids: [c.id] }));
    expectFailure(await post(`${SA}/close`, { ids: [c.id] }), 400, `销售合同 ${c.contractNo} 已终止，不能关闭`);
    const rows = (await pool.query('SELECT action FROM sys_log WHERE doc_no = $1 ORDER BY id', [c.contractNo])).rows.map((r) => r.action);
    expect(rows).toEqual(['create', 'audit', 'terminate']);
  });

  it('asks a contract action for a selection: 请选择要操作的信息', async () => {
    for (const action of ['audit', 'unaudit', 'close', 'terminate', 'obsolete', 'recover']) {
      const res = await post(`${SA}/${action}`, { ids: [] });
      expectFailure(res, 400, '请选择要操作的信息');
      expect(res.json().data.field).toBe('ids');
      expectFailure(await post(`${PU}/${action}`, {}), 400, '请选择要操作的信息');
    }
    expectFailure(await call(app, 'DELETE', `${SA}/delList`, accountant, { ids: [] }), 400, '请选择要操作的信息');
    expectFailure(await post(`${SA}/amend/audit`, { ids: [] }), 400, '请选择要操作的信息');
    // other families keep the contract's words
    expectFailure(await post('/api/notice/sa/audit', { ids: [] }, operator), 400, /请至少选择一条数据！/);
  });
});

describe('quality terms', () => {
  const term = { materialCode: '0101001', itemCode: 'MT', itemName: '水分', standardValue: '8', direction: 'MAX', deductStep: '1', deductPercent: '1', rejectLimit: '15' };

  it('are kept structured with the draft and read back with the contract', async () => {
    const c = await salesContract();
    const done = expectOk(await post(`${SA}/quality`, { id: c.id, terms: [term, { ...term, itemCode: 'CAO', itemName: '氧化钙', standardValue: '50', direction: 'MIN', deductStep: null, deductPercent: null, bandStep: '1', bandPrice: '-2', bandMode: 'PROPORTIONAL', deductBasis: 'DRY', rejectLimit: '45' }] }));
    expect(done.data).toEqual({ id: c.id, count: 2 });
    const read = expectOk(await get(`${SA}/get/${c.id}`)).data;
    expect(read.qualityTerms).toEqual([
      expect.objectContaining({ seq: 1, materialCode: '0101001', itemCode: 'MT', standardValue: '8', direction: 'MAX', deductStep: '1', deductPercent: '1', bandStep: null, rejectLimit: '15', deductBasis: 'NET', bandMode: 'STEP' }),
      expect.objectContaining({ seq: 2, itemCode: 'CAO', direction: 'MIN', bandStep: '1', bandPrice: '-2', deductStep: null, deductBasis: 'DRY', bandMode: 'PROPORTIONAL' }),
    ]);
    expect((await pool.query("SELECT count(*)::int AS n FROM sys_log WHERE action = 'qualityTerms' AND doc_no = $1", [c.contractNo])).rows[0].n).toBe(1);
  });

  it('refuses a bad term naming its field, and any change once the contract is in force', async () => {
    const c = await salesContract();
    const before = (await pool.query('SELECT count(*)::int AS n FROM wb_contract_quality')).rows[0].n;
    const refused = await post(`${SA}/quality`, { id: c.id, terms: [{ ...term, rejectLimit: '5' }] });
    expectFailure(refused, 400, '第1行 拒收限值须高于标准值');
    expect(refused.json().data.field).toBe('rejectLimit');
    expectFailure(await post(`${SA}/quality`, { id: c.id, terms: [{ ...term, standardValue: '1e20' }] }), 400, /标准值/);
    expectFailure(await post(`${SA}/quality`, { id: c.id, terms: [term, term] }), 400, '第2行 物料 0101001 的化验项目 MT 重复');
    expectFailure(await post(`${SA}/quality`, { id: c.id, terms: [{ ...term, materialCode: '9999999' }] }), 400, '第1行 物料编码 9999999 不存在');
    expectOk(await post(`${SA}/audit`, { ids: [c.id] }));
    expectFailure(await post(`${SA}/quality`, { id: c.id, terms: [term] }), 400, `销售合同 ${c.contractNo} 不是草稿，不能修改质量条款`);
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_contract_quality')).rows[0].n).toBe(before);
  });
});

describe('notices drawing on a contract line', () => {
  it('draw within the quantity plus the tolerance, refused past it with the figures', async () => {
    const c = await auditedSales();
    const code = `${c.contractNo}-1`;
    const first = expectOk(await salesNotice(code, '60')).data;
    expect(first.entitysub[0].contractLineCode).toBe(code);
    const over = await salesNotice(code, '45.0001');
    expectFailure(over, 400, `第1行 超出合同 ${c.contractNo} 第1行可下达量：合同数量 100 吨（溢短装 5%）可下达 105 吨，其他通知单已下达 60 吨，剩余 45 吨，本单 45.0001 吨`);
    expect(over.json().data.field).toBe('entitysub.0.quantity');
    // the notice form's popup: lines in force with their room, opened by the notice's permission
    const popup = expectOk(await post(`${SA}/line/v2/list`, { search: [{ key: 'lineCode', op: 'eq', val: code }], limit: { pn: 1, ps: 10 } }, operator)).data;
    expect(popup.list).toEqual([expect.objectContaining({ lineCode: code, quantity: '100', room: '105', drawn: '60', price: '38.5' })]);
    expectFailure(await get(`${SA}/get/${c.id}`, operator), 403);
    expectOk(await salesNotice(code, '45'));
    // an update counts the notice's own lines once
    const n = expectOk(await call(app, 'GET', `/api/notice/sa/get/${first.id}`, operator)).data;
    expectOk(await put('/api/notice/sa/update', { entity: { id: n.id, version: n.version, remark: '改备注' } }, operator));
    const line = expectOk(await get(`${SA}/get/${c.id}`)).data.entitysub[0];
    expect(line.lineDrawn).toBe('105');
    // a void notice gives its room back, and cannot come back once another took it
    expectOk(await post('/api/notice/sa/obsolete', { ids: [first.id] }, operator));
    expectOk(await salesNotice(code, '60'));
    expectFailure(await post('/api/notice/sa/recover', { ids: [first.id] }, operator), 400, /其他通知单已下达 105 吨，剩余 0 吨，本单 60 吨/);
    expect((await pool.query('SELECT doc_status FROM wb_notice WHERE id = $1', [first.id])).rows[0].doc_status).toBe('OBSOLETE');
  });

  it('draws only on a contract in force, of its kind and party, for the material, within the validity', async () => {
    const draft = await salesContract();
    expectFailure(await salesNotice(`${draft.contractNo}-1`, '1'), 400, `第1行 合同 ${draft.contractNo} 未生效（须为已审核），不能下达`);
    const c = await auditedSales();
    const code = `${c.contractNo}-1`;
    expectFailure(await salesNotice(code, '1', { customerId: otherCustomerId }), 400, `第1行 合同 ${c.contractNo} 的合同方与本通知单不同`);
    expectFailure(await salesNotice(code, '1', {}, { materialCode: '0102001' }), 400, `第1行 合同 ${c.contractNo} 该行的物料与本明细不同`);
    expectFailure(await salesNotice(code, '1', { startTime: '2025-12-31 08:00:00' }), 400, /通知单开始时间早于合同/);
    const pu = await call(app, 'POST', '/api/notice/pu/create', operator, { entity: { vendorId: plant.vendorId, ...PERIOD }, entitysub: [{ materialCode: '0101001', quantity: 1, contractLineCode: code }] });
    expectFailure(pu, 400, `第1行 合同 ${c.contractNo} 不是本类通知单的合同`);
    expectFailure(await salesNotice('XSHT0000-9', '1'), 400, '第1行 合同明细 XSHT0000-9 不存在');
  });

  it('lets exactly one of two notices racing for room that covers one through', async () => {
    const c = await auditedSales([{ materialCode: '0101001', quantity: '100', price: '38.5' }], { tolerance: '0' });
    const code = `${c.contractNo}-1`;
    const results = await Promise.all([salesNotice(code, '70'), salesNotice(code, '70')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().msg).toMatch(/其他通知单已下达 70 吨，剩余 30 吨，本单 70 吨/);
    const drawn = (await pool.query('SELECT sum(nl.quantity)::text AS s FROM wb_notice_line nl JOIN wb_contract_line l ON l.id = nl.contract_line_id JOIN wb_contract c ON c.id = l.contract_id WHERE c.contract_no = $1', [c.contractNo])).rows[0].s;
    expect(Number(drawn)).toBe(70);
  });

  it('keeps the room even where a notice is copied', async () => {
    const c = await auditedSales([{ materialCode: '0101001', quantity: '100', price: '38.5' }], { tolerance: '0' });
    const n = expectOk(await salesNotice(`${c.contractNo}-1`, '60')).data;
    expectFailure(await post(`/api/notice/sa/copy/${n.id}`, {}, operator), 400, /超出合同/);
  });

  it('holds the audit while a notice line draws on the contract', async () => {
    const c = await auditedSales();
    expectOk(await salesNotice(`${c.contractNo}-1`, '10'));
    expectFailure(await post(`${SA}/unaudit`, { ids: [c.id] }), 400, `销售合同 ${c.contractNo} 已有 1 条通知单明细引用，不能反审核`);
    const other = await auditedSales();
    expectOk(await post(`${SA}/unaudit`, { ids: [other.id] }));
  });
});

describe('amendments', () => {
  it('apply new values under the contract lock and keep the history, readable from the contract', async () => {
    const c = await auditedSales([{ materialCode: '0101001', quantity: '100', price: '38.5' }, { materialCode: '0102001', quantity: '20', price: '10' }]);
    expectOk(await salesNotice(`${c.contractNo}-1`, '90'));
    const a = expectOk(await post(`${SA}/amend/create`, {
      entity: { contractId: c.id, reason: '客户追加', effectiveDate: '2026-03-01', newValidTo: '2031-06-30' },
      entitysub: [{ contractLineCode: `${c.contractNo}-1`, newQuantity: '150', newPrice: '40' }],
    })).data;
    expect(a.amendNo).toMatch(/^XSBC\d{8}0001$/);
    const untouched = expectOk(await get(`${SA}/get/${c.id}`)).data;
    expect(untouched.entitysub[0]).toMatchObject({ quantity: '100', price: '38.5' });
    expectOk(await post(`${SA}/amend/audit`, { ids: [a.id] }));
    const after = expectOk(await get(`${SA}/get/${c.id}`)).data;
    expect(after.validTo).toBe('2031-06-30');
    expect(after.entitysub[0]).toMatchObject({ quantity: '150', price: '40' });
    expect(after.entitysub[1]).toMatchObject({ quantity: '20', price: '10' });
    expect(after.amendHistory).toEqual([
      expect.objectContaining({ amendNo: a.amendNo, lineSeq: null, field: 'validTo', before: '2030-12-31', after: '2031-06-30', changedBy: '张会计' }),
      expect.objectContaining({ amendNo: a.amendNo, lineSeq: 1, field: 'quantity', before: '100', after: '150' }),
      expect.objectContaining({ amendNo: a.amendNo, lineSeq: 1, field: 'price', before: '38.5', after: '40' }),
    ]);
    expect(await logCount(a.amendNo)).toBe(2);
  });

  it('never takes a line below what notices drew on it, naming the line, and changes nothing then', async () => {
    const c = await auditedSales();
    expectOk(await salesNotice(`${c.contractNo}-1`, '104'));
    const a = expectOk(await post(`${SA}/amend/create`, {
      entity: { contractId: c.id, reason: '减量', effectiveDate: '2026-03-01' },
      entitysub: [{ contractLineCode: `${c.contractNo}-1`, newQuantity: '80', newPrice: '30' }],
    })).data;
    expectFailure(await post(`${SA}/amend/audit`, { ids: [a.id] }), 400, `合同 ${c.contractNo} 第1行 数量 80 吨（溢短装 5%）可下达 84 吨，少于通知单已下达的 104 吨`);
    const read = expectOk(await get(`${SA}/get/${c.id}`)).data;
    expect(read.entitysub[0]).toMatchObject({ quantity: '100', price: '38.5' });
    expect(read.amendHistory).toEqual([]);
    expect((await pool.query('SELECT doc_status FROM wb_contract_amend WHERE id = $1', [a.id])).rows[0].doc_status).toBe('FREE');
    const tolerance = expectOk(await post(`${SA}/amend/create`, { entity: { contractId: c.id, reason: '收紧', effectiveDate: '2026-03-01', newTolerance: '0' }, entitysub: [] })).data;
    expectFailure(await post(`${SA}/amend/audit`, { ids: [tolerance.id] }), 400, `合同 ${c.contractNo} 第1行 数量 100 吨（溢短装 0%）可下达 100 吨，少于通知单已下达的 104 吨`);
  });

  it('races a notice drawing on the line it lowers: never both through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const c = await auditedSales([{ materialCode: '0101001', quantity: '100', price: '38.5' }], { tolerance: '0' });
      const code = `${c.contractNo}-1`;
      expectOk(await salesNotice(code, '60'));
      const a = expectOk(await post(`${SA}/amend/create`, { entity: { contractId: c.id, reason: '减量', effectiveDate: '2026-03-01' }, entitysub: [{ contractLineCode: code, newQuantity: '70' }] })).data;
      const [amended, drawn] = await Promise.all([post(`${SA}/amend/audit`, { ids: [a.id] }), salesNotice(code, '30')]);
      expect([amended.statusCode, drawn.statusCode].sort()).toEqual([200, 400]);
      const { rows } = await pool.query(`SELECT l.quantity::numeric AS q, (SELECT sum(nl.quantity) FROM wb_notice_line nl WHERE nl.contract_line_id = l.id)::numeric AS d
        FROM wb_contract_line l JOIN wb_contract c ON c.id = l.contract_id WHERE c.contract_no = $1`, [c.contractNo]);
      expect(Number(rows[0].d)).toBeLessThanOrEqual(Number(rows[0].q));
    }
  });

  it('is written only against a contract in force, for its lines', async () => {
    const draft = await salesContract();
    expectFailure(await post(`${SA}/amend/create`, { entity: { contractId: draft.id, reason: 'x', effectiveDate: '2026-03-01', newTolerance: '1' }, entitysub: [] }), 400, /未生效/);
    const c = await auditedSales();
    const other = await auditedSales();
    const res = await post(`${SA}/amend/create`, { entity: { contractId: c.id, reason: 'x', effectiveDate: '2026-03-01' }, entitysub: [{ contractLineCode: `${other.contractNo}-1`, newPrice: '1' }] });
    expectFailure(res, 400, '第1行 合同明细不属于本补充协议的合同');
    expectFailure(await post(`${SA}/amend/create`, { entity: { contractId: c.id, reason: 'x', effectiveDate: '2026-03-01' }, entitysub: [{ contractLineCode: `${c.contractNo}-1` }] }), 400, '第1行 新数量与新单价至少填写一项');
  });
});

describe('the executed quantity and the contract price', () => {
  it('rolls up the net of completed tickets of notice lines drawn on the line, and prices the notice line from the contract', async () => {
    const c = expectOk(await post(`${PU}/create`, { entity: { vendorId: plant.vendorId, ...VALIDITY }, entitysub: [{ materialId: plant.materialId, quantity: 100, price: '52.25' }, { materialId: plant.materialId, quantity: 100 }] })).data;
    expectOk(await post(`${PU}/audit`, { ids: [c.id] }));
    const notice = expectOk(await post('/api/notice/pu/create', {
      entity: { vendorId: plant.vendorId, startTime: '2026-01-01 00:00:00', endTime: '2030-12-31 00:00:00' },
      entitysub: [{ materialId: plant.materialId, warehouseId: plant.warehouseId, quantity: 50, contractLineCode: `${c.contractNo}-1` }, { materialId: plant.materialId, quantity: 5, contractLineCode: `${c.contractNo}-2` }],
    }, operator)).data;
    expectOk(await post('/api/notice/pu/audit', { ids: [notice.id] }, operator));
    const lineId = notice.entitysub[0].id as string;
    const plate = testPlate('C');
    const registryId = await makeRegistry(db, plant, { noticeId: notice.id, lineId, plate, preQuantity: '20' });
    const weigh = async (which: 'first' | 'second', weight: string) => expectOk(await call(app, 'POST', `/api/weigh/pu/${which}`, operator, { registryId, weight, stationId: 'CT', requestId: `ct-${which}`, stable: true }));
    const ticketId = (await weigh('first', '40')).data.ticketId as string;
    expect(expectOk(await get(`${PU}/get/${c.id}`)).data.entitysub[0].lineExecuted).toBe('0');
    await weigh('second', '15.5');
    const read = expectOk(await get(`${PU}/get/${c.id}`)).data;
    expect(read.entitysub[0]).toMatchObject({ lineDrawn: '50', lineExecuted: '24.5' });
    // the notice line has no price: the truck is priced from the contract row at its completion
    const ticket = (await pool.query('SELECT trim_scale(price)::text AS price, price_source, price_label FROM wb_ticket WHERE id = $1', [ticketId])).rows[0];
    expect(ticket).toEqual({ price: '52.25', price_source: 'CONTRACT', price_label: c.contractNo });
    expect(read.entitysub[1]).toMatchObject({ lineDrawn: '5', lineExecuted: '0' });
    const listed = expectOk(await post(`${PU}/v2/list`, { search: [{ key: 'contractNo', op: 'eq', val: c.contractNo }], limit: { pn: 1, ps: 10 } })).data;
    expect(listed.list).toHaveLength(1);
    expect(listed.list[0]).toMatchObject({ totalQuantity: '200', drawnQuantity: '55', executedQuantity: '24.5' });

    const price = await db.transaction().execute((tx) => contractPriceSource.find(tx, { orgId: plant.orgId, kind: 'pu', noticeLineId: lineId, materialId: plant.materialId, partyId: plant.vendorId, at: new Date() }));
    expect(price).toEqual({ price: '52.25', source: 'CONTRACT', ref: (await pool.query('SELECT contract_line_id::text AS id FROM wb_notice_line WHERE id = $1', [lineId])).rows[0].id, label: c.contractNo });
    // a contract row priced per m3 gauged says so with its price (weighing/gauge: the ticket's amount is volume x price)
    await pool.query(`UPDATE wb_contract_line SET price_basis = 'VOLUME' WHERE id = (SELECT contract_line_id FROM wb_notice_line WHERE id = $1)`, [lineId]);
    expect(await db.transaction().execute((tx) => contractPriceSource.find(tx, { orgId: plant.orgId, kind: 'pu', noticeLineId: lineId, materialId: plant.materialId, partyId: null, at: new Date() })))
      .toMatchObject({ price: '52.25', source: 'CONTRACT', basis: 'VOLUME' });
    const form = expectOk(await get(`${PU}/get/${c.id}`)).data;
    expect(form.entitysub[0].priceBasis).toBe('VOLUME');
    await pool.query(`UPDATE wb_contract_line SET price_basis = 'NET' WHERE id = (SELECT contract_line_id FROM wb_notice_line WHERE id = $1)`, [lineId]);
    // a line without a price leaves it to the price rules; a notice line on no contract too
    const unpriced = notice.entitysub[1].id as string;
    expect(await db.transaction().execute((tx) => contractPriceSource.find(tx, { orgId: plant.orgId, kind: 'pu', noticeLineId: unpriced, materialId: plant.materialId, partyId: null, at: new Date() }))).toBeNull();
    expect(await db.transaction().execute((tx) => contractPriceSource.find(tx, { orgId: plant.orgId, kind: 'pu', noticeLineId: null, materialId: plant.materialId, partyId: null, at: new Date() }))).toBeNull();
    // a contract no longer in force gives no price
    expectOk(await post(`${PU}/close`, { ids: [c.id] }));
    expect(await db.transaction().execute((tx) => contractPriceSource.find(tx, { orgId: plant.orgId, kind: 'pu', noticeLineId: lineId, materialId: plant.materialId, partyId: null, at: new Date() }))).toBeNull();
  });

  it('reads the executed quantity through the index of drawn notice lines', async () => {
    const { rows } = await pool.query(`EXPLAIN SELECT count(*) FROM wb_notice_line nl WHERE nl.contract_line_id = 1`);
    // a fresh database may prefer a scan of a tiny table; the index must at least exist and be usable
    await pool.query('SET enable_seqscan = off');
    const forced = await pool.query(`EXPLAIN SELECT count(*) FROM wb_notice_line nl WHERE nl.contract_line_id = 1`);
    await pool.query('SET enable_seqscan = on');
    expect(rows.length).toBeGreaterThan(0);
    expect(forced.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/wb_notice_line_contract_idx/);
  });
});
