-- A completed ticket is a new version of its row with an entry in each of the ticket's indexes
-- whose predicate it meets (completed_at is indexed: no HOT update). The settlements' candidate
-- indexes of 049 and 053 took every ticket, so a purchase truck's completion also wrote an entry
-- under its empty customer and its empty carrier, and a sale's under its empty vendor. Each is now
-- partial on its party: the candidates are always asked for one party by equality
-- (settlement/repo.ts countedSql, freight-settlement/repo.ts), which proves the predicate.
DROP INDEX wb_ticket_settle_vendor_idx;
DROP INDEX wb_ticket_settle_customer_idx;
DROP INDEX wb_ticket_freight_unsettled_idx;
CREATE INDEX wb_ticket_settle_vendor_idx ON wb_ticket (org_id, kind, vendor_id, completed_at) WHERE vendor_id IS NOT NULL;
CREATE INDEX wb_ticket_settle_customer_idx ON wb_ticket (org_id, kind, customer_id, completed_at) WHERE customer_id IS NOT NULL;
CREATE INDEX wb_ticket_freight_unsettled_idx ON wb_ticket (org_id, kind, carrier_id, completed_at)
  WHERE freight_settled_by_id IS NULL AND carrier_id IS NOT NULL;
