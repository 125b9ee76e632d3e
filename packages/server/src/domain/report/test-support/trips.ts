import type pg from 'pg';

/**
 * Trips and tickets written straight into a test database: the plant's views only read them, and
 * the registry and weighing calls that make them in the plant are tested with their own code.
 */
let serial = 0;
const next = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(serial++).toString().padStart(4, '0')}`;
const plate = (prefix: string) => `${prefix}${(serial++).toString().padStart(5, '0')}`;

export interface Archives {
  materialId: string;
  materialName: string;
  vendorId: string | undefined;
  vendorName: string | undefined;
  customerId: string | undefined;
  customerName: string | undefined;
}

/** The first material, vendor and customer the company was given (the demo seed allocates them); null where none. */
export async function archivesOf(pool: pg.Pool, orgId: string): Promise<Archives> {
  const { rows: [r] } = await pool.query(
    `SELECT m.id::text AS "materialId", m.inv_name AS "materialName",
            v.id::text AS "vendorId", v.vendor_name AS "vendorName",
            c.id::text AS "customerId", c.customer_name AS "customerName"
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT x.* FROM md_material x JOIN md_material_alloc a ON a.archive_id = x.id AND a.org_id = $1 ORDER BY x.id LIMIT 1) m ON true
       LEFT JOIN LATERAL (SELECT x.* FROM md_vendor x JOIN md_vendor_alloc a ON a.archive_id = x.id AND a.org_id = $1 ORDER BY x.id LIMIT 1) v ON true
       LEFT JOIN LATERAL (SELECT x.* FROM md_customer x JOIN md_customer_alloc a ON a.archive_id = x.id AND a.org_id = $1 ORDER BY x.id LIMIT 1) c ON true`,
    [orgId]);
  return r;
}

export interface TripSeed {
  orgId: string;
  kind?: 'st' | 'pr';
  plate?: string;
  docStatus?: 'FREE' | 'AUDITED' | 'OBSOLETE';
  enabled?: boolean;
  tripState?: 'PLANNED' | 'ENTERED' | 'WEIGHING' | 'RELEASED';
  /** SQL expressions of timestamptz, e.g. "now() - interval '9 hours'" */
  enteredAt?: string;
  releasedAt?: string;
  materialId?: string;
}

/** A registry of a trip without a notice (kinds st and pr need none); its id. */
export async function insertTrip(pool: pg.Pool, t: TripSeed): Promise<string> {
  const state = t.tripState ?? 'PLANNED';
  const entered = t.enteredAt ?? (state === 'PLANNED' ? 'NULL' : 'now()');
  const released = t.releasedAt ?? (state === 'RELEASED' ? 'now()' : 'NULL');
  const { rows: [r] } = await pool.query(
    `INSERT INTO wb_registry (org_id, kind, registry_no, doc_status, enabled, trip_state, plate_number, material_id,
                              entered_at, released_at, release_kind)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${entered}, ${released}, $9) RETURNING id::text`,
    [t.orgId, t.kind ?? 'st', next('DJ'), t.docStatus ?? 'AUDITED', t.enabled ?? true, state, t.plate ?? plate('沪T'),
      t.materialId ?? null, state === 'RELEASED' ? 'NORMAL' : null]);
  return r.id;
}

export interface TicketSeed {
  orgId: string;
  kind: 'pu' | 'sa' | 'st' | 'pr';
  state: 'FIRST_WEIGHED' | 'CONFIRMED' | 'COMPLETED' | 'AUDITED' | 'POSTED' | 'CLOSED';
  /** plant wall clock, 'YYYY-MM-DD HH:mm' (Asia/Shanghai) */
  completedAt?: string;
  net?: string;
  materialId?: string;
  vendorId?: string;
  customerId?: string;
  registryId?: string;
  warnings?: unknown[];
  plate?: string;
}

/** A weigh ticket: gross and tare such that gross - tare = net; its id. */
export async function insertTicket(pool: pg.Pool, t: TicketSeed): Promise<string> {
  const done = ['COMPLETED', 'AUDITED', 'POSTED'].includes(t.state);
  const at = t.completedAt ? `${t.completedAt}:00+08` : null;
  const net = t.net ?? '0';
  const { rows: [r] } = await pool.query(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, material_id, vendor_id, customer_id, plate_number, first_is,
                            gross, gross_time, tare, tare_time, tare_source, net, completed_at, audited_at, posted_at, close_kind, warnings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'GROSS',
             20 + $10::numeric, coalesce($11::timestamptz, now()),
             CASE WHEN $12 THEN 20 END, CASE WHEN $12 THEN coalesce($11::timestamptz, now()) END, CASE WHEN $12 THEN 'WEIGHED' END,
             CASE WHEN $12 THEN $10::numeric END, CASE WHEN $12 OR $4 = 'CLOSED' THEN $11::timestamptz END,
             CASE WHEN $4 IN ('AUDITED', 'POSTED') THEN $11::timestamptz END, CASE WHEN $4 = 'POSTED' THEN $11::timestamptz END,
             CASE WHEN $4 = 'CLOSED' THEN 'SINGLE_WEIGH' END, $13::jsonb)
     RETURNING id::text`,
    [t.orgId, t.kind, next('BD'), t.state, t.registryId ?? null, t.materialId ?? null, t.vendorId ?? null, t.customerId ?? null,
      t.plate ?? plate('沪P'), net, at, done, JSON.stringify(t.warnings ?? [])]);
  return r.id;
}
