import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { CollectorFacts, GrantFacts } from './rules';

/**
 * The licence control's SQL. Lock order, the plant's everywhere: the caller's own row (registry,
 * ticket), then the notice line, then the grant line (FOR UPDATE); the grant header is never
 * locked by a weighing, so a grant's audit or edit cannot deadlock with one.
 */
type Tx = Transaction<DB>;

export interface ControlledProduct { materialId: string; id: string; name: string }

/** A row of controlledProductSql. */
export interface ControlledProductRow { id: string; name: string }

/** The materials among these that are mapped (enabled) to a controlled standard product, with that product. */
export async function controlledProducts(tx: Tx, orgId: string, materialIds: string[]): Promise<ControlledProduct[]> {
  if (materialIds.length === 0) return [];
  const { rows } = await sql<{ material_id: string; id: string; name: string }>`
    SELECT c.material_id::text, s.id::text, s.product_name AS name
      FROM mgp_custom_product c JOIN mgp_stand_product s ON s.id = c.stand_product_id
     WHERE c.org_id = ${orgId}::bigint AND c.material_id = ANY(${materialIds}::bigint[]) AND c.enabled AND s.enabled AND s.controlled`.execute(tx);
  return rows.map((r) => ({ materialId: r.material_id, id: r.id, name: r.name }));
}

/** Today as the database reads the calendar (the validity dates are days). */
export async function today(tx: Tx): Promise<string> {
  const { rows } = await sql<{ d: string }>`SELECT current_date::text AS d`.execute(tx);
  return rows[0].d;
}

/** A grant of the company with its lines (read, not locked: the draw-down locks its line). */
export async function grantFacts(tx: Tx, orgId: string, grantId: string): Promise<GrantFacts | null> {
  const { rows } = await sql<{ grant_no: string; doc_status: GrantFacts['status']; enabled: boolean; customer_id: string; division_id: string | null; valid_from: string; valid_to: string }>`
    SELECT grant_no, doc_status, enabled, customer_id::text, division_id::text, valid_from::text, valid_to::text
      FROM mgp_grant WHERE org_id = ${orgId}::bigint AND id = ${grantId}::bigint`.execute(tx);
  const g = rows[0];
  if (!g) return null;
  const { rows: lines } = await sql<{ stand_product_id: string; product_name: string; quantity: string; drawn: string }>`
    SELECT l.stand_product_id::text, s.product_name, l.quantity::text, l.drawn_quantity::text AS drawn
      FROM mgp_grant_line l JOIN mgp_stand_product s ON s.id = l.stand_product_id WHERE l.grant_id = ${grantId}::bigint ORDER BY l.seq`.execute(tx);
  return {
    grantNo: g.grant_no, status: g.doc_status, enabled: g.enabled, customerId: g.customer_id, divisionId: g.division_id, validFrom: g.valid_from, validTo: g.valid_to,
    lines: lines.map((l) => ({ standProductId: l.stand_product_id, productName: l.product_name, quantity: l.quantity, drawn: l.drawn })),
  };
}

export async function collectorFacts(tx: Tx, orgId: string, employeeId: string): Promise<CollectorFacts | null> {
  const { rows } = await sql<{ employee_name: string; enabled: boolean; customer_id: string; division_id: string | null; valid_from: string; valid_to: string }>`
    SELECT employee_name, enabled, customer_id::text, division_id::text, valid_from::text, valid_to::text
      FROM mgp_employee WHERE org_id = ${orgId}::bigint AND id = ${employeeId}::bigint`.execute(tx);
  const e = rows[0];
  return e ? { name: e.employee_name, enabled: e.enabled, customerId: e.customer_id, divisionId: e.division_id, validFrom: e.valid_from, validTo: e.valid_to } : null;
}

/** The materials of a notice's stored lines (an update without lines is checked against these). */
export async function noticeOfLine(tx: Tx, orgId: string, lineId: string): Promise<{ noticeId: string; customerId: string | null; grantId: string | null; materialId: string } | null> {
  const { rows } = await sql<{ notice_id: string; customer_id: string | null; grant_id: string | null; material_id: string }>`
    SELECT n.id::text AS notice_id, n.customer_id::text, n.grant_id::text, l.material_id::text
      FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id WHERE l.org_id = ${orgId}::bigint AND l.id = ${lineId}::bigint`.execute(tx);
  const r = rows[0];
  return r ? { noticeId: r.notice_id, customerId: r.customer_id, grantId: r.grant_id, materialId: r.material_id } : null;
}

