import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { emitEvent } from '../../platform/events/emit';
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
