import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ServerTCP } from 'modbus-serial';
import { DEFAULT_IO_MAP, type IoMap } from './modbus-io.js';

/**
 * A Modbus TCP IO module in software: the simulation sets the beams, and every coil write (barrier,
 * light) is recorded with its time, so a test can count barrier openings.
 */
export class ModbusIoSimulator {
  readonly inputs = new Map<number, boolean>();
  readonly coils = new Map<number, boolean>();
  readonly writes: { coil: number; value: boolean; at: number }[] = [];
  private server: ServerTCP | null = null;

  constructor(readonly map: IoMap = DEFAULT_IO_MAP) {}

  /** Listens on `port` (0: any free port); resolves with the port. */
  async listen(port = 0, host = '127.0.0.1'): Promise<number> {
    // ServerTCP takes 0 as "the default, 502": find a free port first
    if (port === 0) port = await freePort(host);
    const server = new ServerTCP(
      {
        getDiscreteInput: (addr: number) => this.inputs.get(addr) ?? false,
        getCoil: (addr: number) => this.coils.get(addr) ?? false,
        setCoil: (addr: number, value: boolean) => {
          this.coils.set(addr, value);
          this.writes.push({ coil: addr, value, at: Date.now() });
        },
      },
      { host, port, unitID: this.map.unitId },
    );
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.on('initialized', () => resolve());
      server.on('serverError', (e) => reject(e ?? new Error('modbus server failed')));
    });
    return port;
  }

  setBeams(front: boolean, rear: boolean): void {
    this.inputs.set(this.map.frontBeam, front);
    this.inputs.set(this.map.rearBeam, rear);
  }

  /** How often a barrier went from closed to open. */
  openings(end: 'front' | 'rear'): number {
    const coil = end === 'front' ? this.map.frontBarrier : this.map.rearBarrier;
    let was = false;
    let n = 0;
    for (const w of this.writes) {
      if (w.coil !== coil) continue;
      if (w.value && !was) n++;
      was = w.value;
    }
    return n;
  }

  close(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return Promise.resolve();
    for (const sock of s.socks.keys()) sock.destroy();
    return new Promise((resolve) => s.close(() => resolve()));
  }
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
