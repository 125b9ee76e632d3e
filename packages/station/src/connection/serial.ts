import { SerialPort } from 'serialport';
import { Backoff, type ByteSource, type SourceHandlers } from './source.js';

export interface SerialSourceOptions {
  path: string;
  baudRate: number;
  dataBits?: 5 | 6 | 7 | 8;
  parity?: 'none' | 'even' | 'odd';
  stopBits?: 1 | 2;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/** The constructor to open ports with: SerialPort on the PC, SerialPortMock in tests. */
export type PortConstructor = new (options: {
  path: string;
  baudRate: number;
  dataBits?: 5 | 6 | 7 | 8;
  parity?: 'none' | 'even' | 'odd';
  stopBits?: 1 | 2;
  autoOpen?: boolean;
}) => SerialPort;

/** An RS-232 port; reopened with backoff when it closes or fails (a USB adapter pulled out). */
export class SerialSource implements ByteSource {
  private port: SerialPort | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly backoff: Backoff;

  constructor(
    private readonly options: SerialSourceOptions,
    private readonly Port: PortConstructor = SerialPort as unknown as PortConstructor,
  ) {
    this.backoff = new Backoff(options.reconnectMinMs ?? 500, options.reconnectMaxMs ?? 10_000);
  }

  start(handlers: SourceHandlers): void {
    this.stopped = false;
    this.open(handlers);
  }

  /** The open port (tests reach the mock binding through it). */
  get current(): SerialPort | null {
    return this.port;
  }

  private open(handlers: SourceHandlers): void {
    if (this.stopped) return;
    const { path, baudRate, dataBits = 8, parity = 'none', stopBits = 1 } = this.options;
    const port = new this.Port({ path, baudRate, dataBits, parity, stopBits, autoOpen: false });
    this.port = port;
    const retry = (detail: string) => {
      if (this.port !== port) return;
      this.port = null;
      handlers.connected(false, detail);
      if (!this.stopped) this.timer = setTimeout(() => this.open(handlers), this.backoff.next());
    };
    port.on('data', (chunk: Buffer) => {
      this.backoff.reset();
      handlers.data(chunk);
    });
    port.on('close', () => retry(`${path} closed`));
    port.on('error', (e: Error) => {
      if (!port.isOpen) retry(e.message);
    });
    port.open((err) => {
      if (err) retry(err.message);
      else handlers.connected(true);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const p = this.port;
    this.port = null;
    if (p?.isOpen) await new Promise<void>((resolve) => p.close(() => resolve()));
  }
}
