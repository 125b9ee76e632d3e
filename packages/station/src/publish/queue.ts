import fs from 'node:fs';
import path from 'node:path';

/** One reading as the server takes it (POST /api/station/readings). */
export interface PublishedReading {
  seq: number;
  at: string;
  weight: string;
  unit: 'kg' | 't';
  stable: boolean;
  net?: string;
  tare?: string;
}

/** One request: sent with its request id, so a replay after a lost answer is harmless. */
export interface QueuedBatch {
  requestId: string;
  scaleId: string;
  readings: PublishedReading[];
}

type Entry =
  | { op: 'add'; batch: QueuedBatch }
  | { op: 'ack'; requestId: string }
  | { op: 'seq'; scaleId: string; seq: number };

/**
 * The readings not yet accepted by the server, in order, in an append-only file: a batch is written
 * (and synced) before it is sent and acknowledged after the server took it, so a crash or a cut
 * network loses nothing and sends nothing twice under two ids. The file is rewritten small when
 * nothing is waiting.
 */
export class DurableQueue {
  private readonly pendingBatches: QueuedBatch[] = [];
  private readonly lastSeq = new Map<string, number>();
  private fd: number;
  private entries = 0;

  private constructor(private readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (fs.existsSync(file)) {
      const text = fs.readFileSync(file, 'utf8');
      this.replay(text);
      // a line cut by a crash mid-write is cut off, so the next entry starts on a line of its own
      if (text.length > 0 && !text.endsWith('\n')) fs.truncateSync(file, Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1)));
    }
    this.fd = fs.openSync(file, 'a');
    if (this.pendingBatches.length === 0 && this.entries > 0) this.compact();
  }

  static open(file: string): DurableQueue {
    return new DurableQueue(file);
  }

  private replay(text: string): void {
    const byId = new Map<string, QueuedBatch>();
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let e: Entry;
      try {
        e = JSON.parse(line) as Entry;
      } catch {
        continue; // a line cut by a crash mid-write: its batch was never sent
      }
      this.entries++;
      if (e.op === 'add') {
        byId.set(e.batch.requestId, e.batch);
        this.noteSeq(e.batch);
      } else if (e.op === 'ack') byId.delete(e.requestId);
      else this.lastSeq.set(e.scaleId, Math.max(this.lastSeq.get(e.scaleId) ?? 0, e.seq));
    }
    this.pendingBatches.push(...byId.values());
  }

  private noteSeq(batch: QueuedBatch): void {
    for (const r of batch.readings) if (r.seq > (this.lastSeq.get(batch.scaleId) ?? 0)) this.lastSeq.set(batch.scaleId, r.seq);
  }

  private write(e: Entry): void {
    fs.writeSync(this.fd, `${JSON.stringify(e)}\n`);
    fs.fsyncSync(this.fd);
    this.entries++;
  }

  /** The next sequence number of a scale (they keep rising across restarts). */
  nextSeq(scaleId: string): number {
    const next = (this.lastSeq.get(scaleId) ?? 0) + 1;
    this.lastSeq.set(scaleId, next);
    return next;
  }

  append(batch: QueuedBatch): void {
    this.write({ op: 'add', batch });
    this.noteSeq(batch);
    this.pendingBatches.push(batch);
  }

  head(): QueuedBatch | undefined {
    return this.pendingBatches[0];
  }

  ack(requestId: string): void {
    const i = this.pendingBatches.findIndex((b) => b.requestId === requestId);
    if (i < 0) return;
    this.pendingBatches.splice(i, 1);
    this.write({ op: 'ack', requestId });
    if (this.pendingBatches.length === 0 && this.entries > 1000) this.compact();
  }

  /** What is waiting: batches and readings. */
  waiting(): { batches: number; readings: number } {
    return { batches: this.pendingBatches.length, readings: this.pendingBatches.reduce((n, b) => n + b.readings.length, 0) };
  }

  private compact(): void {
    const tmp = `${this.file}.tmp`;
    const lines = [...this.lastSeq].map(([scaleId, seq]) => JSON.stringify({ op: 'seq', scaleId, seq } satisfies Entry));
    fs.writeFileSync(tmp, lines.length > 0 ? `${lines.join('\n')}\n` : '');
    fs.closeSync(this.fd);
    fs.renameSync(tmp, this.file);
    this.fd = fs.openSync(this.file, 'a');
    this.entries = lines.length;
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}
