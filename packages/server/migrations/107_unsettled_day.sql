-- 集团驾驶舱's unsettled money (domain/group-cockpit) summed every done sales and purchase ticket of
-- a company's whole history that no goods settlement past its draft claims: with years of tickets
-- that is a scan of every one of them on every reading. So the SEALED days of the weighing summary
-- (migration 082: the days up to rpt_weigh_seal.sealed_through, in its zone) keep their unsettled
-- tickets summed here per plant day and kind; the cockpit reads the sealed days from here and the
-- few days after the seal from the tickets (an index range), with the same figure.
--
-- A ticket counts (is unsettled) when its kind is sa or pu, its state COMPLETED, AUDITED or POSTED,
-- and no goods settlement row whose settlement is not DRAFT claims it (a ticket is in at most one
-- goods settlement: UNIQUE (scope, ticket_id, org_id)); it counts one trip and its amount (none: 0)
-- on the plant day of its completion.
--
-- Kept right the way 082 keeps the weighing summary: the sealing job (report-builtin/seal-repo.ts)
-- sums the days it seals into this table in the same transaction, under the seal row FOR UPDATE;
-- every later change that moves a sealed day's figure adds its difference through rpt_unsettled_add,
-- which takes the seal row FOR SHARE first (the argument of 082 holds unchanged):
--   - a ticket of a sealed day changing (its state, kind, amount, completion; the WHEN clause of
--     082: a weighing of now passes without a call or a lock);
--   - a goods settlement leaving DRAFT (its tickets are settled: out) or going back to it (in),
--     or deleted while past its draft;
--   - a row claiming a ticket added to or taken from a settlement past its draft.
CREATE TABLE rpt_unsettled_day (
  org_id  bigint NOT NULL REFERENCES sys_org(id),
  day     date NOT NULL,
  kind    text NOT NULL,
  trips   integer NOT NULL,
  amount  numeric NOT NULL,
  PRIMARY KEY (org_id, day, kind)
);

-- Adds one ticket's figures (or takes them away: negative) to its sealed day; an unsealed day is
-- left to the sealing job. The seal row FOR SHARE, as rpt_weigh_add (082) takes it.
CREATE FUNCTION rpt_unsettled_add(p_org bigint, p_at timestamptz, p_kind text, p_trips integer, p_amount numeric) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s rpt_weigh_seal;
  d date;
BEGIN
  IF p_at IS NULL THEN
    RETURN;
  END IF;
  SELECT * INTO s FROM rpt_weigh_seal WHERE org_id = p_org FOR SHARE;
  IF NOT FOUND THEN
    INSERT INTO rpt_weigh_seal (org_id) VALUES (p_org) ON CONFLICT DO NOTHING;
    SELECT * INTO s FROM rpt_weigh_seal WHERE org_id = p_org FOR SHARE;
  END IF;
  IF s.sealed_through IS NULL THEN
    RETURN;
  END IF;
  d := (p_at AT TIME ZONE s.time_zone)::date;
  IF d > s.sealed_through THEN
    RETURN;
  END IF;
  INSERT INTO rpt_unsettled_day AS r (org_id, day, kind, trips, amount)
  VALUES (p_org, d, p_kind, p_trips, p_amount)
  ON CONFLICT (org_id, day, kind) DO UPDATE SET trips = r.trips + excluded.trips, amount = r.amount + excluded.amount;
END $$;

-- Whether a goods settlement past its draft claims the ticket.
CREATE FUNCTION rpt_ticket_goods_settled(p_org bigint, p_ticket bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
     WHERE r.org_id = p_org AND r.scope = 'GOODS' AND r.ticket_id = p_ticket)
$$;

-- A ticket's row: its old figure out, its new one in, when either counts and something counted changed.
CREATE FUNCTION rpt_unsettled_ticket_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT' AND OLD.kind IN ('sa', 'pu') AND OLD.state IN ('COMPLETED', 'AUDITED', 'POSTED');
  new_counts boolean := TG_OP <> 'DELETE' AND NEW.kind IN ('sa', 'pu') AND NEW.state IN ('COMPLETED', 'AUDITED', 'POSTED');
