import { median, robustScore } from './stats';

/**
 * The 预警中心's rules as decisions over what a weighing and its history show (domain-notes.md,
 * "How weighbridge fraud is done"). Each takes figures the caller has read and the company's
 * thresholds, and answers a finding with its evidence, or null. Weights are whole kilograms, times
 * milliseconds; no rule reads a clock or a database.
 */

export type Severity = 'LOW' | 'MEDIUM' | 'HIGH';

export type AlertRule =
  | 'TARE_DRIFT' | 'GROSS_OVER_RATED' | 'NET_UNUSUAL' | 'SAME_WEIGHT' | 'OPERATOR_OUTLIER'
  | 'OUT_OF_HOURS' | 'REWEIGHED_SOON' | 'OTHER_SCALE' | 'DWELL_UNUSUAL' | 'READING_JUMP';

export interface Finding {
  rule: AlertRule;
  severity: Severity;
  /** what the reviewer reads first (zh-CN) */
  message: string;
  /** the figures the finding rests on, kept with the alert */
  evidence: Record<string, unknown>;
}

/** Who gains from a weight: on a purchase the vendor (a heavier net), on a sale the customer (a lighter one). */
export type Kind = 'pu' | 'sa';

const t = (kgs: number) => (kgs / 1000).toFixed(3);

export interface ScoreSettings {
  /** fewer past values than this: no verdict (a new truck has no history) */
  minHistory: number;
  /** the robust score from which a value is odd (3.5 is the usual cut) */
  threshold: number;
  /** the least spread assumed, in kg */
  minSpreadKg: number;
}

/**
 * A truck's tare off its own last tares. A heavier tare lightens the net: on a sale that is the
 * customer's gain (a passenger or a full spare tank at tare), on a purchase a lighter tare is the
 * vendor's; a drift in the party's favour is HIGH, the other way MEDIUM (an error more than a fraud).
 */
export function tareDrift(kind: Kind, tareKg: number, pastTaresKg: readonly number[], s: ScoreSettings): Finding | null {
  if (pastTaresKg.length < s.minHistory) return null;
  const { score, median } = robustScore(tareKg, pastTaresKg, s.minSpreadKg);
  if (Math.abs(score) < s.threshold) return null;
  const favours = kind === 'sa' ? score > 0 : score < 0;
  return {
    rule: 'TARE_DRIFT', severity: favours ? 'HIGH' : 'MEDIUM',
    message: `皮重 ${t(tareKg)} 吨偏离本车近 ${pastTaresKg.length} 次皮重中位数 ${t(median)} 吨（稳健分数 ${score.toFixed(1)}）`,
    evidence: { tareKg, medianKg: median, score: round1(score), history: pastTaresKg.length },
  };
}

/** A net far above (purchase) or below (sale) the truck's usual for this material. */
export function netUnusual(kind: Kind, netKg: number, pastNetsKg: readonly number[], s: ScoreSettings): Finding | null {
  if (pastNetsKg.length < s.minHistory) return null;
  const { score, median } = robustScore(netKg, pastNetsKg, s.minSpreadKg);
  const favours = kind === 'pu' ? score >= s.threshold : score <= -s.threshold;
  if (!favours) return null;
  return {
    rule: 'NET_UNUSUAL', severity: 'MEDIUM',
    message: `净重 ${t(netKg)} 吨${kind === 'pu' ? '高于' : '低于'}本车该物料近 ${pastNetsKg.length} 车中位数 ${t(median)} 吨（稳健分数 ${score.toFixed(1)}）`,
    evidence: { netKg, medianKg: median, score: round1(score), history: pastNetsKg.length },
  };
}

