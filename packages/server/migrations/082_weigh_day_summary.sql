-- 报表中心's weighing summaries (domain/report-builtin/weighing.ts) read a year month by month and
-- a month day by day; grouping a year's 700,000 tickets on every call costs more than the report's
-- budget. So the SEALED days of a company, the days before its plant's today less two, are kept
-- summed per plant day, kind, material and counterparty here (rpt_weigh_day: about 170 rows a day
-- instead of 2,000 tickets; rpt_weigh_month the same per month); the reports read the sealed days
-- from here and the few days after them from the tickets, with the same figures.
--
-- Nothing here is on the weighing's path: a truck completed now completes on an unsealed day. The
-- sealing job (report-builtin/seal-repo.ts, a job of the job library: nightly, at start, on
-- demand) adds the next days to the summary and moves the company's seal forward; the rare
-- change of a ticket (or, migration 093, of an audited train's wagon) of a day already sealed is added to the summary
-- by a row trigger whose WHEN clause only asks the row's own time, false for a weighing of now.
--
-- Figures: a done ticket (COMPLETED, AUDITED, POSTED) counts one trip, its net and its amount
-- (none: 0) on the plant day of its completion; an audited train's wagon counts one trip and its
-- net on the plant day of its train's arrival (the rows of wb_weighing_fact, migration 084; the wagons' triggers: 093). An
-- allot's counterparty is its notice's peer company: the notice is kept (al_notice_id) and named
-- when reported.

-- One row per company: the last plant day sealed and the zone its days were cut in. The reports
-- read the summary only when they read in that zone.
CREATE TABLE rpt_weigh_seal (
  org_id         bigint PRIMARY KEY REFERENCES sys_org(id),
  time_zone      text,
  sealed_through date,
  sealed_at      timestamptz,
  CONSTRAINT rpt_weigh_seal_both CHECK ((time_zone IS NULL) = (sealed_through IS NULL))
);

CREATE TABLE rpt_weigh_day (
  org_id       bigint NOT NULL REFERENCES sys_org(id),
  day          date NOT NULL,
  kind         text NOT NULL,
  material_id  bigint,
  vendor_id    bigint,
  customer_id  bigint,
  al_notice_id bigint,
  trips        integer NOT NULL,
  net          numeric NOT NULL,
  amount       numeric NOT NULL,
  CONSTRAINT rpt_weigh_day_key UNIQUE NULLS NOT DISTINCT (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id)
);

-- The same per plant month (month: its first day), of the month's sealed days only: what the
-- yearly summary reads (12 x about 170 rows instead of 365 x 170). A month row is always the sum
-- of its month's day rows.
CREATE TABLE rpt_weigh_month (
  org_id       bigint NOT NULL REFERENCES sys_org(id),
  month        date NOT NULL CHECK (extract(day FROM month) = 1),
  kind         text NOT NULL,
  material_id  bigint,
  vendor_id    bigint,
  customer_id  bigint,
  al_notice_id bigint,
  trips        integer NOT NULL,
  net          numeric NOT NULL,
  amount       numeric NOT NULL,
  CONSTRAINT rpt_weigh_month_key UNIQUE NULLS NOT DISTINCT (org_id, month, kind, material_id, vendor_id, customer_id, al_notice_id)
);

