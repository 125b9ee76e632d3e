import type { ByteSource } from './connection/source.js';
import { PortDiagnostics, type PortDiagnosis } from './diagnostics.js';
import type { FrameParser } from './parse/frame.js';
import { createParser, type ProtocolSpec } from './parse/protocols.js';
import { type Limits, type Reading, StabilityJudge, type StabilitySettings } from './stability.js';

export interface ScalePortSettings {
  id: string;
  protocol: ProtocolSpec;
  stability: StabilitySettings;
  limits: Limits;
}

/** One indicator: its bytes through its protocol's parser and its stability rule, into readings. */
export class ScalePort {
  readonly diagnostics = new PortDiagnostics();
  private readonly parser: FrameParser;
  private readonly judge: StabilityJudge;
  private latestReading: Reading | null = null;
  private now = 0;

  constructor(
    readonly settings: ScalePortSettings,
    private readonly source: ByteSource,
    private readonly onReading: (reading: Reading, now: number) => void,
    private readonly clock: () => number = Date.now,
  ) {
    this.judge = new StabilityJudge(settings.stability, settings.limits);
    this.parser = createParser(settings.protocol, {
      frame: (f) => {
        this.diagnostics.onFrame(this.now);
        this.latestReading = this.judge.judge(f);
        this.onReading(this.latestReading, this.now);
      },
      bad: (raw, reason) => this.diagnostics.onUnparsed(raw, reason, this.now),
    });
  }

  start(): void {
    this.source.start({
      data: (chunk) => {
        this.now = this.clock();
        this.diagnostics.onBytes(chunk, this.now);
        this.parser.push(chunk);
      },
      connected: (ok) => {
        this.diagnostics.connected = ok;
      },
    });
  }

  get latest(): Reading | null {
    return this.latestReading;
  }

  diagnose(): PortDiagnosis {
    return this.diagnostics.diagnose(this.clock());
  }

  stop(): Promise<void> {
    return this.source.stop();
  }
}