BEGIN
  IF old_counts AND new_counts
     AND (OLD.org_id, OLD.id, OLD.completed_at, OLD.kind, OLD.amount) IS NOT DISTINCT FROM (NEW.org_id, NEW.id, NEW.completed_at, NEW.kind, NEW.amount) THEN
    RETURN NULL;
  END IF;
  IF old_counts AND NOT rpt_ticket_goods_settled(OLD.org_id, OLD.id) THEN
    PERFORM rpt_unsettled_add(OLD.org_id, OLD.completed_at, OLD.kind, -1, -coalesce(OLD.amount, 0));
  END IF;
  IF new_counts AND NOT rpt_ticket_goods_settled(NEW.org_id, NEW.id) THEN
    PERFORM rpt_unsettled_add(NEW.org_id, NEW.completed_at, NEW.kind, 1, coalesce(NEW.amount, 0));
  END IF;
  RETURN NULL;
END $$;

-- The WHEN clauses of 082: only a row completed more than an hour before the transaction's start
-- can be on a sealed day.
CREATE TRIGGER wb_ticket_unsettled_insert AFTER INSERT ON wb_ticket FOR EACH ROW
  WHEN (NEW.completed_at < now() - interval '1 hour') EXECUTE FUNCTION rpt_unsettled_ticket_keep();
CREATE TRIGGER wb_ticket_unsettled_update AFTER UPDATE ON wb_ticket FOR EACH ROW
  WHEN (OLD.completed_at < now() - interval '1 hour' OR NEW.completed_at < now() - interval '1 hour') EXECUTE FUNCTION rpt_unsettled_ticket_keep();
CREATE TRIGGER wb_ticket_unsettled_delete AFTER DELETE ON wb_ticket FOR EACH ROW
  WHEN (OLD.completed_at < now() - interval '1 hour') EXECUTE FUNCTION rpt_unsettled_ticket_keep();

