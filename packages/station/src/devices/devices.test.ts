import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TcpLineCardReader } from './card-reader-tcp.js';
import { ModbusLaneIo } from './modbus-io.js';
import { ModbusIoSimulator } from './modbus-sim.js';
import { SimulatedCardReader, SimulatedPlateCamera } from './simulators.js';

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('lane IO over Modbus TCP', () => {
  it('reads the infrared beams and drives barriers and lights through the simulator', async () => {
    const sim = new ModbusIoSimulator();
    const port = await sim.listen();
    const io = new ModbusLaneIo({ host: '127.0.0.1', port });
    sim.setBeams(true, false);
    expect(await io.readSensors()).toEqual({ front: true, rear: false });
    sim.setBeams(false, false);
    expect(await io.readSensors()).toEqual({ front: false, rear: false });
    await io.setBarrier('front', true);
    await io.setBarrier('front', false);
    await io.setBarrier('rear', true);
    await io.setLight('front', 'green');
    expect(sim.openings('front')).toBe(1);
    expect(sim.openings('rear')).toBe(1);
    expect(sim.coils.get(sim.map.frontLight)).toBe(true);
    await io.close();
    await sim.close();
  });
});

describe('card reader and camera', () => {
  it('reads card numbers as lines over TCP, a held card once', async () => {
    const server = net.createServer((s) => s.write('00A1B2C3\r\n00A1B2C3\r\n'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const reader = new TcpLineCardReader({ host: '127.0.0.1', port: (server.address() as AddressInfo).port });
    const cards: string[] = [];
    reader.onCard((c) => cards.push(c));
    await until(() => cards.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(cards).toEqual(['00A1B2C3']);
    await reader.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('simulators tell their listeners', async () => {
    const reader = new SimulatedCardReader();
    const camera = new SimulatedPlateCamera();
    const seen: string[] = [];
    const off = reader.onCard((c) => seen.push(c));
    camera.onPlate((e) => seen.push(`${e.plate}:${e.snapshot.length > 0}`));
    reader.present('C1');
    camera.recognise('苏A12345');
    off();
    reader.present('C2');
    expect(seen).toEqual(['C1', '苏A12345:true']);
    expect((await camera.snapshot()).toString()).toContain('苏A12345');
  });
});
