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
  /** a return (退货) keeps its original's batch */
  isReturn?: boolean;
}

/** Before its audit a ticket's batch may still be chosen or corrected; the audit fixes it with the figures. */
const OPEN_STATES = new Set(['FIRST_WEIGHED', 'CONFIRMED', 'COMPLETED']);
/** A truck still loading from the batch: its close waits for them */
export const LOADING_STATES = ['FIRST_WEIGHED', 'CONFIRMED'] as const;

/** Why the ticket cannot take a batch (any batch, or none) now; null when it may. */
export function ticketBatchRefusal(t: TicketForBatch): string | null {
  if (t.kind !== 'sa') return '只有销售磅单记录批次号';
  if (t.isReturn) return `磅单 ${t.ticketNo} 是退货磅单，批次随原磅单`;
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

/** What the second weighing read of the silo the ticket names (weighing/facts-repo.ts): its name and its current batch, if any. */
export interface SiloAtCompletion {
  siloName: string;
  /** the silo's current batch, locked FOR SHARE; null: the silo has none (or the material is not batch-managed) */
  batch: (BatchFacts & { id: string }) | null;
}

/** The batch a completing sales ticket takes by itself, or why it takes none (a warning on the ticket: the weighing goes through). */
export type BatchAtCompletion = { batchId: string | null; batchNo: string | null; warning: string | null };

/**
 * The second weighing of a sales ticket of a batch-managed material with no batch chosen takes the
 * current batch of the silo it names; a closed or disabled batch, one of another material, or a silo
 * with none is not taken, and the ticket keeps a warning saying so (the weighing itself is never
 * refused for it: the truck is loaded and on the scale). A chosen batch stays as it was.
 */
export function batchAtCompletion(
  t: { ticketNo: string; materialCode: string | null; batchManaged: boolean; chosen: boolean },
  silo: SiloAtCompletion | null,
): BatchAtCompletion {
  const none = (warning: string | null): BatchAtCompletion => ({ batchId: null, batchNo: null, warning });
  if (!t.batchManaged || t.chosen) return none(null);
  if (silo === null) return none('批次管理物料未记录批次号：磅单未指定装车筒仓，也未选择批次');
  if (silo.batch === null) return none(`筒仓 ${silo.siloName} 没有当前批次，磅单未记录批次号`);
  const b = silo.batch;
  const refusal = batchChoiceRefusal({ ticketNo: t.ticketNo, kind: 'sa', state: 'COMPLETED', materialName: null, materialCode: t.materialCode, batchManaged: true }, b);
  if (refusal) return none(`筒仓 ${silo.siloName} 的当前批次未记录：${refusal}`);
  return { batchId: b.id, batchNo: b.batchNo, warning: null };
}

/** Why a sales ticket cannot name this silo now: only while it is loading, and a silo holding another material is not its. */
export function siloChoiceRefusal(t: Pick<TicketForBatch, 'ticketNo' | 'kind' | 'state'> & { materialId: string | null; isReturn: boolean }, silo: { name: string; materialId: string | null; enabled?: boolean } | null): string | null {
  if (t.kind !== 'sa') return '只有销售磅单记录装车筒仓';
  if (t.isReturn) return `磅单 ${t.ticketNo} 是退货磅单，批次随原磅单`;
  if (!(LOADING_STATES as readonly string[]).includes(t.state)) return `磅单 ${t.ticketNo} 已完成过磅，不能更改装车筒仓；请在批次号中按筒仓选择批次`;
  if (silo && silo.enabled === false) return `筒仓 ${silo.name} 已停用`;
  if (silo && silo.materialId !== null && t.materialId !== null && silo.materialId !== t.materialId) return `筒仓 ${silo.name} 存放的不是磅单 ${t.ticketNo} 的物料`;
  return null;
}

/** A batch is of a batch-managed product (cement, steel): 开仓 of another is refused. */
export function batchProductRefusal(m: { inv_name: string; batch_managed: boolean }): string | null {
  return m.batch_managed ? null : `物料 ${m.inv_name} 不是批次管理物料，不能开批次`;
}
