import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { emitEvent, subscriptionExistsSql } from '../../platform/events/emit';
import type { AlertRule, Finding, Severity } from './rules';

/** An alert to raise: the rule's finding, what it is about, and the key that makes it one. */
export interface NewAlert {
  rule: AlertRule;
  severity: Severity;
  source: 'WEIGHING' | 'NIGHTLY';
  /** the same rule on the same key raises once, whichever run finds it first (a ticket's id, a weight and its tickets, an operator and a period) */
  dedupeKey: string;
  message: string;
  /** the figures it rests on; `ticketIds` names the tickets, `readings` the station's readings where the rule read them */
  evidence: Record<string, unknown> & { ticketIds: string[] };
  occurredAt: Date | string;
  ticketId?: string | null;
  ticketNo?: string | null;
  plate?: string | null;
  operatorId?: string | null;
  partyKind?: 'VENDOR' | 'CUSTOMER' | null;
  partyId?: string | null;
  materialId?: string | null;
  scaleId?: string | null;
}

/** A rule's finding as an alert, with what the caller knows it is about. */
export const alertOf = (f: Finding, about: Omit<NewAlert, 'rule' | 'severity' | 'message' | 'evidence'> & { ticketIds: string[] }): NewAlert => {
  const { ticketIds, ...rest } = about;
  return { ...rest, rule: f.rule, severity: f.severity, message: f.message, evidence: { ...f.evidence, ticketIds } };
};

/**
 * The one insert of an alert: nothing when the rule already raised one on the same key (the
 * unique (org_id, rule, dedupe_key), so two runs at once raise it once), and when it is new, the
 * event 'alert.raised' in the same transaction (the caller's, or one of its own when given the
 * database) for the webhooks that subscribe to it. Answers the
 * new alert's id, or null when it was already raised.
 */
export async function raise(tx: Transaction<DB> | Database, orgId: string, alert: NewAlert): Promise<string | null> {
  // the alert and its event commit together
  if (!tx.isTransaction) return tx.transaction().execute((t) => raise(t, orgId, alert));
  const occurredAt = typeof alert.occurredAt === 'string' ? alert.occurredAt : alert.occurredAt.toISOString();
  const { rows: [row] } = await sql<{ id: string }>`
    INSERT INTO wb_alert (org_id, rule, severity, source, dedupe_key, message, evidence, ticket_id, plate, operator_id,
                          party_kind, party_id, material_id, scale_id, occurred_at)
    VALUES (${orgId}::bigint, ${alert.rule}, ${alert.severity}, ${alert.source}, ${alert.dedupeKey}, ${alert.message},
            ${JSON.stringify(alert.evidence)}::jsonb, ${alert.ticketId ?? null}::bigint, ${alert.plate ?? null},
            ${alert.operatorId ?? null}::bigint, ${alert.partyKind ?? null}, ${alert.partyId ?? null}::bigint,
            ${alert.materialId ?? null}::bigint, ${alert.scaleId ?? null}, ${occurredAt}::timestamptz)
    ON CONFLICT (org_id, rule, dedupe_key) DO NOTHING
    RETURNING id::text AS id`.execute(tx);
  if (!row) return null;
  await emitEvent(tx, {
    orgId, type: 'alert.raised', key: `ALERT-${row.id}`,
    payload: {
      id: row.id, rule: alert.rule, severity: alert.severity, message: alert.message, plate: alert.plate ?? null,
      ticketId: alert.ticketId ?? null, ticketNo: alert.ticketNo ?? null, occurredAt,
    },
  });
  return row.id;
}

/**
 * A batch's alerts in one statement (the per-weighing scan's): each as `raise` inserts it, nothing
 * where its rule already raised one on its key, and for each new one the event 'alert.raised' in
 * the same statement, written only when an enabled subscription of the company names it. Answers
 * how many were new.
 */
export async function raiseMany(tx: Transaction<DB>, orgId: string, alerts: readonly NewAlert[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const rows = alerts.map((a) => ({
    rule: a.rule, severity: a.severity, source: a.source, dedupe_key: a.dedupeKey, message: a.message, evidence: a.evidence,
    ticket_id: a.ticketId ?? null, ticket_no: a.ticketNo ?? null, plate: a.plate ?? null, operator_id: a.operatorId ?? null,
    party_kind: a.partyKind ?? null, party_id: a.partyId ?? null, material_id: a.materialId ?? null, scale_id: a.scaleId ?? null,
    occurred_at: typeof a.occurredAt === 'string' ? a.occurredAt : a.occurredAt.toISOString(),
  }));
  const { rows: [r] } = await sql<{ n: number }>`
    WITH x AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
        rule text, severity text, source text, dedupe_key text, message text, evidence jsonb, ticket_id bigint, ticket_no text,
        plate text, operator_id bigint, party_kind text, party_id bigint, material_id bigint, scale_id text, occurred_at text)
    ), a AS (
      INSERT INTO wb_alert (org_id, rule, severity, source, dedupe_key, message, evidence, ticket_id, plate, operator_id,
                            party_kind, party_id, material_id, scale_id, occurred_at)
      SELECT ${orgId}::bigint, rule, severity, source, dedupe_key, message, evidence, ticket_id, plate, operator_id,
             party_kind, party_id, material_id, scale_id, occurred_at::timestamptz FROM x
      ON CONFLICT (org_id, rule, dedupe_key) DO NOTHING
      RETURNING id, rule, dedupe_key
    ), e AS (
      INSERT INTO sys_event (org_id, type, event_key, payload, created_by)
      SELECT ${orgId}::bigint, 'alert.raised', 'ALERT-' || a.id, jsonb_build_object(
               'id', a.id::text, 'rule', x.rule, 'severity', x.severity, 'message', x.message, 'plate', x.plate,
               'ticketId', x.ticket_id::text, 'ticketNo', x.ticket_no, 'occurredAt', x.occurred_at), NULL
        FROM a JOIN x ON x.rule = a.rule AND x.dedupe_key = a.dedupe_key
       WHERE ${subscriptionExistsSql(orgId, 'alert.raised')}
    )
    SELECT count(*)::int AS n FROM a`.execute(tx);
  return r.n;
}
