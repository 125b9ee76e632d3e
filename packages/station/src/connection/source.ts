/** Where an indicator's bytes come from: a serial port or a TCP serial server, same parsers after. */
export interface ByteSource {
  start(handlers: SourceHandlers): void;
  stop(): Promise<void>;
}

export interface SourceHandlers {
  data(chunk: Buffer): void;
  connected(isConnected: boolean, detail?: string): void;
}

/** Reconnect delays: doubling from `minMs` to `maxMs`, back to `minMs` once bytes flow again. */
export class Backoff {
  private current: number;
  constructor(
    private readonly minMs = 500,
    private readonly maxMs = 10_000,
  ) {
    this.current = minMs;
  }
  next(): number {
    const d = this.current;
    this.current = Math.min(this.maxMs, this.current * 2);
    return d;
  }
  reset(): void {
    this.current = this.minMs;
  }
}
