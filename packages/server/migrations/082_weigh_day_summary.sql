-- 报表中心's weighing summaries (domain/report-builtin/weighing.ts) read a year month by month and
-- a month day by day. Grouping the year's 700,000 tickets on every call costs more than the report's
-- budget, so the done tickets (COMPLETED, AUDITED, POSTED) are kept summed per company, plant day,
-- kind, material and counterparty here (rpt_weigh_day: about 170 rows a day instead of 2,000
-- tickets, what the month day by day reads) and per plant month (rpt_weigh_month: about 170 rows a
-- month, what the year month by month reads).
--
-- Kept by statement-level triggers on wb_ticket, in the transaction of the write itself: every write
-- that changes what the reports count (completion, void, delete, merge, split, a price or a net
-- changed, a ticket moved to another day) goes through wb_ticket, whichever code path makes it, so
-- the tables cannot miss one. Each statement adds its rows' new figures and takes away their old ones
-- (transition tables), grouped, as INSERT ... ON CONFLICT DO UPDATE of additive deltas, the day's
-- row first and then the month's, each in key order: two transactions completing trucks of the same
-- day, material and party both add, the second waiting for the first's rows; a statement whose
-- tickets count the same before and after (printing, confirming, auditing a completed ticket)
-- writes nothing and locks nothing.
--
-- The plant day is the ticket's completion in the plant's zone, fixed here as the zone this database
-- was migrated in (the pool's session zone: PLANT_TIME_ZONE): rpt_weigh_day_zone() names it, and the
-- reports read these tables only when their zone is that one (otherwise the tickets, as before).
-- rpt_weigh_day_rebuild() recomputes both tables from the tickets (after a bulk load that skipped
-- triggers, or for another zone).
CREATE FUNCTION rpt_weigh_day_zone() RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 'UTC'::text $$;
DO $$ BEGIN
  EXECUTE format('CREATE OR REPLACE FUNCTION rpt_weigh_day_zone() RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L',
                 format('SELECT %L::text', current_setting('TimeZone')));
END $$;

CREATE TABLE rpt_weigh_day (
  org_id       bigint NOT NULL REFERENCES sys_org(id),
  day          date NOT NULL,
  kind         text NOT NULL,
  material_id  bigint,
  vendor_id    bigint,
  customer_id  bigint,
  -- an allot's notice (its peer company is the counterparty, read from the notice when reported)
  al_notice_id bigint,
  trips        integer NOT NULL,
  net          numeric NOT NULL,
  amount       numeric NOT NULL,
  CONSTRAINT rpt_weigh_day_key UNIQUE NULLS NOT DISTINCT (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id)
);

-- the same per plant month (month: its first day)
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

-- A statement's deltas (its old rows' figures taken away, its new rows' added) per day, added to the
-- days' rows and then to the months', each in key order; a statement that changes no figure
-- writes nothing.
CREATE FUNCTION rpt_weigh_day_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d rpt_weigh_day[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((x.org_id, x.day, x.kind, x.material_id, x.vendor_id, x.customer_id, x.al_notice_id, x.trips, x.net, x.amount)::rpt_weigh_day
                     ORDER BY x.org_id, x.day, x.kind, x.material_id, x.vendor_id, x.customer_id, x.al_notice_id) INTO d
      FROM (
        SELECT org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips)::int, sum(net), sum(amount)
          FROM (
        SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date AS day, kind, material_id, vendor_id, customer_id,
               CASE WHEN kind = 'al' THEN notice_id END AS al_notice_id, 1 AS trips, net AS net, coalesce(amount, 0) AS amount
          FROM wb_ticket_new WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')) r
         GROUP BY 1, 2, 3, 4, 5, 6, 7
        HAVING sum(trips) <> 0 OR sum(net) <> 0 OR sum(amount) <> 0) x(org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((x.org_id, x.day, x.kind, x.material_id, x.vendor_id, x.customer_id, x.al_notice_id, x.trips, x.net, x.amount)::rpt_weigh_day
                     ORDER BY x.org_id, x.day, x.kind, x.material_id, x.vendor_id, x.customer_id, x.al_notice_id) INTO d
      FROM (
        SELECT org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips)::int, sum(net), sum(amount)
          FROM (
        SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date AS day, kind, material_id, vendor_id, customer_id,
               CASE WHEN kind = 'al' THEN notice_id END AS al_notice_id, -1 AS trips, -net AS net, -coalesce(amount, 0) AS amount
          FROM wb_ticket_old WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')) r
         GROUP BY 1, 2, 3, 4, 5, 6, 7
        HAVING sum(trips) <> 0 OR sum(net) <> 0 OR sum(amount) <> 0) x(org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount);
  ELSE
    SELECT array_agg((x.org_id, x.day, x.kind, x.material_id, x.vendor_id, x.customer_id, x.al_notice_id, x.trips, x.net, x.amount)::rpt_weigh_day
                     ORDER BY x.org_id, x.day, x.kind, x.material_id, x.vendor_id, x.customer_id, x.al_notice_id) INTO d
      FROM (
        SELECT org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips)::int, sum(net), sum(amount)
          FROM (
        SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date AS day, kind, material_id, vendor_id, customer_id,
               CASE WHEN kind = 'al' THEN notice_id END AS al_notice_id, -1 AS trips, -net AS net, -coalesce(amount, 0) AS amount
          FROM wb_ticket_old WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')
        UNION ALL
        SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date AS day, kind, material_id, vendor_id, customer_id,
               CASE WHEN kind = 'al' THEN notice_id END AS al_notice_id, 1 AS trips, net AS net, coalesce(amount, 0) AS amount
          FROM wb_ticket_new WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')) r
         GROUP BY 1, 2, 3, 4, 5, 6, 7
        HAVING sum(trips) <> 0 OR sum(net) <> 0 OR sum(amount) <> 0) x(org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount);
  END IF;
  IF d IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO rpt_weigh_day AS s
  SELECT * FROM unnest(d)
  ON CONFLICT ON CONSTRAINT rpt_weigh_day_key DO UPDATE
     SET trips = s.trips + excluded.trips, net = s.net + excluded.net, amount = s.amount + excluded.amount;
  INSERT INTO rpt_weigh_month AS s (org_id, month, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
  SELECT org_id, date_trunc('month', day)::date, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips), sum(net), sum(amount)
    FROM unnest(d)
   GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(trips) <> 0 OR sum(net) <> 0 OR sum(amount) <> 0
   ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT rpt_weigh_month_key DO UPDATE
     SET trips = s.trips + excluded.trips, net = s.net + excluded.net, amount = s.amount + excluded.amount;
  RETURN NULL;
END $$;

CREATE TRIGGER wb_ticket_day_insert AFTER INSERT ON wb_ticket
  REFERENCING NEW TABLE AS wb_ticket_new FOR EACH STATEMENT EXECUTE FUNCTION rpt_weigh_day_keep();
CREATE TRIGGER wb_ticket_day_update AFTER UPDATE ON wb_ticket
  REFERENCING OLD TABLE AS wb_ticket_old NEW TABLE AS wb_ticket_new FOR EACH STATEMENT EXECUTE FUNCTION rpt_weigh_day_keep();
CREATE TRIGGER wb_ticket_day_delete AFTER DELETE ON wb_ticket
  REFERENCING OLD TABLE AS wb_ticket_old FOR EACH STATEMENT EXECUTE FUNCTION rpt_weigh_day_keep();

-- Both tables again from the tickets, in the zone rpt_weigh_day_zone() names (given a zone, that one
-- from now on); answers the day rows made. Locks the tickets against writes while it runs, so
-- nothing is counted twice.
CREATE FUNCTION rpt_weigh_day_rebuild(zone text DEFAULT NULL) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  LOCK TABLE wb_ticket IN SHARE MODE;
  IF zone IS NOT NULL THEN
    PERFORM now() AT TIME ZONE zone; -- an unknown zone fails here
    EXECUTE format('CREATE OR REPLACE FUNCTION rpt_weigh_day_zone() RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L',
                   format('SELECT %L::text', zone));
  END IF;
  DELETE FROM rpt_weigh_day;
  DELETE FROM rpt_weigh_month;
  INSERT INTO rpt_weigh_day (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
  SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date, kind, material_id, vendor_id, customer_id,
         CASE WHEN kind = 'al' THEN notice_id END, count(*), sum(net), coalesce(sum(amount), 0)
    FROM wb_ticket
   WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')
   GROUP BY 1, 2, 3, 4, 5, 6, 7;
  GET DIAGNOSTICS n = ROW_COUNT;
  INSERT INTO rpt_weigh_month (org_id, month, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
  SELECT org_id, date_trunc('month', day)::date, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips), sum(net), sum(amount)
    FROM rpt_weigh_day
   GROUP BY 1, 2, 3, 4, 5, 6, 7;
  RETURN n;
END $$;

-- an administrator's tool, not the report reader's (nor anyone's but the app's)
REVOKE EXECUTE ON FUNCTION rpt_weigh_day_rebuild(text) FROM PUBLIC;

SELECT rpt_weigh_day_rebuild();
