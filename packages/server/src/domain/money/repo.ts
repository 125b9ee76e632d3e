import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB, LedgerKind, MoneyControl } from '../../platform/db/schema';

/** The money family's SQL: the account row under its lock, the ledger, and what documents hold. */
export type Tx = Transaction<DB>;
export type Runner = Kysely<DB> | Transaction<DB>;

export interface LockedAccount {
  id: string;
  customerId: string;
  customerName: string;
  control: MoneyControl;
  received: string;
  consumed: string;
  frozen: string;
}

/**
 * The account row of (company, customer), made on first use and locked FOR UPDATE: every mover
 * of a customer's money takes this lock last, so two movers take turns and the second reads what
 * the first wrote.
 */
export async function lockAccount(tx: Tx, orgId: string, customerId: string): Promise<LockedAccount> {
  const { rows } = await sql<LockedAccount>`
    INSERT INTO fm_account AS a (org_id, customer_id) VALUES (${orgId}::bigint, ${customerId}::bigint)
    ON CONFLICT (org_id, customer_id) DO UPDATE SET updated_at = a.updated_at
    RETURNING a.id::text, a.customer_id::text AS "customerId", a.control, a.received::text, a.consumed::text, a.frozen::text,
              (SELECT c.customer_name FROM md_customer c WHERE c.id = a.customer_id) AS "customerName"`.execute(tx);
  return rows[0];
}

/**
 * Audited credit valid today: read after the account's lock is held, in a statement of its own,
 * so a credit audited or withdrawn by the lock's previous holder is seen.
 */
export async function validCredit(tx: Tx, orgId: string, customerId: string): Promise<string> {
  const { rows } = await sql<{ credit: string }>`
    SELECT coalesce(sum(amount), 0)::text AS credit FROM fm_credit
     WHERE org_id = ${orgId}::bigint AND customer_id = ${customerId}::bigint AND doc_status = 'AUDITED'
       AND current_date BETWEEN valid_from AND valid_to`.execute(tx);
  return rows[0].credit;
}

export interface Movement {
  kind: LedgerKind;
  delta?: string;
  frozenDelta?: string;
  docKind: 'receipt' | 'credit' | 'registry' | 'ticket';
  docId: string;
  docNo: string;
  materialId?: string | null;
  net?: string | null;
  price?: string | null;
}

/** One movement written to the ledger and to the locked account row, in one statement. */
export async function move(tx: Tx, orgId: string, account: Pick<LockedAccount, 'id' | 'customerId'>, m: Movement, userId: string | null): Promise<void> {
  const delta = m.delta ?? '0';
  const frozen = m.frozenDelta ?? '0';
  const received = m.kind.startsWith('RECEIPT') || m.kind.startsWith('REFUND') ? delta : '0';
  const consumed = m.kind.startsWith('CONSUME') ? delta : '0';
  await sql`
    WITH l AS (
      INSERT INTO fm_ledger (org_id, customer_id, kind, delta, frozen_delta, doc_kind, doc_id, doc_no, material_id, net, price, user_id)
      VALUES (${orgId}::bigint, ${account.customerId}::bigint, ${m.kind}, ${delta}::numeric, ${frozen}::numeric, ${m.docKind}, ${m.docId}::bigint,
              ${m.docNo}, ${m.materialId ?? null}::bigint, ${m.net ?? null}::numeric, ${m.price ?? null}::numeric, ${userId}::bigint))
    UPDATE fm_account SET received = received + ${received}::numeric, consumed = consumed - ${consumed}::numeric,
           frozen = frozen + ${frozen}::numeric, updated_at = now()
     WHERE id = ${account.id}::bigint`.execute(tx);
}

/** What a registry holds frozen now, and on whose account (its own lock is held by the caller). */
export async function registryFreeze(tx: Tx, orgId: string, registryId: string): Promise<{ customerId: string; frozen: string } | null> {
  const { rows } = await sql<{ customerId: string; frozen: string }>`
    SELECT customer_id::text AS "customerId", sum(frozen_delta)::text AS frozen FROM fm_ledger
     WHERE doc_id = ${registryId}::bigint AND doc_kind = 'registry' AND org_id = ${orgId}::bigint
     GROUP BY customer_id HAVING sum(frozen_delta) <> 0`.execute(tx);
  return rows[0] ?? null;
}

