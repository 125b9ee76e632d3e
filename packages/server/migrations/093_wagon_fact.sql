-- The audited trains' wagons as the weighing reports read them (the second half of
-- wb_weighing_fact, migration 084): the per-day summaries of migration 082 sum truck tickets only,
-- so the reports read these beside them.
CREATE VIEW wb_wagon_fact AS
  SELECT w.org_id, w.id, tr.kind, 'AUDITED'::text AS state, tr.arrived_at AS completed_at, coalesce(w.material_id, tr.material_id) AS material_id,
         tr.vendor_id, tr.customer_id, tr.notice_id, w.net::numeric(14,4) AS net, NULL::numeric(19,4) AS amount
    FROM wb_wagon w JOIN wb_train tr ON tr.id = w.train_id
   WHERE tr.doc_status = 'AUDITED';
