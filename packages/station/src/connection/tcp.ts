import net from 'node:net';
import { Backoff, type ByteSource, type SourceHandlers } from './source.js';

export interface TcpSourceOptions {
  host: string;
  port: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** no byte for this long: the serial server is taken as hung and the socket is reopened */
  idleMs?: number;
}

/** A TCP serial server (e.g. a USR or Moxa box in front of the indicator's RS-232). */
export class TcpSource implements ByteSource {
  private socket: net.Socket | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly backoff: Backoff;

  constructor(private readonly options: TcpSourceOptions) {
    this.backoff = new Backoff(options.reconnectMinMs ?? 500, options.reconnectMaxMs ?? 10_000);
  }

  start(handlers: SourceHandlers): void {
    this.stopped = false;
    this.connect(handlers);
  }

  private connect(handlers: SourceHandlers): void {
    if (this.stopped) return;
    const socket = net.connect({ host: this.options.host, port: this.options.port });
    this.socket = socket;
    socket.setNoDelay(true);
    if (this.options.idleMs) socket.setTimeout(this.options.idleMs, () => socket.destroy(new Error('idle')));
    socket.on('connect', () => handlers.connected(true));
    socket.on('data', (chunk: Buffer) => {
      this.backoff.reset();
      handlers.data(chunk);
    });
    socket.on('error', () => {
      /* the close that follows reconnects */
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      handlers.connected(false, `${this.options.host}:${this.options.port} closed`);
      if (!this.stopped) this.timer = setTimeout(() => this.connect(handlers), this.backoff.next());
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const s = this.socket;
    this.socket = null;
    if (s) await new Promise<void>((resolve) => (s.destroyed ? resolve() : s.once('close', () => resolve()).destroy()));
  }
}
