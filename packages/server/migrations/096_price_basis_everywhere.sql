-- A price per m3 gauged (085) prices the ticket's gauged volume wherever a price is applied.
-- A price adjustment's line says what its new price is per, as a price rule does: its audit
-- writes the rule with that basis (the line's basis defaults from its material: a material gauged
-- by volume is priced per m3).
ALTER TABLE wb_price_adjust_line
  ADD COLUMN price_basis text NOT NULL DEFAULT 'NET' CHECK (price_basis IN ('NET', 'VOLUME'));

-- The calculation's row says what the price in force is per and the volume it priced.
ALTER TABLE wb_calculation_row
  ADD COLUMN price_basis text NOT NULL DEFAULT 'NET' CHECK (price_basis IN ('NET', 'VOLUME')),
  ADD COLUMN gauge_volume numeric(14,3) CHECK (gauge_volume > 0);
-- the rows lists' views were made with the columns of their time
DROP VIEW wb_calculation_row_sa;
DROP VIEW wb_calculation_row_al;
CREATE VIEW wb_calculation_row_sa AS
  SELECT r.*, c.calc_no, c.created_by FROM wb_calculation_row r JOIN wb_calculation c ON c.id = r.calculation_id WHERE c.kind = 'sa';
CREATE VIEW wb_calculation_row_al AS
  SELECT r.*, c.calc_no, c.created_by FROM wb_calculation_row r JOIN wb_calculation c ON c.id = r.calculation_id WHERE c.kind = 'al';
