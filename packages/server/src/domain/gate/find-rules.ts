import { DOC_WORDS, type DocStatus, type TripState } from '../registry/lifecycle';

/** A registry of the plate as the guard's look-up reads it when it finds no trip to let through. */
export interface PlateTrip { registryNo: string; docStatus: DocStatus; tripState: TripState }

/**
 * Why a plate has no trip to let in (entrance) or out (release), said so the guard knows what to
 * do: the truck is already inside (or not yet in), its registry is not audited, it left already,
 * or the plant knows no registry of it at all. Trips newest first.
 */
export function noTripMessage(plate: string, mode: 'entrance' | 'release', trips: readonly PlateTrip[]): string {
  const live = trips.filter((t) => t.docStatus !== 'OBSOLETE');
  if (live.length === 0) return `车辆 ${plate} 没有登记单，请先登记`;
  const inside = live.find((t) => t.tripState === 'ENTERED' || t.tripState === 'WEIGHING');
  const waiting = live.find((t) => t.tripState === 'PLANNED');
  const left = live.find((t) => t.tripState === 'RELEASED');
  if (mode === 'entrance') {
    if (inside) return `车辆 ${plate} 已在厂内（登记单 ${inside.registryNo}），不能重复入厂`;
    if (waiting) return `车辆 ${plate} 的登记单 ${waiting.registryNo} ${DOC_WORDS[waiting.docStatus]}，审核后才能入厂`;
    return `车辆 ${plate} 没有待入厂的登记单（登记单 ${left?.registryNo ?? live[0].registryNo} 已出厂）`;
  }
  if (waiting) return `车辆 ${plate} 尚未入厂（登记单 ${waiting.registryNo}），不能出厂`;
  return `车辆 ${plate} 不在厂内（登记单 ${left?.registryNo ?? live[0].registryNo} 已出厂）`;
}
