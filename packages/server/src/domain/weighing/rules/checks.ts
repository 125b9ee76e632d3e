import Decimal from 'decimal.js';
import type { CheckLevel, WeighParams } from '@wb/protocol';
import { SIDE_WORDS, type Side } from './kinds';
import { kgToTons, showTons } from './units';

/** One finding of the weighing checks: which check, and what the operator reads. */
export interface Finding {
  check: CheckName;
  message: string;
}
export type CheckName = 'overload' | 'repeatedReading' | 'emptyGross' | 'sameWeight' | 'zeroWeight' | 'unstable' | 'tareAlarm'
  // a batch-managed sale completed without its batch (domain/batch rules.ts batchAtCompletion)
  | 'batch';

/** Warnings let the weighing through and are shown; refusals stop it. */
export interface CheckResult {
  warnings: Finding[];
  refusals: Finding[];
}

/** What the checks look at for one reading, gathered by the caller. */
export interface ReadingFacts {
  plate: string;
  side: Side;
  weight: Decimal;
  stable: boolean;
  at: Date;
  /** the gross limit of the vehicle in tons (vehicleGrossLimit); null: unknown */
  grossLimit: Decimal | null;
  /** the material's overload flag: only such materials are checked against the limit */
  materialOverload: boolean;
  /** the vehicle's stored last tare */
  lastTare: Decimal | null;
  /** the vehicle's previous weighing, on any ticket; `sameTicket`: the first weighing of the ticket this reading completes */
  previousReading: PreviousReading | null;
  /** readings taken at the organisation's scales shortly before this one (any truck, any ticket) */
  recentReadings: { plate: string; weight: Decimal; at: Date }[];
}

export interface PreviousReading {
  side: Side;
  weight: Decimal;
  at: Date;
  sameTicket: boolean;
}

type CheckParams = Pick<WeighParams, 'overloadCheck' | 'repeatedReadingCheck' | 'emptyGrossCheck' | 'emptyGrossKg' | 'sameWeightCheck' | 'sameWeightMinutes' | 'zeroWeightCheck' | 'unstableCheck'>;

/** The legal gross limits of GB 1589-2016 by number of axles, in tons (trucks and tractor-trailers). */
const LEGAL_GROSS_BY_AXLES: Record<number, number> = { 2: 18, 3: 25, 4: 31, 5: 43, 6: 49, 7: 49, 8: 49 };

/**
 * A vehicle's gross limit: its rated load plus its tare when the plant recorded a rated load and the
 * truck has a tare, else the legal limit of its axle count; null when neither is known.
 */
export function vehicleGrossLimit(v: { capacityTonnage: Decimal | null; axles: number | null; standardTare: Decimal | null; lastTare: Decimal | null }): Decimal | null {
  const tare = v.standardTare ?? v.lastTare;
  if (v.capacityTonnage && tare) return v.capacityTonnage.plus(tare);
  if (v.axles && LEGAL_GROSS_BY_AXLES[v.axles]) return new Decimal(LEGAL_GROSS_BY_AXLES[v.axles]);
  return null;
}

/**
 * The latest earlier reading of exactly this weight within the window: one truck weighed twice
 * under two plates, or a truck that never unloaded, reads the same figure (domain notes: cheating).
 */
export function sameWeightSeen(f: Pick<ReadingFacts, 'weight' | 'at' | 'recentReadings'>, minutes: number): { plate: string; at: Date } | null {
  const since = f.at.getTime() - minutes * 60_000;
  const hits = f.recentReadings.filter((r) => r.weight.eq(f.weight) && r.at.getTime() >= since && r.at.getTime() <= f.at.getTime());
  hits.sort((a, b) => b.at.getTime() - a.at.getTime());
  return hits[0] ?? null;
}

/**
 * The side a truck weighed twice in a row (连续两次称毛重/皮重), or null. What the trade means by it is
 * a weighing that did not happen between two readings, not any two readings of one side:
 * - on one ticket, the second reading weighs what the first did (within emptyGrossKg, the plant's
 *   measure of "no load"): the truck neither unloaded nor loaded, the scale read the same side again;
 * - across two tickets, a gross after a gross within the plant's suspicion window (sameWeightMinutes):
 *   a truck that left loaded is back loaded before it could have unloaded anywhere (goods sold and
 *   delivered back, or a load weighed twice).
 * A tare after a tare on another ticket is the usual visit: a truck unloads a purchase (its tare
 * last) and loads a sale (its tare first), and its tare is rightly the same.
 */
