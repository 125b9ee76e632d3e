-- 报表中心's weighing summaries (domain/report-builtin/weighing.ts) read a year month by month and
-- a month day by day. Grouping the year's 700,000 tickets on every call costs more than the report's
-- budget, so the done tickets (COMPLETED, AUDITED, POSTED) are kept summed per company, plant day,
-- kind, material and counterparty here: about 170 rows a day instead of 2,000 tickets.
--
-- Kept by statement-level triggers on wb_ticket, in the transaction of the write itself: every write
-- that changes what the reports count (completion, void, delete, merge, split, a price or a net
-- changed, a ticket moved to another day) goes through wb_ticket, whichever code path makes it, so
-- the table cannot miss one. Each statement adds its rows' new figures and takes away their old ones
-- (transition tables), grouped, as one INSERT ... ON CONFLICT DO UPDATE of additive deltas: two
-- transactions completing trucks of the same day, material and party both add, the second waiting
-- for the first's row; a statement whose tickets count the same before and after (printing,
-- confirming, auditing a completed ticket) writes nothing and locks nothing.
--
-- The plant day is the ticket's completion in the plant's zone, fixed here as the zone this database
-- was migrated in (the pool's session zone: PLANT_TIME_ZONE): rpt_weigh_day_zone() names it, and the
-- reports read this table only when their zone is that one (otherwise the tickets, as before).
-- rpt_weigh_day_rebuild() recomputes the whole table from the tickets (after a bulk load that
-- skipped triggers, or for another zone).
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

CREATE FUNCTION rpt_weigh_day_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rpt_weigh_day AS s (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
    SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date, kind, material_id, vendor_id, customer_id,
           CASE WHEN kind = 'al' THEN notice_id END, count(*), sum(net), coalesce(sum(amount), 0)
      FROM wb_ticket_new
     WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')
     GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT rpt_weigh_day_key DO UPDATE
       SET trips = s.trips + excluded.trips, net = s.net + excluded.net, amount = s.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO rpt_weigh_day AS s (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
    SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date, kind, material_id, vendor_id, customer_id,
           CASE WHEN kind = 'al' THEN notice_id END, -count(*), -sum(net), -coalesce(sum(amount), 0)
      FROM wb_ticket_old
     WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')
     GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT rpt_weigh_day_key DO UPDATE
       SET trips = s.trips + excluded.trips, net = s.net + excluded.net, amount = s.amount + excluded.amount;
  ELSE
    INSERT INTO rpt_weigh_day AS s (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
    SELECT org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips), sum(net), sum(amount)
      FROM (
        SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date AS day, kind, material_id, vendor_id, customer_id,
               CASE WHEN kind = 'al' THEN notice_id END AS al_notice_id, -1 AS trips, -net AS net, -coalesce(amount, 0) AS amount
          FROM wb_ticket_old WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')
        UNION ALL
        SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date, kind, material_id, vendor_id, customer_id,
               CASE WHEN kind = 'al' THEN notice_id END, 1, net, coalesce(amount, 0)
          FROM wb_ticket_new WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')) d
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(trips) <> 0 OR sum(net) <> 0 OR sum(amount) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT rpt_weigh_day_key DO UPDATE
       SET trips = s.trips + excluded.trips, net = s.net + excluded.net, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER wb_ticket_day_insert AFTER INSERT ON wb_ticket
  REFERENCING NEW TABLE AS wb_ticket_new FOR EACH STATEMENT EXECUTE FUNCTION rpt_weigh_day_keep();
CREATE TRIGGER wb_ticket_day_update AFTER UPDATE ON wb_ticket
  REFERENCING OLD TABLE AS wb_ticket_old NEW TABLE AS wb_ticket_new FOR EACH STATEMENT EXECUTE FUNCTION rpt_weigh_day_keep();
CREATE TRIGGER wb_ticket_day_delete AFTER DELETE ON wb_ticket
  REFERENCING OLD TABLE AS wb_ticket_old FOR EACH STATEMENT EXECUTE FUNCTION rpt_weigh_day_keep();

-- The whole table again from the tickets, in the zone rpt_weigh_day_zone() names (given a zone, that
-- one from now on). Locks the tickets against writes while it runs, so nothing is counted twice.
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
  INSERT INTO rpt_weigh_day (org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips, net, amount)
  SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date, kind, material_id, vendor_id, customer_id,
         CASE WHEN kind = 'al' THEN notice_id END, count(*), sum(net), coalesce(sum(amount), 0)
    FROM wb_ticket
   WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')
   GROUP BY 1, 2, 3, 4, 5, 6, 7;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

SELECT rpt_weigh_day_rebuild();