/** What a ticket has consumed now (its own lock is held by the caller). */
export async function ticketConsumption(tx: Tx, orgId: string, ticketId: string): Promise<{ customerId: string; consumed: string } | null> {
  const { rows } = await sql<{ customerId: string; consumed: string }>`
    SELECT customer_id::text AS "customerId", (-sum(delta))::text AS consumed FROM fm_ledger
     WHERE doc_id = ${ticketId}::bigint AND doc_kind = 'ticket' AND org_id = ${orgId}::bigint
     GROUP BY customer_id HAVING sum(delta) <> 0`.execute(tx);
  return rows[0] ?? null;
}

/**
 * What a ticket consumed (0 for one completed without a price) and what it now says it is worth:
 * null when its completion consumed nothing from an account (another kind, no customer, a manual
 * or returned ticket). Its own lock is held by the caller.
 */
export async function ticketWorth(tx: Tx, orgId: string, ticketId: string): Promise<{ customerId: string; consumed: string; amount: string; net: string | null; price: string | null; materialId: string | null } | null> {
  const { rows } = await sql<{ customerId: string; consumed: string; amount: string; net: string | null; price: string | null; materialId: string | null }>`
    SELECT l.customer_id::text AS "customerId", (-sum(l.delta))::text AS consumed, coalesce(min(t.amount), 0)::text AS amount,
           min(t.net)::text AS net, min(t.price)::text AS price, min(t.material_id)::text AS "materialId"
      FROM fm_ledger l JOIN wb_ticket t ON t.id = l.doc_id
     WHERE l.doc_id = ${ticketId}::bigint AND l.doc_kind = 'ticket' AND l.org_id = ${orgId}::bigint
     GROUP BY l.customer_id`.execute(tx);
  return rows[0] ?? null;
}

/** A ticket's figures as it is now (a part a split just made). */
export async function ticketFigures(tx: Tx, orgId: string, ticketId: string): Promise<{ ticketNo: string; amount: string; net: string | null; price: string | null; materialId: string | null }> {
  const { rows } = await sql<{ ticketNo: string; amount: string; net: string | null; price: string | null; materialId: string | null }>`
    SELECT ticket_no AS "ticketNo", coalesce(amount, 0)::text AS amount, net::text, price::text, material_id::text AS "materialId"
      FROM wb_ticket WHERE id = ${ticketId}::bigint AND org_id = ${orgId}::bigint`.execute(tx);
  return rows[0];
}

/** A sales registry's customer and the price of its notice line. */
export async function registryLine(tx: Tx, orgId: string, lineId: string): Promise<{ customerId: string | null; price: string | null; materialId: string } | null> {
  const { rows } = await sql<{ customerId: string | null; price: string | null; materialId: string }>`
    SELECT n.customer_id::text AS "customerId", l.price::text, l.material_id::text AS "materialId"
      FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id
     WHERE l.org_id = ${orgId}::bigint AND l.id = ${lineId}::bigint`.execute(tx);
  return rows[0] ?? null;
}

/**
 * The second weighing's whole money change in one statement, reading the ticket as its completion
 * wrote it (net, price, amount) in this transaction: the registry's freeze given back and the
 * amount consumed, both in the ledger, and the account row updated (the upsert's UPDATE takes the
 * row's lock, after the ticket's and the notice line's). `alongside`: other writes of the
 * completion, as top-level CTEs written before this list (their rows locked by the caller).
 */
export async function consumeCompleted(tx: Tx, orgId: string, ticketId: string, userId: string | null, alongside: RawBuilder<unknown> | null = null): Promise<void> {
  await sql`
    WITH ${alongside ? sql`${alongside},` : sql``} t AS (
      SELECT t.id, t.ticket_no, t.customer_id, t.registry_id, t.material_id, t.net, t.price, coalesce(t.amount, 0) AS amount
        FROM wb_ticket t WHERE t.id = ${ticketId}::bigint AND t.org_id = ${orgId}::bigint AND t.customer_id IS NOT NULL),
    held AS (
      SELECT coalesce(sum(l.frozen_delta), 0) AS frozen, min(r.registry_no) AS registry_no, min(r.id) AS registry_id
        FROM t JOIN wb_registry r ON r.id = t.registry_id
        JOIN fm_ledger l ON l.doc_id = r.id AND l.doc_kind = 'registry' AND l.org_id = ${orgId}::bigint),
    acc AS (
      INSERT INTO fm_account AS a (org_id, customer_id, consumed)
      SELECT ${orgId}::bigint, t.customer_id, t.amount FROM t
      ON CONFLICT (org_id, customer_id) DO UPDATE SET consumed = a.consumed + excluded.consumed,
             frozen = a.frozen - (SELECT coalesce(max(frozen), 0) FROM held), updated_at = now()
      RETURNING a.id),
    consumed AS (
      INSERT INTO fm_ledger (org_id, customer_id, kind, delta, doc_kind, doc_id, doc_no, material_id, net, price, user_id)
      SELECT ${orgId}::bigint, t.customer_id, 'CONSUME', -t.amount, 'ticket', t.id, t.ticket_no, t.material_id, t.net, t.price, ${userId}::bigint
        FROM t, acc)
    INSERT INTO fm_ledger (org_id, customer_id, kind, frozen_delta, doc_kind, doc_id, doc_no, user_id)
    SELECT ${orgId}::bigint, t.customer_id, 'RELEASE', -held.frozen, 'registry', held.registry_id, held.registry_no, ${userId}::bigint
      FROM t, acc, held WHERE held.frozen <> 0`.execute(tx);
}

