import Decimal from 'decimal.js';
import type { PlantBoardTons } from '@wb/protocol';

/** The day's tons of every kind together, as text (exact: summed as decimals, not floats). */
export function totalTons(rows: readonly PlantBoardTons[]): string {
  return rows.reduce((sum, r) => sum.plus(r.tons), new Decimal(0)).toString();
}

export const totalTickets = (rows: readonly PlantBoardTons[]): number => rows.reduce((n, r) => n + r.tickets, 0);