-- Adds one counted row's figures (or takes them away: negative) to the summary when its day is
-- sealed; an unsealed day is left to the sealing job.
--
-- Why a change is counted exactly once, by the sealing job or by this function, never both and
-- never neither: the sealing job takes the company's seal row FOR UPDATE, then (a statement of
-- its own, so with a snapshot taken after the lock) sums the days after sealed_through from the
-- tickets, and moves sealed_through, all in one transaction. This function takes the same row FOR
-- SHARE before it reads sealed_through, and holds it to the end of the writing transaction.
--   - The writer locks first: the job waits for the writer's commit, and then sums with a snapshot
--     that holds the change; the writer saw the old sealed_through, so its day was not yet sealed
--     and it added nothing. Counted by the job only.
--   - The job locks first: the writer waits for the job's commit and then reads the new
--     sealed_through (a locking read sees the row's latest version); the job's snapshot did not
--     hold the writer's uncommitted change (it counted the row as it was before), and the writer
--     adds the difference (new figures less old). Counted by the trigger only, on top of the job's.
--   - A writer's statements all come after its first lock, which it holds to its end: it cannot
--     add some deltas before a sealing and others after.
-- A writer the triggers' WHEN lets pass (a row of the last hour) takes no lock; the job seals only
-- days that end before every open transaction's start less that hour (seal-repo.ts), so such a row
-- cannot be on a day the job seals while the writer is open.
-- A company without a seal row gets one here (nothing sealed); the job makes its row the same way,
-- so the two meet on the row even for a company never sealed before.
-- Two changes of one day's group add their deltas one after the other (INSERT ... ON CONFLICT DO
-- UPDATE takes the row; the second waits for the first's commit and adds to its figures), the day
-- row first, then the month row.
CREATE FUNCTION rpt_weigh_add(p_org bigint, p_at timestamptz, p_kind text, p_material bigint, p_vendor bigint, p_customer bigint,
                              p_al_notice bigint, p_trips integer, p_net numeric, p_amount numeric) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s rpt_weigh_seal;
  d date;
BEGIN
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
  INSERT INTO rpt_weigh_day AS r (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
  VALUES (p_org, d, p_kind, p_material, p_vendor, p_customer, p_al_notice, p_trips, p_net, p_amount)
  ON CONFLICT ON CONSTRAINT rpt_weigh_day_key DO UPDATE
     SET trips = r.trips + excluded.trips, net = r.net + excluded.net, amount = r.amount + excluded.amount;
  INSERT INTO rpt_weigh_month AS r (org_id, month, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
  VALUES (p_org, date_trunc('month', d)::date, p_kind, p_material, p_vendor, p_customer, p_al_notice, p_trips, p_net, p_amount)
  ON CONFLICT ON CONSTRAINT rpt_weigh_month_key DO UPDATE
     SET trips = r.trips + excluded.trips, net = r.net + excluded.net, amount = r.amount + excluded.amount;
END $$;

-- A ticket's row: its old figures out, its new ones in, when either counts and something counted changed.
CREATE FUNCTION rpt_weigh_ticket_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT' AND OLD.state IN ('COMPLETED', 'AUDITED', 'POSTED');
  new_counts boolean := TG_OP <> 'DELETE' AND NEW.state IN ('COMPLETED', 'AUDITED', 'POSTED');
BEGIN
  IF old_counts AND new_counts
     AND (OLD.org_id, OLD.completed_at, OLD.kind, OLD.material_id, OLD.vendor_id, OLD.customer_id, OLD.notice_id, OLD.net, OLD.amount)
         IS NOT DISTINCT FROM (NEW.org_id, NEW.completed_at, NEW.kind, NEW.material_id, NEW.vendor_id, NEW.customer_id, NEW.notice_id, NEW.net, NEW.amount) THEN
    RETURN NULL;
  END IF;
  IF old_counts THEN
    PERFORM rpt_weigh_add(OLD.org_id, OLD.completed_at, OLD.kind, OLD.material_id, OLD.vendor_id, OLD.customer_id,
                          CASE WHEN OLD.kind = 'al' THEN OLD.notice_id END, -1, -OLD.net, -coalesce(OLD.amount, 0));
  END IF;
  IF new_counts THEN
    PERFORM rpt_weigh_add(NEW.org_id, NEW.completed_at, NEW.kind, NEW.material_id, NEW.vendor_id, NEW.customer_id,
                          CASE WHEN NEW.kind = 'al' THEN NEW.notice_id END, 1, NEW.net, coalesce(NEW.amount, 0));
  END IF;
  RETURN NULL;
END $$;

-- The WHEN clauses: only a row whose completion is more than an hour before the transaction's
-- start can be on a sealed day (sealed days end a day before the plant's today at the latest). A
-- weighing completes its ticket now (its old completion is NULL): the clause is false, no function
-- is called and no lock taken. now() is the transaction's start, fixed for its whole length.
CREATE TRIGGER wb_ticket_sealed_insert AFTER INSERT ON wb_ticket FOR EACH ROW
  WHEN (NEW.completed_at < now() - interval '1 hour') EXECUTE FUNCTION rpt_weigh_ticket_keep();
CREATE TRIGGER wb_ticket_sealed_update AFTER UPDATE ON wb_ticket FOR EACH ROW
  WHEN (OLD.completed_at < now() - interval '1 hour' OR NEW.completed_at < now() - interval '1 hour') EXECUTE FUNCTION rpt_weigh_ticket_keep();
CREATE TRIGGER wb_ticket_sealed_delete AFTER DELETE ON wb_ticket FOR EACH ROW
  WHEN (OLD.completed_at < now() - interval '1 hour') EXECUTE FUNCTION rpt_weigh_ticket_keep();