/** The control set on the account (made on first use), answered with what it was. */
export async function setControl(tx: Tx, orgId: string, customerId: string, control: MoneyControl): Promise<MoneyControl> {
  const account = await lockAccount(tx, orgId, customerId);
  await sql`UPDATE fm_account SET control = ${control}, updated_at = now() WHERE id = ${account.id}::bigint`.execute(tx);
  return account.control;
}

/** A customer this company may deal with (the archive allocated to it), with its code and name. */
export async function customerOf(tx: Runner, orgId: string, customerId: string): Promise<{ code: string; name: string } | null> {
  const { rows } = await sql<{ code: string; name: string }>`
    SELECT customer_code AS code, customer_name AS name FROM md_customer_in_org WHERE alloc_org_id = ${orgId}::bigint AND id = ${customerId}::bigint`.execute(tx);
  return rows[0] ?? null;
}

export interface StatementData {
  opening: string;
  receipts: string;
  consumed: string;
  /** the running balance after the period's last movement; null when nothing moved */
  lastBalance: string | null;
  /**
   * the lines as one JSON array of arrays in STATEMENT_COLUMNS' order, built by PostgreSQL: a year
   * of a big customer is tens of thousands of lines, and objects would repeat every key in each
   */
  linesJson: string;
}

/**
 * A customer's statement of a period, in one statement from the statement index: the balance
 * before [from 00:00, to + 1 day 00:00) in the plant's time zone (the sessions' zone), each
 * movement in it with the running balance after it (exact numeric, in order of time and id), and
 * the period's sums. Receipts are net of refunds and withdrawals, consumed net of reversals.
 */
export async function statementData(db: Runner, orgId: string, customerId: string, from: string, to: string): Promise<StatementData> {
  const { rows } = await sql<StatementData>`
    WITH p AS (
      SELECT coalesce(sum(delta), 0) AS opening FROM fm_ledger
       WHERE org_id = ${orgId}::bigint AND customer_id = ${customerId}::bigint AND delta <> 0 AND at < ${from}::date::timestamptz),
    l AS (
      SELECT l.at, l.kind, l.doc_no, m.inv_name, l.net, l.price, l.delta, l.kind LIKE 'CONSUME%' AS consuming,
             p.opening + sum(l.delta) OVER (ORDER BY l.at, l.id) AS balance, row_number() OVER (ORDER BY l.at, l.id) = count(*) OVER () AS last
        FROM fm_ledger l CROSS JOIN p LEFT JOIN md_material m ON m.id = l.material_id
       WHERE l.org_id = ${orgId}::bigint AND l.customer_id = ${customerId}::bigint AND l.delta <> 0
         AND l.at >= ${from}::date::timestamptz AND l.at < (${to}::date + 1)::timestamptz
      -- aggregated in this order: a sort inside json_agg would sort a year of lines a second time
      ORDER BY l.at, l.id)
    SELECT trim_scale((SELECT opening FROM p))::text AS opening,
           trim_scale(coalesce(sum(delta) FILTER (WHERE NOT consuming), 0))::text AS receipts,
           trim_scale(coalesce(-sum(delta) FILTER (WHERE consuming), 0))::text AS consumed,
           trim_scale(max(balance) FILTER (WHERE last))::text AS "lastBalance",
           coalesce(json_agg(json_build_array(
             at, kind, doc_no, inv_name, trim_scale(net)::text, trim_scale(price)::text,
             CASE WHEN NOT consuming THEN trim_scale(delta)::text END, CASE WHEN consuming THEN trim_scale(-delta)::text END, trim_scale(balance)::text)), '[]')::text AS "linesJson"
      FROM l`.execute(db);
  return rows[0];
}
