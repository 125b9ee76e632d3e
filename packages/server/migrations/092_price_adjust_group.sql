-- A price adjustment's line names a material or a computation group, as a price rule does (080):
-- audited, a group's line ends the group's rule of the same keys and writes the group's new rule,
-- which prices every member without a rule of its own from the adjustment's effective time.
ALTER TABLE wb_price_adjust_line
  ADD COLUMN calc_group_id bigint,
  ALTER COLUMN material_id DROP NOT NULL,
  ADD CONSTRAINT wb_price_adjust_line_target CHECK (num_nonnulls(material_id, calc_group_id) = 1),
  ADD CONSTRAINT wb_price_adjust_line_calc_group_fkey FOREIGN KEY (org_id, calc_group_id) REFERENCES md_calc_group (org_id, id);
