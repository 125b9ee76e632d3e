/**
 * Stock addresses (库存地址), pure: where an address may stand in its warehouse's tree, and which
 * ticket may be given one. No I/O: repo.ts reads the rows these decide on.
 */
export type AddressKind = 'YARD' | 'BAY' | 'SILO_POSITION';

export const ADDRESS_KINDS: { value: AddressKind; label: string; labelEn: string }[] = [
  { value: 'YARD', label: '堆场/区', labelEn: 'Yard or area' },
  { value: 'BAY', label: '垛位/货位', labelEn: 'Bay' },
  { value: 'SILO_POSITION', label: '仓位', labelEn: 'Silo position' },
];

export interface Placement {
  warehouseId: string;
  kind: AddressKind;
  /** the parent as stored, or null for a top address */
  parent: { code: string; warehouseId: string; kind: AddressKind } | null;
  /** whether the parent is the address itself or one of the addresses below it */
  parentIsBelow: boolean;
}

/**
 * A yard holds bays and silo positions; a bay and a silo position are where goods lie, the last
 * level: nothing is kept below them. A parent lies in the same warehouse, and an address never
 * moves under itself or an address below it (the branch would leave the tree).
 */
export function placementProblem(p: Placement): { field: string; message: string } | null {
  if (!p.parent) return null;
  if (p.parentIsBelow) return { field: 'parentId', message: '上级地址不能是本地址或其下级地址' };
  if (p.parent.warehouseId !== p.warehouseId) return { field: 'parentId', message: `上级地址 ${p.parent.code} 不属于所选仓库` };
  if (p.parent.kind !== 'YARD') return { field: 'parentId', message: `上级地址 ${p.parent.code} 是${kindLabel(p.parent.kind)}，其下不能再设地址` };
  return null;
}

const kindLabel = (k: AddressKind) => ADDRESS_KINDS.find((x) => x.value === k)?.label ?? k;

export interface AssignableTicket {
  ticketNo: string;
  state: string;
  warehouseId: string | null;
  toWarehouseId: string | null;
}

export interface AssignedAddress {
  code: string;
  warehouseId: string;
  enabled: boolean;
  /** the class of goods the address keeps (存放分类), null for any */
  className: string | null;
  /** whether the ticket's material lies in that class or a class below it (true when the address keeps any) */
  holdsMaterial: boolean;
}

/**
 * The ticket's unloading or loading place is named while its goods have not moved in stock: a
 * posted ticket's records stand (反记账 first), a void one moves nothing. The address lies in the
 * ticket's warehouse or, for a transfer, its destination, is in use, and keeps the class of goods
 * the ticket carries (a sand bay takes no cement).
 */
export function assignProblem(t: AssignableTicket, a: AssignedAddress | null): string | null {
  if (t.state === 'POSTED') return `磅单 ${t.ticketNo} 已记账，请先反记账再指定库存地址`;
  if (t.state === 'OBSOLETE') return `磅单 ${t.ticketNo} 已作废，不能指定库存地址`;
  if (!a) return null;
  if (!a.enabled) return `库存地址 ${a.code} 已停用`;
  if (a.warehouseId !== t.warehouseId && a.warehouseId !== t.toWarehouseId) return `库存地址 ${a.code} 不属于磅单 ${t.ticketNo} 的仓库`;
  if (!a.holdsMaterial) return `库存地址 ${a.code} 只存放${a.className ?? ''}类物料，磅单 ${t.ticketNo} 的物料不属于该分类`;
  return null;
}

/** The record a movement writes names the ticket's address when the movement is at the address's warehouse. */
export function addressOfMovement(movementWarehouseId: string, address: { id: string; warehouseId: string } | null): string | null {
  return address && address.warehouseId === movementWarehouseId ? address.id : null;
}
