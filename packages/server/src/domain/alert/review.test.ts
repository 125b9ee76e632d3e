import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { buildKnownPlant, type KnownPlant } from '../report-builtin/test-support/plant';
import { seedAlert } from './test-support/alerts';

// 预警中心 as the reviewers use it: the list and its filters, an alert with its evidence, the
// reviewer's changes with their log entries and races, the settings, the counts and the report,
// each within the caller's company. Alerts are written as a rule would have raised them.
const { app, database } = await createTestApp();
const { pool } = database;
let p: KnownPlant;
const who: Record<string, string> = {};
const ids: Record<string, string> = {};
let plate1 = '';
let operatorName = '';

beforeAll(async () => {
  p = await buildKnownPlant(pool);
  for (const name of ['admin', 'general_manager', 'accountant', 'quality'] as const) who[name] = (await bearerFor(app, name)).authorization;
  who.adminInB = (await bearerFor(app, 'admin')).authorization;
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${p.b}`, who.adminInB));
  plate1 = (await pool.query('SELECT plate_number FROM wb_ticket WHERE id = $1', [p.tickets.t1])).rows[0].plate_number;
  operatorName = (await pool.query('SELECT real_name FROM sys_user WHERE id = $1', [p.operator])).rows[0].real_name;
  const vendor = { kind: 'VENDOR' as const, id: p.v1.id };
  const t = p.tickets;
  ids.tare = await seedAlert(pool, p.a, { rule: 'TARE_DRIFT', severity: 'HIGH', ticketId: t.t1, plate: plate1, operatorId: p.operator, party: vendor, at: '2025-03-11 00:30', evidence: { ticketIds: [t.t1] } });
  ids.jump = await seedAlert(pool, p.a, {
    rule: 'READING_JUMP', severity: 'MEDIUM', ticketId: t.t3, plate: '晋A00003', operatorId: p.operator, party: vendor, at: '2025-03-10 23:30',
    evidence: { ticketIds: [t.t3], weighing: 'SECOND', readings: [[1000, 30000], [2000, 30010], [3000, 31500]] },
  });
  ids.same = await seedAlert(pool, p.a, {
    rule: 'SAME_WEIGHT', severity: 'LOW', ticketId: t.t4, operatorId: p.operator, party: { kind: 'CUSTOMER', id: p.c1.id }, at: '2025-03-11 09:15',
    evidence: { ticketIds: [t.t4, t.t1] }, finding: 'ERROR',
  });
  ids.hours = await seedAlert(pool, p.a, { rule: 'OUT_OF_HOURS', severity: 'HIGH', at: '2025-03-12 00:10', finding: 'FRAUD' });
  ids.tare2 = await seedAlert(pool, p.a, { rule: 'TARE_DRIFT', severity: 'MEDIUM', ticketId: t.t2, operatorId: p.operator, party: vendor, at: '2025-03-11 14:00', finding: 'NORMAL' });
  ids.other = await seedAlert(pool, p.b, { rule: 'TARE_DRIFT', severity: 'HIGH', at: '2025-03-11 10:00' });
});

type Row = Record<string, any>;
const list = async (as: string, query = '') => expectOk(await call(app, 'GET', `/api/alert/list${query ? `?${query}` : ''}`, who[as])).data as { list: Row[]; total: number };
const detail = async (id: string, as = 'general_manager') => expectOk(await call(app, 'GET', `/api/alert/${id}`, who[as])).data as Row;
const logCount = async (action: string) => Number((await pool.query(`SELECT count(*) FROM sys_log WHERE action = $1`, [action])).rows[0].count);

describe('the list of alerts', () => {
  it('shows the company\'s alerts, open first then newest, with their rule\'s label and names', async () => {
    const r = await list('general_manager');
    expect(r.total).toBe(5);
    expect(r.list.map((a) => a.id)).toEqual([ids.tare, ids.jump, ids.hours, ids.tare2, ids.same]);
    expect(r.list[0]).toMatchObject({ ruleLabel: '皮重偏离', severity: 'HIGH', status: 'OPEN', plate: plate1, operatorName, partyName: p.v1.name, version: 1 });
    expect(r.list.find((a) => a.id === ids.same)).toMatchObject({ partyName: p.c1.name, finding: 'ERROR', status: 'CLOSED' });
  });

  it('filters by status, rule, severity, plate, operator, party and plant days, and pages', async () => {
    expect((await list('general_manager', 'status=ACTIVE')).list.map((a) => a.id)).toEqual([ids.tare, ids.jump]);
    expect((await list('general_manager', 'status=CLOSED&finding=FRAUD')).list.map((a) => a.id)).toEqual([ids.hours]);
    expect((await list('general_manager', 'rule=TARE_DRIFT')).list.map((a) => a.id)).toEqual([ids.tare, ids.tare2]);
    expect((await list('general_manager', 'severity=HIGH')).total).toBe(2);
    expect((await list('general_manager', `plate=${encodeURIComponent(plate1.slice(1))}`)).list.map((a) => a.id)).toEqual([ids.tare]);
    expect((await list('general_manager', `operatorId=${p.operator}`)).total).toBe(4);
    expect((await list('general_manager', `partyKind=CUSTOMER&partyId=${p.c1.id}`)).list.map((a) => a.id)).toEqual([ids.same]);
    expect((await list('general_manager', `ticketId=${p.tickets.t1}`)).list.map((a) => a.id)).toEqual([ids.tare, ids.same]);
    // 23:30 on the 10th is the 10th's, 00:30 on the 11th the 11th's, 00:10 on the 12th the 12th's (the plant's zone)
    expect((await list('general_manager', 'from=2025-03-11&to=2025-03-11')).list.map((a) => a.id).sort()).toEqual([ids.tare, ids.same, ids.tare2].sort());
    expect((await list('general_manager', 'from=2025-03-10&to=2025-03-10')).list.map((a) => a.id)).toEqual([ids.jump]);
    const page2 = await list('general_manager', 'ps=2&pn=2');
    expect(page2).toMatchObject({ total: 5 });
    expect(page2.list.map((a) => a.id)).toEqual([ids.hours, ids.tare2]);
  });

  it('refuses a bad filter with a 400 naming the field', async () => {
    for (const [q, field] of [['severity=SEVERE', 'severity'], ['from=2025-13-01', 'from'], ['ps=0', 'ps'], ['operatorId=x', 'operatorId'], ['from=2025-03-12&to=2025-03-11', 'from'], ['colour=red', '']]) {
      const body = expectFailure(await call(app, 'GET', `/api/alert/list?${q}`, who.general_manager), 400);
      if (field) expect(body.msg).toContain(field);
    }
  });

  it('another company sees none of them, and the lab reads nothing', async () => {
    const theirs = await list('adminInB');
    expect(theirs.list.map((a) => a.id)).toEqual([ids.other]);
    expectFailure(await call(app, 'GET', `/api/alert/${ids.tare}`, who.adminInB), 404);
    expectFailure(await call(app, 'POST', `/api/alert/${ids.tare}/comment`, who.adminInB, { body: '看看' }), 404);
    expectFailure(await call(app, 'GET', '/api/alert/list', who.quality), 403);
    expectFailure(await call(app, 'GET', '/api/alert/list'), 401);
  });
});

describe('an alert with its evidence', () => {
  it('names its tickets with weights, times and operator, and their pictures', async () => {
    const d = await detail(ids.same);
    expect(d.tickets.map((t: Row) => t.id)).toEqual([p.tickets.t1, p.tickets.t4]);
    expect(d.tickets[0]).toMatchObject({ kind: 'pu', plate: plate1, net: expect.stringMatching(/^32\.456/), partyName: p.v1.name, pictures: [] });
    expect(d.readings).toEqual([]);
    expect(d.comments).toEqual([]);
  });

  it('shows the readings of a reading jump', async () => {
    const d = await detail(ids.jump);
    expect(d.readings).toEqual([{ at: 1000, kg: 30000 }, { at: 2000, kg: 30010 }, { at: 3000, kg: 31500 }]);
    expect(d.ruleLabel).toBe('读数跳变');
  });
});

describe('the reviewer\'s changes', () => {
  it('assigns to a user of the company, comments and closes with a finding, each with one log entry', async () => {
    const id = await seedAlert(pool, p.a, { rule: 'NET_UNUSUAL', at: '2025-04-01 11:00' });
    const gm = (await pool.query(`SELECT id::text FROM sys_user WHERE username = 'general_manager'`)).rows[0].id;
    const assigns = await logCount('alertAssign');
    // a user of no role in the company is refused, and nothing is written
    const outsider = (await pool.query(
      `SELECT u.id::text FROM sys_user u WHERE NOT EXISTS (SELECT 1 FROM sys_user_org_role r WHERE r.user_id = u.id AND r.org_id = $1) LIMIT 1`, [p.a])).rows[0]?.id;
    if (outsider) expectFailure(await call(app, 'POST', `/api/alert/${id}/assign`, who.general_manager, { assigneeId: outsider, version: 1 }), 400, /处理人/);
    expectOk(await call(app, 'POST', `/api/alert/${id}/assign`, who.general_manager, { assigneeId: gm, version: 1 }));
    expect(await logCount('alertAssign')).toBe(assigns + 1);
    expectOk(await call(app, 'POST', `/api/alert/${id}/comment`, who.general_manager, { body: '调取监控核对' }));
    expectFailure(await call(app, 'POST', `/api/alert/${id}/comment`, who.general_manager, { body: '  ' }), 400, /body/);
    // a fraud must say why
    expectFailure(await call(app, 'POST', `/api/alert/${id}/close`, who.general_manager, { finding: 'FRAUD', version: 2 }), 400, /note/);
    expectFailure(await call(app, 'POST', `/api/alert/${id}/close`, who.general_manager, { finding: 'LIES', version: 2 }), 400, /finding/);
    expectOk(await call(app, 'POST', `/api/alert/${id}/close`, who.general_manager, { finding: 'ERROR', note: '秤台未清零', version: 2 }));
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'CLOSED', finding: 'ERROR', findingNote: '秤台未清零', assigneeId: gm, version: 3 });
    expect(d.comments.map((c: Row) => c.body)).toEqual(['调取监控核对']);
    const logged = await pool.query(`SELECT action, doc_no, detail FROM sys_log WHERE family = '预警' AND doc_no LIKE $1 ORDER BY id`, [`${id}%`]);
    expect(logged.rows.map((r) => r.action)).toEqual(['alertAssign', 'alertComment', 'alertClose']);
    expect(logged.rows[2].detail).toContain('差错');
    // closed: no second close, and a reopening takes the finding back
    expectFailure(await call(app, 'POST', `/api/alert/${id}/close`, who.general_manager, { finding: 'NORMAL', version: 3 }), 400);
    expectOk(await call(app, 'POST', `/api/alert/${id}/reopen`, who.general_manager, { reason: '需复核', version: 3 }));
    expect(await detail(id)).toMatchObject({ status: 'ASSIGNED', finding: null, version: 4 });
  });

  it('of an assignment and a closing sent at once on the same version, exactly one wins', async () => {
    const id = await seedAlert(pool, p.a, { rule: 'DWELL_UNUSUAL', at: '2025-04-01 12:00' });
    const gm = (await pool.query(`SELECT id::text FROM sys_user WHERE username = 'general_manager'`)).rows[0].id;
    const [assign, close] = await Promise.all([
      call(app, 'POST', `/api/alert/${id}/assign`, who.general_manager, { assigneeId: gm, version: 1 }),
      call(app, 'POST', `/api/alert/${id}/close`, who.admin, { finding: 'NORMAL', version: 1 }),
    ]);
    expect([assign.statusCode, close.statusCode].sort()).toEqual([200, 400]);
    expect((await detail(id)).version).toBe(2);
    const [c1, c2] = await Promise.all([
      call(app, 'POST', `/api/alert/${id}/close`, who.general_manager, { finding: 'ERROR', version: 2 }),
      call(app, 'POST', `/api/alert/${id}/close`, who.admin, { finding: 'NORMAL', version: 2 }),
    ]);
    expect([c1.statusCode, c2.statusCode].sort()).toEqual([200, 400]);
    expect(Number((await pool.query(`SELECT count(*) FROM sys_log WHERE action = 'alertClose' AND doc_no = $1`, [id])).rows[0].count)).toBe(
      assign.statusCode === 200 ? 1 : 2,
    );
  });

  it('the accountant reads but does not handle', async () => {
    expectOk(await call(app, 'GET', `/api/alert/${ids.tare}`, who.accountant));
    expectFailure(await call(app, 'POST', `/api/alert/${ids.tare}/comment`, who.accountant, { body: '看看' }), 403);
  });
});

describe('settings, counts and the ticket\'s alerts', () => {
  it('lists every rule with its defaults, and saves one checked by its own fields', async () => {
    const all = expectOk(await call(app, 'GET', '/api/alert/settings', who.general_manager)).data as Row[];
    const tare = all.find((r) => r.rule === 'TARE_DRIFT')!;
    expect(tare).toMatchObject({ label: '皮重偏离', enabled: true, settings: {}, version: 0 });
    expect(tare.fields.find((f: Row) => f.key === 'threshold')).toMatchObject({ label: '稳健分数阈值', kind: 'number' });
    const bad = expectFailure(await call(app, 'PUT', '/api/alert/settings/TARE_DRIFT', who.general_manager, { enabled: true, settings: { threshold: 'high' } }), 400);
    expect(bad.msg).toContain('threshold');
    expectFailure(await call(app, 'PUT', '/api/alert/settings/NO_SUCH', who.general_manager, { enabled: true, settings: {} }), 400, /NO_SUCH/);
    expectFailure(await call(app, 'PUT', '/api/alert/settings/TARE_DRIFT', who.accountant, { enabled: true, settings: {} }), 403);
    expectOk(await call(app, 'PUT', '/api/alert/settings/TARE_DRIFT', who.general_manager, { enabled: false, settings: { threshold: 4 } }));
    const after = (expectOk(await call(app, 'GET', '/api/alert/settings', who.general_manager)).data as Row[]).find((r) => r.rule === 'TARE_DRIFT')!;
    expect(after).toMatchObject({ enabled: false, settings: { threshold: 4 }, version: 2 });
    const log = await pool.query(`SELECT detail FROM sys_log WHERE action = 'alertSetting' ORDER BY id DESC LIMIT 1`);
    expect(log.rows[0].detail).toBe('启用 是 -> 否；稳健分数阈值 3.5 -> 4');
    // another company's rule is its own
    const theirs = (expectOk(await call(app, 'GET', '/api/alert/settings', who.adminInB)).data as Row[]).find((r) => r.rule === 'TARE_DRIFT')!;
    expect(theirs).toMatchObject({ enabled: true, settings: {} });
  });

  it('counts the alerts not closed by severity, per company', async () => {
    const mine = expectOk(await call(app, 'GET', '/api/alert/counts', who.general_manager)).data as Row;
    const open = (await pool.query(`SELECT severity, count(*)::int AS n FROM wb_alert WHERE org_id = $1 AND status <> 'CLOSED' GROUP BY 1`, [p.a])).rows;
    const want = { HIGH: 0, MEDIUM: 0, LOW: 0, total: 0 } as Row;
    for (const r of open) { want[r.severity] = r.n; want.total += r.n; }
    expect(mine).toEqual(want);
    expect(mine.HIGH).toBe(1);
    expect(expectOk(await call(app, 'GET', '/api/alert/counts', who.adminInB)).data).toEqual({ HIGH: 1, MEDIUM: 0, LOW: 0, total: 1 });
  });

  it('names a ticket\'s alerts, its own and those whose evidence names it', async () => {
    const rows = expectOk(await call(app, 'GET', `/api/alert/ticket/${p.tickets.t1}`, who.general_manager)).data as Row[];
    expect(rows.map((r) => r.id)).toEqual([ids.same, ids.tare]);
    expect(expectOk(await call(app, 'GET', `/api/alert/ticket/${p.tickets.t1}`, who.adminInB)).data).toEqual([]);
  });
});

describe('预警统计 (report centre)', () => {
  const report = async (as: string, params: Row) =>
    ((expectOk(await call(app, 'POST', '/api/report/easy/data/alert', who[as], { params, page: { pn: 1, ps: 100 } })).data as Row).list as Row[]).filter((r) => !r.__group);
  const pick = (rows: Row[]) => rows.map((r) => ({ rule: r.ruleLabel, op: r.operatorName, party: r.partyName, n: r.alerts, open: r.open, fraud: r.fraud, error: r.error, normal: r.normal }));

  it('counts per rule, operator and party over the plant days, with the findings', async () => {
    const day = await report('general_manager', { periodFrom: '2025-03-11', periodTo: '2025-03-11' });
    expect(pick(day)).toEqual([
      { rule: '皮重偏离', op: operatorName, party: p.v1.name, n: 2, open: 1, fraud: 0, error: 0, normal: 1 },
      { rule: '重量雷同', op: operatorName, party: p.c1.name, n: 1, open: 0, fraud: 0, error: 1, normal: 0 },
    ]);
    const three = await report('general_manager', { periodFrom: '2025-03-10', periodTo: '2025-03-12', rule: 'OUT_OF_HOURS' });
    expect(pick(three)).toEqual([{ rule: '非作业时间过磅', op: null, party: null, n: 1, open: 0, fraud: 1, error: 0, normal: 0 }]);
    expectFailure(await call(app, 'POST', '/api/report/easy/data/alert', who.general_manager, { params: { periodFrom: '2025-03-11', periodTo: '2025-03-11', rule: 'NOPE' } }), 400);
    expectFailure(await call(app, 'POST', '/api/report/easy/data/alert', who.quality, { params: { periodFrom: '2025-03-11', periodTo: '2025-03-11' } }), 403);
  });
});
