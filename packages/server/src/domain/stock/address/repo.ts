import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import type { AddressKind, AssignableTicket, AssignedAddress, Placement } from './rules';

/** The stock addresses' SQL. Lock order: the ticket (assign), then nothing else; the address is only read. */
type Tx = Transaction<DB>;

/** Where an address written with these values would stand: its parent, and whether the parent lies below it. */
export async function placementOf(tx: Tx, orgId: string, id: string | null, values: { warehouseId: string; kind: AddressKind; parentId: string | null }): Promise<Placement> {
  if (!values.parentId) return { warehouseId: values.warehouseId, kind: values.kind, parent: null, parentIsBelow: false };
  const { rows } = await sql<{ code: string; warehouse_id: string; kind: AddressKind; below: boolean }>`
    WITH RECURSIVE below AS (
      SELECT id FROM md_stock_address WHERE org_id = ${orgId} AND id = ${id}::bigint
      UNION ALL
      SELECT c.id FROM md_stock_address c JOIN below b ON c.parent_id = b.id WHERE c.org_id = ${orgId}
    )
    SELECT p.address_code AS code, p.warehouse_id::text, p.kind, EXISTS (SELECT 1 FROM below WHERE below.id = p.id) AS below
      FROM md_stock_address p WHERE p.org_id = ${orgId} AND p.id = ${values.parentId}::bigint`.execute(tx);
  const parent = rows[0];
  if (!parent) return { warehouseId: values.warehouseId, kind: values.kind, parent: null, parentIsBelow: false };
  return { warehouseId: values.warehouseId, kind: values.kind, parent: { code: parent.code, warehouseId: parent.warehouse_id, kind: parent.kind }, parentIsBelow: parent.below };
}

/** The ticket as an address is assigned to it, locked: a posting of it waits, or it waits for the posting. */
export async function lockTicket(tx: Tx, orgId: string, ticketId: string): Promise<(AssignableTicket & { id: string; kind: string; addressId: string | null; materialId: string | null }) | null> {
  const { rows } = await sql<{ id: string; kind: string; ticket_no: string; state: string; warehouse_id: string | null; to_warehouse_id: string | null; stock_address_id: string | null; material_id: string | null }>`
    SELECT id::text, kind, ticket_no, state, warehouse_id::text, to_warehouse_id::text, stock_address_id::text, material_id::text FROM wb_ticket
     WHERE org_id = ${orgId} AND id = ${ticketId}::bigint FOR UPDATE`.execute(tx);
  const t = rows[0];
  return t ? { id: t.id, kind: t.kind, ticketNo: t.ticket_no, state: t.state, warehouseId: t.warehouse_id, toWarehouseId: t.to_warehouse_id, addressId: t.stock_address_id, materialId: t.material_id } : null;
}

/**
 * SQL: whether the address `a` keeps the material's class: it keeps any, or the material's class is
 * its class or lies below it (the inventory-class tree walked up from the material's class).
 */
export const holdsMaterialSql = (materialId: string | null) => sql<boolean>`(a.material_class_id IS NULL OR EXISTS (
    WITH RECURSIVE up AS (
      SELECT c.id, c.parent_id FROM md_material_class c JOIN md_material m ON m.invc_id = c.id WHERE m.id = ${materialId}::bigint
      UNION ALL
      SELECT p.id, p.parent_id FROM md_material_class p JOIN up ON p.id = up.parent_id
    ) SELECT 1 FROM up WHERE up.id = a.material_class_id))`;

/** What the ticket's 库存地址 dialog shows: the ticket, its address now, and the enabled addresses of its warehouses. */
export interface TicketAddressChoice {
  ticketNo: string; state: string; addressId: string | null;
  choices: { id: string; code: string; name: string; kind: AddressKind; warehouseName: string }[];
}

export async function ticketAddressChoice(db: Kysely<DB>, orgId: string, kind: string, ticketId: string): Promise<TicketAddressChoice | null> {
  const { rows: [m] } = await sql<{ material_id: string | null }>`SELECT material_id::text FROM wb_ticket WHERE org_id = ${orgId} AND id = ${ticketId}::bigint`.execute(db);
  const { rows } = await sql<{ ticket_no: string; state: string; stock_address_id: string | null; choices: TicketAddressChoice['choices'] }>`
    SELECT t.ticket_no, t.state, t.stock_address_id::text,
           coalesce((SELECT jsonb_agg(jsonb_build_object('id', a.id::text, 'code', a.address_code, 'name', a.address_name, 'kind', a.kind,
                                      'warehouseName', w.ware_name) ORDER BY w.ware_name, a.sort, a.address_code)
                       FROM md_stock_address a JOIN md_warehouse w ON w.id = a.warehouse_id
                      WHERE a.org_id = t.org_id AND a.enabled AND a.warehouse_id IN (t.warehouse_id, t.to_warehouse_id)
                        AND ${holdsMaterialSql(m?.material_id ?? null)}), '[]') AS choices
      FROM wb_ticket t WHERE t.org_id = ${orgId} AND t.kind = ${kind} AND t.id = ${ticketId}::bigint`.execute(db);
  const t = rows[0];
  return t ? { ticketNo: t.ticket_no, state: t.state, addressId: t.stock_address_id, choices: t.choices } : null;
}

/** The address, and whether it keeps the class of `materialId` (the ticket's material). */
export async function addressOf(tx: Tx, orgId: string, id: string, materialId: string | null = null): Promise<(AssignedAddress & { id: string; name: string }) | null> {
  const { rows } = await sql<{ id: string; address_code: string; address_name: string; warehouse_id: string; enabled: boolean; class_name: string | null; holds: boolean }>`
    SELECT a.id::text, a.address_code, a.address_name, a.warehouse_id::text, a.enabled,
           (SELECT c.invc_name FROM md_material_class c WHERE c.id = a.material_class_id) AS class_name, ${holdsMaterialSql(materialId)} AS holds
      FROM md_stock_address a WHERE a.org_id = ${orgId} AND a.id = ${id}::bigint`.execute(tx);
  const a = rows[0];
  return a ? { id: a.id, code: a.address_code, name: a.address_name, warehouseId: a.warehouse_id, enabled: a.enabled, className: a.class_name, holdsMaterial: a.holds } : null;
}

export async function setTicketAddress(tx: Tx, orgId: string, ticketId: string, addressId: string | null, userId: string): Promise<void> {
  await sql`UPDATE wb_ticket SET stock_address_id = ${addressId}::bigint, updated_at = now(), updated_by = ${userId}::bigint, version = version + 1
    WHERE org_id = ${orgId} AND id = ${ticketId}::bigint`.execute(tx);
}

/** Whether the inventory class is one of the group's (an address keeps a class of its own group). */
export async function groupHasClass(tx: Tx, groupId: string, classId: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM md_material_class WHERE group_id = ${groupId}::bigint AND id = ${classId}::bigint`.execute(tx);
  return rows.length > 0;
}
