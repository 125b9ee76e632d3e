import type pg from 'pg';

/**
 * An alert written straight into a test database, as a rule would have raised it: the review's
 * tests need alerts of known rules, parties and times, not the rules that find them.
 */
export interface SeedAlert {
  rule?: string;
  severity?: 'LOW' | 'MEDIUM' | 'HIGH';
  dedupe?: string;
  message?: string;
  evidence?: Record<string, unknown>;
  ticketId?: string | null;
  plate?: string | null;
  operatorId?: string | null;
  party?: { kind: 'VENDOR' | 'CUSTOMER'; id: string } | null;
  /** the plant's wall clock (+08): '2025-03-11 00:30' */
  at?: string;
  status?: 'OPEN' | 'ASSIGNED' | 'CLOSED';
  finding?: 'FRAUD' | 'ERROR' | 'NORMAL' | null;
  assigneeId?: string | null;
}

let serial = 0;

export async function seedAlert(pool: pg.Pool, orgId: string, a: SeedAlert = {}): Promise<string> {
  const status = a.status ?? (a.finding ? 'CLOSED' : a.assigneeId ? 'ASSIGNED' : 'OPEN');
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO wb_alert (org_id, rule, severity, source, dedupe_key, message, evidence, ticket_id, plate, operator_id, party_kind, party_id,
                           occurred_at, status, finding, closed_at, assignee_id, assigned_at)
     VALUES ($1, $2, $3, 'WEIGHING', $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12::timestamptz, $13, $14,
             CASE WHEN $14::text IS NOT NULL THEN now() END, $15, CASE WHEN $15::bigint IS NOT NULL THEN now() END)
     RETURNING id::text`,
    [orgId, a.rule ?? 'TARE_DRIFT', a.severity ?? 'MEDIUM', a.dedupe ?? `seed-${Date.now()}-${serial++}`, a.message ?? '皮重偏离本车历史',
      JSON.stringify(a.evidence ?? {}), a.ticketId ?? null, a.plate ?? null, a.operatorId ?? null, a.party?.kind ?? null, a.party?.id ?? null,
      `${a.at ?? '2025-03-11 10:00'}:00+08`, status, a.finding ?? null, a.assigneeId ?? null],
  );
  return rows[0]!.id;
}
