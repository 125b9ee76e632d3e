import type Decimal from 'decimal.js';
import type { Direction, Pnmary, Side, TicketKind } from './kinds';

/**
 * Which side the first weighing records (domain notes: the kinds of movement). A truck that
 * arrives loaded is weighed gross first: purchase, the receiving end of an allot or transfer, and
 * other incoming weighings (pt). One that arrives empty is weighed tare first: sales, the shipping
 * end, other outgoing weighings (st). Production follows the material's pnmary; a material that
 * does not say is weighed gross first, as goods arriving at the finished-goods store.
 */
export function firstSide(kind: TicketKind, direction: Direction | null, pnmary: Pnmary): Side {
  switch (kind) {
    case 'pu':
    case 'pt':
      return 'gross';
    case 'sa':
    case 'st':
      return 'tare';
    case 'al':
    case 'tr':
      return direction === 'dispatch' ? 'tare' : 'gross';
    case 'pr':
      return pnmary === 'TARE_FIRST' ? 'tare' : 'gross';
  }
}

export interface SideReading {
  side: Side;
  weight: Decimal;
}

/**
 * The two readings of a trip as gross and tare. When the reading taken as tare is heavier than
 * the one taken as gross the truck went the other way (a sales truck that came in loaded to
 * return goods, a wrong first guess): the two swap, as weighing systems do, and the caller is told.
 */
export function grossAndTare(first: SideReading, second: SideReading): { gross: Decimal; tare: Decimal; swapped: boolean } {
  const gross = first.side === 'gross' ? first.weight : second.weight;
  const tare = first.side === 'tare' ? first.weight : second.weight;
  if (tare.gt(gross)) return { gross: tare, tare: gross, swapped: true };
  return { gross, tare, swapped: false };
}
