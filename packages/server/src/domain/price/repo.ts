import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { endOfReplacement, withdrawProblem } from './rules';

/**
 * The prices' own SQL. Lock order: the adjustment header (the engine locks it for its state
 * action), then the rules it ends, in id order. The second weighing only reads rules, so an
 * adjustment's audit never waits for a truck nor a truck for it beyond the rules' row versions.
 */
type Tx = Transaction<DB>;

export async function stampRuleAudit(tx: Tx, ids: string[], userId: string): Promise<void> {
  await sql`UPDATE wb_price_rule SET audited_at = now(), audited_by = ${userId}::bigint WHERE id = ANY(${ids}::bigint[])`.execute(tx);
}

/** Rules an adjustment wrote: changed only by withdrawing that adjustment. */
export async function rulesOfAdjustments(tx: Tx, ids: string[]): Promise<{ ruleNo: string; adjustNo: string }[]> {
  const { rows } = await sql<{ rule_no: string; adjust_no: string }>`
    SELECT r.rule_no, a.adjust_no FROM wb_price_rule r JOIN wb_price_adjust a ON a.id = r.adjust_id
     WHERE r.id = ANY(${ids}::bigint[]) ORDER BY r.id`.execute(tx);
  return rows.map((r) => ({ ruleNo: r.rule_no, adjustNo: r.adjust_no }));
}

interface AdjustHeader { id: string; org_id: string; kind: 'sa' | 'pu'; adjust_no: string; effective_at: Date }

async function headers(tx: Tx, ids: string[]): Promise<AdjustHeader[]> {
  const { rows } = await sql<AdjustHeader>`
    SELECT id::text, org_id::text, kind, adjust_no, effective_at FROM wb_price_adjust WHERE id = ANY(${ids}::bigint[]) ORDER BY id`.execute(tx);
  return rows;
}

/**
 * An adjustment takes effect: each line ends, at the effective time, the audited rules with the
 * same keys in force then (their old end kept in wb_price_rule_end), and becomes an audited rule
 * from that time on. Resolution then sees the new price exactly for trucks completed at or after
 * the effective time, and the old rows stay as the history of what was charged before.
 */
export async function applyAdjustments(tx: Tx, ids: string[], userId: string): Promise<void> {
  for (const a of await headers(tx, ids)) {
    const { rows: lines } = await sql<{
      seq: number; material_id: string | null; calc_group_id: string | null; party_id: string | null; route_id: string | null;
      transport: string | null; packing: string | null; price: string; tax_rate: string | null; price_basis: string;
    }>`
      SELECT seq, material_id::text, calc_group_id::text, party_id::text, route_id::text, transport, packing, price::text, tax_rate::text, price_basis
        FROM wb_price_adjust_line WHERE adjust_id = ${a.id}::bigint ORDER BY seq`.execute(tx);
    for (const l of lines) {
      const { rows: replaced } = await sql<{ id: string; effective_to: Date | null }>`
        SELECT id::text, effective_to FROM wb_price_rule
         WHERE org_id = ${a.org_id}::bigint AND kind = ${a.kind} AND doc_status = 'AUDITED'
           AND ${l.material_id !== null ? sql`material_id = ${l.material_id}::bigint` : sql`calc_group_id = ${l.calc_group_id}::bigint`}
           AND party_id IS NOT DISTINCT FROM ${l.party_id}::bigint AND route_id IS NOT DISTINCT FROM ${l.route_id}::bigint
           AND transport IS NOT DISTINCT FROM ${l.transport}::text AND packing IS NOT DISTINCT FROM ${l.packing}::text
           AND effective_from < ${a.effective_at} AND (effective_to IS NULL OR effective_to > ${a.effective_at})
         ORDER BY id FOR UPDATE`.execute(tx);
      if (replaced.length > 0) {
        await sql`INSERT INTO wb_price_rule_end (org_id, adjust_id, rule_id, to_before)
          SELECT r.org_id, ${a.id}::bigint, r.id, r.effective_to FROM wb_price_rule r WHERE r.id = ANY(${replaced.map((r) => r.id)}::bigint[])`.execute(tx);
        await sql`UPDATE wb_price_rule SET effective_to = ${a.effective_at}, updated_at = now(), updated_by = ${userId}::bigint, version = version + 1
          WHERE id = ANY(${replaced.map((r) => r.id)}::bigint[])`.execute(tx);
      }
      await sql`INSERT INTO wb_price_rule (org_id, kind, rule_no, doc_status, material_id, calc_group_id, party_id, route_id, transport, packing, price, tax_rate,
          price_basis, effective_from, effective_to, adjust_id, audited_at, audited_by, created_by, updated_by)
        VALUES (${a.org_id}::bigint, ${a.kind}, ${`${a.adjust_no}-${l.seq}`}, 'AUDITED', ${l.material_id}::bigint, ${l.calc_group_id}::bigint,
          ${l.party_id}::bigint, ${l.route_id}::bigint,
          ${l.transport}, ${l.packing}, ${l.price}::numeric, ${l.tax_rate}::numeric, ${l.price_basis}, ${a.effective_at}, ${endOfReplacement(replaced.map((r) => r.effective_to))},
          ${a.id}::bigint, now(), ${userId}::bigint, ${userId}::bigint, ${userId}::bigint)`.execute(tx);
    }
  }
  await sql`UPDATE wb_price_adjust SET audited_at = now(), audited_by = ${userId}::bigint WHERE id = ANY(${ids}::bigint[])`.execute(tx);
}

