import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SerialPortMock } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeToledo, encodeXk3190a9 } from '../parse/encode.js';
import { ScalePort } from '../scale-port.js';
import type { Reading } from '../stability.js';
import { type PortConstructor, SerialSource } from './serial.js';
import { TcpSource } from './tcp.js';

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

// @serialport/binding-mock, the very instance SerialPortMock opens ports with (its ESM and CJS
// builds are two modules, so it is not imported on its own)
const MockBinding = SerialPortMock.binding;
type MockPortBinding = { emitData(data: Buffer): void };

afterEach(() => MockBinding.reset());

describe('a serial port', () => {
  it('reads Toledo frames through the parser and the motion flag', async () => {
    MockBinding.createPort('/dev/ttyS0', { echo: false, record: false });
    const source = new SerialSource({ path: '/dev/ttyS0', baudRate: 9600 }, SerialPortMock as unknown as PortConstructor);
    const readings: Reading[] = [];
    const port = new ScalePort(
      { id: 's1', protocol: { name: 'toledo' }, stability: { count: 5, tolerance: 20, minWeight: 0 }, limits: { zeroBand: 20, max: 100_000 } },
      source,
      (r) => readings.push(r),
    );
    port.start();
    await until(() => source.current?.isOpen === true);
    const binding = source.current!.port as unknown as MockPortBinding;
    const bytes = Buffer.concat([encodeToledo({ weight: 31720, decimals: 0, motion: true }), encodeToledo({ weight: 31740, decimals: 0 })]);
    // the frame arrives cut in two reads
    binding.emitData(bytes.subarray(0, 10));
    binding.emitData(bytes.subarray(10));
    await until(() => readings.length === 2);
    expect(readings.map((r) => [r.weight, r.stable])).toEqual([
      ['31720', false],
      ['31740', true],
    ]);
    expect(port.diagnose()).toMatchObject({ state: 'streaming', frames: 2, connected: true });
    await port.stop();
  });

  it('says no bytes when the port opens but the indicator is silent, and retries a port that is not there', async () => {
    const source = new SerialSource({ path: '/dev/missing', baudRate: 9600, reconnectMinMs: 20 }, SerialPortMock as unknown as PortConstructor);
    const port = new ScalePort(
      { id: 's1', protocol: { name: 'toledo' }, stability: { count: 5, tolerance: 20, minWeight: 0 }, limits: { zeroBand: 0, max: 1e9 } },
      source,
      () => {},
    );
    port.start();
    await new Promise((r) => setTimeout(r, 60));
    expect(port.diagnose()).toMatchObject({ state: 'no-bytes', connected: false });
    MockBinding.createPort('/dev/missing', { echo: false, record: false });
    await until(() => port.diagnose().connected);
    await port.stop();
  });
});

describe('a TCP serial server', () => {
  it('reads A9 frames and reconnects with backoff after the server drops the connection', async () => {
    const sockets: net.Socket[] = [];
    const server = net.createServer((s) => {
      sockets.push(s);
      s.write(encodeXk3190a9({ weight: 15.5, decimals: 2 }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port: tcpPort } = server.address() as AddressInfo;
    const readings: Reading[] = [];
    const port = new ScalePort(
      { id: 's1', protocol: { name: 'xk3190-a9' }, stability: { count: 1, tolerance: 0, minWeight: 0 }, limits: { zeroBand: 0, max: 1e9 } },
      new TcpSource({ host: '127.0.0.1', port: tcpPort, reconnectMinMs: 20 }),
      (r) => readings.push(r),
    );
    port.start();
    await until(() => readings.length === 1);
    sockets[0].destroy();
    await until(() => readings.length === 2);
    expect(sockets.length).toBe(2);
    expect(readings.map((r) => r.weight)).toEqual(['15.50', '15.50']);
    await port.stop();
    await new Promise<void>((r) => server.close(() => r()));
  });
});
