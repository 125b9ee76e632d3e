-- Batch numbers, the rest (批次号): a sales ticket names the silo (筒仓) it is loaded at, so its
-- second weighing reads the silo's current batch by itself when none was chosen; a batch keeps the
-- time it was opened on its silo (开仓).
ALTER TABLE wb_ticket
  ADD COLUMN silo_id bigint,
  ADD CONSTRAINT wb_ticket_silo_fkey FOREIGN KEY (org_id, silo_id) REFERENCES md_silo (org_id, id);
CREATE INDEX wb_ticket_silo_idx ON wb_ticket (org_id, silo_id) WHERE silo_id IS NOT NULL;

ALTER TABLE md_batch ADD COLUMN opened_at timestamptz;

-- the kinds' ticket views name their columns as they were when made: made again with the new one
DO $$
DECLARE v record;
BEGIN
  FOR v IN SELECT viewname, substr(viewname, 11) AS k FROM pg_views
            WHERE schemaname = current_schema() AND viewname ~ '^wb_ticket_[a-z]+$'
              AND definition LIKE '%true AS enabled%' AND definition LIKE '%FROM wb_ticket t%' LOOP
    EXECUTE format('DROP VIEW %I', v.viewname);
    EXECUTE format('CREATE VIEW %I AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = %L WITH CASCADED CHECK OPTION', v.viewname, v.k);
    EXECUTE format('ALTER VIEW %I ALTER COLUMN kind SET DEFAULT %L', v.viewname, v.k);
  END LOOP;
END $$;
