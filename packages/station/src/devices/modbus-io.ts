import ModbusRTU from 'modbus-serial';
import type { LaneEnd, LaneIo, LightColor, PositionSensors } from './types.js';

/** Where each signal sits on the IO module (discrete inputs and coils, 0-based). */
export interface IoMap {
  unitId: number;
  frontBeam: number;
  rearBeam: number;
  /** coil on = barrier open */
  frontBarrier: number;
  rearBarrier: number;
  /** coil on = green, off = red */
  frontLight: number;
  rearLight: number;
}

export const DEFAULT_IO_MAP: IoMap = { unitId: 1, frontBeam: 0, rearBeam: 1, frontBarrier: 0, rearBarrier: 1, frontLight: 2, rearLight: 3 };

/** A Modbus TCP IO module (infrared beams in, barrier and light relays out). */
export class ModbusLaneIo implements LaneIo {
  private readonly client = new ModbusRTU();
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly options: { host: string; port: number; timeoutMs?: number },
    private readonly map: IoMap = DEFAULT_IO_MAP,
  ) {}

  private async ready(): Promise<ModbusRTU> {
    if (!this.client.isOpen) {
      this.connecting ??= this.client
        .connectTCP(this.options.host, { port: this.options.port })
        .then(() => {
          this.client.setID(this.map.unitId);
          this.client.setTimeout(this.options.timeoutMs ?? 1000);
        })
        .finally(() => (this.connecting = null));
      await this.connecting;
    }
    return this.client;
  }

  async readSensors(): Promise<PositionSensors> {
    const c = await this.ready();
    const from = Math.min(this.map.frontBeam, this.map.rearBeam);
    const count = Math.abs(this.map.frontBeam - this.map.rearBeam) + 1;
    const { data } = await c.readDiscreteInputs(from, count);
    return { front: data[this.map.frontBeam - from], rear: data[this.map.rearBeam - from] };
  }

  async setBarrier(end: LaneEnd, open: boolean): Promise<void> {
    const c = await this.ready();
    await c.writeCoil(end === 'front' ? this.map.frontBarrier : this.map.rearBarrier, open);
  }

  async setLight(end: LaneEnd, color: LightColor): Promise<void> {
    const c = await this.ready();
    await c.writeCoil(end === 'front' ? this.map.frontLight : this.map.rearLight, color === 'green');
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await new Promise<void>((resolve) => this.client.close(() => resolve()));
  }
}
