import { type ChildProcess, spawn } from 'node:child_process';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './nginx-run';

/**
 * Server instances as `npm start` runs them (packages/server/src/main.ts, each a process of its
 * own) on one database, and an https client that trusts the proxy's self-signed certificate: what
 * the two-instance test and the proxy bench start.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

export interface Instance {
  port: number;
  /** the instance's process (its CPU time is in /proc/<pid>/stat) */
  pid: number;
  url: string;
  log(): string;
  stop(): Promise<void>;
}

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance on ${port} exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the instance on ${port} did not start within 120 s:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/config/client`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { port, pid: child.pid ?? 0, url, log: () => output, stop };
}

export interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string; json<T = Record<string, unknown>>(): T }

/** A client of the proxy's https address that trusts its certificate (and no other), keeping connections alive. */
export function httpsClient(ca: Buffer) {
  const agent = new https.Agent({ ca, keepAlive: true });
  const request = (method: string, url: string, opts: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
      const req = https.request(url, {
        method, agent,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: <T>() => JSON.parse(text) as T }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });

  /** A text/event-stream read as it comes: each event's data as JSON. */
  const events = <E>(url: string, authorization: string) =>
    new Promise<EventStream<E>>((resolve, reject) => {
      const req = https.get(url, { agent: new https.Agent({ ca }), headers: { authorization, accept: 'text/event-stream' } }, (res) => {
        const stream = new EventStream<E>(res.statusCode ?? 0, res.headers, () => req.destroy());
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame.split('\n').find((l) => l.startsWith('data: '));
            if (data) stream.events.push(JSON.parse(data.slice(6)) as E);
          }
        });
        res.on('error', () => {});
        resolve(stream);
      });
      req.on('error', reject);
    });
  return { request, events, close: () => agent.destroy() };
}

export class EventStream<E> {
  readonly events: E[] = [];
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | string[] | undefined>,
    readonly close: () => void,
  ) {}

  /** The first event that passes the test, waited for (a state, not a time: the timeout only ends a failing wait). */
  async next(test: (e: E) => boolean, timeoutMs = 10_000): Promise<E> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(test);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
