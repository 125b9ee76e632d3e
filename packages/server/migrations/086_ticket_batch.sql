-- Batch numbers (批次号): a sales ticket of a batch-managed product (cement, steel) names the
-- production batch it was loaded from, chosen on the ticket or read from its silo's current batch.
-- The batch archive (md_batch, 052) gains its material, its produced (declared) quantity, the silo
-- it was opened on, its own test values where no quality report covers it, and its close.
ALTER TABLE md_material ADD COLUMN batch_managed boolean NOT NULL DEFAULT false;
CREATE OR REPLACE VIEW md_material_in_org AS
  SELECT a.org_id AS alloc_org_id, m.* FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id;

ALTER TABLE md_batch
  ADD COLUMN quantity    numeric(14,4) CHECK (quantity >= 0),
  ADD COLUMN silo_id     bigint,
  ADD COLUMN test_values jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(test_values) = 'array'),
  ADD COLUMN closed_at   timestamptz,
  ADD COLUMN closed_by   bigint REFERENCES sys_user(id) ON DELETE SET NULL,
  ADD CONSTRAINT md_batch_silo_fkey FOREIGN KEY (org_id, silo_id) REFERENCES md_silo (org_id, id);

-- the batch being filled into the silo now: what a truck loaded from it takes
ALTER TABLE md_silo
  ADD COLUMN current_batch_id bigint,
  ADD CONSTRAINT md_silo_current_batch_fkey FOREIGN KEY (org_id, current_batch_id) REFERENCES md_batch (org_id, id);

ALTER TABLE wb_ticket
  ADD COLUMN batch_id bigint,
  ADD CONSTRAINT wb_ticket_batch_fkey FOREIGN KEY (org_id, batch_id) REFERENCES md_batch (org_id, id);
CREATE INDEX wb_ticket_batch_idx ON wb_ticket (org_id, batch_id) WHERE batch_id IS NOT NULL;

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
