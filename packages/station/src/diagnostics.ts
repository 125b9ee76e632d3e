import { toHex } from './parse/frame.js';

/**
 * What a port is doing, for the operator: no bytes at all (cable, port, baud), bytes that never form
 * a frame (wrong protocol or framing), frames that do not parse (wrong setting, noise, checksum), or
 * readings streaming.
 */
export type PortState = 'no-bytes' | 'no-frames' | 'unparsed' | 'streaming';

export interface PortDiagnosis {
  state: PortState;
  bytes: number;
  frames: number;
  unparsed: number;
  /** the last bytes received, hex, newest last */
  lastBytes: string;
  lastUnparsed?: { raw: string; reason: string };
  connected: boolean;
}

const KEEP = 48;

export class PortDiagnostics {
  bytes = 0;
  frames = 0;
  unparsed = 0;
  connected = false;
  private lastByteAt = Number.NEGATIVE_INFINITY;
  private lastFrameAt = Number.NEGATIVE_INFINITY;
  private lastBadAt = Number.NEGATIVE_INFINITY;
  private tail = new Uint8Array(KEEP);
  private tailLength = 0;
  private lastBad?: { raw: string; reason: string };

  /** `windowMs`: how long without a byte (or frame) before the state falls back. */
  constructor(private readonly windowMs = 3000) {}

  onBytes(chunk: Uint8Array, now: number): void {
    this.bytes += chunk.length;
    this.lastByteAt = now;
    const take = chunk.subarray(Math.max(0, chunk.length - KEEP));
    const keep = Math.min(this.tailLength, KEEP - take.length);
    this.tail.copyWithin(0, this.tailLength - keep, this.tailLength);
    this.tail.set(take, keep);
    this.tailLength = keep + take.length;
  }

  onFrame(now: number): void {
    this.frames++;
    this.lastFrameAt = now;
  }

  onUnparsed(raw: string, reason: string, now: number): void {
    this.unparsed++;
    this.lastBadAt = now;
    this.lastBad = { raw, reason };
  }

  diagnose(now: number): PortDiagnosis {
    const recent = (t: number) => now - t <= this.windowMs;
    const state: PortState = !recent(this.lastByteAt)
      ? 'no-bytes'
      : recent(this.lastFrameAt)
        ? 'streaming'
        : recent(this.lastBadAt)
          ? 'unparsed'
          : 'no-frames';
    const d: PortDiagnosis = {
      state,
      bytes: this.bytes,
      frames: this.frames,
      unparsed: this.unparsed,
      lastBytes: toHex(this.tail, 0, this.tailLength),
      connected: this.connected,
    };
    if (this.lastBad) d.lastUnparsed = this.lastBad;
    return d;
  }
}