export interface RegistryLicence {
  code: string; kind: string; materialId: string | null; customerId: string | null; grantId: string | null; collectorId: string | null; noticeGrantId: string | null;
  preQuantity: string | null;
}

/** What a registry names for the licence control: its material, its notice's customer and grant, its own grant and collector. */
export async function registryLicence(tx: Tx, orgId: string, registryId: string): Promise<RegistryLicence | null> {
  const { rows } = await sql<{ registry_no: string; kind: string; material_id: string | null; customer_id: string | null; grant_id: string | null; collector_id: string | null; notice_grant_id: string | null; pre_quantity: string | null }>`
    SELECT r.registry_no, r.kind, r.material_id::text, n.customer_id::text, r.grant_id::text, r.collector_id::text, n.grant_id::text AS notice_grant_id, r.pre_quantity::text
      FROM wb_registry r LEFT JOIN wb_notice n ON n.id = r.notice_id WHERE r.org_id = ${orgId}::bigint AND r.id = ${registryId}::bigint`.execute(tx);
  const r = rows[0];
  return r ? {
    code: r.registry_no, kind: r.kind, materialId: r.material_id, customerId: r.customer_id, grantId: r.grant_id, collectorId: r.collector_id, noticeGrantId: r.notice_grant_id, preQuantity: r.pre_quantity,
  } : null;
}

export interface LockedGrantLine { id: string; grantNo: string; productName: string; quantity: string; drawn: string }

export interface TicketGrantLine {
  /** the controlled standard product the ticket's material is mapped to */
  product: { id: string; name: string };
  /** the grant the ticket's registry (else its notice) names */
  grantId: string | null;
  /** that grant's line of the product, locked; null when the grant has none (or there is no grant) */
  line: LockedGrantLine | null;
}

/** The controlled standard product a material is mapped to (at most one), as a fragment another statement can carry. */
export function controlledProductSql(orgId: string, materialId: string | null): RawBuilder<unknown> {
  return sql`SELECT s.id::text, s.product_name AS name FROM mgp_custom_product c JOIN mgp_stand_product s ON s.id = c.stand_product_id
    WHERE c.org_id = ${orgId}::bigint AND c.material_id = ${materialId}::bigint AND c.enabled AND s.enabled AND s.controlled LIMIT 1`;
}

/**
 * In one round trip what a completing ticket draws on: its material's controlled product (null:
 * nothing to draw, nothing locked; given: as the caller read it, controlledProductSql), the grant
 * its registry or notice names, and that grant's line of the product locked FOR UPDATE (after the
 * caller's ticket and notice line: README, lock order). The lock sits in a sub-select since the
 * line may be missing (a left join cannot lock its nullable side).
 */
export async function ticketGrantLine(
  tx: Tx, orgId: string, t: { materialId: string; registryId: string | null; noticeId: string | null }, known?: ControlledProductRow,
): Promise<TicketGrantLine | null> {
  const product = known ? sql`SELECT ${known.id}::bigint AS id, ${known.name}::text AS name` : controlledProductSql(orgId, t.materialId);
  const { rows } = await sql<{ product_id: string; product_name: string; grant_id: string | null; line_id: string | null; grant_no: string | null; quantity: string | null; drawn: string | null }>`
    SELECT p.id::text AS product_id, p.name AS product_name, g.grant_id::text, x.id::text AS line_id, x.grant_no, x.quantity::text, x.drawn::text
      FROM (${product}) p
      CROSS JOIN (SELECT coalesce((SELECT r.grant_id FROM wb_registry r WHERE r.id = ${t.registryId}::bigint),
                                  (SELECT n.grant_id FROM wb_notice n WHERE n.id = ${t.noticeId}::bigint)) AS grant_id) g
      LEFT JOIN LATERAL (
        SELECT l.id, gr.grant_no, l.quantity, l.drawn_quantity AS drawn
          FROM mgp_grant_line l JOIN mgp_grant gr ON gr.id = l.grant_id
         WHERE l.org_id = ${orgId}::bigint AND l.grant_id = g.grant_id AND l.stand_product_id = p.id::bigint
           FOR UPDATE OF l) x ON true`.execute(tx);
  const r = rows[0];
  if (!r) return null;
  return {
    product: { id: r.product_id, name: r.product_name }, grantId: r.grant_id,
    line: r.line_id ? { id: r.line_id, grantNo: r.grant_no as string, productName: r.product_name, quantity: r.quantity as string, drawn: r.drawn as string } : null,
  };
}

