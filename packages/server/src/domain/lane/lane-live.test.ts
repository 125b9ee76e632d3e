import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@wb/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';

/** The 远程干预 queue on the live stream: a lane's request and the operator's answer each reach the company's streams. */
const ctx = await createTestApp();
const { app } = ctx;
let admin: string;
let operator: string;
let station: string;
let base: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  const key = expectOk(await call(app, 'POST', '/api/station/credential/issue', admin, { stationName: '3号磅', scaleId: 'L3' })).data.key;
  station = `Station ${key}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

/** Reads a text/event-stream's events until aborted. */
async function open(authorization: string, events: LiveEvent[], signal: AbortSignal): Promise<void> {
  const res = await fetch(`${base}/api/live/vehicles`, { headers: { authorization }, signal });
  expect(res.status).toBe(200);
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').find((l) => l.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) events.push(JSON.parse(data.slice(6)) as LiveEvent);
        }
      }
    } catch {
      // aborted
    }
  })();
}

async function until(test: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`no ${what} within 5 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the intervention queue on the live stream', () => {
  it('carries a request when the lane makes it and again when the operator answers it', async () => {
    const events: LiveEvent[] = [];
    const abort = new AbortController();
    await open(admin, events, abort.signal);
    await until(() => events.some((e) => e.type === 'snapshot'), 'snapshot');

    const { id } = expectOk(await call(app, 'POST', '/api/lane/intervention', station, { requestId: 'live-1', reason: 'unstable', message: '读数不稳定', plate: '苏L30001' })).data as { id: string };
    await until(() => events.some((e) => e.type === 'intervention' && e.id === String(id) && e.state === 'WAITING'), 'request');
    expectOk(await call(app, 'POST', '/api/lane/intervention/forbid', operator, { ids: [id] }));
    await until(() => events.some((e) => e.type === 'intervention' && e.id === String(id) && e.state === 'FORBIDDEN'), 'answer');
    abort.abort();
    app.server.closeAllConnections();
    expect(events.filter((e) => e.type === 'intervention')).toEqual([
      { type: 'intervention', id: String(id), state: 'WAITING' },
      { type: 'intervention', id: String(id), state: 'FORBIDDEN' },
    ]);
  });
});
