import type pg from 'pg';

/**
 * Sales trucks waiting for their second weighing (bench/weighing.ts with BENCH_KIND=sa): one
 * customer per notice line, each truck on an audited registry with its first-weighed ticket (a
 * 15 t tare) and that reading. Set-based, as the purchase trucks are.
 *
 * commercial = 'on' puts everything the second weighing of a sale may do to work:
 * - the notice lines carry no price, so the price chain reads on to the price list: 10,000 audited
 *   price rules on the company's materials, a few hundred on the trucks' material among other
 *   customers' and routes' keys, one per customer that wins;
 * - every customer's account is under money control 禁止 with money for the year, and each
 *   registry holds its freeze (pre-load x price) in the ledger, which the weighing releases;
 * - the material is a controlled product: every customer holds an audited grant with an
 *   authorised collector named on the registry, drawn down by each completion.
 * commercial = 'off' is the same trucks with the notice line's price, no price list, no money
 * control and no grant: the weighing still records the consumption (it always does for a sale).
 */
export async function generateSalesTrucks(c: pg.Client, s: { trucks: number; lines: number; commercial: 'on' | 'off' }, org: string, material: string, warehouse: string): Promise<void> {
  const on = s.commercial === 'on';
  const group = (await c.query('SELECT group_id FROM sys_org WHERE id = $1', [org])).rows[0].group_id as string;
  await c.query(`INSERT INTO md_customer (group_id, org_id, customer_code, customer_name)
    SELECT $1, $2, 'BENCHKH' || g, '压测客户' || g FROM generate_series(1, $3) g`, [group, org, s.lines]);
  await c.query(`INSERT INTO md_customer_alloc (group_id, archive_id, org_id) SELECT group_id, id, $2 FROM md_customer WHERE group_id = $1 AND customer_code LIKE 'BENCHKH%'`, [group, org]);
  await c.query(`CREATE TEMP TABLE bench_customer AS
    SELECT id, row_number() OVER (ORDER BY id) AS k FROM md_customer WHERE group_id = $1 AND customer_code LIKE 'BENCHKH%'`, [group]);
  await c.query(`INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, customer_id, start_time, end_time)
    SELECT $1, 'sa', 'BENCHTZ' || k, 'AUDITED', id, now() - interval '1 day', now() + interval '30 days' FROM bench_customer`, [org]);
  await c.query(`INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, warehouse_id, quantity, max_limit, price)
    SELECT $1, n.id, 1, $2, $3, 1000000, 1000000, $4::numeric FROM wb_notice n WHERE n.notice_no LIKE 'BENCHTZ%'`, [org, material, warehouse, on ? null : 50]);

  if (on) {
    const day = `now() - interval '1 day'`;
    // the price list: most rules on other materials, some on this one under keys the trucks do not match
    await c.query(`INSERT INTO wb_price_rule (org_id, kind, rule_no, doc_status, material_id, party_id, transport, price, effective_from, audited_at)
      SELECT $1, 'sa', 'BENCHJG' || g, 'AUDITED', m.archive_id, CASE WHEN g % 3 = 0 THEN NULL ELSE 900000000 + g END,
             CASE WHEN g % 5 = 0 THEN 'RAIL' END, 40 + g % 20, ${day} - (g % 30) * interval '1 day', now()
        FROM generate_series(1, 10000 - $2) g
        JOIN (SELECT archive_id, row_number() OVER (ORDER BY archive_id) - 1 AS k, count(*) OVER () AS n FROM md_material_alloc WHERE org_id = $1) m
          ON m.k = g % m.n`, [org, s.lines]);
    await c.query(`INSERT INTO wb_price_rule (org_id, kind, rule_no, doc_status, material_id, party_id, price, effective_from, audited_at)
      SELECT $1, 'sa', 'BENCHKHJG' || k, 'AUDITED', $2, id, 52, ${day}, now() FROM bench_customer`, [org, material]);
    // money under control, and a year's receipts
    await c.query(`INSERT INTO fm_account (org_id, customer_id, received, control) SELECT $1, id, 1e12, 'FORBID' FROM bench_customer`, [org]);
    // the licence: the material controlled, each customer's grant and collector
    const product = (await c.query(`INSERT INTO mgp_stand_product (org_id, product_code, product_name, controlled) VALUES ($1, 'BENCHBZ', '压测管控品', true) RETURNING id`, [org])).rows[0].id;
    await c.query(`INSERT INTO mgp_custom_product (org_id, custom_code, material_id, stand_product_id) VALUES ($1, 'BENCHZDY', $2, $3)`, [org, material, product]);
    await c.query(`INSERT INTO mgp_grant (org_id, grant_no, doc_status, customer_id, valid_from, valid_to)
      SELECT $1, 'BENCHXK' || k, 'AUDITED', id, current_date - 1, current_date + 365 FROM bench_customer`, [org]);
    await c.query(`INSERT INTO mgp_grant_line (org_id, grant_id, seq, stand_product_id, quantity)
      SELECT $1, id, 1, $2, 1e9 FROM mgp_grant WHERE grant_no LIKE 'BENCHXK%'`, [org, product]);
    await c.query(`INSERT INTO mgp_employee (org_id, employee_code, employee_name, id_number, customer_id, valid_from, valid_to)
      SELECT $1, 'BENCHTHR' || k, '提货人' || k, '110101199001011234', id, current_date - 1, current_date + 365 FROM bench_customer`, [org]);
  }

  const plates = `'苏' || chr(65 + (g / 100000) % 20) || lpad((g % 100000)::text, 5, '0')`;
  await c.query(`INSERT INTO wb_registry (org_id, kind, registry_no, doc_status, trip_state, entered_at, notice_id, notice_line_id, material_id, plate_number, pre_quantity, grant_id, collector_id)
    SELECT $1, 'sa', 'BENCHDJ' || g, 'AUDITED', 'WEIGHING', now() - interval '2 hours', l.notice_id, l.id, $2, ${plates}, 30,
           ${on ? 'gr.id, e.id' : 'NULL, NULL'}
      FROM generate_series(1, $3) g
      JOIN (SELECT l.id, l.notice_id, n.customer_id, row_number() OVER (ORDER BY l.id) - 1 AS k FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id
             WHERE l.org_id = $1 AND n.notice_no LIKE 'BENCHTZ%') l ON l.k = g % $4
      ${on ? `JOIN mgp_grant gr ON gr.customer_id = l.customer_id AND gr.grant_no LIKE 'BENCHXK%'
              JOIN mgp_employee e ON e.customer_id = l.customer_id AND e.employee_code LIKE 'BENCHTHR%'` : ''}`,
  [org, material, s.trucks, s.lines]);
  if (on) {
    // each registry's freeze, as its audit left it: pre-load x the customer's price
    await c.query(`INSERT INTO fm_ledger (org_id, customer_id, kind, frozen_delta, doc_kind, doc_id, doc_no)
      SELECT r.org_id, n.customer_id, 'FREEZE', 30 * 52, 'registry', r.id, r.registry_no
        FROM wb_registry r JOIN wb_notice n ON n.id = r.notice_id WHERE r.registry_no LIKE 'BENCHDJ%'`);
    await c.query(`UPDATE fm_account a SET frozen = f.frozen FROM (SELECT customer_id, sum(frozen_delta) AS frozen FROM fm_ledger GROUP BY customer_id) f
      WHERE f.customer_id = a.customer_id`);
  }
  await c.query(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, notice_id, notice_line_id, material_id, warehouse_id, customer_id, plate_number, first_is, tare, tare_time, tare_source, price)
    SELECT r.org_id, 'sa', 'BENCHBD' || r.id, 'FIRST_WEIGHED', r.id, r.notice_id, r.notice_line_id, r.material_id, $1, n.customer_id, r.plate_number, 'TARE', 15, now() - interval '1 hour', 'WEIGHED', l.price
      FROM wb_registry r JOIN wb_notice n ON n.id = r.notice_id JOIN wb_notice_line l ON l.id = r.notice_line_id WHERE r.registry_no LIKE 'BENCHDJ%'`, [warehouse]);
  await c.query(`INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, request_id, identified_by)
    SELECT t.org_id, t.id, 'FIRST', 15, true, t.tare_time, 'BENCH', 'first-' || t.id, 'REGISTRY' FROM wb_ticket t WHERE t.ticket_no LIKE 'BENCHBD%'`);
}
