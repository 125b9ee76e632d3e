import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScaleLiveEvent, TicketCheck } from '@wb/protocol';
import { bearerFor, createTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db/pool';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from '../weighing/test-support';
import { SseReader } from './sse-reader';
import { pageTexts } from '../weighing/print/pdf-text.test-support';

const ctx = await createTestApp();
const { app } = ctx;
const { db, pool } = ctx.database;
let admin: string;
let operator: string;
let plant: Plant;
let base: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  plant = await plantOf(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

const logCount = async (action: string) => Number((await pool.query('SELECT count(*) FROM sys_log WHERE action = $1', [action])).rows[0].count);

async function issue(scaleId: string, auth = admin) {
  return call(app, 'POST', '/api/station/credential/issue', auth, { stationName: `${scaleId}号磅`, scaleId });
}
async function issueKey(scaleId: string): Promise<{ id: string; key: string }> {
  return expectOk(await issue(scaleId)).data;
}

let seq = 1;
const reading = (weight: string, stable = true, extra: Record<string, unknown> = {}) => ({ seq: seq++, at: new Date().toISOString(), weight, unit: 'kg', stable, ...extra });
const post = (key: string, body: unknown) => call(app, 'POST', '/api/station/readings', `Station ${key}`, body);

describe('station credentials', () => {
  it('issues a key shown once, kept only as its hash, with one log entry', async () => {
    const before = await logCount('issueStationKey');
    const res = expectOk(await issue('K1'));
    expect(res.data.key).toMatch(/^wbs_[A-Za-z0-9_-]{43}$/);
    const row = (await pool.query('SELECT key_hash, key_prefix FROM wb_station_credential WHERE id = $1', [res.data.id])).rows[0];
    expect(row.key_hash.toString('hex')).not.toContain(Buffer.from(res.data.key).toString('hex'));
    expect(res.data.key.startsWith(row.key_prefix)).toBe(true);
    expect(await logCount('issueStationKey')).toBe(before + 1);
    const entry = (await pool.query("SELECT detail FROM sys_log WHERE action = 'issueStationKey' ORDER BY id DESC LIMIT 1")).rows[0];
    expect(entry.detail).not.toContain(res.data.key);
    const list = expectOk(await call(app, 'POST', '/api/station/credential/v2/list', admin, { search: [], limit: { pn: 1, ps: 100 } }));
    expect(JSON.stringify(list.data)).toContain(row.key_prefix);
    expect(JSON.stringify(list.data)).not.toContain(res.data.key);
  });

  it('refuses an operator, who lacks the right', async () => {
    expectFailure(await issue('K9', operator), 403);
  });

  it('refuses a second live key for one scale, also when two are issued at once', async () => {
    expectFailure(await issue('K1'), 400, '秤 K1 已有有效凭证，请先吊销原凭证');
    const both = await Promise.all([issue('RACE'), issue('RACE')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(Number((await pool.query("SELECT count(*) FROM wb_station_credential WHERE scale_id = 'RACE'")).rows[0].count)).toBe(1);
  });

  it('a revoked key gets 401, with one log entry per key revoked', async () => {
    const { id, key } = await issueKey('K2');
    expect((await post(key, { scaleId: 'K2', readings: [reading('100')] })).json()).toEqual({ accepted: 1 });
    const before = await logCount('revokeStationKey');
    expect(expectOk(await call(app, 'POST', '/api/station/credential/revoke', admin, { ids: [id] })).data).toEqual({ count: 1 });
    expect(await logCount('revokeStationKey')).toBe(before + 1);
    expectFailure(await post(key, { scaleId: 'K2', readings: [reading('100')] }), 401, '磅点凭证无效或已吊销');
    expectFailure(await call(app, 'POST', '/api/station/credential/revoke', admin, { ids: [id] }), 400, '所选凭证不存在或已吊销');
    // the scale may have a new key now
    expectOk(await issue('K2'));
  });

  it('refuses a missing or made-up key with 401', async () => {
    expectFailure(await call(app, 'POST', '/api/station/readings', undefined, { scaleId: 'K1', readings: [reading('1')] }), 401);
    expectFailure(await post('wbs_madeup', { scaleId: 'K1', readings: [reading('1')] }), 401);
    expectFailure(await call(app, 'POST', '/api/station/readings', operator, { scaleId: 'K1', readings: [reading('1')] }), 401);
  });
});

describe('readings', () => {
  it('takes new readings, ignores a replay, and says how many it took', async () => {
    const { key } = await issueKey('R1');
    const batch = { scaleId: 'R1', readings: [reading('1000', false), reading('20000', false), reading('20010', true)] };
    expect((await post(key, batch)).json()).toEqual({ accepted: 3 });
    expect((await post(key, batch)).json()).toEqual({ accepted: 0 });
    // an agent that restarts counts from 0 again, later in time: its readings are new
    const restarted = { seq: 0, at: new Date(Date.now() + 1000).toISOString(), weight: '20020', unit: 'kg', stable: true };
    expect((await post(key, { scaleId: 'R1', readings: [restarted] })).json()).toEqual({ accepted: 1 });
    const scales = expectOk(await call(app, 'GET', '/api/station/scales', operator)).data as { scaleId: string; latest: { weight: string } | null }[];
    expect(scales.find((s) => s.scaleId === 'R1')?.latest?.weight).toBe('20020');
  });

  it('answers 400 naming the field to a bad body, and 403 to another scale\'s readings', async () => {
    const { key } = await issueKey('R2');
    const bad = await post(key, { scaleId: 'R2', readings: [{ ...reading('12'), weight: 'abc' }] });
    expect(expectFailure(bad, 400).data).toMatchObject({ field: 'readings.0.weight' });
    expect(expectFailure(await post(key, { scaleId: 'R2', readings: [{ ...reading('12'), unit: 'lb' }] }), 400).data).toMatchObject({ field: 'readings.0.unit' });
    expect(expectFailure(await post(key, { scaleId: 'R2', readings: [] }), 400).data).toMatchObject({ field: 'readings' });
    expect(expectFailure(await post(key, { scaleId: 'R2', readings: [{ ...reading('12'), seq: -1 }] }), 400).data).toMatchObject({ field: 'readings.0.seq' });
    expectFailure(await post(key, { scaleId: 'R1', readings: [reading('12')] }), 403);
  });

  it('pushes each reading to the browsers watching that scale, over the stream', async () => {
    const { key } = await issueKey('S1');
    await post(key, { scaleId: 'S1', readings: [reading('15000', false)] });
    const stream = await SseReader.open<ScaleLiveEvent>(`${base}/api/station/live?scaleId=S1`, operator);
    try {
      expect(stream.status).toBe(200);
      const snap = await stream.next((e) => e.type === 'snapshot');
      expect(snap).toMatchObject({ type: 'snapshot', scaleId: 'S1', latest: { weight: '15000', stable: false } });
      expect(snap.type === 'snapshot' && snap.trend.length).toBe(1);
      await post(key, { scaleId: 'S1', readings: [reading('15020', true)] });
      const next = await stream.next((e) => e.type === 'reading');
      expect(next).toMatchObject({ type: 'reading', reading: { scaleId: 'S1', weight: '15020', stable: true, unit: 'kg' } });
    } finally {
      stream.close();
    }
  });

  it('takes a batch posted twice at once (to two instances behind a proxy) once', async () => {
    const { key } = await issueKey('R3');
    const batch = { scaleId: 'R3', readings: [reading('500', false), reading('510', true)] };
    const both = await Promise.all([post(key, batch), post(key, batch)]);
    expect(both.map((r) => r.json().accepted).sort()).toEqual([0, 2]);
    const row = (await pool.query("SELECT latest->>'weight' AS weight, jsonb_array_length(trend) AS points FROM wb_scale_latest WHERE scale_id = 'R3'")).rows[0];
    expect(row).toEqual({ weight: '510', points: 2 });
  });

  it('shows a reading posted to one instance on the stream of another, and its backlog as a fresh snapshot', async () => {
    // a second server on the same database, with its own connections, as another instance would be
    const other = openDatabase(ctx.url, 3);
    const b = await buildApp({ config: ctx.config, database: other });
    try {
      await b.listen({ port: 0, host: '127.0.0.1' });
      const baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
      const { key } = await issueKey('X1');
      await post(key, { scaleId: 'X1', readings: [reading('9000', false)] });
      const stream = await SseReader.open<ScaleLiveEvent>(`${baseB}/api/station/live?scaleId=X1`, operator);
      try {
        expect(await stream.next((e) => e.type === 'snapshot')).toMatchObject({ latest: { weight: '9000' } });
        await post(key, { scaleId: 'X1', readings: [reading('9100', false), reading('9120', true)] });
        expect(await stream.next((e) => e.type === 'reading' && e.reading.weight === '9120')).toMatchObject({ reading: { scaleId: 'X1', stable: true } });
        expect(stream.events.map((e) => e.event.type === 'reading' && e.event.reading.weight)).toEqual([false, '9100', '9120']);
        // a backlog too long for a notification's payload: the other instance reads the row and sends it whole
        const backlog = Array.from({ length: 80 }, (_, i) => reading(String(9200 + i), true));
        expect((await post(key, { scaleId: 'X1', readings: backlog })).json()).toEqual({ accepted: 80 });
        const whole = await stream.next((e) => e.type === 'snapshot' && e.latest?.weight === '9279');
        expect(whole.type === 'snapshot' && whole.trend.length).toBe(83);
      } finally {
        stream.close();
      }
      const scales = expectOk(await call(b, 'GET', '/api/station/scales', operator)).data as { scaleId: string; latest: { weight: string } | null }[];
      expect(scales.find((s) => s.scaleId === 'X1')?.latest?.weight).toBe('9279');
    } finally {
      await b.close();
      await other.close();
    }
  });

  it('listens again when its listening connection is lost, and sends the stream a fresh snapshot', async () => {
    const { key } = await issueKey('L1');
    await post(key, { scaleId: 'L1', readings: [reading('7000', true)] });
    const stream = await SseReader.open<ScaleLiveEvent>(`${base}/api/station/live?scaleId=L1`, operator);
    try {
      await stream.next((e) => e.type === 'snapshot');
      const listening = await pool.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'");
      expect(listening.rows).toHaveLength(1);
      await pool.query('SELECT pg_terminate_backend($1)', [listening.rows[0].pid]);
      // what is posted meanwhile comes in the snapshot read once the instance listens again, or after it as a reading
      await post(key, { scaleId: 'L1', readings: [reading('7100', true)] });
      await stream.next((e) => (e.type === 'snapshot' && e.latest?.weight === '7100') || (e.type === 'reading' && e.reading.weight === '7100'), 10_000);
      await expect.poll(() => stream.events.filter((e) => e.event.type === 'snapshot').length, { timeout: 10_000 }).toBe(2);
      await post(key, { scaleId: 'L1', readings: [reading('7200', true)] });
      await stream.next((e) => e.type === 'reading' && e.reading.weight === '7200', 10_000);
    } finally {
      stream.close();
    }
  });

  it('does not show another company\'s scale, and refuses a stream to whom lacks the right', async () => {
    const quality = (await bearerFor(app, 'quality')).authorization;
    const s = await SseReader.open<ScaleLiveEvent>(`${base}/api/station/live?scaleId=S1`, quality);
    expect(s.status).toBe(403);
    s.close();
  });
});

describe('a weighing takes the scale\'s stable reading', () => {
  let request = 0;
  const weighBody = (extra: Record<string, unknown>) => ({ stationId: 'W1', requestId: `w-${request++}`, ...extra });
  async function truck() {
    const { noticeId, lineId } = await makeNoticeLine(db, plant, { maxLimit: '1000', price: '10' });
    const plate = testPlate('W');
    const registryId = await makeRegistry(db, plant, { noticeId, lineId, plate, preQuantity: '20' });
    return { registryId, plate };
  }
  let key: string;
  beforeAll(async () => {
    key = (await issueKey('W1')).key;
  });

  it('weighs the latest stable reading in the company\'s unit, marked as the indicator\'s', async () => {
    const t = await truck();
    await post(key, { scaleId: 'W1', readings: [reading('41000', false), reading('41260', true)] });
    const first = expectOk(await call(app, 'POST', '/api/weigh/pu/first', operator, weighBody({ registryId: t.registryId, scaleId: 'W1' }))).data;
    expect(first).toMatchObject({ gross: '41.26', state: 'FIRST_WEIGHED' });
    const w = (await pool.query('SELECT source, scale_id, weight, stable FROM wb_weighing WHERE ticket_id = $1', [first.ticketId])).rows[0];
    expect(w).toEqual({ source: 'INDICATOR', scale_id: 'W1', weight: '41.2600', stable: true });
    const ticket = (await pool.query('SELECT manual FROM wb_ticket WHERE id = $1', [first.ticketId])).rows[0];
    expect(ticket.manual).toBe(false);
    const log = (await pool.query("SELECT source FROM wb_weigh_log WHERE ticket_id = $1 AND outcome = 'ACCEPTED'", [first.ticketId])).rows[0];
    expect(log.source).toBe('INDICATOR');
    // the second weighing takes the empty truck's reading
    await post(key, { scaleId: 'W1', readings: [reading('15100', true)] });
    const second = expectOk(await call(app, 'POST', '/api/weigh/pu/second', operator, weighBody({ plate: t.plate, scaleId: 'W1' }))).data;
    expect(second).toMatchObject({ gross: '41.26', tare: '15.1', net: '26.16', state: 'COMPLETED' });
  });

  it('refuses an unstable reading, with its message, and weighs nothing', async () => {
    const t = await truck();
    await post(key, { scaleId: 'W1', readings: [reading('38000', false)] });
    const sent = weighBody({ registryId: t.registryId, scaleId: 'W1' });
    const res = await call(app, 'POST', '/api/weigh/pu/first', operator, sent);
    expect(expectFailure(res, 400, '秤 W1 读数不稳定，请等待稳定后再过磅').data).toMatchObject({ field: 'scaleId' });
    const logged = (await pool.query("SELECT source, outcome FROM wb_weigh_log WHERE request_id = $1", [sent.requestId])).rows;
    expect(logged).toEqual([{ source: 'INDICATOR', outcome: 'REFUSED' }]);
    expect(Number((await pool.query('SELECT count(*) FROM wb_ticket WHERE plate_number = $1', [t.plate])).rows[0].count)).toBe(0);
  });

  it('refuses a reading older than a few seconds', async () => {
    const t = await truck();
    await post(key, { scaleId: 'W1', readings: [reading('38000', true)] });
    const old = process.env.STATION_STALE_MS;
    process.env.STATION_STALE_MS = '1';
    try {
      await new Promise((r) => setTimeout(r, 20));
      const res = await call(app, 'POST', '/api/weigh/pu/first', operator, weighBody({ registryId: t.registryId, scaleId: 'W1' }));
      expectFailure(res, 400, /^秤 W1 的仪表读数已 \d+ 秒未更新/);
    } finally {
      if (old === undefined) delete process.env.STATION_STALE_MS;
      else process.env.STATION_STALE_MS = old;
    }
  });

  it('refuses a scale with no readings, and a weight sent beside the scale', async () => {
    const t = await truck();
    expectFailure(await call(app, 'POST', '/api/weigh/pu/first', operator, weighBody({ registryId: t.registryId, scaleId: 'NONE' })), 400, /^秤 NONE 没有仪表读数/);
    const both = await call(app, 'POST', '/api/weigh/pu/first', operator, weighBody({ registryId: t.registryId, scaleId: 'W1', weight: '40' }));
    expect(expectFailure(both, 400).data).toMatchObject({ field: 'weight' });
  });

  it('takes a typed weight from whom holds the right, and marks the ticket and the weigh log', async () => {
    const t = await truck();
    const before = await logCount('firstWeigh');
    const first = expectOk(await call(app, 'POST', '/api/weigh/pu/first', admin, weighBody({ registryId: t.registryId, weight: '40' }))).data;
    expect(first.gross).toBe('40');
    expect((await pool.query('SELECT manual FROM wb_ticket WHERE id = $1', [first.ticketId])).rows[0].manual).toBe(true);
    expect((await pool.query('SELECT source FROM wb_weighing WHERE ticket_id = $1', [first.ticketId])).rows[0].source).toBe('MANUAL');
    expect((await pool.query("SELECT source FROM wb_weigh_log WHERE ticket_id = $1 AND outcome = 'ACCEPTED'", [first.ticketId])).rows[0].source).toBe('MANUAL');
    expect(await logCount('firstWeigh')).toBe(before + 1);
  });
});

describe('the printed ticket\'s public check', () => {
  let token: string;
  let ticketNo: string;
  beforeAll(async () => {
    const { noticeId, lineId } = await makeNoticeLine(db, plant, { maxLimit: '1000', price: '10' });
    const plate = testPlate('Q');
    const registryId = await makeRegistry(db, plant, { noticeId, lineId, plate, preQuantity: '20' });
    const first = expectOk(await call(app, 'POST', '/api/weigh/pu/first', admin, { registryId, weight: '40', stationId: 'Q', requestId: 'q1' })).data;
    expectOk(await call(app, 'POST', '/api/weigh/pu/second', admin, { plate, weight: '15', stationId: 'Q', requestId: 'q2' }));
    ticketNo = first.ticketNo;
    const layout = expectOk(await call(app, 'GET', `/api/weigh/pu/print/${first.ticketId}`, admin)).data;
    expect(layout.check.url).toMatch(new RegExp(`/check/${first.ticketId}\\.[A-Za-z0-9_-]{22}$`));
    expect(layout.check.qr.size).toBeGreaterThan(20);
    token = layout.check.url.split('/check/')[1];
  });

  it('shows, without a sign-in, only the ticket\'s number, company, weights and times', async () => {
    const res = expectOk(await call(app, 'GET', `/api/public/ticket-check/${token}`));
    const check = res.data as TicketCheck;
    expect(Object.keys(check).sort()).toEqual(['company', 'completedAt', 'grossTime', 'kindTitle', 'net', 'state', 'tare', 'tareTime', 'ticketNo', 'unit', 'gross'].sort());
    expect(check).toMatchObject({ ticketNo, company: '华东水泥有限公司', gross: expect.stringContaining('40'), tare: expect.stringContaining('15'), net: expect.stringContaining('25') });
    expect(check.grossTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('shows nothing for a tampered link', async () => {
    const [id, sig] = token.split('.') as [string, string];
    const flipped = `${id}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expectFailure(await call(app, 'GET', `/api/public/ticket-check/${flipped}`), 404, '磅单校验链接无效');
    expectFailure(await call(app, 'GET', `/api/public/ticket-check/${Number(id) + 1}.${sig}`), 404, '磅单校验链接无效');
    expectFailure(await call(app, 'GET', `/api/public/ticket-check/${id}`), 404, '磅单校验链接无效');
  });

  it('prints the QR code on the PDF', async () => {
    const res = await call(app, 'POST', `/api/weigh/pu/print/${token.split('.')[0]}?format=pdf`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await pageTexts(res.rawPayload)).join('')).toContain('扫码验真');
  });
});
