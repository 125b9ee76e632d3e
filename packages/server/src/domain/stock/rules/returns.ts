import type { Movement } from './movements';

/**
 * What a return ticket (退货单, made from a finished ticket by return goods) moves in stock. Pure:
 * posting.ts locks the original, reads its live records and writes what this decides.
 *
 * A return undoes the goods' movement of its original as the trade books it: a purchase return sends
 * the goods back to the vendor, an OUT of the warehouse the purchase came IN to; a sales return brings
 * them back IN to the warehouse they left; an allot or transfer return reverses every leg its original
 * posted (a one-ticket transfer: back OUT of the destination and IN to the warehouse it left). So the
 * return's records are its original's live records with the direction turned, quantity for quantity,
 * and once both are posted the balances are where they were before the original.
 *
 * The original must be posted first: a return of goods that never reached the stock would move a
 * balance that never had them. Its records are the reference rather than the return's own copy of the
 * figures, so the two cancel exactly whatever was typed on either since.
 */
export interface ReturnPosting {
  returnNo: string;
  sourceNo: string;
  /** the original's live (posted, not reversed) records */
  sourceRecords: Movement[];
}

export type ReturnDecision = { ok: true; movements: Movement[] } | { ok: false; message: string };

const TURNED = { IN: 'OUT', OUT: 'IN' } as const;

export function returnMovements(r: ReturnPosting): ReturnDecision {
  if (r.sourceRecords.length === 0) {
    return { ok: false, message: `原磅单 ${r.sourceNo} 未过账，退货单 ${r.returnNo} 不能过账，请先将原磅单过账` };
  }
  return { ok: true, movements: r.sourceRecords.map((m) => ({ ...m, direction: TURNED[m.direction] })) };
}

/** The refusal of a reverse-posting of an original whose return is posted: the return's OUT stood on the original's IN. */
export function returnStillPosted(sourceNo: string, returnNo: string): string {
  return `磅单 ${sourceNo} 的退货单 ${returnNo} 已过账，不能反过账，请先将退货单反过账`;
}
