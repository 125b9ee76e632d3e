-- Freight settlements (运费结算) live in the settlements' tables (048: wb_settlement with scope
-- FREIGHT, its rows and adjustment rows, invoices, payments). These views are what their lists
-- read: the headers, and the rows with their settlement's number.
CREATE VIEW wb_settlement_freight AS SELECT s.* FROM wb_settlement s WHERE s.scope = 'FREIGHT' WITH CASCADED CHECK OPTION;
ALTER VIEW wb_settlement_freight ALTER COLUMN scope SET DEFAULT 'FREIGHT';

-- One line per ticket: its freight row with the loss charge the settlement took for it (its LOSS
-- adjustment row), so the detail list shows what each trip earned.
CREATE VIEW wb_settlement_freight_row AS
  SELECT r.id, r.org_id, r.settlement_id, r.seq, r.ticket_id, r.ticket_no, r.completed_at, r.material_id, r.basis, r.net, r.shipped, r.gross_net,
         r.quantity, r.price, r.tax_rate, r.amount, r.tax, r.amount_ex_tax,
         coalesce(l.quantity, 0) AS shortage, coalesce(-l.amount, 0) AS loss_charge, r.amount + coalesce(l.amount, 0) AS payable,
         s.settle_no, s.kind, s.carrier_id, s.state, s.created_by
    FROM wb_settlement_row r
    JOIN wb_settlement s ON s.id = r.settlement_id
    LEFT JOIN wb_settlement_adjust l ON l.settlement_id = r.settlement_id AND l.ticket_id = r.ticket_id AND l.reason_kind = 'LOSS'
   WHERE r.scope = 'FREIGHT';

-- The candidates of a carrier's period: its unsettled tickets by completion time.
CREATE INDEX wb_ticket_freight_unsettled_idx ON wb_ticket (org_id, kind, carrier_id, completed_at) WHERE freight_settled_by_id IS NULL;
