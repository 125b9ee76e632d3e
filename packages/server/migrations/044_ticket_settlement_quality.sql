-- What settlement and quality keep on the ticket itself, so the ticket list, its refusals and a
-- settlement's rows read one row.
--
-- A ticket is in at most one goods settlement and at most one freight settlement: each is one pair
-- of columns on the ticket (a column holds one settlement), claimed with `... WHERE settled_by_id IS
-- NULL` under the ticket's row lock, so two settlements claiming one ticket cannot both win. The
-- number is kept with the id so a refusal names the settlement from the ticket's own row.
ALTER TABLE wb_ticket
  ADD COLUMN settled_by_id bigint,
  ADD COLUMN settled_by_no text,
  ADD COLUMN freight_settled_by_id bigint,
  ADD COLUMN freight_settled_by_no text,
  -- the unit price's change decided by the lab's results under the contract's quality terms
  -- (price bands: per ton, in the ticket's currency); settlement adds it to the price
  ADD COLUMN quality_price_adjust numeric(19,4) NOT NULL DEFAULT 0 CHECK (abs(quality_price_adjust) < 1e15),
  ADD CONSTRAINT wb_ticket_settled_together CHECK ((settled_by_id IS NULL) = (settled_by_no IS NULL)),
  ADD CONSTRAINT wb_ticket_freight_settled_together CHECK ((freight_settled_by_id IS NULL) = (freight_settled_by_no IS NULL));
CREATE INDEX wb_ticket_settled_by_idx ON wb_ticket (settled_by_id) WHERE settled_by_id IS NOT NULL;
CREATE INDEX wb_ticket_freight_settled_by_idx ON wb_ticket (freight_settled_by_id) WHERE freight_settled_by_id IS NOT NULL;

-- The kinds' views (041) were made with the columns of their time: made again so the ticket lists
-- read the new ones.
DROP VIEW wb_ticket_pu, wb_ticket_sa, wb_ticket_al, wb_ticket_tr, wb_ticket_pr, wb_ticket_st, wb_ticket_pt;
CREATE VIEW wb_ticket_pu AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'pu' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_sa AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'sa' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_al AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'al' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_tr AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'tr' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_pr AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'pr' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_st AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'st' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_ticket_pt AS SELECT t.*, true AS enabled FROM wb_ticket t WHERE t.kind = 'pt' WITH CASCADED CHECK OPTION;
ALTER VIEW wb_ticket_pu ALTER COLUMN kind SET DEFAULT 'pu';
ALTER VIEW wb_ticket_sa ALTER COLUMN kind SET DEFAULT 'sa';
ALTER VIEW wb_ticket_al ALTER COLUMN kind SET DEFAULT 'al';
ALTER VIEW wb_ticket_tr ALTER COLUMN kind SET DEFAULT 'tr';
ALTER VIEW wb_ticket_pr ALTER COLUMN kind SET DEFAULT 'pr';
ALTER VIEW wb_ticket_st ALTER COLUMN kind SET DEFAULT 'st';
ALTER VIEW wb_ticket_pt ALTER COLUMN kind SET DEFAULT 'pt';
