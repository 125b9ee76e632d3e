-- The operation log answers "who changed this document": every change names its family and the
-- document's number beside the action, and the detail keeps a short before/after of the figures.
ALTER TABLE sys_log ADD COLUMN family text;
ALTER TABLE sys_log ADD COLUMN doc_no text;

CREATE INDEX sys_log_doc_idx ON sys_log (org_id, doc_no, created_at DESC) WHERE doc_no IS NOT NULL;
