import Decimal from 'decimal.js';

/**
 * Batch numbers (批次号), pure: which ticket may take which batch, what a batch has left, when it
 * may close. A batch is a production lot (a silo's fill of cement, a heat of steel); a sales ticket
 * of a batch-managed product names the one it was loaded from, for the quality certificate and a
 * complaint's trace.
 */
export interface BatchFacts {
  batchNo: string;
  enabled: boolean;
  closed: boolean;
  /** the material code the batch was produced of; null: not said */
  materialCode: string | null;
}

export interface TicketForBatch {
  ticketNo: string;
  kind: string;
  state: string;
  materialName: string | null;
  materialCode: string | null;
  batchManaged: boolean;
}

/** Before its audit a ticket's batch may still be chosen or corrected; the audit fixes it with the figures. */
const OPEN_STATES = new Set(['FIRST_WEIGHED', 'CONFIRMED', 'COMPLETED']);
/** A truck still loading from the batch: its close waits for them */
export const LOADING_STATES = ['FIRST_WEIGHED', 'CONFIRMED'] as const;

/** Why the ticket cannot take a batch (any batch, or none) now; null when it may. */
export function ticketBatchRefusal(t: TicketForBatch): string | null {
  if (t.kind !== 'sa') return '只有销售磅单记录批次号';
  if (!OPEN_STATES.has(t.state)) return `磅单 ${t.ticketNo} 已审核或已作废，不能更改批次号`;
  if (!t.batchManaged) return `物料 ${t.materialName ?? '（无）'} 不是批次管理物料，不记录批次号`;
  return null;
}

/** Why the ticket cannot take this batch; null when it may. */
export function batchChoiceRefusal(t: TicketForBatch, b: BatchFacts): string | null {
  if (b.closed) return `批次 ${b.batchNo} 已关闭，不能再装车`;
  if (!b.enabled) return `批次 ${b.batchNo} 已停用`;
  if (b.materialCode !== null && t.materialCode !== null && b.materialCode !== t.materialCode) {
    return `批次 ${b.batchNo} 的物料编码是 ${b.materialCode}，磅单 ${t.ticketNo} 的物料编码是 ${t.materialCode}`;
  }
  return null;
}

/** Why the batch cannot close: already closed, or trucks still loading from it (named). */
export function closeRefusal(b: Pick<BatchFacts, 'batchNo' | 'closed'>, loadingTicketNos: readonly string[]): string | null {
  if (b.closed) return `批次 ${b.batchNo} 已关闭`;
  if (loadingTicketNos.length > 0) return `批次 ${b.batchNo} 仍有装车中的磅单 ${loadingTicketNos.slice(0, 5).join('、')}${loadingTicketNos.length > 5 ? ' 等' : ''}，不能关闭`;
  return null;
}

/**
 * What the batch has left: its produced (declared) quantity less the nets of its counted tickets
 * (completed, audited, posted: a voided ticket gives its net back). Null when no quantity is declared.
 */
export function remainingOf(quantity: Decimal.Value | null, countedNets: readonly Decimal.Value[]): { shipped: string; remaining: string | null } {
  const shipped = countedNets.reduce<Decimal>((sum, n) => sum.plus(n), new Decimal(0));
  return { shipped: shipped.toFixed(), remaining: quantity === null ? null : new Decimal(quantity).minus(shipped).toFixed() };
}

/** The silo's material against the batch's: a batch is opened on a silo that holds its material, or an empty one. */
export function openRefusal(b: Pick<BatchFacts, 'batchNo' | 'closed' | 'materialCode'>, silo: { name: string; materialCode: string | null }): string | null {
  if (b.closed) return `批次 ${b.batchNo} 已关闭，不能开仓`;
  if (b.materialCode !== null && silo.materialCode !== null && b.materialCode !== silo.materialCode) {
    return `筒仓 ${silo.name} 存放的物料编码是 ${silo.materialCode}，批次 ${b.batchNo} 的物料编码是 ${b.materialCode}`;
  }
  return null;
}
