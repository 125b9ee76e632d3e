-- 生产库存 (production stock): the finished goods' balances are those of the materials production
-- tickets weigh, and the screen shows the day's production of each beside them. Both questions ask
-- for the production tickets of one company and material (and warehouse, and completion day).
CREATE INDEX wb_ticket_production_idx ON wb_ticket (org_id, material_id, warehouse_id, completed_at) WHERE kind = 'pr';
