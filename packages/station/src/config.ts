import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { compileFramePattern } from './parse/regex.js';

const unit = z.enum(['kg', 't', 'lb', 'g']);

const protocol = z.union([
  z.object({ name: z.literal('toledo'), checksum: z.boolean().optional(), unit: unit.optional() }),
  z.object({ name: z.literal('xk3190-a9'), unit: unit.optional() }),
  z.object({ name: z.literal('xk3190-a12') }),
  z.object({ name: z.literal('reversed'), unit: unit.optional() }),
  z.object({ name: z.literal('equals'), unit: unit.optional() }),
  z.object({
    name: z.literal('regex'),
    pattern: z.string().refine((p) => {
      try {
        compileFramePattern(p);
        return true;
      } catch {
        return false;
      }
    }, 'a valid regular expression with a named group "weight"'),
    unit: unit.optional(),
  }),
]);

const connection = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('serial'),
    path: z.string().min(1),
    baudRate: z.number().int().positive().default(9600),
    dataBits: z.union([z.literal(5), z.literal(6), z.literal(7), z.literal(8)]).default(8),
    parity: z.enum(['none', 'even', 'odd']).default('none'),
    stopBits: z.union([z.literal(1), z.literal(2)]).default(1),
  }),
  z.object({ type: z.literal('tcp'), host: z.string().min(1), port: z.number().int().min(1).max(65535) }),
]);

const scale = z.object({
  /** the scale's id on the server (the station credential is issued per scale) */
  id: z.string().min(1),
  connection,
  protocol,
  stability: z
    .object({
      count: z.number().int().min(1).max(100).default(5),
      tolerance: z.number().min(0).default(20),
      minWeight: z.number().min(0).default(0),
      useMotionFlag: z.boolean().default(true),
    })
    .prefault({}),
  limits: z
    .object({ zeroBand: z.number().min(0).default(0), max: z.number().positive().default(Number.MAX_SAFE_INTEGER) })
    .prefault({}),
});

const endpoint = { host: z.string().min(1), port: z.number().int().min(1).max(65535) };

/** One unattended lane: the scale it weighs on, its devices and its timeouts (lane/types.ts DEFAULT_LANE). */
const lane = z.object({
  /** one of `scales[].id`: the lane's readings and its weighings */
  scaleId: z.string().min(1),
  /** card numbers as text lines over TCP (the reader's serial server, or scale-sim's card port) */
  cardReader: z.object({ type: z.literal('tcp'), ...endpoint }),
  /** no driver for a real camera yet: 'simulated' takes its snapshots from the simulated camera */
  camera: z.object({ type: z.literal('simulated') }).prefault({ type: 'simulated' }),
  io: z.object({
    type: z.literal('modbus-tcp'),
    ...endpoint,
    timeoutMs: z.number().int().min(100).max(60_000).default(1000),
    map: z
      .object({
        unitId: z.number().int().min(0).max(255).default(1),
        frontBeam: z.number().int().min(0).default(0),
        rearBeam: z.number().int().min(0).default(1),
        frontBarrier: z.number().int().min(0).default(0),
        rearBarrier: z.number().int().min(0).default(1),
        frontLight: z.number().int().min(0).default(2),
        rearLight: z.number().int().min(0).default(3),
      })
      .prefault({}),
  }),
  /** no driver for a real LED board or speaker yet: 'log' writes the text to the agent's output */
  led: z.object({ type: z.literal('log') }).prefault({ type: 'log' }),
  speaker: z.object({ type: z.literal('log') }).prefault({ type: 'log' }),
  timeouts: z
    .object({
      arrivalMs: z.number().int().min(1000).default(60_000),
      positionMs: z.number().int().min(1000).default(30_000),
      stableMs: z.number().int().min(1000).default(30_000),
      leaveMs: z.number().int().min(1000).default(120_000),
    })
    .prefault({}),
  /** a weight at least this (the indicator's unit) is a truck on the platform */
  minWeight: z.number().min(0).default(500),
  /** how often the beams are read, the timeouts checked, the operator's answer asked for */
  pollMs: z.number().int().min(10).default(100),
  tickMs: z.number().int().min(10).default(500),
  answerPollMs: z.number().int().min(10).default(1000),
  /** how often the lane tells the server its phase and what waits (0 = never) */
  statusEveryMs: z.number().int().min(0).default(10_000),
});

export const StationConfig = z.object({
  server: z.url(),
  stationKey: z.string().min(1),
  /** the durable queue of readings not yet accepted (relative to the config file) */
  queueFile: z.string().default('station-queue.jsonl'),
  publish: z
    .object({
      batchMs: z.number().int().min(0).default(100),
      heartbeatMs: z.number().int().min(100).default(1000),
      maxBatch: z.number().int().min(1).max(1000).default(200),
    })
    .prefault({}),
  /** how often the agent prints its ports' states and what is waiting */
  statusEveryMs: z.number().int().min(0).default(10_000),
  scales: z.array(scale).min(1),
  lanes: z.array(lane).default([]),
}).superRefine((c, ctx) => {
  const ids = new Set(c.scales.map((s) => s.id));
  const used = new Set<string>();
  c.lanes.forEach((l, i) => {
    if (!ids.has(l.scaleId)) ctx.addIssue({ code: 'custom', path: ['lanes', i, 'scaleId'], message: 'not one of scales[].id' });
    else if (used.has(l.scaleId)) ctx.addIssue({ code: 'custom', path: ['lanes', i, 'scaleId'], message: 'a scale serves one lane' });
    used.add(l.scaleId);
  });
});

export type StationConfig = z.infer<typeof StationConfig>;
export type ScaleConfig = StationConfig['scales'][number];
export type LaneConfig = StationConfig['lanes'][number];

/** Reads and checks a config file; a bad one stops the agent with the field named. */
export function loadConfig(file: string): StationConfig {
  const parsed = StationConfig.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`config ${file}: ${first.path.join('.')}: ${first.message}`);
  }
  const config = parsed.data;
  return { ...config, queueFile: path.resolve(path.dirname(file), config.queueFile) };
}
