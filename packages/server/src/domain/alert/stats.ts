/**
 * Robust statistics for the alert rules: a truck's history or an operator's peers hold outliers
 * (the frauds themselves, a truck once weighed with a trailer), so the centre is the median and the
 * spread the median absolute deviation, which a few wild values do not move.
 */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median absolute deviation from the median. */
export function mad(values: readonly number[]): number {
  const centre = median(values);
  return median(values.map((v) => Math.abs(v - centre)));
}

/**
 * How far `x` lies from `history` in robust standard deviations (Iglewicz and Hoaglin's modified
 * z-score, 0.6745 (x - median) / MAD). `minSpread` floors the MAD: a truck whose five tares agree
 * to the kg would otherwise make a 10 kg difference infinitely odd.
 */
export function robustScore(x: number, history: readonly number[], minSpread: number): { score: number; median: number; mad: number } {
  const centre = median(history);
  const spread = mad(history);
  return { score: (0.6745 * (x - centre)) / Math.max(spread, minSpread), median: centre, mad: spread };
}

/** Tons as the platform keeps them ('25.3400') to whole kilograms, the unit the rules compare in. */
export function kg(tons: string | number): number {
  return Math.round(Number(tons) * 1000);
}
