import type pg from 'pg';

/**
 * A small plant of known figures, written straight into a test database (the reports only read;
 * the calls that write tickets, stock, settlements and freight plans are tested with their own
 * code). Every day and time is the plant's (Asia/Shanghai, +08). Two companies: A holds the
 * figures the tests expect, B the same kinds of rows that must never be counted for A.
 *
 * A's tickets (net in tons, amount in yuan):
 *   t1  pu M1 V1  2025-03-11 00:30  32.456  9736.80    (just after midnight: the 11th)
 *   t2  pu M1 V1  2025-03-11 14:00  30.004  9001.2049
 *   t3  pu M1 V1  2025-03-10 23:30  28.000  8400.00    (just before midnight: the 10th)
 *   t4  sa M2 C1  2025-03-11 09:15  35.125  14050.005
 *   t5  sa M2 C1  2025-02-11 10:00  33.333  13333.20   (the same day last month)
 *   t6  sa M2 C1  2025-03-11 11:00  40.000  (void: OBSOLETE, never counted)
 *   t9  pu M1 V1  2025-03-12 00:10  20.500  6150.00
 *   t10 pu M1 V1  2025-01-01 00:30  10.000  3000.00    (the year's first half hour)
 *   t11 pu M1 V1  2024-12-31 23:30  11.000  3300.00    (the year before's last)
 */
export interface KnownPlant {
  a: string;
  b: string;
  m1: { id: string; code: string; name: string };
  m2: { id: string; code: string; name: string };
  v1: { id: string; name: string };
  c1: { id: string; name: string };
  w1: { id: string; name: string };
  k1: { id: string; name: string };
  line: string;
  operator: string;
  accountant: string;
  tickets: Record<string, string>;
}

let serial = 0;
const no = (p: string) => `${p}RB${Date.now().toString(36).toUpperCase()}${String(serial++).padStart(4, '0')}`;

async function one<T>(pool: pg.Pool, text: string, values: unknown[] = []): Promise<T> {
  const { rows } = await pool.query(text, values);
  if (!rows[0]) throw new Error(`nothing for ${text}`);
  return rows[0] as T;
}

/** The company's first archive of a kind; the group's first, allocated to it, when it was given none. */
async function allocated(pool: pg.Pool, orgId: string, table: 'md_vendor' | 'md_customer' | 'md_carrier', name: string): Promise<{ id: string; name: string }> {
  const pick = `SELECT x.id::text, x.${name} AS name FROM ${table} x JOIN ${table}_alloc a ON a.archive_id = x.id AND a.org_id = $1 ORDER BY x.id LIMIT 1`;
  const { rows } = await pool.query(pick, [orgId]);
  if (rows[0]) return rows[0];
  await pool.query(`INSERT INTO ${table}_alloc (group_id, archive_id, org_id)
                    SELECT o.group_id, (SELECT min(id) FROM ${table} WHERE group_id = o.group_id), o.id FROM sys_org o WHERE o.id = $1`, [orgId]);
  return one(pool, pick, [orgId]);
}

async function archives(pool: pg.Pool, orgId: string) {
  const mats = (await pool.query(
    `SELECT m.id::text, m.inv_code AS code, m.inv_name AS name FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1 ORDER BY m.id LIMIT 2`, [orgId])).rows;
  const v1 = await allocated(pool, orgId, 'md_vendor', 'vendor_name');
  const c1 = await allocated(pool, orgId, 'md_customer', 'customer_name');
  const k1 = await allocated(pool, orgId, 'md_carrier', 'carrier_name');
  const w1 = await one<{ id: string; name: string }>(pool, `SELECT id::text, ware_name AS name FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1`, [orgId]);
  return { m1: mats[0], m2: mats[1] ?? mats[0], v1, c1, w1, k1 };
}

interface TicketRow {
  kind: 'pu' | 'sa';
  state?: 'COMPLETED' | 'AUDITED' | 'POSTED' | 'OBSOLETE';
  material: string;
  vendor?: string;
  customer?: string;
  /** plant wall clock 'YYYY-MM-DD HH:mm' */
  at: string;
  net: string;
  amount?: string;
}

