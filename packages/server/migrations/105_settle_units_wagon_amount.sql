-- A goods settlement may mix rows priced per ton weighed and rows priced per m3 gauged (085): tons
-- and m3 are never added. Each row keeps the basis it was priced on; a settlement and its
-- sub-settlements keep their quantity per unit: total_quantity the tons (rows per ton and the
-- adjustment rows), total_volume the m3 (rows per m3 gauged). Amounts still add.
ALTER TABLE wb_settlement_row
  ADD COLUMN price_basis text NOT NULL DEFAULT 'NET' CHECK (price_basis IN ('NET', 'VOLUME'));
ALTER TABLE wb_settlement
  ADD COLUMN total_volume numeric(16,3) NOT NULL DEFAULT 0;
ALTER TABLE wb_settlement_fd
  ADD COLUMN total_volume numeric(16,3) NOT NULL DEFAULT 0;

-- rows settled before: a ticket priced per m3 settled its gauged volume (a settled ticket is held:
-- its basis and volume have not moved since)
UPDATE wb_settlement_row r SET price_basis = 'VOLUME'
  FROM wb_ticket t
 WHERE t.id = r.ticket_id AND r.scope = 'GOODS' AND t.price_basis = 'VOLUME';
UPDATE wb_settlement_fd f SET total_volume = x.volume, total_quantity = f.total_quantity - x.volume
  FROM (SELECT fd_id, sum(quantity) AS volume FROM wb_settlement_row WHERE price_basis = 'VOLUME' AND fd_id IS NOT NULL GROUP BY fd_id) x
 WHERE f.id = x.fd_id;
UPDATE wb_settlement s SET total_volume = x.volume, total_quantity = s.total_quantity - x.volume
  FROM (SELECT settlement_id, sum(quantity) AS volume FROM wb_settlement_row WHERE price_basis = 'VOLUME' GROUP BY settlement_id) x
 WHERE s.id = x.settlement_id;

-- the kinds' views were made with the columns of their time: made again so the lists read total_volume
DROP VIEW wb_settlement_pu;
DROP VIEW wb_settlement_sa;
DROP VIEW wb_settlement_al;
CREATE VIEW wb_settlement_pu AS SELECT s.* FROM wb_settlement s WHERE s.scope = 'GOODS' AND s.kind = 'pu' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_settlement_sa AS SELECT s.* FROM wb_settlement s WHERE s.scope = 'GOODS' AND s.kind = 'sa' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_settlement_al AS SELECT s.* FROM wb_settlement s WHERE s.scope = 'GOODS' AND s.kind = 'al' WITH CASCADED CHECK OPTION;
ALTER VIEW wb_settlement_pu ALTER COLUMN scope SET DEFAULT 'GOODS';
ALTER VIEW wb_settlement_pu ALTER COLUMN kind SET DEFAULT 'pu';
ALTER VIEW wb_settlement_sa ALTER COLUMN scope SET DEFAULT 'GOODS';
ALTER VIEW wb_settlement_sa ALTER COLUMN kind SET DEFAULT 'sa';
ALTER VIEW wb_settlement_al ALTER COLUMN scope SET DEFAULT 'GOODS';
ALTER VIEW wb_settlement_al ALTER COLUMN kind SET DEFAULT 'al';

-- A wagon's amount, stamped by its train's audit beside its price (095) as a truck ticket's is at
-- its completion: (net - the charged over-tolerance loss, not below 0) x the price, at the
-- company's money decimals; NULL without a price, cleared by the reverse audit. The money report,
-- the reconciliation and the weighing reports count it as a ticket's amount.
ALTER TABLE wb_wagon
  ADD COLUMN amount numeric(19,4) CHECK (amount >= 0 AND amount < 1e15);

CREATE OR REPLACE VIEW wb_weighing_fact AS
  SELECT t.org_id, t.id, t.kind, t.state, t.completed_at, t.material_id, t.vendor_id, t.customer_id, t.notice_id, t.net, t.amount
    FROM wb_ticket t
  UNION ALL
  SELECT w.org_id, w.id, tr.kind, 'AUDITED'::text, tr.arrived_at, coalesce(w.material_id, tr.material_id), tr.vendor_id, tr.customer_id,
         tr.notice_id, w.net::numeric(14,4), w.amount::numeric(19,4)
    FROM wb_wagon w JOIN wb_train tr ON tr.id = w.train_id
   WHERE tr.doc_status = 'AUDITED';

-- The sealed days' summary (082, 093) counts the wagons' amounts as it counts their nets.
CREATE OR REPLACE FUNCTION rpt_weigh_train_wagons(tr wb_train, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  FOR w IN SELECT coalesce(x.material_id, tr.material_id) AS material_id, x.net::numeric(14,4) AS net, coalesce(x.amount, 0) AS amount
             FROM wb_wagon x WHERE x.train_id = tr.id ORDER BY x.id LOOP
    PERFORM rpt_weigh_add(tr.org_id, tr.arrived_at, tr.kind, w.material_id, tr.vendor_id, tr.customer_id,
                          CASE WHEN tr.kind = 'al' THEN tr.notice_id END, sign, sign * w.net, sign * w.amount);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION rpt_weigh_wagon_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tr wb_train;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO tr FROM wb_train WHERE id = OLD.train_id;
    IF FOUND AND tr.doc_status = 'AUDITED' AND tr.arrived_at < now() - interval '1 hour' THEN
      PERFORM rpt_weigh_add(tr.org_id, tr.arrived_at, tr.kind, coalesce(OLD.material_id, tr.material_id), tr.vendor_id, tr.customer_id,
                            CASE WHEN tr.kind = 'al' THEN tr.notice_id END, -1, -OLD.net::numeric(14,4), -coalesce(OLD.amount, 0));
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO tr FROM wb_train WHERE id = NEW.train_id;
    IF FOUND AND tr.doc_status = 'AUDITED' AND tr.arrived_at < now() - interval '1 hour' THEN
      PERFORM rpt_weigh_add(tr.org_id, tr.arrived_at, tr.kind, coalesce(NEW.material_id, tr.material_id), tr.vendor_id, tr.customer_id,
                            CASE WHEN tr.kind = 'al' THEN tr.notice_id END, 1, NEW.net::numeric(14,4), coalesce(NEW.amount, 0));
    END IF;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER wb_wagon_sealed_update ON wb_wagon;
CREATE TRIGGER wb_wagon_sealed_update AFTER UPDATE ON wb_wagon FOR EACH ROW
  WHEN ((OLD.train_id, OLD.material_id, OLD.net, OLD.amount) IS DISTINCT FROM (NEW.train_id, NEW.material_id, NEW.net, NEW.amount))
  EXECUTE FUNCTION rpt_weigh_wagon_keep();

-- the audited wagons priced before: their amounts, at each company's money decimals (parameter
-- moneyPrecision, 2 by default); the trigger above adds them to the days already sealed
UPDATE wb_wagon w
   SET amount = round(greatest(w.net - coalesce(w.charged, 0), 0) * w.price,
                      coalesce((SELECT p.param_value::int FROM sys_param p WHERE p.org_id = w.org_id AND p.param_key = 'moneyPrecision'), 2))
  FROM wb_train tr
 WHERE tr.id = w.train_id AND tr.doc_status = 'AUDITED' AND w.price IS NOT NULL;
