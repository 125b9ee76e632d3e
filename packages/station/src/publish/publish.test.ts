import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadingPublisher } from './publisher.js';
import { DurableQueue, type QueuedBatch } from './queue.js';
import { ReadingSender } from './sender.js';

interface Received {
  requestId: string;
  authorization: string;
  body: { scaleId: string; readings: { seq: number; weight: string; stable: boolean; unit: string }[] };
}

/** A stand-in for the server's readings call that records what it got; `answer` decides the status. */
async function recordingServer(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  let calls = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const status = answer(calls++);
      if (status === 200) {
        const parsed = JSON.parse(body) as Received['body'];
        received.push({ requestId: String(req.headers['x-request-id']), authorization: String(req.headers.authorization), body: parsed });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: parsed.readings.length }));
      } else res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, url, close: () => new Promise<void>((r) => server.close(() => r())), server };
}

const dirs: string[] = [];
function tempQueueFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'station-queue-'));
  dirs.push(dir);
  return path.join(dir, 'queue.jsonl');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const reading = (weight: string, stable = false) => ({ weight, unit: 'kg' as const, stable, zero: false, overRange: false });

describe('publishing readings', () => {
  it('posts batches with the station key, in order, with rising seq', async () => {
    const srv = await recordingServer();
    const queue = DurableQueue.open(tempQueueFile());
    const sender = new ReadingSender(queue, { server: srv.url, stationKey: 'k-1' });
    const publisher = new ReadingPublisher(queue, sender, { batchMs: 5, heartbeatMs: 1000, maxBatch: 3 });
    ['100', '200', '300', '400', '400', '500'].forEach((w, i) => publisher.offer('scale-1', reading(w), 1000 + i));
    publisher.flush();
    await until(() => queue.waiting().batches === 0);
    await sender.stop();
    const all = srv.received.flatMap((r) => r.body.readings);
    // the repeated 400 within the heartbeat is not sent again
    expect(all.map((r) => r.weight)).toEqual(['100', '200', '300', '400', '500']);
    expect(all.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(srv.received.every((r) => r.authorization === 'Station k-1' && r.body.scaleId === 'scale-1')).toBe(true);
    expect(new Set(srv.received.map((r) => r.requestId)).size).toBe(srv.received.length);
    queue.close();
    await srv.close();
  });

  it('publishes no reading in lb and says so once', () => {
    const queue = DurableQueue.open(tempQueueFile());
    const sender = new ReadingSender(queue, { server: 'http://127.0.0.1:9', stationKey: 'k' });
    const lines: string[] = [];
    const publisher = new ReadingPublisher(queue, sender, { batchMs: 1000, heartbeatMs: 1000, maxBatch: 10 }, (l) => lines.push(l));
    publisher.offer('s', { ...reading('100'), unit: 'lb' as 'kg' }, 0);
    publisher.offer('s', { ...reading('200'), unit: 'lb' as 'kg' }, 1);
    publisher.flush();
    expect(queue.waiting().batches).toBe(0);
    expect(lines).toEqual(['s: unit lb is not published (set the indicator to kg or t)']);
    queue.close();
  });

  it('sends what is queued after a kick that found the queue empty', async () => {
    const srv = await recordingServer();
    const queue = DurableQueue.open(tempQueueFile());
    const sender = new ReadingSender(queue, { server: srv.url, stationKey: 'k' });
    sender.kick();
    await new Promise((r) => setTimeout(r, 20));
    queue.append({ requestId: 'late', scaleId: 's', readings: [{ seq: 1, at: new Date(0).toISOString(), weight: '1', unit: 'kg', stable: true }] });
    sender.kick();
    await until(() => queue.waiting().batches === 0);
    await sender.stop();
    expect(srv.received.map((r) => r.requestId)).toEqual(['late']);
    queue.close();
    await srv.close();
  });

  it('keeps readings while the server is unreachable, across a restart, and sends them in order when it returns', async () => {
    const file = tempQueueFile();
    // no server listening here: every send fails
    const down = 'http://127.0.0.1:9';
    let queue = DurableQueue.open(file);
    let sender = new ReadingSender(queue, { server: down, stationKey: 'k', retryMinMs: 20, retryMaxMs: 50 });
    const publisher = new ReadingPublisher(queue, sender, { batchMs: 1, heartbeatMs: 1000, maxBatch: 2 });
    ['1', '2', '3', '4', '5'].forEach((w, i) => publisher.offer('s', reading(w), i));
    publisher.flush();
    await new Promise((r) => setTimeout(r, 100));
    await sender.stop();
    expect(queue.waiting()).toEqual({ batches: 3, readings: 5 });
    const ids = [queue.head()!.requestId];
    queue.close();

    // the agent restarts; the server is back
    const srv = await recordingServer();
    queue = DurableQueue.open(file);
    expect(queue.waiting().batches).toBe(3);
    expect(queue.nextSeq('s')).toBe(6);
    sender = new ReadingSender(queue, { server: srv.url, stationKey: 'k' });
    sender.kick();
    await until(() => queue.waiting().batches === 0);
    await sender.stop();
    expect(srv.received.flatMap((r) => r.body.readings.map((x) => x.seq))).toEqual([1, 2, 3, 4, 5]);
    expect(srv.received[0].requestId).toBe(ids[0]);
    queue.close();
    await srv.close();
  });

  it('replays a batch whose answer was lost with the same request id, and drops one the server refuses', async () => {
    // first call: 503 (answer lost / server busy), second: 200, third (next batch): 400
    const srv = await recordingServer((n) => [503, 200, 400, 200][n] ?? 200);
    const queue = DurableQueue.open(tempQueueFile());
    const sender = new ReadingSender(queue, { server: srv.url, stationKey: 'k', retryMinMs: 10 });
    const a: QueuedBatch = { requestId: 'a', scaleId: 's', readings: [{ seq: 1, at: new Date(0).toISOString(), weight: '1', unit: 'kg', stable: false }] };
    const b: QueuedBatch = { ...a, requestId: 'b', readings: [{ ...a.readings[0], seq: 2 }] };
    const c: QueuedBatch = { ...a, requestId: 'c', readings: [{ ...a.readings[0], seq: 3 }] };
    for (const x of [a, b, c]) queue.append(x);
    sender.kick();
    await until(() => queue.waiting().batches === 0);
    await sender.stop();
    expect(srv.received.map((r) => r.requestId)).toEqual(['a', 'c']);
    expect(sender.status.dropped).toBe(1);
    queue.close();
    await srv.close();
  });

  it('ignores a line cut by a crash and keeps the rest', () => {
    const file = tempQueueFile();
    const q = DurableQueue.open(file);
    q.append({ requestId: 'x', scaleId: 's', readings: [{ seq: 7, at: 'now', weight: '1', unit: 'kg', stable: true }] });
    q.close();
    fs.appendFileSync(file, '{"op":"add","batch":{"requestId":"y"');
    const again = DurableQueue.open(file);
    expect(again.waiting().batches).toBe(1);
    expect(again.nextSeq('s')).toBe(8);
    again.ack('x');
    again.close();
    const third = DurableQueue.open(file);
    expect(third.waiting().batches).toBe(0);
    third.close();
  });
});