-- The tickets a goods settlement claims going out of the unsettled (sign -1) or back into it (1).
CREATE FUNCTION rpt_unsettled_claims(p_org bigint, p_settlement bigint, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT k.org_id, k.completed_at, k.kind, k.amount
             FROM wb_settlement_row r JOIN wb_ticket k ON k.id = r.ticket_id AND k.org_id = r.org_id
            WHERE r.org_id = p_org AND r.settlement_id = p_settlement AND r.scope = 'GOODS'
              AND k.kind IN ('sa', 'pu') AND k.state IN ('COMPLETED', 'AUDITED', 'POSTED')
            ORDER BY k.id LOOP
    PERFORM rpt_unsettled_add(t.org_id, t.completed_at, t.kind, p_sign, p_sign * coalesce(t.amount, 0));
  END LOOP;
END $$;

-- A goods settlement leaving its draft settles its tickets; going back to it (un-examining) or
-- going away while past it unsettles them. BEFORE DELETE: its rows are still there to be read.
CREATE FUNCTION rpt_unsettled_settlement_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM rpt_unsettled_claims(OLD.org_id, OLD.id, 1);
    RETURN OLD;
  END IF;
  PERFORM rpt_unsettled_claims(NEW.org_id, NEW.id, CASE WHEN NEW.state = 'DRAFT' THEN 1 ELSE -1 END);
  RETURN NULL;
END $$;

CREATE TRIGGER wb_settlement_unsettled_update AFTER UPDATE OF state ON wb_settlement FOR EACH ROW
  WHEN (NEW.scope = 'GOODS' AND (OLD.state = 'DRAFT') <> (NEW.state = 'DRAFT')) EXECUTE FUNCTION rpt_unsettled_settlement_keep();
CREATE TRIGGER wb_settlement_unsettled_delete BEFORE DELETE ON wb_settlement FOR EACH ROW
  WHEN (OLD.scope = 'GOODS' AND OLD.state <> 'DRAFT') EXECUTE FUNCTION rpt_unsettled_settlement_keep();

-- A claim row added to or taken from a settlement past its draft (a draft's rows claim nothing yet).
-- A row deleted with its settlement finds the settlement gone: the settlement's trigger counted it.
CREATE FUNCTION rpt_unsettled_row_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.scope = 'GOODS' AND OLD.ticket_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM wb_settlement s WHERE s.org_id = OLD.org_id AND s.id = OLD.settlement_id AND s.state <> 'DRAFT') THEN
    SELECT k.org_id, k.completed_at, k.kind, k.amount INTO t FROM wb_ticket k
     WHERE k.org_id = OLD.org_id AND k.id = OLD.ticket_id AND k.kind IN ('sa', 'pu') AND k.state IN ('COMPLETED', 'AUDITED', 'POSTED');
    IF FOUND THEN
      PERFORM rpt_unsettled_add(t.org_id, t.completed_at, t.kind, 1, coalesce(t.amount, 0));
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.scope = 'GOODS' AND NEW.ticket_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM wb_settlement s WHERE s.org_id = NEW.org_id AND s.id = NEW.settlement_id AND s.state <> 'DRAFT') THEN
    SELECT k.org_id, k.completed_at, k.kind, k.amount INTO t FROM wb_ticket k
     WHERE k.org_id = NEW.org_id AND k.id = NEW.ticket_id AND k.kind IN ('sa', 'pu') AND k.state IN ('COMPLETED', 'AUDITED', 'POSTED');
    IF FOUND THEN
      PERFORM rpt_unsettled_add(t.org_id, t.completed_at, t.kind, -1, -coalesce(t.amount, 0));
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER wb_settlement_row_unsettled_insert AFTER INSERT ON wb_settlement_row FOR EACH ROW
  WHEN (NEW.scope = 'GOODS' AND NEW.ticket_id IS NOT NULL) EXECUTE FUNCTION rpt_unsettled_row_keep();
CREATE TRIGGER wb_settlement_row_unsettled_update AFTER UPDATE OF ticket_id, settlement_id, scope, org_id ON wb_settlement_row FOR EACH ROW
  WHEN ((OLD.ticket_id, OLD.settlement_id, OLD.scope, OLD.org_id) IS DISTINCT FROM (NEW.ticket_id, NEW.settlement_id, NEW.scope, NEW.org_id))
  EXECUTE FUNCTION rpt_unsettled_row_keep();
CREATE TRIGGER wb_settlement_row_unsettled_delete AFTER DELETE ON wb_settlement_row FOR EACH ROW
  WHEN (OLD.scope = 'GOODS' AND OLD.ticket_id IS NOT NULL) EXECUTE FUNCTION rpt_unsettled_row_keep();

-- The days an existing database has sealed already, summed from its tickets as the job sums them.
INSERT INTO rpt_unsettled_day (org_id, day, kind, trips, amount)
SELECT t.org_id, (t.completed_at AT TIME ZONE s.time_zone)::date, t.kind, count(*), coalesce(sum(t.amount), 0)
  FROM rpt_weigh_seal s JOIN wb_ticket t ON t.org_id = s.org_id
 WHERE s.sealed_through IS NOT NULL AND t.kind IN ('sa', 'pu') AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED')
   AND t.completed_at < ((s.sealed_through + 1)::timestamp AT TIME ZONE s.time_zone)
   AND NOT EXISTS (
     SELECT 1 FROM wb_settlement_row r JOIN wb_settlement x ON x.org_id = r.org_id AND x.id = r.settlement_id AND x.state <> 'DRAFT'
      WHERE r.org_id = t.org_id AND r.scope = 'GOODS' AND r.ticket_id = t.id)
 GROUP BY 1, 2, 3;
