/**
 * 物流 of the purchase family: when a truck on its way from the vendor is expected at the plant.
 * Pure. The route's usual time on the road is read from its history (the median of its recent
 * arrivals: one slow trip in a jam does not move it, as a mean would); with too few arrivals to
 * say, the time set on the route (线路 → 在途时长); with neither, no expectation.
 */
export const MIN_HISTORY = 3;
/** arrivals faster than this or slower than this are not trips of the route (a registry made at the gate, one left over a holiday) */
export const SHORTEST_TRIP_MINUTES = 1;
export const LONGEST_TRIP_MINUTES = 7 * 24 * 60;

export type ArrivalBasis = 'HISTORY' | 'ROUTE' | 'NONE';

export interface InTransit {
  /** when the truck was registered at the vendor's side and set off */
  dispatchedAt: Date;
  /** minutes the route's recent trips took from dispatch to the gate, any order */
  historyMinutes: readonly number[];
  /** the minutes set on the route, when any */
  routeMinutes: number | null;
}

export interface ExpectedArrival {
  at: Date | null;
  basis: ArrivalBasis;
  /** the minutes on the road the expectation assumes */
  minutes: number | null;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function expectedArrival(t: InTransit): ExpectedArrival {
  const trips = t.historyMinutes.filter((m) => m >= SHORTEST_TRIP_MINUTES && m <= LONGEST_TRIP_MINUTES);
  const [minutes, basis]: [number | null, ArrivalBasis] = trips.length >= MIN_HISTORY
    ? [Math.round(median(trips)), 'HISTORY']
    : t.routeMinutes !== null && t.routeMinutes > 0 ? [t.routeMinutes, 'ROUTE'] : [null, 'NONE'];
  return { at: minutes === null ? null : new Date(t.dispatchedAt.getTime() + minutes * 60_000), basis, minutes };
}

/** Late: expected before now and still not in. */
export const isOverdue = (e: ExpectedArrival, now: Date) => e.at !== null && e.at.getTime() < now.getTime();

export const BASIS_OPTIONS = [
  { value: 'HISTORY', label: '历史在途时长', labelEn: 'Route history' },
  { value: 'ROUTE', label: '线路设定时长', labelEn: 'Route setting' },
  { value: 'NONE', label: '无法预计', labelEn: 'Unknown' },
];