/** A gross beyond the vehicle's rated total mass, by more than the plant's tolerance (percent). */
export function grossOverRated(grossKg: number, ratedKg: number | null, tolerancePercent: number): Finding | null {
  if (ratedKg === null || ratedKg <= 0) return null;
  const limit = ratedKg * (1 + tolerancePercent / 100);
  if (grossKg <= limit) return null;
  const over = ((grossKg - ratedKg) / ratedKg) * 100;
  return {
    rule: 'GROSS_OVER_RATED', severity: over >= 20 ? 'HIGH' : 'MEDIUM',
    message: `毛重 ${t(grossKg)} 吨超过车辆核定总质量 ${t(ratedKg)} 吨的 ${over.toFixed(1)}%`,
    evidence: { grossKg, ratedKg, overPercent: round1(over) },
  };
}

export interface WeightSeen { ticketId: string; plate: string; kg: number; at: number }

/**
 * The same gross or net to the kg on different trucks within a window: an indicator that is told
 * what to show. One finding per weight shared by `minTrucks` plates or more, naming them all.
 */
export function sameWeight(seen: readonly WeightSeen[], s: { windowMs: number; minTrucks: number }): Finding[] {
  const byWeight = new Map<number, WeightSeen[]>();
  for (const w of seen) byWeight.set(w.kg, [...(byWeight.get(w.kg) ?? []), w]);
  const found: Finding[] = [];
  for (const [weight, all] of byWeight) {
    const sorted = [...all].sort((a, b) => a.at - b.at);
    // the largest run of plates inside one window
    let best: WeightSeen[] = [];
    for (let i = 0; i < sorted.length; i++) {
      const run = sorted.filter((w) => w.at >= sorted[i].at && w.at - sorted[i].at <= s.windowMs);
      if (new Set(run.map((w) => w.plate)).size > new Set(best.map((w) => w.plate)).size) best = run;
    }
    const plates = [...new Set(best.map((w) => w.plate))];
    if (plates.length < s.minTrucks) continue;
    found.push({
      rule: 'SAME_WEIGHT', severity: plates.length >= 3 ? 'HIGH' : 'MEDIUM',
      message: `${plates.length} 辆不同车辆的重量同为 ${t(weight)} 吨（${plates.join('、')}）`,
      evidence: { kg: weight, plates, tickets: best.map((w) => w.ticketId) },
    });
  }
  return found;
}

export interface OperatorTally { operator: string; events: number; total: number }

/**
 * Operators whose share of something (typed weights, deductions, price changes, interventions
 * approved) stands out from their peers'. Only operators with `minTotal` weighings count, and a
 * verdict needs three of them; the spread is floored so a plant where nobody types stays quiet.
 */
export function operatorOutliers(what: string, tallies: readonly OperatorTally[], s: { minTotal: number; threshold: number; minSpreadRate: number }): Finding[] {
  const counted = tallies.filter((x) => x.total >= s.minTotal);
  if (counted.length < 3) return [];
  const rates = counted.map((x) => x.events / x.total);
  return counted.flatMap((x, i) => {
    const peers = rates.filter((_, j) => j !== i);
    const { score, median } = robustScore(rates[i], peers, s.minSpreadRate);
    if (score < s.threshold) return [];
    return [{
      rule: 'OPERATOR_OUTLIER' as const, severity: score >= 2 * s.threshold ? 'HIGH' as const : 'MEDIUM' as const,
      message: `${x.operator} 的${what}占比 ${(rates[i] * 100).toFixed(1)}%（${x.events}/${x.total}），同事中位数 ${(median * 100).toFixed(1)}%`,
      evidence: { operator: x.operator, what, events: x.events, total: x.total, rate: rates[i], peersMedian: median, score: round1(score) },
    }];
  });
}

/**
 * A weighing outside the plant's hours, given as minutes of the plant's day (the caller converts
 * in the plant's zone); hours that pass midnight (20:00 to 06:00) are one window.
 */
export function outOfHours(minuteOfDay: number, hours: { from: number; to: number }): Finding | null {
  const inside = hours.from <= hours.to
    ? minuteOfDay >= hours.from && minuteOfDay < hours.to
    : minuteOfDay >= hours.from || minuteOfDay < hours.to;
  if (inside) return null;
  const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return {
    rule: 'OUT_OF_HOURS', severity: 'LOW',
    message: `过磅时间 ${hm(minuteOfDay)} 不在厂区作业时间 ${hm(hours.from)}-${hm(hours.to)} 内`,
    evidence: { at: hm(minuteOfDay), from: hm(hours.from), to: hm(hours.to) },
  };
}

