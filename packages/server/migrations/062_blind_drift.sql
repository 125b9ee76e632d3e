-- 062: the lab's blindness on an existing database, and a posted ticket's stock following its net.
--
-- Start-time steps of the menu sync that change grants are applied once per database (seed/
-- menu-upgrade.ts GRANT_STEPS): a step taken is remembered here, so an administrator who later
-- grants an entry back to a role keeps that grant. A freshly seeded database records every step
-- as taken (its tree is the current one already).
CREATE TABLE sys_seed_step (
  step        text PRIMARY KEY CHECK (step <> ''),
  applied_at  timestamptz NOT NULL DEFAULT now()
);

-- A correcting stock record: a posted ticket's net changed afterwards (the lab's quality deduction,
-- a recheck), so the difference is posted as its own record, naming the ticket it corrects. It is
-- a source of its own (not ticket_id: the ticket's posting stays one record per direction and
-- warehouse), reversed with the ticket's records when the ticket is reverse-posted.
ALTER TABLE wb_stock_record
  ADD COLUMN corrects_ticket_id bigint,
  ADD FOREIGN KEY (org_id, corrects_ticket_id) REFERENCES wb_ticket (org_id, id);
ALTER TABLE wb_stock_record DROP CONSTRAINT wb_stock_record_one_source;
ALTER TABLE wb_stock_record
  ADD CONSTRAINT wb_stock_record_one_source CHECK (num_nonnulls(ticket_id, early_id, transfer_line_id, corrects_ticket_id) = 1);
CREATE INDEX wb_stock_record_correction_idx ON wb_stock_record (corrects_ticket_id) WHERE corrects_ticket_id IS NOT NULL;
