import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ModbusIoSimulator } from '../devices/modbus-sim.js';
import { SimulatedPlateCamera } from '../devices/simulators.js';
import { encodeFrame, type SimProtocol } from '../parse/encode.js';
import { type Phase, REAL_TIMING, type ScriptTiming, scriptAt, type TruckVisit } from './script.js';

export interface ScaleSimulatorOptions {
  protocol: SimProtocol;
  trucks: TruckVisit[];
  timing?: ScriptTiming;
  /** frames a second */
  hz?: number;
  /** the display: kg with no decimals, or t with `decimals` */
  unit?: 'kg' | 't';
  decimals?: number;
  /** kg */
  division?: number;
  loop?: boolean;
  /** with `loop`, the trucks from this index come round again (the ones before it come once) */
  loopFrom?: number;
  host?: string;
  indicatorPort?: number;
  cardPort?: number;
  ioPort?: number;
  /** each card swipe, plate and phase as it happens */
  onEvent?: (e: SimEvent) => void;
}

export type SimEvent =
  | { event: 'phase'; phase: Phase; truck: string | null; weight: number }
  | { event: 'card'; card: string }
  | { event: 'plate'; plate: string; snapshotBytes: number };

/**
 * An indicator on a TCP port (as a TCP serial server shows it), a card reader that sends card numbers
 * as lines on another, a Modbus TCP IO module whose beams follow the truck, and a plate camera.
 */
export class ScaleSimulator {
  readonly io: ModbusIoSimulator;
  readonly camera = new SimulatedPlateCamera();
  readonly ports = { indicator: 0, card: 0, io: 0 };
  private indicator: net.Server | null = null;
  private cardServer: net.Server | null = null;
  private readonly indicatorClients = new Set<net.Socket>();
  private readonly cardClients = new Set<net.Socket>();
  private timer: NodeJS.Timeout | null = null;
  private started = 0;
  private lastPhase: Phase | null = null;
  private lastIndex = -1;

  constructor(private readonly options: ScaleSimulatorOptions) {
    this.io = new ModbusIoSimulator();
  }

  async start(): Promise<typeof this.ports> {
    const host = this.options.host ?? '127.0.0.1';
    this.indicator = await listen(host, this.options.indicatorPort ?? 0, this.indicatorClients);
    this.cardServer = await listen(host, this.options.cardPort ?? 0, this.cardClients);
    this.ports.indicator = (this.indicator.address() as AddressInfo).port;
    this.ports.card = (this.cardServer.address() as AddressInfo).port;
    this.ports.io = await this.io.listen(this.options.ioPort ?? 0, host);
    this.started = Date.now();
    this.timer = setInterval(() => this.tick(), 1000 / (this.options.hz ?? 10));
    this.tick();
    return this.ports;
  }

  private tick(): void {
    const division = this.options.division ?? 20;
    const p = scriptAt(this.options.trucks, this.options.timing ?? REAL_TIMING, Date.now() - this.started, division, this.options.loop, this.options.loopFrom);
    // with --loop the same truck comes round again
    if (p.phase === 'driveOff') this.lastIndex = -1;
    this.io.setBeams(p.beams.front, p.beams.rear);
    const timing = this.options.timing ?? REAL_TIMING;
    if (p.truckIndex !== this.lastIndex && p.truck && p.phase === 'empty' && p.phaseMs >= timing.emptyMs / 2) {
      this.lastIndex = p.truckIndex;
      // the truck arrives halfway through the empty platform's time (the one before it is gone):
      // the camera reads its plate, the driver swipes the card
      const plate = this.camera.recognise(p.truck.plate);
      this.emit({ event: 'plate', plate: plate.plate, snapshotBytes: plate.snapshot.length });
      if (p.truck.card) {
        for (const c of this.cardClients) c.write(`${p.truck.card}\r\n`);
        this.emit({ event: 'card', card: p.truck.card });
      }
    }
    if (p.phase !== this.lastPhase) {
      this.lastPhase = p.phase;
      this.emit({ event: 'phase', phase: p.phase, truck: p.truck?.plate ?? null, weight: p.weight });
    }
    const tons = this.options.unit === 't';
    const frame = encodeFrame(this.options.protocol, {
      weight: tons ? p.weight / 1000 : p.weight,
      decimals: tons ? (this.options.decimals ?? 2) : 0,
      motion: p.motion,
    });
    for (const c of this.indicatorClients) c.write(frame);
  }

  private emit(e: SimEvent): void {
    this.options.onEvent?.(e);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const c of [...this.indicatorClients, ...this.cardClients]) c.destroy();
    await Promise.all([close(this.indicator), close(this.cardServer), this.io.close()]);
  }
}

function listen(host: string, port: number, clients: Set<net.Socket>): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((s) => {
      clients.add(s);
      s.on('error', () => {});
      s.on('close', () => clients.delete(s));
    });
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function close(server: net.Server | null): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
