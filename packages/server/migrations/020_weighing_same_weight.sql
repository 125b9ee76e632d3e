-- The same-weight check (domain notes: the same weight seen within N minutes) asks, at every
-- weighing, for earlier readings of exactly this weight at the company's scales in the window:
-- by weight first, it reads the few matching rows instead of the window's every reading.
CREATE INDEX wb_weighing_same_weight_idx ON wb_weighing (org_id, weight, weighed_at DESC);