async function ticket(pool: pg.Pool, orgId: string, t: TicketRow): Promise<string> {
  const r = await one<{ id: string }>(pool,
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, vendor_id, customer_id, plate_number, first_is,
                            gross, gross_time, tare, tare_time, tare_source, net, amount, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'GROSS', 15 + $9::numeric, $10::timestamptz, 15, $10::timestamptz, 'WEIGHED', $9::numeric, $11, $10::timestamptz)
     RETURNING id::text`,
    [orgId, t.kind, no('BD'), t.state ?? 'COMPLETED', t.material, t.vendor ?? null, t.customer ?? null, `浙A${String(serial++).padStart(5, '0')}`,
      t.net, `${t.at}:00+08`, t.amount ?? null]);
  return r.id;
}

export async function buildKnownPlant(pool: pg.Pool): Promise<KnownPlant> {
  const a = (await one<{ id: string }>(pool, `SELECT id::text FROM sys_org WHERE org_code = 'HDSN'`)).id;
  const b = (await one<{ id: string }>(pool, `SELECT id::text FROM sys_org WHERE org_code = 'HDJC'`)).id;
  const A = await archives(pool, a);
  const B = await archives(pool, b);
  const user = async (name: string) => (await one<{ id: string }>(pool, `SELECT id::text FROM sys_user WHERE username = $1`, [name])).id;
  const operator = await user('operator');
  const accountant = await user('accountant');

  const pu = (at: string, net: string, amount: string) => ({ kind: 'pu' as const, material: A.m1.id, vendor: A.v1.id, at, net, amount });
  const sa = (at: string, net: string, amount: string | undefined, state?: TicketRow['state']) =>
    ({ kind: 'sa' as const, material: A.m2.id, customer: A.c1.id, at, net, amount, state });
  const tickets: Record<string, string> = {
    t1: await ticket(pool, a, pu('2025-03-11 00:30', '32.456', '9736.80')),
    t2: await ticket(pool, a, pu('2025-03-11 14:00', '30.004', '9001.2049')),
    t3: await ticket(pool, a, pu('2025-03-10 23:30', '28.000', '8400.00')),
    t4: await ticket(pool, a, sa('2025-03-11 09:15', '35.125', '14050.005')),
    t5: await ticket(pool, a, sa('2025-02-11 10:00', '33.333', '13333.20')),
    t6: await ticket(pool, a, sa('2025-03-11 11:00', '40.000', undefined, 'OBSOLETE')),
    t9: await ticket(pool, a, pu('2025-03-12 00:10', '20.500', '6150.00')),
    t10: await ticket(pool, a, pu('2025-01-01 00:30', '10.000', '3000.00')),
    t11: await ticket(pool, a, pu('2024-12-31 23:30', '11.000', '3300.00')),
    // company B, the same day: never A's
    b1: await ticket(pool, b, { kind: 'sa', material: B.m1.id, customer: B.c1.id, at: '2025-03-11 12:00', net: '50.000', amount: '20000.00' }),
    b2: await ticket(pool, b, { kind: 'pu', material: B.m1.id, vendor: B.v1.id, at: '2025-02-11 12:00', net: '45.000', amount: '9000.00' }),
  };
  const t = tickets;

  // stock: opening stock of both materials, trucks in and out, one taken back in the period and one after it
  const stock = async (org: string, ticketId: string | null, direction: string, wh: string, mat: string, q: string, at: string, reversedAt?: string) => {
    // an opening stock (期初) is its own audited document
    const early = ticketId ? null : (await one<{ id: string }>(pool,
      `INSERT INTO wb_stock_early (org_id, early_no, doc_status, warehouse_id, material_id, quantity, stock_date)
       VALUES ($1, $2, 'AUDITED', $3, $4, $5, $6::date) RETURNING id::text`, [org, no('QC'), wh, mat, q, at.slice(0, 10)])).id;
    await pool.query(`INSERT INTO wb_stock_record (org_id, ticket_id, early_id, direction, warehouse_id, material_id, quantity, posted_at, reversed_at)
                      VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
    [org, ticketId, early, direction, wh, mat, q, `${at}:00+08`, reversedAt ? `${reversedAt}:00+08` : null]);
  };
  await stock(a, null, 'EARLY', A.w1.id, A.m1.id, '100', '2025-01-01 08:00');
  await stock(a, null, 'EARLY', A.w1.id, A.m2.id, '50', '2025-01-01 08:00');
  await stock(a, t.t3, 'IN', A.w1.id, A.m1.id, '28.000', '2025-03-10 23:30');
  await stock(a, t.t1, 'IN', A.w1.id, A.m1.id, '32.456', '2025-03-11 00:30');
  await stock(a, t.t2, 'IN', A.w1.id, A.m1.id, '30.004', '2025-03-11 14:00', '2025-03-11 15:00');
  await stock(a, t.t4, 'OUT', A.w1.id, A.m2.id, '35.125', '2025-03-11 09:15');
  await stock(a, t.t5, 'OUT', A.w1.id, A.m2.id, '33.333', '2025-02-11 10:00', '2025-03-12 09:00');
  await stock(a, t.t9, 'IN', A.w1.id, A.m1.id, '20.500', '2025-03-12 00:10');
  await stock(b, t.b1, 'OUT', B.w1.id, B.m1.id, '50.000', '2025-03-11 12:00');

  // goods settlements: t5 in an examined one (settled at 13300.00), t4 in a draft (still unsettled)
  const settlement = async (org: string, state: string, customer: string, rows: { ticket: string; amount: string; net: string }[]) => {
    const s = await one<{ id: string }>(pool,
      `INSERT INTO wb_settlement (org_id, scope, kind, settle_no, state, customer_id, period_from, period_to, examined_at)
       VALUES ($1, 'GOODS', 'sa', $2, $3, $4, '2025-02-01', '2025-04-01', CASE WHEN $3 <> 'DRAFT' THEN '2025-04-02'::timestamptz END)
       RETURNING id::text`, [org, no('JS'), state, customer]);
    let seq = 1;
    for (const r of rows) {
      await pool.query(
        `INSERT INTO wb_settlement_row (org_id, settlement_id, scope, seq, ticket_id, ticket_no, basis, net, gross_net, basis_quantity, quantity,
                                        price, unit_price, amount, tax, amount_ex_tax, unit_price_ex_tax)
         SELECT $1, $2, 'GOODS', $3, t.id, t.ticket_no, 'OUR_NET', $5, $5, $5, $5, 400, 400, $6, 0, $6, 400 FROM wb_ticket t WHERE t.id = $4`,
        [org, s.id, seq++, r.ticket, r.net, r.amount]);
    }
  };
  await settlement(a, 'EXAMINED', A.c1.id, [{ ticket: t.t5, amount: '13300.00', net: '33.333' }]);
  await settlement(a, 'DRAFT', A.c1.id, [{ ticket: t.t4, amount: '14050.01', net: '35.125' }]);

  // freight: one plan of carrier K1 on a line, counting t1 (with a loss), t2 (basis not set: its net) and t3 (the day before)
  const line = (await one<{ id: string }>(pool,
    `INSERT INTO md_line (org_id, line_code, line_name, direction) VALUES ($1, 'XL-RB', '矿山-厂区', 'RECEIVE') RETURNING id::text`, [a])).id;
  const plan = async (org: string, carrier: string, route: string | null, rows: { ticket: string; basis: string | null; freight: string; loss: string; charge: string }[]) => {
    const p = await one<{ id: string }>(pool,
      `INSERT INTO wb_freight_plan (org_id, kind, plan_no, doc_status, carrier_id, route_id, start_time) VALUES ($1, 'pu', $2, 'AUDITED', $3, $4, '2025-03-01') RETURNING id::text`,
      [org, no('YJ'), carrier, route]);
    let seq = 1;
    for (const r of rows) {
      await pool.query(`INSERT INTO wb_freight_plan_ticket (org_id, plan_id, ticket_id, seq, basis_weight, freight, loss, loss_charge) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [org, p.id, r.ticket, seq++, r.basis, r.freight, r.loss, r.charge]);
    }
  };
  await plan(a, A.k1.id, line, [
    { ticket: t.t1, basis: '32.456', freight: '1622.80', loss: '0.1', charge: '50.004' },
    { ticket: t.t2, basis: null, freight: '1500.20', loss: '0', charge: '0' },
    { ticket: t.t3, basis: '28.000', freight: '1400.00', loss: '0', charge: '0' },
  ]);
  await plan(b, B.k1.id, null, [{ ticket: t.b1, basis: '50', freight: '2500', loss: '0', charge: '0' }]);

  // the operators' work: weighings, a typed one, a deduction, the lane's interventions
  const weigh = async (org: string, ticketId: string, reading: string, by: string, scale: string, at: string, source = 'INDICATOR') =>
    pool.query(`INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, request_id, identified_by, operator_id, source, scale_id)
                VALUES ($1, $2, $3, 20, true, $4::timestamptz, '一号磅房', $5, 'PLATE', $6, $7, $8)`,
    [org, ticketId, reading, `${at}:00+08`, no('RQ'), by, source, scale]);
  await weigh(a, t.t1, 'FIRST', operator, 'S1', '2025-03-11 00:05');
  await weigh(a, t.t1, 'SECOND', operator, 'S1', '2025-03-11 00:30', 'MANUAL');
  await weigh(a, t.t2, 'FIRST', operator, 'S1', '2025-03-11 13:30');
  await weigh(a, t.t2, 'SECOND', accountant, 'S2', '2025-03-11 14:00');
  await weigh(a, t.t3, 'FIRST', operator, 'S1', '2025-03-10 23:00');
  await weigh(b, t.b1, 'FIRST', operator, 'S1', '2025-03-11 11:30', 'MANUAL');
  await pool.query(`INSERT INTO wb_ticket_deduction (org_id, ticket_id, kind, mode, value, amount, created_at, created_by)
                    VALUES ($1, $2, 'WATER', 'AMOUNT', 0.5, 0.5, '2025-03-11 10:00+08', $3)`, [a, t.t1, operator]);
  await pool.query(`INSERT INTO wb_ticket_deduction (org_id, ticket_id, kind, mode, value, amount, created_at, created_by)
                    VALUES ($1, $2, 'WATER', 'AMOUNT', 0.7, 0.7, '2025-03-11 10:00+08', $3)`, [b, t.b1, operator]);
  const cred = async (org: string, scale: string) => (await one<{ id: string }>(pool,
    `INSERT INTO wb_station_credential (org_id, station_name, scale_id, key_hash, key_prefix) VALUES ($1, '无人值守', $2, $3, 'rb') RETURNING id::text`,
    [org, scale, Buffer.from(no('K'))])).id;
  const ca = await cred(a, 'S1');
  const cb = await cred(b, 'S1');
  const intervene = async (org: string, credential: string, state: string, by: string, at: string) =>
    pool.query(`INSERT INTO wb_lane_intervention (org_id, credential_id, scale_id, station_name, request_id, reason, message, state, answered_by, answered_at)
                VALUES ($1, $2, 'S1', '无人值守', $3, 'unstable', '不稳定', $4, $5, $6::timestamptz)`,
    [org, credential, no('LN'), state, by, `${at}:00+08`]);
  await intervene(a, ca, 'APPROVED', operator, '2025-03-11 08:00');
  await intervene(a, ca, 'USED', operator, '2025-03-11 08:30');
  await intervene(a, ca, 'FORBIDDEN', operator, '2025-03-10 23:59');
  await intervene(b, cb, 'FORBIDDEN', operator, '2025-03-11 09:00');

  return {
    a, b, m1: A.m1, m2: A.m2, v1: A.v1, c1: A.c1, w1: A.w1, k1: A.k1, line, operator, accountant, tickets,
  };
}
