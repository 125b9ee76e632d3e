-- The weighing summary of the sealed days (migration 082) counts the audited trains' wagons too,
-- as wb_weighing_fact (084) does: a wagon is one trip of its net on the plant day of its train's
-- arrival. A change of a train or a wagon of a sealed day is added the way a ticket's is
-- (rpt_weigh_add, 082: the seal row FOR SHARE, then the additive upsert).

-- The wagons of an audited train, each with `sign` (1 in, -1 out), keyed by the train's row `tr`.
CREATE FUNCTION rpt_weigh_train_wagons(tr wb_train, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  FOR w IN SELECT coalesce(x.material_id, tr.material_id) AS material_id, x.net::numeric(14,4) AS net FROM wb_wagon x WHERE x.train_id = tr.id ORDER BY x.id LOOP
    PERFORM rpt_weigh_add(tr.org_id, tr.arrived_at, tr.kind, w.material_id, tr.vendor_id, tr.customer_id,
                          CASE WHEN tr.kind = 'al' THEN tr.notice_id END, sign, sign * w.net, 0);
  END LOOP;
END $$;

-- A train's row: audited or no longer, arrived on another day, another material or party.
CREATE FUNCTION rpt_weigh_train_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- before the row goes (its wagons go with it, after, and find no train to count by)
    IF OLD.doc_status = 'AUDITED' THEN
      PERFORM rpt_weigh_train_wagons(OLD, -1);
    END IF;
    RETURN OLD;
  END IF;
  IF (OLD.doc_status = 'AUDITED') = (NEW.doc_status = 'AUDITED')
     AND (OLD.org_id, OLD.arrived_at, OLD.kind, OLD.material_id, OLD.vendor_id, OLD.customer_id, OLD.notice_id)
         IS NOT DISTINCT FROM (NEW.org_id, NEW.arrived_at, NEW.kind, NEW.material_id, NEW.vendor_id, NEW.customer_id, NEW.notice_id) THEN
    RETURN NULL;
  END IF;
  IF OLD.doc_status = 'AUDITED' THEN
    PERFORM rpt_weigh_train_wagons(OLD, -1);
  END IF;
  IF NEW.doc_status = 'AUDITED' THEN
    PERFORM rpt_weigh_train_wagons(NEW, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER wb_train_sealed_update AFTER UPDATE ON wb_train FOR EACH ROW
  WHEN (OLD.arrived_at < now() - interval '1 hour' OR NEW.arrived_at < now() - interval '1 hour') EXECUTE FUNCTION rpt_weigh_train_keep();
CREATE TRIGGER wb_train_sealed_delete BEFORE DELETE ON wb_train FOR EACH ROW
  WHEN (OLD.arrived_at < now() - interval '1 hour' AND OLD.doc_status = 'AUDITED') EXECUTE FUNCTION rpt_weigh_train_keep();

-- A wagon's row, counted while its train is audited (a wagon row holds no time of its own: its
-- train is read; wagons are written on the track scale's desk, not by the truck weighing).
CREATE FUNCTION rpt_weigh_wagon_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tr wb_train;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO tr FROM wb_train WHERE id = OLD.train_id;
    IF FOUND AND tr.doc_status = 'AUDITED' AND tr.arrived_at < now() - interval '1 hour' THEN
      PERFORM rpt_weigh_add(tr.org_id, tr.arrived_at, tr.kind, coalesce(OLD.material_id, tr.material_id), tr.vendor_id, tr.customer_id,
                            CASE WHEN tr.kind = 'al' THEN tr.notice_id END, -1, -OLD.net::numeric(14,4), 0);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO tr FROM wb_train WHERE id = NEW.train_id;
    IF FOUND AND tr.doc_status = 'AUDITED' AND tr.arrived_at < now() - interval '1 hour' THEN
      PERFORM rpt_weigh_add(tr.org_id, tr.arrived_at, tr.kind, coalesce(NEW.material_id, tr.material_id), tr.vendor_id, tr.customer_id,
                            CASE WHEN tr.kind = 'al' THEN tr.notice_id END, 1, NEW.net::numeric(14,4), 0);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER wb_wagon_sealed_insert AFTER INSERT ON wb_wagon FOR EACH ROW EXECUTE FUNCTION rpt_weigh_wagon_keep();
CREATE TRIGGER wb_wagon_sealed_update AFTER UPDATE ON wb_wagon FOR EACH ROW
  WHEN ((OLD.train_id, OLD.material_id, OLD.net) IS DISTINCT FROM (NEW.train_id, NEW.material_id, NEW.net)) EXECUTE FUNCTION rpt_weigh_wagon_keep();
CREATE TRIGGER wb_wagon_sealed_delete AFTER DELETE ON wb_wagon FOR EACH ROW EXECUTE FUNCTION rpt_weigh_wagon_keep();
