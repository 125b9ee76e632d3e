-- The 远程干预 queue on the live stream: a lane's request, and each answer to it (APPROVED,
-- FORBIDDEN, then USED by the weighing it let through), becomes a change of kind 'intervention'
-- in the transaction that made it, so the remote operator's page refreshes as the trucks wait.
ALTER TABLE wb_live_change DROP CONSTRAINT wb_live_change_what_check;
ALTER TABLE wb_live_change ADD CONSTRAINT wb_live_change_what_check CHECK (what IN ('registry', 'ticket', 'intervention'));

CREATE FUNCTION wb_live_intervention_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wb_live_change (org_id, what, ref_id, registry_id, state) VALUES (NEW.org_id, 'intervention', NEW.id, NULL, NEW.state);
  RETURN NULL;
END $$;

CREATE TRIGGER wb_lane_intervention_live_insert AFTER INSERT ON wb_lane_intervention
  FOR EACH ROW EXECUTE FUNCTION wb_live_intervention_change();
CREATE TRIGGER wb_lane_intervention_live_update AFTER UPDATE OF state ON wb_lane_intervention
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION wb_live_intervention_change();