/**
 * The line's drawn quantity set and the ticket's draw recorded, as two top-level CTEs
 * (grant_line_drawn, grant_draw: PostgreSQL runs a data-modifying CTE only at the top level) for
 * another write of the completion to carry, so the draw costs no round trip of its own. The line
 * must be locked by then (ticketGrantLine).
 */
export function drawOnLineCtes(orgId: string, ticketId: string, lineId: string, drawn: string, quantity: string): RawBuilder<unknown> {
  return sql`grant_line_drawn AS (UPDATE mgp_grant_line SET drawn_quantity = ${drawn}::numeric, updated_at = now() WHERE id = ${lineId}::bigint RETURNING id),
    grant_draw AS (INSERT INTO mgp_grant_draw (ticket_id, org_id, grant_line_id, quantity)
      SELECT ${ticketId}::bigint, ${orgId}::bigint, d.id, ${quantity}::numeric FROM grant_line_drawn d)`;
}

export async function setDrawn(tx: Tx, lineId: string, drawn: string): Promise<void> {
  await sql`UPDATE mgp_grant_line SET drawn_quantity = ${drawn}::numeric, updated_at = now() WHERE id = ${lineId}::bigint`.execute(tx);
}

export async function recordDraw(tx: Tx, orgId: string, ticketId: string, lineId: string, quantity: string): Promise<void> {
  await sql`INSERT INTO mgp_grant_draw (ticket_id, org_id, grant_line_id, quantity) VALUES (${ticketId}::bigint, ${orgId}::bigint, ${lineId}::bigint, ${quantity}::numeric)`.execute(tx);
}

/** What a ticket drew, its line locked; the record is taken away (a voided ticket draws nothing). */
export async function takeDraw(tx: Tx, orgId: string, ticketId: string): Promise<{ lineId: string; quantity: string; drawn: string } | null> {
  const { rows } = await sql<{ grant_line_id: string; quantity: string }>`
    DELETE FROM mgp_grant_draw WHERE org_id = ${orgId}::bigint AND ticket_id = ${ticketId}::bigint RETURNING grant_line_id::text, quantity::text`.execute(tx);
  const d = rows[0];
  if (!d) return null;
  const { rows: lines } = await sql<{ drawn: string }>`SELECT drawn_quantity::text AS drawn FROM mgp_grant_line WHERE id = ${d.grant_line_id}::bigint FOR UPDATE`.execute(tx);
  return { lineId: d.grant_line_id, quantity: d.quantity, drawn: lines[0].drawn };
}

/** Who audited a grant and when. */
export async function stampGrantAudit(tx: Tx, ids: string[], userId: string): Promise<void> {
  await sql`UPDATE mgp_grant SET audited_at = now(), audited_by = ${userId}::bigint WHERE id = ANY(${ids}::bigint[])`.execute(tx);
}

/** The grants' drawn quantity (an audited grant something was drawn on keeps its audit). */
export async function drawnOf(tx: Tx, ids: string[]): Promise<{ id: string; grantNo: string; drawn: string }[]> {
  const { rows } = await sql<{ id: string; grant_no: string; drawn: string }>`
    SELECT g.id::text, g.grant_no, trim_scale(coalesce(sum(l.drawn_quantity), 0))::text AS drawn
      FROM mgp_grant g LEFT JOIN mgp_grant_line l ON l.grant_id = g.id WHERE g.id = ANY(${ids}::bigint[]) GROUP BY g.id, g.org_id ORDER BY g.id`.execute(tx);
  return rows.map((r) => ({ id: r.id, grantNo: r.grant_no, drawn: r.drawn }));
}

/** A grant line this transaction has locked already (takeDraw), with the words of its messages. */
export async function lineById(tx: Tx, lineId: string): Promise<LockedGrantLine> {
  const { rows } = await sql<{ id: string; grant_no: string; product_name: string; quantity: string; drawn: string }>`
    SELECT l.id::text, g.grant_no, s.product_name, l.quantity::text, l.drawn_quantity::text AS drawn
      FROM mgp_grant_line l JOIN mgp_grant g ON g.id = l.grant_id JOIN mgp_stand_product s ON s.id = l.stand_product_id WHERE l.id = ${lineId}::bigint`.execute(tx);
  const r = rows[0];
  return { id: r.id, grantNo: r.grant_no, productName: r.product_name, quantity: r.quantity, drawn: r.drawn };
}

/** Whether a division of the company belongs to this customer. */
export async function divisionOfCustomer(tx: Tx, orgId: string, divisionId: string, customerId: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM mgp_division WHERE org_id = ${orgId}::bigint AND id = ${divisionId}::bigint AND customer_id = ${customerId}::bigint`.execute(tx);
  return rows.length > 0;
}
