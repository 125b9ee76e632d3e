import type pg from 'pg';

/**
 * Rows the registry tests stand on that other families own (notices, tickets, cards, blacklist),
 * written as those families store them. The registries themselves always go through the API.
 */
export interface NoticeSpec {
  kind?: 'pu' | 'sa' | 'al' | 'tr';
  maxLimit?: string;
  status?: 'FREE' | 'AUDITED' | 'CLOSED' | 'OBSOLETE';
  start?: string;
  end?: string;
}

export async function newNotice(pool: pg.Pool, orgId: string, spec: NoticeSpec = {}): Promise<{ noticeId: string; lineId: string; noticeNo: string }> {
  const kind = spec.kind ?? 'tr';
  const { rows: [m] } = await pool.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId]);
  const { rows: [v] } = await pool.query('SELECT archive_id FROM md_vendor_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId]);
  const { rows: [c] } = await pool.query('SELECT archive_id FROM md_customer_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId]);
  const { rows: [n] } = await pool.query(
    `INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, vendor_id, customer_id, start_time, end_time)
     VALUES ($1, $2, 'TZ' || nextval(pg_get_serial_sequence('wb_notice', 'id')), $3, $4, $5,
             coalesce($6::timestamptz, now() - interval '1 day'), coalesce($7::timestamptz, now() + interval '1 day'))
     RETURNING id::text, notice_no`,
    [orgId, kind, spec.status ?? 'AUDITED', kind === 'pu' ? v.archive_id : null, kind === 'sa' ? c.archive_id : null, spec.start ?? null, spec.end ?? null]);
  const max = spec.maxLimit ?? '100';
  const { rows: [l] } = await pool.query(
    'INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, quantity, max_limit) VALUES ($1, $2, 1, $3, $4, $4) RETURNING id::text',
    [orgId, n.id, m.archive_id, max]);
  return { noticeId: n.id, lineId: l.id, noticeNo: n.notice_no };
}

export const lineQuantities = async (pool: pg.Pool, lineId: string) =>
  (await pool.query('SELECT done_quantity::float AS done, in_transit::float AS "inTransit", in_transit_trips AS trips FROM wb_notice_line WHERE id = $1', [lineId])).rows[0];

export const registryRow = async (pool: pg.Pool, id: string) =>
  (await pool.query(`SELECT registry_no, doc_status, trip_state, enabled, reserved_quantity::float AS reserved, entered_at, released_at, release_kind,
                            ic_card_id::text, vehicle_id::text, driver_id::text, notice_id::text, material_id::text, queue_no, discharge_point_id::text,
                            merged_into_id::text, pre_quantity::float AS pre, plate_number
                       FROM wb_registry WHERE id = $1`, [id])).rows[0];

/** A ticket of the trip in a given state, as the weighing family leaves it. */
export async function newTicket(pool: pg.Pool, orgId: string, registryId: string, state: string, opts: { closeKind?: string; net?: string; reserved?: string } = {}): Promise<string> {
  const weighed = ['COMPLETED', 'AUDITED', 'POSTED'].includes(state);
  const { rows: [t] } = await pool.query(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, notice_id, notice_line_id, plate_number, first_is,
                            gross, gross_time, tare, tare_time, tare_source, net, completed_at, close_kind, reserved_quantity, audited_at, posted_at)
     SELECT r.org_id, r.kind, 'BD' || nextval(pg_get_serial_sequence('wb_ticket', 'id')), $3, r.id, r.notice_id, r.notice_line_id, r.plate_number, 'TARE',
            CASE WHEN $4 THEN 45 END, CASE WHEN $4 THEN now() END, 15, now(), 'WEIGHED', CASE WHEN $4 THEN $5::numeric END,
            CASE WHEN $4 THEN now() END, $6, $7::numeric,
            CASE WHEN $3 IN ('AUDITED', 'POSTED') THEN now() END, CASE WHEN $3 = 'POSTED' THEN now() END
       FROM wb_registry r WHERE r.org_id = $1 AND r.id = $2
     RETURNING id::text`,
    [orgId, registryId, state, weighed, opts.net ?? '30', opts.closeKind ?? null, opts.reserved ?? '0']);
  return t.id;
}

export async function newCard(pool: pg.Pool, orgId: string, uid: string, opts: { state?: string; kind?: 'FIXED' | 'TEMPORARY' } = {}): Promise<string> {
  const { rows: [k] } = await pool.query(
    `INSERT INTO md_ic_card (org_id, card_no, card_uid, card_kind, state, lost_at) VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 = 'LOST' THEN now() END) RETURNING id::text`,
    [orgId, `K${uid.slice(0, 6)}`, uid, opts.kind ?? 'TEMPORARY', opts.state ?? 'NORMAL']);
  return k.id;
}
