import { toDecimal } from '@wb/protocol';
import type { Candidate, WagonCandidate } from './api';

/** A line of the pound list picker: a ticket (key t:id) or a wagon of an audited train (key w:id), shown alike. */
export type Line = Candidate & { key: string; source: 'ticket' | 'wagon' };

/**
 * The picker's lines: the candidate tickets, then the candidate wagons (轨道衡), a wagon with its
 * 车次/车号 as its number, its wagon number where a ticket shows its plate, its waybill weight as
 * shipped and the charged over-tolerance loss among the deductions (LOSS).
 */
export function candidateLines(data: { rows: Candidate[]; wagons?: WagonCandidate[] } | undefined): Line[] {
  return [
    ...(data?.rows ?? []).map((r): Line => ({ ...r, key: `t:${r.id}`, source: 'ticket' })),
    ...(data?.wagons ?? []).map((w): Line => ({
      key: `w:${w.id}`, source: 'wagon', id: w.id, ticketNo: w.ticketNo, completedAt: w.completedAt, plateNumber: w.wagonNo, materialName: w.materialName,
      contractNo: w.contractNo, basis: 'OUR_NET', net: w.net, grossNet: w.net, shipped: w.waybill, basisQuantity: w.net, qualityDeduction: '0', deductions: w.deductions,
      quantity: w.quantity, price: w.price, qualityPriceAdjust: '0', unitPrice: w.unitPrice, taxRate: w.taxRate, amount: w.amount, tax: w.tax, amountExTax: w.amountExTax,
      basisText: w.basisText,
    })),
  ];
}

/** The chosen lines' ids as confirmPounds takes them: the tickets' and the wagons' apart. */
export function chosenIds(lines: readonly Line[], chosen: ReadonlySet<string>): { ticketIds: string[]; wagonIds: string[] } {
  const of = (source: Line['source']) => lines.filter((l) => l.source === source && chosen.has(l.key)).map((l) => l.id);
  return { ticketIds: of('ticket'), wagonIds: of('wagon') };
}

/**
 * The chosen candidates' count, settled quantity and amount: the sums of the rows the server says
 * they will become (weightLists computes each with the rule confirmPounds saves by), as decimals.
 * Tons and m3 are never added: `quantity` sums the rows priced per ton, `volume` the m3 of those
 * priced per m3 gauged; the amounts add.
 */
export function chosenTotals(rows: (Pick<Candidate, 'id' | 'quantity' | 'amount'> & Partial<Pick<Candidate, 'priceBasis'>>)[], chosen: ReadonlySet<string>)
  : { count: number; quantity: string; volume: string; amount: string } {
  let quantity = zero();
  let volume = zero();
  let amount = zero();
  let count = 0;
  for (const r of rows) {
    if (!chosen.has(r.id)) continue;
    count += 1;
    if (r.priceBasis === 'VOLUME') volume = volume.plus(r.quantity);
    else quantity = quantity.plus(r.quantity);
    amount = amount.plus(r.amount);
  }
  return { count, quantity: quantity.toFixed(), volume: volume.toFixed(), amount: amount.toFixed(2) };
}

// decimal.js comes through the protocol's money helpers (the web does not depend on it itself)
function zero() {
  return toDecimal('0') as NonNullable<ReturnType<typeof toDecimal>>;
}
