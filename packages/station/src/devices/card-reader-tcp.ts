import net from 'node:net';
import { Backoff } from '../connection/source.js';
import type { CardReader, Off } from './types.js';

/**
 * A card reader that sends each card's number as a text line (RS-232 readers behind a TCP serial
 * server, or readers with a TCP output). The same card held on the reader repeats: a repeat within
 * `repeatMs` is one presentation.
 */
export class TcpLineCardReader implements CardReader {
  private readonly listeners = new Set<(cardNo: string) => void>();
  private socket: net.Socket | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private last = { card: '', at: 0 };
  private readonly backoff = new Backoff(500, 10_000);

  constructor(private readonly options: { host: string; port: number; repeatMs?: number }) {
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    const s = net.connect({ host: this.options.host, port: this.options.port });
    this.socket = s;
    let buffer = '';
    s.setEncoding('latin1');
    s.on('data', (d: string) => {
      this.backoff.reset();
      buffer += d;
      const lines = buffer.split(/\r?\n|\r/);
      buffer = lines.pop() ?? '';
      for (const line of lines) this.card(line.trim());
    });
    s.on('error', () => {});
    s.on('close', () => {
      if (!this.stopped) this.timer = setTimeout(() => this.connect(), this.backoff.next());
    });
  }

  private card(cardNo: string): void {
    if (cardNo === '') return;
    const now = Date.now();
    if (cardNo === this.last.card && now - this.last.at < (this.options.repeatMs ?? 3000)) return;
    this.last = { card: cardNo, at: now };
    for (const l of this.listeners) l(cardNo);
  }

  onCard(listener: (cardNo: string) => void): Off {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.destroy();
  }
}