/** The problems that keep these adjustments from being withdrawn now (one taken effect). */
export async function withdrawProblems(tx: Tx, ids: string[]): Promise<{ field: string; message: string }[]> {
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(tx);
  return (await headers(tx, ids)).flatMap((a) => {
    const message = withdrawProblem(a.adjust_no, a.effective_at, rows[0].now);
    return message ? [{ field: 'ids', message }] : [];
  });
}

/** Un-audit before the effective time: the rules it wrote go, the rules it ended get their old end back. */
export async function withdrawAdjustments(tx: Tx, ids: string[]): Promise<void> {
  for (const a of await headers(tx, ids)) {
    await sql`SELECT 1 FROM wb_price_rule WHERE adjust_id = ${a.id}::bigint OR id IN (SELECT rule_id FROM wb_price_rule_end WHERE adjust_id = ${a.id}::bigint)
      ORDER BY id FOR UPDATE`.execute(tx);
    await sql`UPDATE wb_price_rule r SET effective_to = e.to_before, updated_at = now(), version = r.version + 1
      FROM wb_price_rule_end e WHERE e.adjust_id = ${a.id}::bigint AND r.id = e.rule_id AND r.effective_to = ${a.effective_at}`.execute(tx);
    await sql`DELETE FROM wb_price_rule_end WHERE adjust_id = ${a.id}::bigint`.execute(tx);
    await sql`DELETE FROM wb_price_rule WHERE adjust_id = ${a.id}::bigint`.execute(tx);
  }
}

/**
 * Whether each line's target is gauged by volume (md_material.gauged): a material as its archive
 * says, a computation group when it has members and every one is. Keyed m{id} and g{id}.
 */
export async function gaugedTargets(tx: Tx, orgId: string, materialIds: string[], groupIds: string[]): Promise<Map<string, { name: string; gauged: boolean }>> {
  const out = new Map<string, { name: string; gauged: boolean }>();
  if (materialIds.length) {
    const { rows } = await sql<{ id: string; name: string; gauged: boolean }>`
      SELECT id::text, inv_name AS name, gauged FROM md_material WHERE id = ANY(${materialIds}::bigint[])`.execute(tx);
    for (const r of rows) out.set(`m${r.id}`, { name: r.name, gauged: r.gauged });
  }
  if (groupIds.length) {
    const { rows } = await sql<{ id: string; name: string; gauged: boolean | null }>`
      SELECT g.id::text, g.group_name AS name, bool_and(m.gauged) AS gauged
        FROM md_calc_group g
        LEFT JOIN md_calc_group_member gm ON gm.org_id = g.org_id AND gm.group_id = g.id
        LEFT JOIN md_material m ON m.id = gm.material_id
       WHERE g.org_id = ${orgId}::bigint AND g.id = ANY(${groupIds}::bigint[])
       GROUP BY g.id, g.group_name`.execute(tx);
    for (const r of rows) out.set(`g${r.id}`, { name: r.name, gauged: r.gauged === true });
  }
  return out;
}
