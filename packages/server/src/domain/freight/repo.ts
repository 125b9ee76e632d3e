import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * The freight families' SQL beside the engine's: a contract's prices written at its audit,
 * removed at its un-audit and ended at its close; the audit stamps. The plan's pound list,
 * remittances and advances are in plan-repo.ts.
 */
type Tx = Transaction<DB> | Kysely<DB>;

export async function stampAudit(tx: Tx, table: 'wb_freight_contract' | 'wb_freight_price' | 'wb_freight_plan', ids: string[], userId: string | null): Promise<void> {
  await sql`UPDATE ${sql.table(table)} SET audited_at = now(), audited_by = ${userId}::bigint WHERE id = ANY(${ids}::bigint[])`.execute(tx);
}

/** Contracts among `ids` with no line: nothing to price by. */
export async function contractsWithoutLines(tx: Tx, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ contract_no: string }>`
    SELECT c.contract_no FROM wb_freight_contract c WHERE c.id = ANY(${ids}::bigint[])
       AND NOT EXISTS (SELECT 1 FROM wb_freight_contract_line l WHERE l.contract_id = c.id) ORDER BY c.id`.execute(tx);
  return rows.map((r) => r.contract_no);
}

/** Each line of the contracts becomes an audited freight price numbered <contract no>-<line>, under the header's terms and validity. */
export async function writeContractPrices(tx: Tx, ids: string[], userId: string | null): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO wb_freight_price (org_id, kind, price_no, doc_status, carrier_id, route_id, region, material_id, material_class_id, basis, charge_mode,
        price, distance_km, tax_rate, loss_mode, loss_value, effective_from, effective_to, contract_id, contract_line_id, audited_at, audited_by, created_by, updated_by)
    SELECT c.org_id, c.kind, c.contract_no || '-' || l.seq, 'AUDITED', c.carrier_id, l.route_id, l.region, l.material_id, l.material_class_id, c.basis, c.charge_mode,
        l.price, l.distance_km, c.tax_rate, c.loss_mode, c.loss_value, c.valid_from, c.valid_to, c.id, l.id, now(), ${userId}::bigint, ${userId}::bigint, ${userId}::bigint
      FROM wb_freight_contract c JOIN wb_freight_contract_line l ON l.contract_id = c.id
     WHERE c.id = ANY(${ids}::bigint[]) ORDER BY c.id, l.seq
    RETURNING id::text`.execute(tx);
  return rows.length;
}

/** Plans priced by one of the contracts' prices: the un-audit would pull the price from under them. */
export async function plansOnContracts(tx: Tx, ids: string[]): Promise<{ contractNo: string; planNo: string }[]> {
  const { rows } = await sql<{ contract_no: string; plan_no: string }>`
    SELECT c.contract_no, pl.plan_no FROM wb_freight_plan pl JOIN wb_freight_price p ON p.id = pl.price_id JOIN wb_freight_contract c ON c.id = p.contract_id
     WHERE p.contract_id = ANY(${ids}::bigint[]) ORDER BY c.id, pl.id`.execute(tx);
  return rows.map((r) => ({ contractNo: r.contract_no, planNo: r.plan_no }));
}

export async function removeContractPrices(tx: Tx, ids: string[]): Promise<void> {
  await sql`DELETE FROM wb_freight_price WHERE contract_id = ANY(${ids}::bigint[])`.execute(tx);
}

/** A closed contract's prices end now: trips before it keep them, later ones find others. */
export async function endContractPrices(tx: Tx, ids: string[]): Promise<void> {
  await sql`UPDATE wb_freight_price SET effective_to = now(), updated_at = now()
     WHERE contract_id = ANY(${ids}::bigint[]) AND effective_from < now() AND (effective_to IS NULL OR effective_to > now())`.execute(tx);
  // a price not yet begun never prices anything: it goes, unless a plan took it already
  await sql`DELETE FROM wb_freight_price p WHERE p.contract_id = ANY(${ids}::bigint[]) AND p.effective_from >= now()
     AND NOT EXISTS (SELECT 1 FROM wb_freight_plan pl WHERE pl.price_id = p.id)`.execute(tx);
}

/** Prices among `ids` that a freight contract's audit wrote: they go with that contract, never alone. */
export async function contractWrittenPrices(tx: Tx, ids: string[]): Promise<{ priceNo: string; contractNo: string }[]> {
  const { rows } = await sql<{ price_no: string; contract_no: string }>`
    SELECT p.price_no, c.contract_no FROM wb_freight_price p JOIN wb_freight_contract c ON c.id = p.contract_id
     WHERE p.id = ANY(${ids}::bigint[]) ORDER BY p.id`.execute(tx);
  return rows.map((r) => ({ priceNo: r.price_no, contractNo: r.contract_no }));
}

/** Of the material class ids, those that are not the group's (classes are kept once per group). */
export async function strangerClasses(tx: Tx, groupId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ id: string }>`SELECT id::text FROM md_material_class WHERE group_id = ${groupId}::bigint AND id = ANY(${ids}::bigint[])`.execute(tx);
  return new Set(ids.filter((id) => !rows.some((r) => r.id === id)));
}
