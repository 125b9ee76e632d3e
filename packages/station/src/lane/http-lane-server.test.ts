import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpLaneServer } from './http-lane-server.js';

/**
 * The lane's HTTP client with the server away and back: a small local server records what it got
 * (the server's own routes are tested against the real server in the server package,
 * domain/lane/lane-cycle.test.ts).
 */
let server: http.Server | null = null;
const got: { path: string; body: Record<string, unknown> }[] = [];

async function serve(port = 0, fail = false): Promise<number> {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      got.push({ path: req.url ?? '', body });
      res.writeHead(fail ? 503 : 200, { 'content-type': 'application/json' });
      const data = req.url === '/api/lane/lookup'
        ? { ok: true, truck: { plate: '苏A1', card: 'C1', registryId: '7' } }
        : req.url === '/api/lane/weigh' ? { ok: true, ticketNo: 'T1', kind: 'first', led: [], voice: '' } : {};
      res.end(JSON.stringify({ success: !fail, code: fail ? 503 : 0, msg: '', data }));
    });
  });
  await new Promise<void>((r) => server!.listen(port, '127.0.0.1', () => r()));
  return (server!.address() as AddressInfo).port;
}
const close = () => new Promise<void>((r) => (server ? server.close(() => r()) : r()));

afterEach(async () => {
  await close();
  server = null;
  got.length = 0;
});

describe('the lane HTTP client', () => {
  it('keeps a weighing request id through its retries, so the server can answer a replay', async () => {
    const port = await serve(0, true);
    const lane = new HttpLaneServer({ server: `http://127.0.0.1:${port}`, stationKey: 'k', onDecision: () => {}, tries: 3, retryMs: 5 });
    await expect(lane.weigh({ type: 'weigh', truck: { plate: '苏A1', registryId: '7' }, weight: 30000, unit: 'kg', approvedByOperator: false })).rejects.toThrow(/503/);
    const ids = got.filter((g) => g.path === '/api/lane/weigh').map((g) => g.body.requestId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('names a truck it saw before while the server is away, and sends what waited in order when it is back', async () => {
    const port = await serve();
    const lane = new HttpLaneServer({ server: `http://127.0.0.1:${port}`, stationKey: 'k', onDecision: () => {}, tries: 1 });
    expect(await lane.lookup({ by: 'card', value: 'C1' })).toMatchObject({ ok: true, truck: { plate: '苏A1' } });
    await close();
    expect(await lane.lookup({ by: 'card', value: 'C1' })).toMatchObject({ ok: true, truck: { registryId: '7' } });
    await expect(lane.lookup({ by: 'card', value: 'C9' })).rejects.toThrow(/server away/);
    await lane.print('T1');
    await lane.alarm('苏A1 称重后未下磅');
    expect(lane.waiting).toEqual(['打印 T1', '报警 苏A1 称重后未下磅']);
    got.length = 0;
    await serve(port);
    await lane.print('T2');
    expect(got.map((g) => `${g.path} ${JSON.stringify(g.body)}`)).toEqual([
      '/api/lane/print {"ticketNo":"T1"}', '/api/lane/alarm {"message":"苏A1 称重后未下磅"}', '/api/lane/print {"ticketNo":"T2"}',
    ]);
    expect(lane.waiting).toEqual([]);
  });
});