export function repeatedSide(f: Pick<ReadingFacts, 'side' | 'weight' | 'at' | 'previousReading'>, p: Pick<CheckParams, 'emptyGrossKg' | 'sameWeightMinutes'>): Side | null {
  const prev = f.previousReading;
  if (!prev) return null;
  if (prev.sameTicket) return f.weight.minus(prev.weight).abs().lt(kgToTons(p.emptyGrossKg)) ? prev.side : null;
  const withinWindow = f.at.getTime() - prev.at.getTime() <= p.sameWeightMinutes * 60_000;
  return prev.side === 'gross' && f.side === 'gross' && withinWindow ? 'gross' : null;
}

/** HH:mm on the plant's clock, as the operator reads it on the scale house wall. */
const time = (d: Date) => d.toLocaleTimeString('sv-SE', { timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai', hour: '2-digit', minute: '2-digit' });

/** Each check's condition: the message when it is met, else null. */
const CONDITIONS: { name: CheckName; level: (p: CheckParams) => CheckLevel; met: (f: ReadingFacts, p: CheckParams) => string | null }[] = [
  {
    name: 'zeroWeight',
    level: (p) => p.zeroWeightCheck,
    met: (f) => (f.weight.isZero() ? `车辆 ${f.plate} 的${SIDE_WORDS[f.side]}读数为0` : null),
  },
  {
    name: 'unstable',
    level: (p) => p.unstableCheck,
    met: (f) => (f.stable ? null : `车辆 ${f.plate} 的读数 ${showTons(f.weight)} 不稳定，请待仪表稳定后再称`),
  },
  {
    name: 'overload',
    level: (p) => p.overloadCheck,
    met: (f) =>
      f.side === 'gross' && f.materialOverload && f.grossLimit && f.weight.gt(f.grossLimit)
        ? `车辆 ${f.plate} 超载：毛重 ${showTons(f.weight)}，限载 ${showTons(f.grossLimit)}，超出 ${showTons(f.weight.minus(f.grossLimit))}`
        : null,
  },
  {
    name: 'repeatedReading',
    level: (p) => p.repeatedReadingCheck,
    met: (f, p) => {
      const side = repeatedSide(f, p);
      return side && f.previousReading
        ? `车辆 ${f.plate} 连续两次称${SIDE_WORDS[side]}：上次${SIDE_WORDS[side]} ${showTons(f.previousReading.weight)}（${time(f.previousReading.at)}），本次 ${showTons(f.weight)}`
        : null;
    },
  },
  {
    name: 'emptyGross',
    level: (p) => p.emptyGrossCheck,
    met: (f, p) =>
      f.side === 'gross' && f.lastTare && f.weight.minus(f.lastTare).lt(kgToTons(p.emptyGrossKg))
        ? `车辆 ${f.plate} 疑似空车：毛重 ${showTons(f.weight)}，上次皮重 ${showTons(f.lastTare)}，相差不足 ${p.emptyGrossKg} 千克`
        : null,
  },
  {
    name: 'sameWeight',
    level: (p) => p.sameWeightCheck,
    met: (f, p) => {
      const seen = sameWeightSeen(f, p.sameWeightMinutes);
      return seen ? `重量 ${showTons(f.weight)} 与车辆 ${seen.plate} 在 ${time(seen.at)} 的读数相同（${p.sameWeightMinutes} 分钟内），请核实` : null;
    },
  },
];

/** Every configured check on one reading: none skips it, warn lists it, forbid refuses the weighing. */
export function runChecks(f: ReadingFacts, p: CheckParams): CheckResult {
  const out: CheckResult = { warnings: [], refusals: [] };
  for (const c of CONDITIONS) {
    const level = c.level(p);
    if (level === 'none') continue;
    const message = c.met(f, p);
    if (message === null) continue;
    (level === 'forbid' ? out.refusals : out.warnings).push({ check: c.name, message });
  }
  return out;
}
