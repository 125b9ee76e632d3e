import type pg from 'pg';

/**
 * Purchase trucks waiting for their second weighing (bench/weighing.ts, bench/proxy.ts): one vendor,
 * `lines` audited notice lines at the line's price, and per truck an audited registry at the scale,
 * its first-weighed ticket (a 40 t gross) and that reading. Set-based; in the caller's transaction.
 */
export async function generatePurchaseTrucks(
  c: pg.Client, settings: { trucks: number; lines: number }, org: string, vendor: string, material: string, warehouse: string,
): Promise<void> {
  await c.query(`INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, vendor_id, start_time, end_time)
    SELECT $1, 'pu', 'BENCHTZ' || g, 'AUDITED', $2, now() - interval '1 day', now() + interval '30 days' FROM generate_series(1, $3) g`, [org, vendor, settings.lines]);
  await c.query(`INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, warehouse_id, quantity, max_limit, price)
    SELECT $1, n.id, 1, $2, $3, 1000000, 1000000, 50 FROM wb_notice n WHERE n.notice_no LIKE 'BENCHTZ%'`, [org, material, warehouse]);
  const plates = `'苏' || chr(65 + (g / 100000) % 20) || lpad((g % 100000)::text, 5, '0')`;
  await c.query(`INSERT INTO wb_registry (org_id, kind, registry_no, doc_status, trip_state, entered_at, notice_id, notice_line_id, material_id, plate_number, pre_quantity, shipped_quantity)
    SELECT $1, 'pu', 'BENCHDJ' || g, 'AUDITED', 'WEIGHING', now() - interval '2 hours', l.notice_id, l.id, $2, ${plates}, 0, 30
      FROM generate_series(1, $3) g
      JOIN (SELECT id, notice_id, row_number() OVER (ORDER BY id) - 1 AS k FROM wb_notice_line WHERE org_id = $1) l ON l.k = g % $4`,
    [org, material, settings.trucks, settings.lines]);
  await c.query(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, notice_id, notice_line_id, material_id, warehouse_id, vendor_id, plate_number, first_is, gross, gross_time, price)
    SELECT r.org_id, 'pu', 'BENCHBD' || r.id, 'FIRST_WEIGHED', r.id, r.notice_id, r.notice_line_id, r.material_id, $1, $2, r.plate_number, 'GROSS', 40, now() - interval '1 hour', 50
      FROM wb_registry r WHERE r.registry_no LIKE 'BENCHDJ%'`, [warehouse, vendor]);
  await c.query(`INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, request_id, identified_by)
    SELECT t.org_id, t.id, 'FIRST', 40, true, t.gross_time, 'BENCH', 'first-' || t.id, 'REGISTRY' FROM wb_ticket t WHERE t.ticket_no LIKE 'BENCHBD%'`);
}
