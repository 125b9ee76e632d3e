-- A goods settlement takes the audited trains' wagons (轨道衡) beside the trucks' tickets: a row is
-- a ticket's or a wagon's, never both, and a wagon is in at most one goods settlement, as a ticket
-- is (the row is the claim; UNIQUE (scope, wagon_id) the "at most one" in the database).
ALTER TABLE wb_settlement_row
  ADD COLUMN wagon_id bigint,
  ALTER COLUMN ticket_id DROP NOT NULL,
  ADD CONSTRAINT wb_settlement_row_one_source CHECK (num_nonnulls(ticket_id, wagon_id) = 1),
  -- the freight settlement pays trucks only
  ADD CONSTRAINT wb_settlement_row_wagon_goods CHECK (wagon_id IS NULL OR scope = 'GOODS'),
  -- org_id last, as every tenant key (100_citus_keys.sql): a wagon id is one company's anyway
  ADD CONSTRAINT wb_settlement_row_scope_wagon_id_key UNIQUE (scope, wagon_id, org_id);

-- The price a wagon settles at, stamped by its train's audit as a truck ticket's is at its
-- completion (the train's contract row for the wagon's material, else the price rule in force at
-- the train's arrival; NULL: none, the wagon settles at 0), and the tax rate of that contract row.
ALTER TABLE wb_wagon
  ADD COLUMN price numeric(19,4) CHECK (price >= 0 AND price < 1e15),
  ADD COLUMN price_source text,
  ADD COLUMN tax_rate numeric(7,4) CHECK (tax_rate >= 0 AND tax_rate <= 100);

-- The candidates of a party's period: audited trains by arrival.
CREATE INDEX wb_train_settle_vendor_idx ON wb_train (org_id, kind, vendor_id, arrived_at) WHERE doc_status = 'AUDITED';
CREATE INDEX wb_train_settle_customer_idx ON wb_train (org_id, kind, customer_id, arrived_at) WHERE doc_status = 'AUDITED';