/** The same truck completing again within minutes of its last completion: one load weighed twice. */
export function reweighedSoon(plate: string, lastCompletedAt: number | null, completedAt: number, s: { withinMs: number }): Finding | null {
  if (lastCompletedAt === null) return null;
  const gap = completedAt - lastCompletedAt;
  if (gap < 0 || gap >= s.withinMs) return null;
  return {
    rule: 'REWEIGHED_SOON', severity: 'HIGH',
    message: `${plate} 距上次完成过磅仅 ${Math.round(gap / 60_000)} 分钟`,
    evidence: { plate, gapMinutes: round1(gap / 60_000) },
  };
}

/** A second weighing on another scale than the first where the plant forbids it. */
export function otherScale(firstScale: string | null, secondScale: string | null, forbidden: boolean): Finding | null {
  if (!forbidden || !firstScale || !secondScale || firstScale === secondScale) return null;
  return {
    rule: 'OTHER_SCALE', severity: 'MEDIUM',
    message: `一次过磅在 ${firstScale}，二次过磅在 ${secondScale}，本厂要求同一地磅`,
    evidence: { firstScale, secondScale },
  };
}

/** A time on the scale far longer than the lane's usual: a truck that stood to be fixed up. */
export function dwellUnusual(seconds: number, laneSeconds: readonly number[], s: ScoreSettings): Finding | null {
  if (laneSeconds.length < s.minHistory) return null;
  const { score, median } = robustScore(seconds, laneSeconds, s.minSpreadKg);
  if (score < s.threshold) return null;
  return {
    rule: 'DWELL_UNUSUAL', severity: 'LOW',
    message: `在磅时间 ${Math.round(seconds)} 秒，远超该通道通常的 ${Math.round(median)} 秒`,
    evidence: { seconds, medianSeconds: median, score: round1(score) },
  };
}

export interface Reading { at: number; kg: number }

/**
 * A stable reading that jumps: the station's readings before the stable one held still with a
 * truck on the scale, then stepped in one reading to the weighed value. A truck driving on rises
 * through readings in between and starts from an empty scale, and its last axles add a large
 * share of the weight (more than `maxStepShare` of it); a remote control steps at once by a
 * modest amount, often a round one (HIGH when the step is a multiple of 100 kg).
 */
export function readingJump(
  readings: readonly Reading[], s: { settleKg: number; minLoadKg: number; minStepKg: number; minPlateau: number; maxStepShare: number },
): Finding | null {
  // runs of readings within settleKg of their run's first, each at the median of its readings
  const runs: { first: number; from: number; values: number[] }[] = [];
  for (const r of readings) {
    const last = runs.at(-1);
    if (last && Math.abs(r.kg - last.first) <= s.settleKg) last.values.push(r.kg); else runs.push({ first: r.kg, from: r.at, values: [r.kg] });
  }
  if (runs.length < 2) return null;
  const plateau = (run: (typeof runs)[number]) => ({ kg: median(run.values), from: run.from, count: run.values.length });
  const final = plateau(runs[runs.length - 1]);
  const before = plateau(runs[runs.length - 2]);
  const step = final.kg - before.kg;
  if (before.count < s.minPlateau || before.kg < s.minLoadKg || Math.abs(step) < s.minStepKg) return null;
  if (Math.abs(step) > s.maxStepShare * Math.max(final.kg, before.kg)) return null;
  const round = Math.abs(step) % 100 === 0;
  return {
    rule: 'READING_JUMP', severity: round ? 'HIGH' : 'MEDIUM',
    message: `稳定读数 ${t(before.kg)} 吨在一次读数内跳变为 ${t(final.kg)} 吨（${step > 0 ? '+' : ''}${t(step)} 吨）`,
    evidence: { fromKg: before.kg, toKg: final.kg, stepKg: step, heldReadings: before.count, at: final.from },
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
