import type { CardReader, LaneIo, LedDisplay, Off, PlateCamera, Speaker } from '../devices/types.js';
import type { Reading } from '../stability.js';
import { laneStep } from './machine.js';
import {
  DEFAULT_LANE,
  type Identification,
  INITIAL_LANE,
  type LaneCommand,
  type LaneEvent,
  type LaneEventBody,
  type LaneSettings,
  type LaneState,
  type Refusal,
  type Truck,
} from './types.js';

/** The server's side of a lane: calls the station makes (its routes are the server's to build). */
export interface LaneServer {
  lookup(id: Identification): Promise<{ ok: true; truck: Truck } | { ok: false; refusal: Refusal }>;
  weigh(c: Extract<LaneCommand, { type: 'weigh' }>): Promise<
    { ok: true; ticketNo: string; kind: 'first' | 'second'; led: string[]; voice: string } | { ok: false; refusal: Refusal }
  >;
  /**
   * Puts the refusal in the manual-intervention queue, with the camera's picture of the truck when
   * there is one; the operator's answer comes back through LaneRunner.operator().
   */
  requestIntervention(c: Extract<LaneCommand, { type: 'intervention' }>, picture?: Buffer | null): Promise<void>;
  keepSnapshot(ticketNo: string, picture: Buffer): Promise<void>;
  print(ticketNo: string): Promise<void>;
  alarm(message: string): Promise<void>;
}

export interface LaneDevices {
  cardReader: CardReader;
  camera: PlateCamera;
  io: LaneIo;
  led: LedDisplay;
  speaker: Speaker;
}

export interface LaneRunnerOptions {
  settings?: LaneSettings;
  /** how often the infrared beams are read */
  pollMs?: number;
  /** how often timeouts are checked */
  tickMs?: number;
  clock?: () => number;
  log?: (line: string) => void;
}

/**
 * Runs one lane: device events and the scale's readings go through the pure state machine in
 * order; its commands go to the devices (awaited, in order) and to the server (answers come back as
 * events, so readings keep flowing while a call is out).
 */
export class LaneRunner {
  private state: LaneState = INITIAL_LANE;
  private readonly queue: LaneEvent[] = [];
  private draining = false;
  private readonly offs: Off[] = [];
  private timers: NodeJS.Timeout[] = [];
  private polling = false;
  private readonly settings: LaneSettings;
  private readonly clock: () => number;
  private readonly log: (line: string) => void;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly devices: LaneDevices,
    private readonly server: LaneServer,
    private readonly options: LaneRunnerOptions = {},
  ) {
    this.settings = options.settings ?? DEFAULT_LANE;
    this.clock = options.clock ?? Date.now;
    this.log = options.log ?? (() => {});
  }

  get phase(): LaneState['step']['phase'] {
    return this.state.step.phase;
  }

  start(): void {
    this.offs.push(this.devices.cardReader.onCard((cardNo) => this.push({ type: 'card', cardNo, at: this.clock() })));
    this.offs.push(this.devices.camera.onPlate((e) => this.push({ type: 'plate', plate: e.plate, at: this.clock() })));
    this.timers.push(setInterval(() => void this.pollBeams(), this.options.pollMs ?? 200));
    this.timers.push(setInterval(() => this.push({ type: 'tick', at: this.clock() }), this.options.tickMs ?? 1000));
  }

  /** The lane scale's readings (StationAgent's onReading). */
  reading(r: Reading): void {
    if (r.unit !== 'kg' && r.unit !== 't') return;
    this.push({ type: 'reading', reading: { weight: Number(r.weight), unit: r.unit, stable: r.stable, overRange: r.overRange }, at: this.clock() });
  }

  /** The remote operator's answer to the lane's intervention request. */
  operator(decision: 'approve' | 'forbid'): void {
    this.push({ type: 'operator', decision, at: this.clock() });
  }

  private async pollBeams(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const s = await this.devices.io.readSensors();
      if (s.front !== this.state.beams.front || s.rear !== this.state.beams.rear) this.push({ type: 'sensors', ...s, at: this.clock() });
    } catch (e) {
      this.log(`lane IO: ${(e as Error).message}`);
    } finally {
      this.polling = false;
    }
  }

  private push(e: LaneEvent): void {
    this.queue.push(e);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.queue.length > 0) {
      const { state, commands } = laneStep(this.state, this.queue.shift()!, this.settings);
      this.state = state;
      for (const c of commands) await this.carryOut(c);
    }
    this.draining = false;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private async carryOut(c: LaneCommand): Promise<void> {
    try {
      switch (c.type) {
        case 'barrier':
          return await this.devices.io.setBarrier(c.end, c.open);
        case 'light':
          return await this.devices.io.setLight(c.end, c.color);
        case 'led':
          return await this.devices.led.show(c.lines);
        case 'say':
          return await this.devices.speaker.say(c.text);
        case 'lookup':
          void this.ask(() => this.server.lookup(c.id), (answer) => ({ type: 'lookupResult', ...answer }));
          return;
        case 'weigh':
          void this.ask(() => this.server.weigh(c), (answer) => ({ type: 'weighResult', ...answer }));
          return;
        case 'snapshot':
          return await this.server.keepSnapshot(c.ticketNo, await this.devices.camera.snapshot());
        case 'print':
          return await this.server.print(c.ticketNo);
        case 'intervention': {
          // the remote operator sees the truck; a camera that fails costs the picture, not the request
          const picture = await this.devices.camera.snapshot().catch((e: Error) => (this.log(`lane camera: ${e.message}`), null));
          return await this.server.requestIntervention(c, picture);
        }
        case 'alarm':
          return await this.server.alarm(c.message);
      }
    } catch (e) {
      this.log(`lane ${c.type}: ${(e as Error).message}`);
    }
  }

  /** A server call whose answer becomes an event; a failed call is a refusal for the operator. */
  private async ask<A>(call: () => Promise<A>, toEvent: (a: A) => LaneEventBody): Promise<void> {
    let event: LaneEventBody;
    try {
      event = toEvent(await call());
    } catch (e) {
      this.log(`lane server call: ${(e as Error).message}`);
      const refusal: Refusal = { reason: 'business', message: '无法连接服务器' };
      event = { type: this.state.step.phase === 'identifying' ? 'lookupResult' : 'weighResult', ok: false, refusal };
    }
    this.push({ ...event, at: this.clock() } as LaneEvent);
  }

  /** Resolves when every event so far has been handled (tests). */
  settled(): Promise<void> {
    return this.draining || this.queue.length > 0 ? new Promise((r) => this.idleWaiters.push(r)) : Promise.resolve();
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
    for (const t of this.timers.splice(0)) clearInterval(t);
  }
}
