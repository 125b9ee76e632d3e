-- A goods settlement's claim on a ticket is its row alone (wb_settlement_row, UNIQUE (scope,
-- ticket_id) of 048): no column of the ticket is written when a settlement takes or frees it.
-- Writing wb_ticket.settled_by_id/no (044) on a month's 10,000 tickets made a new version of each
-- ticket with an entry in every one of the ticket's indexes (the column is indexed, the pages are
-- full: no HOT update), which was most of a settlement's creation (bench:settlement). The ticket
-- list's 结算单号, the weighing's refusals and the reconciliation read the row by the ticket's id.
--
-- The columns stay (the kinds' views select t.*) but are never set again: emptied here, kept empty
-- by a check. The freight settlement's columns (freight_settled_by_*) are unchanged.
UPDATE wb_ticket SET settled_by_id = NULL, settled_by_no = NULL WHERE settled_by_id IS NOT NULL;
ALTER TABLE wb_ticket ADD CONSTRAINT wb_ticket_settled_by_unused CHECK (settled_by_id IS NULL AND settled_by_no IS NULL);
DROP INDEX wb_ticket_settled_by_idx;
-- The candidates' indexes of 048 were partial on the column; with it always NULL they are whole
-- indexes of the party's tickets by completion, and "unsettled" is an anti-join on the rows' unique
-- (scope, ticket_id). Made again without the predicate so the planner need not prove it.
DROP INDEX wb_ticket_unsettled_vendor_idx;
DROP INDEX wb_ticket_unsettled_customer_idx;
CREATE INDEX wb_ticket_settle_vendor_idx ON wb_ticket (org_id, kind, vendor_id, completed_at);
CREATE INDEX wb_ticket_settle_customer_idx ON wb_ticket (org_id, kind, customer_id, completed_at);
