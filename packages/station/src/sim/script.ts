// The simulated indicator's weight over time: a truck arrives, drives on, the platform swings and
// settles, holds, the truck drives off; then the next truck.

export interface TruckVisit {
  plate: string;
  /** the card the driver swipes on arrival; empty: none (a truck the lane is not asked about) */
  card: string;
  /** kg */
  weight: number;
}

export interface ScriptTiming {
  emptyMs: number;
  driveOnMs: number;
  settleMs: number;
  holdMs: number;
  driveOffMs: number;
}

export const REAL_TIMING: ScriptTiming = { emptyMs: 3000, driveOnMs: 4000, settleMs: 3000, holdMs: 8000, driveOffMs: 4000 };

export type Phase = 'empty' | 'driveOn' | 'settle' | 'hold' | 'driveOff' | 'done';

export interface ScriptPoint {
  /** kg, rounded to the division */
  weight: number;
  motion: boolean;
  phase: Phase;
  truck: TruckVisit | null;
  truckIndex: number;
  /** how long the script has been in this phase */
  phaseMs: number;
  /** infrared beams: the truck drives on over the rear end (its beam blocked) and off over the front */
  beams: { front: boolean; rear: boolean };
}

export function timingScaled(t: ScriptTiming, speed: number): ScriptTiming {
  return {
    emptyMs: t.emptyMs / speed,
    driveOnMs: t.driveOnMs / speed,
    settleMs: t.settleMs / speed,
    holdMs: t.holdMs / speed,
    driveOffMs: t.driveOffMs / speed,
  };
}

function cycleMs(t: ScriptTiming): number {
  return t.emptyMs + t.driveOnMs + t.settleMs + t.holdMs + t.driveOffMs;
}

/**
 * Where the script is `elapsedMs` after it started; `loop` starts over after the last truck, from
 * the truck at `loopFrom` (the ones before it come once).
 */
export function scriptAt(trucks: TruckVisit[], t: ScriptTiming, elapsedMs: number, division: number, loop = false, loopFrom = 0): ScriptPoint {
  const cycle = cycleMs(t);
  let index = Math.floor(elapsedMs / cycle);
  if (index >= trucks.length) {
    const from = Math.min(Math.max(0, loopFrom), trucks.length);
    if (!loop || trucks.length - from === 0) return point(0, false, 'done', null, trucks.length, 0, false, false);
    index = from + ((index - trucks.length) % (trucks.length - from));
  }
  const truck = trucks[index];
  let at = elapsedMs % cycle;
  const round = (w: number) => Math.round(w / division) * division;
  if (at < t.emptyMs) return point(0, false, 'empty', truck, index, at, false, false);
  at -= t.emptyMs;
  if (at < t.driveOnMs) {
    // the axles come on one after another: the weight climbs in steps with some bounce
    const share = Math.min(1, Math.ceil((at / t.driveOnMs) * 3) / 3);
    const bounce = Math.sin(at / 40) * 0.02 * truck.weight;
    return point(round(share * truck.weight * 0.97 + bounce), true, 'driveOn', truck, index, at, false, true);
  }
  at -= t.driveOnMs;
  if (at < t.settleMs) {
    const swing = 0.03 * truck.weight * Math.exp((-4 * at) / t.settleMs) * Math.cos(at / 60);
    return point(round(truck.weight + swing), true, 'settle', truck, index, at, false, false);
  }
  at -= t.settleMs;
  if (at < t.holdMs) return point(round(truck.weight), false, 'hold', truck, index, at, false, false);
  at -= t.holdMs;
  const left = Math.max(0, 1 - Math.ceil((at / t.driveOffMs) * 3) / 3);
  const bounce = left > 0 ? Math.sin(at / 40) * 0.02 * truck.weight : 0;
  return point(round(left * truck.weight + bounce), true, 'driveOff', truck, index, at, true, false);
}

function point(
  weight: number,
  motion: boolean,
  phase: Phase,
  truck: TruckVisit | null,
  truckIndex: number,
  phaseMs: number,
  front: boolean,
  rear: boolean,
): ScriptPoint {
  return { weight, motion, phase, truck, truckIndex, phaseMs, beams: { front, rear } };
}
