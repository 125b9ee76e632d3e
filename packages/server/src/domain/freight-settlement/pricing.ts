import { resolveFreightPrice } from '../freight/resolve';
import { freightOfTicket, type FreightBasis } from '../freight/rules';
import type { FreightTicket, Tx } from './repo';
import type { Decided, FreightSettleRow } from './rules';

/** A ticket's freight row with the ticket and the terms that priced it. */
export interface PricedTicket extends FreightSettleRow {
  ticket: FreightTicket;
  basis: FreightBasis;
  /** 运费价格 YFJG... or 运费合同 YFHT... */
  priceLabel: string;
}

/**
 * Each ticket priced by the freight price in force at its completion for its carrier, route and
 * material (domain/freight/resolve.ts), and its trip's figures by the freight rules
 * (domain/freight/rules.ts freightOfTicket). The loss in transit compares the shipped quantity with
 * what was hauled (gross - tare): the goods' deductions (water, impurity) were hauled too. A
 * ticket no freight price covers is refused by name: a freight settlement pays every trip it holds.
 */
export async function priceTickets(tx: Tx, orgId: string, tickets: readonly FreightTicket[]): Promise<Decided<PricedTicket[]>> {
  const out: PricedTicket[] = [];
  for (const t of tickets) {
    const pick = t.completedAt === null ? null : await resolveFreightPrice(tx, {
      orgId, kind: t.kind, carrierId: t.carrierId, routeId: t.routeId, materialId: t.materialId, at: t.completedAt,
    });
    if (!pick) return { ok: false, message: `磅单 ${t.ticketNo} 没有适用的运费价格` };
    const f = freightOfTicket(pick, { shipped: t.shipped, net: t.hauled, goodsPrice: t.goodsPrice });
    out.push({
      ticket: t, basis: pick.basis, priceLabel: pick.label,
      ticketId: t.id, ticketNo: t.ticketNo, basisWeight: f.basisWeight, freightPrice: pick.price, freightAmount: f.freight,
      shortage: f.shortage, lossCharge: f.lossCharge, taxRate: pick.taxRate ?? '0', freightTax: f.freightTax, freightWithoutTax: f.freightWithoutTax,
    });
  }
  return { ok: true, value: out };
}
