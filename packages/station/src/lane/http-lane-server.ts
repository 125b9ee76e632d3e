import { randomUUID } from 'node:crypto';
import type { LaneServer } from './runner.js';
import type { Identification, LaneCommand, Refusal, Truck } from './types.js';

export interface HttpLaneServerOptions {
  /** the server's base URL, e.g. https://wb.example.com */
  server: string;
  stationKey: string;
  /** the remote operator's answer to an intervention request (LaneRunner.operator) */
  onDecision: (decision: 'approve' | 'forbid') => void;
  /** how often an intervention's answer is asked for */
  pollMs?: number;
  /** tries of one call before it counts as the server being away (each with the same request id) */
  tries?: number;
  retryMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

type Weighed = { ok: true; ticketNo: string; kind: 'first' | 'second'; led: string[]; voice: string } | { ok: false; refusal: Refusal };

class ServerAway extends Error {}

/**
 * The server's lane calls over HTTP (server domain/lane routes.ts), under the station credential.
 *
 * - A weighing carries a request id made once per weighing and kept through its retries: the
 *   server answers a repeated id with its first answer and weighs nothing twice.
 * - Lookups are kept (card and plate -> truck): with the server away the lane still names a truck
 *   it saw before, and the weighing call then waits for the server like any other.
 * - What may wait (the snapshot, the print, an alarm) is held in order when the server is away and
 *   sent, oldest first, with its own request id when it answers again; `waiting` is the operator's
 *   view of it (the agent's status line, and the server's station view through reportStatus).
 * - The operator's answer is polled (GET /api/lane/intervention/:id): a poll survives a dropped
 *   connection and a restarted agent, and costs the server one indexed read a second per waiting
 *   truck; there is one waiting truck per lane at most.
 */
export class HttpLaneServer implements LaneServer {
  private readonly cache = new Map<string, Truck>();
  private readonly held: { path: string; body: Record<string, unknown>; what: string }[] = [];
  private readonly polls = new Set<NodeJS.Timeout>();
  private flushing = false;
  private statusTimer: NodeJS.Timeout | null = null;

  constructor(private readonly o: HttpLaneServerOptions) {}

  /** Calls held for the server, oldest first (what the operator sees waiting). */
  get waiting(): string[] {
    return this.held.map((h) => h.what);
  }

  async lookup(id: Identification): Promise<{ ok: true; truck: Truck } | { ok: false; refusal: Refusal }> {
    const key = `${id.by}:${id.value}`;
    try {
      const answer = await this.post<{ ok: true; truck: Truck } | { ok: false; refusal: Refusal }>('/api/lane/lookup', { by: id.by, value: id.value });
      if (answer.ok) this.cache.set(key, answer.truck);
      return answer;
    } catch (e) {
      const known = this.cache.get(key);
      if (e instanceof ServerAway && known) return { ok: true, truck: known };
      throw e;
    }
  }

  async weigh(c: Extract<LaneCommand, { type: 'weigh' }>): Promise<Weighed> {
    void this.flush();
    return this.post<Weighed>('/api/lane/weigh', {
      requestId: randomUUID(), plate: c.truck.plate, card: c.truck.card, registryId: c.truck.registryId,
      weight: c.weight, unit: c.unit, stable: true, approvedByOperator: c.approvedByOperator,
    });
  }

  async requestIntervention(c: Extract<LaneCommand, { type: 'intervention' }>, picture?: Buffer | null): Promise<void> {
    const { id } = await this.post<{ id: string }>('/api/lane/intervention', {
      requestId: randomUUID(), reason: c.refusal.reason, message: c.refusal.message.slice(0, 500),
      plate: c.truck?.plate || (c.id?.by === 'plate' ? c.id.value : undefined), card: c.truck?.card ?? (c.id?.by === 'card' ? c.id.value : undefined),
      registryId: c.truck?.registryId ?? undefined, weight: c.weight ?? undefined, unit: c.weight === null ? undefined : 'kg',
      image: picture ? picture.toString('base64') : undefined,
    });
    this.pollAnswer(id);
  }

  keepSnapshot(ticketNo: string, picture: Buffer): Promise<void> {
    return this.sendOrHold('/api/lane/snapshot', { ticketNo, image: picture.toString('base64') }, `抓拍 ${ticketNo}`);
  }

  print(ticketNo: string): Promise<void> {
    return this.sendOrHold('/api/lane/print', { ticketNo }, `打印 ${ticketNo}`);
  }

  alarm(message: string): Promise<void> {
    return this.sendOrHold('/api/lane/alarm', { message: message.slice(0, 500) }, `报警 ${message}`);
  }

  /** The agent's own account: what it still holds for the server (readings and lane calls) and the lane's phase. */
  async reportStatus(queued: number, phase: string): Promise<void> {
    await this.post('/api/lane/status', { queued: queued + this.held.length, phase });
  }

  /** Reports the agent's status every `everyMs` (the readings it holds come from its queue); a failed report is only logged. */
  startStatus(everyMs: number, queued: () => number, phase: () => string): void {
    const report = () => this.reportStatus(queued(), phase()).catch((e) => this.o.log?.(`lane status: ${(e as Error).message}`));
    this.statusTimer = setInterval(() => void report(), everyMs);
    void report();
  }

  stop(): void {
    for (const t of this.polls) clearTimeout(t);
    this.polls.clear();
    if (this.statusTimer) clearInterval(this.statusTimer);
  }

  private pollAnswer(id: string): void {
    const ask = async () => {
      try {
        const a = await this.get<{ decision: 'approve' | 'forbid' | null }>(`/api/lane/intervention/${id}`);
        if (a.decision) return this.o.onDecision(a.decision);
      } catch (e) {
        this.o.log?.(`lane intervention ${id}: ${(e as Error).message}`);
      }
      const t = setTimeout(() => {
        this.polls.delete(t);
        void ask();
      }, this.o.pollMs ?? 1000);
      this.polls.add(t);
    };
    void ask();
  }

  private async sendOrHold(path: string, body: Record<string, unknown>, what: string): Promise<void> {
    this.held.push({ path, body, what });
    await this.flush();
  }

  /** Held calls, oldest first; the first the server cannot take stops the round (the order is kept). */
  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.held.length > 0) {
        const h = this.held[0]!;
        try {
          await this.post(h.path, h.body);
        } catch (e) {
          if (e instanceof ServerAway) return;
          this.o.log?.(`lane ${h.what}: ${(e as Error).message}`);
        }
        this.held.shift();
      }
    } finally {
      this.flushing = false;
    }
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  }

  private get<T>(path: string): Promise<T> {
    return this.call<T>(path, { method: 'GET' });
  }

  /** One call, tried again (same body, so the same request id) while the server is away or failing. */
  private async call<T>(path: string, init: RequestInit): Promise<T> {
    const tries = this.o.tries ?? 3;
    let last: Error = new ServerAway('server away');
    for (let i = 0; i < tries; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, (this.o.retryMs ?? 300) * i));
      let res: Response;
      try {
        res = await fetch(new URL(path, this.o.server), {
          ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Station ${this.o.stationKey}` },
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
        });
      } catch (e) {
        last = new ServerAway(`server away: ${(e as Error).message}`);
        continue;
      }
      const json = (await res.json().catch(() => null)) as { data?: T; msg?: string } | null;
      if (res.ok) return json?.data as T;
      if (res.status >= 500 || res.status === 408 || res.status === 429) {
        last = new ServerAway(`server ${res.status}: ${json?.msg ?? ''}`);
        continue;
      }
      throw new Error(`${res.status} ${json?.msg ?? ''}`);
    }
    throw last;
  }
}
