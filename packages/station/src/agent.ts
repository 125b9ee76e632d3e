import type { ScaleConfig, StationConfig } from './config.js';
import { type PortConstructor, SerialSource } from './connection/serial.js';
import type { ByteSource } from './connection/source.js';
import { TcpSource } from './connection/tcp.js';
import type { PortDiagnosis } from './diagnostics.js';
import { ReadingPublisher } from './publish/publisher.js';
import { DurableQueue } from './publish/queue.js';
import { ReadingSender, type SenderStatus } from './publish/sender.js';
import type { Reading } from './stability.js';
import { ScalePort } from './scale-port.js';

export interface AgentStatus {
  scales: Record<string, PortDiagnosis & { latest: Reading | null }>;
  waiting: { batches: number; readings: number };
  server: SenderStatus;
}

export interface AgentOptions {
  /** the serial port constructor (SerialPortMock in tests) */
  serialPort?: PortConstructor;
  log?: (line: string) => void;
  /** every reading, as it is judged (the lane state machine listens here) */
  onReading?: (scaleId: string, reading: Reading) => void;
}

export function sourceFor(c: ScaleConfig['connection'], serialPort?: PortConstructor): ByteSource {
  if (c.type === 'tcp') return new TcpSource({ host: c.host, port: c.port });
  return new SerialSource(c, serialPort);
}

/** The station agent: every scale's port, the readings' queue and their sender. */
export class StationAgent {
  readonly ports: ScalePort[];
  private readonly queue: DurableQueue;
  private readonly sender: ReadingSender;
  private readonly publisher: ReadingPublisher;
  private statusTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: StationConfig,
    private readonly options: AgentOptions = {},
  ) {
    const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
    this.queue = DurableQueue.open(config.queueFile);
    this.sender = new ReadingSender(this.queue, { server: config.server, stationKey: config.stationKey, log });
    this.publisher = new ReadingPublisher(this.queue, this.sender, config.publish, log);
    this.ports = config.scales.map(
      (s) =>
        new ScalePort(
          { id: s.id, protocol: s.protocol, stability: s.stability, limits: s.limits },
          sourceFor(s.connection, options.serialPort),
          (reading, now) => {
            this.publisher.offer(s.id, reading, now);
            options.onReading?.(s.id, reading);
          },
        ),
    );
  }

  start(): void {
    for (const p of this.ports) p.start();
    // batches left from the last run (the server was unreachable) go first, in order
    this.sender.kick();
    if (this.config.statusEveryMs > 0) {
      const log = this.options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
      this.statusTimer = setInterval(() => log(JSON.stringify(this.status())), this.config.statusEveryMs);
    }
  }

  status(): AgentStatus {
    const scales: AgentStatus['scales'] = {};
    for (const p of this.ports) scales[p.settings.id] = { ...p.diagnose(), latest: p.latest };
    return { scales, waiting: this.queue.waiting(), server: { ...this.sender.status } };
  }

  async stop(): Promise<void> {
    if (this.statusTimer) clearInterval(this.statusTimer);
    await Promise.all(this.ports.map((p) => p.stop()));
    this.publisher.flush();
    await this.sender.stop();
    this.queue.close();
  }
}
