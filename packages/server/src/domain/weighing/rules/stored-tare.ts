import Decimal from 'decimal.js';
import type { WeighParams } from '@wb/protocol';
import { kgToTons, showTons } from './units';

/** The tares a vehicle keeps (md_vehicle), in tons. */
export interface VehicleTares {
  plate: string;
  lastTare: Decimal | null;
  averageTare: Decimal | null;
  standardTare: Decimal | null;
  /** when last_tare was weighed */
  tareTime: Date | null;
  tareCount: number;
}

export type StoredTareKind = 'last' | 'average' | 'standard';
export const STORED_TARE_WORDS: Record<StoredTareKind, string> = { last: '上次皮重', average: '平均皮重', standard: '标准皮重' };

export type StoredTareChoice = { ok: true; kind: StoredTareKind; tare: Decimal } | { ok: false; message: string };

const HOUR_MS = 3_600_000;

/**
 * Whether the vehicle's weighed tares may stand for this trip's (tareValidHours: -1 unlimited,
 * 0 a tare on every trip). The age is that of the last weighed tare, which the average includes.
 */
function weighedTareValid(v: VehicleTares, p: Pick<WeighParams, 'tareValidHours'>, now: Date): boolean {
  if (p.tareValidHours === -1) return true;
  if (p.tareValidHours === 0 || !v.tareTime) return false;
  return now.getTime() - v.tareTime.getTime() <= p.tareValidHours * HOUR_MS;
}

/**
 * The stored tare a trip may use instead of weighing the empty truck. Asked for one kind, that one;
 * else the standard tare (set by the plant on purpose), then the last, then the average. A
 * standard tare is not weighed and does not age, but tareValidHours 0 still means "weigh every trip".
 */
export function chooseStoredTare(v: VehicleTares, p: Pick<WeighParams, 'tareValidHours'>, now: Date, wanted?: StoredTareKind): StoredTareChoice {
  if (p.tareValidHours === 0) return { ok: false, message: '系统参数要求每车次回皮（皮重有效期为0小时），不能使用存储皮重' };
  const order: StoredTareKind[] = wanted ? [wanted] : ['standard', 'last', 'average'];
  for (const kind of order) {
    const tare = kind === 'last' ? v.lastTare : kind === 'average' ? v.averageTare : v.standardTare;
    if (!tare || tare.lte(0)) continue;
    if (kind !== 'standard' && !weighedTareValid(v, p, now)) continue;
    return { ok: true, kind, tare };
  }
  if (wanted) return { ok: false, message: `车辆 ${v.plate} 没有有效的${STORED_TARE_WORDS[wanted]}（有效期 ${p.tareValidHours} 小时），请回皮` };
  return { ok: false, message: `车辆 ${v.plate} 没有有效的存储皮重（有效期 ${p.tareValidHours} 小时），请回皮` };
}

/**
 * The tare alarm (domain notes): a weighed tare that differs from the vehicle's last or average
 * tare by more than tareAlarmKg or by more than tareAlarmPercent of it. Null when quiet; the
 * message names both figures and the difference.
 */
export function tareAlarm(tare: Decimal, v: VehicleTares, p: Pick<WeighParams, 'tareAlarmKg' | 'tareAlarmPercent'>): string | null {
  const limitTons = kgToTons(p.tareAlarmKg);
  const refs: [string, Decimal | null][] = [['上次皮重', v.lastTare], ['平均皮重', v.averageTare]];
  for (const [word, ref] of refs) {
    if (!ref || ref.lte(0)) continue;
    const diff = tare.minus(ref).abs();
    const percent = diff.div(ref).mul(100);
    if (diff.gt(limitTons) || percent.gt(p.tareAlarmPercent)) {
      return `皮重报警：车辆 ${v.plate} 本次皮重 ${showTons(tare)}，${word} ${showTons(ref)}，相差 ${showTons(diff)}（${percent.toDecimalPlaces(1).toString()}%），超过 ${p.tareAlarmKg} 千克或 ${p.tareAlarmPercent}%`;
    }
  }
  return null;
}

/** The vehicle's tares after a weighed tare: it becomes the last, and the running average takes it in. */
export function taresAfterWeighing(v: VehicleTares, tare: Decimal, at: Date): Pick<VehicleTares, 'lastTare' | 'averageTare' | 'tareTime' | 'tareCount'> {
  const count = v.tareCount + 1;
  const previous = v.averageTare ?? new Decimal(0);
  const average = v.tareCount === 0 || !v.averageTare ? tare : previous.mul(v.tareCount).plus(tare).div(count);
  return { lastTare: tare, averageTare: average.toDecimalPlaces(3, Decimal.ROUND_HALF_UP), tareTime: at, tareCount: count };
}
