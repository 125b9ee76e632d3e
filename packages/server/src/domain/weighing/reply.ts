import Decimal from 'decimal.js';
import type { WeighingReply } from '@wb/protocol';
import type { TareSource } from '../../platform/db/schema';
import type { Finding } from './rules/checks';
import type { WeighingRecord } from './rules/snapshot';
import * as repo from './repo';
import type { Tx } from './repo';

/** A side's source as wb_ticket.tare_source names it. */
export const TARE_SOURCE: Record<WeighingRecord['source'], TareSource> = { scale: 'WEIGHED', last: 'LAST', average: 'AVERAGE', standard: 'STANDARD' };
export const SOURCE_OF: Record<TareSource, WeighingRecord['source']> = { WEIGHED: 'scale', MANUAL: 'scale', LAST: 'last', AVERAGE: 'average', STANDARD: 'standard' };

/** Tons as a plant reads them: 12.5, not 12.5000. */
export const tons = (v: string | Decimal | null): string | null => (v === null ? null : new Decimal(v).toFixed());

/** What the station is answered: the ticket as committed, and the warnings of this call (or, replayed, of the ticket). */
export async function weighingReply(tx: Tx, orgId: string, ticketId: string, extra: { warnings?: Finding[]; swapped?: boolean; replay: boolean }): Promise<WeighingReply> {
  const t = await repo.ticketReplyRow(tx, orgId, ticketId);
  return {
    ticketId: t.id, ticketNo: t.ticket_no, state: t.state, firstIs: t.first_is, gross: tons(t.gross), tare: tons(t.tare), tareSource: t.tare_source,
    deductTotal: tons(t.deduct_total) as string, net: tons(t.net), swapped: extra.swapped ?? false,
    warnings: extra.warnings ?? (t.warnings as Finding[]), replay: extra.replay,
  };
}
