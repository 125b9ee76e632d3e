-- The live vehicle stream's changes, without NOTIFY. A transaction that NOTIFYs takes
-- PostgreSQL's notification-queue lock at commit and holds it through its WAL flush, so the
-- commits of all weighings waited for one another (bench/RESULTS.md: at 16 stations the commit's
-- wait for that lock was the largest single wait). The triggers of migration 017 now write the
-- change into wb_live_change, in the transaction that made it: nothing serialises the commits, a
-- rolled-back change is never seen, and an instance with open streams reads the new rows a few
-- times a second in commit-safe order (domain/live/hub.ts: by the writer's transaction id, below
-- the oldest transaction still running). Rows older than a few minutes are pruned.
-- UNLOGGED: the rows matter for minutes and to open streams only; after a crash the table starts
-- empty and every stream reconnects and reads its list whole anyway. It spares the WAL.
CREATE UNLOGGED TABLE wb_live_change (
  org_id bigint NOT NULL,
  what text NOT NULL CHECK (what IN ('registry', 'ticket')),
  ref_id bigint NOT NULL,
  registry_id bigint,
  state text NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wb_live_change_xid ON wb_live_change (xid);

CREATE FUNCTION wb_live_registry_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wb_live_change (org_id, what, ref_id, registry_id, state) VALUES (NEW.org_id, 'registry', NEW.id, NEW.id, NEW.trip_state);
  RETURN NULL;
END $$;

CREATE FUNCTION wb_live_ticket_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wb_live_change (org_id, what, ref_id, registry_id, state) VALUES (NEW.org_id, 'ticket', NEW.id, NEW.registry_id, NEW.state);
  RETURN NULL;
END $$;

DROP TRIGGER wb_registry_live_insert ON wb_registry;
DROP TRIGGER wb_registry_live_update ON wb_registry;
DROP TRIGGER wb_ticket_live_insert ON wb_ticket;
DROP TRIGGER wb_ticket_live_update ON wb_ticket;
DROP FUNCTION wb_live_registry_notify();
DROP FUNCTION wb_live_ticket_notify();

CREATE TRIGGER wb_registry_live_insert AFTER INSERT ON wb_registry
  FOR EACH ROW WHEN (NEW.trip_state <> 'PLANNED') EXECUTE FUNCTION wb_live_registry_change();
CREATE TRIGGER wb_registry_live_update AFTER UPDATE OF trip_state ON wb_registry
  FOR EACH ROW WHEN (OLD.trip_state IS DISTINCT FROM NEW.trip_state) EXECUTE FUNCTION wb_live_registry_change();
CREATE TRIGGER wb_ticket_live_insert AFTER INSERT ON wb_ticket
  FOR EACH ROW EXECUTE FUNCTION wb_live_ticket_change();
CREATE TRIGGER wb_ticket_live_update AFTER UPDATE OF state ON wb_ticket
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION wb_live_ticket_change();
