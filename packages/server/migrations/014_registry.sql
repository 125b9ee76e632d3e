-- Registries by kind, for the document engine and the list engine: each kind's screen reads and
-- writes its own view, so a purchase registry is never listed, opened or changed through the
-- sales screen. Simple views are updatable; the CHECK OPTION refuses a row of another kind
-- written through one. (wb_registry itself is in 011.)
CREATE VIEW wb_registry_pu AS SELECT * FROM wb_registry WHERE kind = 'pu' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_registry_sa AS SELECT * FROM wb_registry WHERE kind = 'sa' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_registry_st AS SELECT * FROM wb_registry WHERE kind = 'st' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_registry_al AS SELECT * FROM wb_registry WHERE kind = 'al' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_registry_tr AS SELECT * FROM wb_registry WHERE kind = 'tr' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_registry_pr AS SELECT * FROM wb_registry WHERE kind = 'pr' WITH CASCADED CHECK OPTION;

-- the gate's history of released trips (hisRelease), newest first
CREATE INDEX wb_registry_released_idx ON wb_registry (org_id, released_at DESC) WHERE released_at IS NOT NULL;
-- queue numbers are counted per discharge point among the open trips
CREATE INDEX wb_registry_queue_idx ON wb_registry (org_id, discharge_point_id, queue_no) WHERE discharge_point_id IS NOT NULL AND trip_state <> 'RELEASED';

-- The notice lines a registry of one kind may be sent against, for the form's popup: lines of the
-- company's notices of that kind, with what the popup shows of the notice. Only audited notices
-- are offered; the registry's audit checks again under the line's lock.
CREATE VIEW wb_registry_notice_line AS
  SELECT l.id, l.org_id, l.notice_id, l.seq, l.material_id, l.warehouse_id, l.quantity, l.max_limit,
         l.done_quantity, l.in_transit, l.max_limit - l.done_quantity - l.in_transit AS remaining,
         n.kind, n.notice_no, n.doc_status AS notice_status, n.vendor_id, n.customer_id, n.carrier_id,
         n.start_time, n.end_time, l.created_at
    FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id
   WHERE n.doc_status = 'AUDITED';
