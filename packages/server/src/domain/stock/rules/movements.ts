/**
 * Which stock movements a posted weigh ticket makes (domain notes: the kinds of movement). Pure:
 * posting.ts loads the ticket and writes what this decides.
 *
 * - pu purchase, pr production: IN to the ticket's warehouse.
 * - sa sales: OUT of the ticket's warehouse.
 * - al allot: each company weighs its own end: the DISPATCH ticket is an OUT, the RECEIVE ticket an IN,
 *   each in its own company's warehouse.
 * - tr transfer: weighed at both ends like al (DISPATCH: OUT of warehouse_id; RECEIVE: IN to the
 *   destination, to_warehouse_id, or warehouse_id when the receiving end names only its own); weighed
 *   once inside one plant (no side): OUT of warehouse_id and IN to to_warehouse_id.
 * - st, pt other weighings: the truck's way decides: it arrived loaded (gross first) and left the
 *   goods here, IN; it arrived empty (tare first) and took goods away, OUT.
 * The quantity is the ticket's net in tons.
 */
export type MovementDirection = 'IN' | 'OUT';

export interface Movement {
  direction: MovementDirection;
  warehouseId: string;
  materialId: string;
  quantity: string;
}

export interface PostableTicket {
  ticketNo: string;
  kind: 'pu' | 'sa' | 'al' | 'tr' | 'pr' | 'st' | 'pt';
  side: 'DISPATCH' | 'RECEIVE' | null;
  firstIs: 'GROSS' | 'TARE';
  warehouseId: string | null;
  toWarehouseId: string | null;
  materialId: string | null;
  net: string | null;
}

export type MovementDecision = { ok: true; movements: Movement[] } | { ok: false; field: string; message: string };

type Leg = { direction: MovementDirection; warehouse: 'from' | 'to' | 'toOrFrom' };

/** The legs of each kind and side, before the warehouses are looked at. */
function legsOf(t: Pick<PostableTicket, 'kind' | 'side' | 'firstIs'>): Leg[] | null {
  switch (t.kind) {
    case 'pu':
    case 'pr':
      return [{ direction: 'IN', warehouse: 'from' }];
    case 'sa':
      return [{ direction: 'OUT', warehouse: 'from' }];
    case 'al':
      if (t.side === null) return null;
      return [{ direction: t.side === 'DISPATCH' ? 'OUT' : 'IN', warehouse: 'from' }];
    case 'tr':
      if (t.side === 'DISPATCH') return [{ direction: 'OUT', warehouse: 'from' }];
      if (t.side === 'RECEIVE') return [{ direction: 'IN', warehouse: 'toOrFrom' }];
      return [{ direction: 'OUT', warehouse: 'from' }, { direction: 'IN', warehouse: 'to' }];
    case 'st':
    case 'pt':
      return [{ direction: t.firstIs === 'GROSS' ? 'IN' : 'OUT', warehouse: 'from' }];
  }
}

function warehouseOf(t: PostableTicket, leg: Leg): string | null {
  if (leg.warehouse === 'from') return t.warehouseId;
  if (leg.warehouse === 'to') return t.toWarehouseId;
  return t.toWarehouseId ?? t.warehouseId;
}

export function ticketMovements(t: PostableTicket): MovementDecision {
  const who = `磅单 ${t.ticketNo}`;
  if (t.net === null) return { ok: false, field: 'net', message: `${who} 没有净重，不能记账` };
  if (t.materialId === null) return { ok: false, field: 'materialId', message: `${who} 没有物料，不能记账` };
  const legs = legsOf(t);
  if (!legs) return { ok: false, field: 'side', message: `${who} 未指明发货方或收货方，不能记账` };
  const movements: Movement[] = [];
  for (const leg of legs) {
    const warehouseId = warehouseOf(t, leg);
    if (warehouseId === null) {
      return leg.warehouse === 'to'
        ? { ok: false, field: 'toWarehouseId', message: `${who} 没有目的仓库，不能记账` }
        : { ok: false, field: 'warehouseId', message: `${who} 没有仓库，不能记账` };
    }
    movements.push({ direction: leg.direction, warehouseId, materialId: t.materialId, quantity: t.net });
  }
  if (movements.length === 2 && movements[0].warehouseId === movements[1].warehouseId) {
    return { ok: false, field: 'toWarehouseId', message: `${who} 的目的仓库与仓库相同，不能记账` };
  }
  return { ok: true, movements };
}
