-- Notices by kind (purchase notices, sales bills of lading, allot and transfer notices), for the
-- document engine and the list engine: each kind's screen reads and writes its own view, so a
-- purchase notice is never listed, opened or changed through the sales screen. Simple views are
-- updatable; the kind defaults to the view's and the CHECK OPTION refuses a row of another kind.
-- Notices have no enabled switch (closing is how a notice stops taking trucks): the engine reads
-- one, so the views answer true. (wb_notice and wb_notice_line are in 011.)
CREATE VIEW wb_notice_pu AS SELECT n.*, true AS enabled FROM wb_notice n WHERE n.kind = 'pu' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_notice_sa AS SELECT n.*, true AS enabled FROM wb_notice n WHERE n.kind = 'sa' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_notice_al AS SELECT n.*, true AS enabled FROM wb_notice n WHERE n.kind = 'al' WITH CASCADED CHECK OPTION;
CREATE VIEW wb_notice_tr AS SELECT n.*, true AS enabled FROM wb_notice n WHERE n.kind = 'tr' WITH CASCADED CHECK OPTION;
ALTER VIEW wb_notice_pu ALTER COLUMN kind SET DEFAULT 'pu';
ALTER VIEW wb_notice_sa ALTER COLUMN kind SET DEFAULT 'sa';
ALTER VIEW wb_notice_al ALTER COLUMN kind SET DEFAULT 'al';
ALTER VIEW wb_notice_tr ALTER COLUMN kind SET DEFAULT 'tr';

-- The line's default ceiling is its quantity plus the control rate (domain notes: over-delivery
-- allowed in percent); a ceiling typed on the line is kept. The line also keeps its header's
-- control mode, so that the ceiling can be the CHECK wb_notice_line_max_limit.
CREATE FUNCTION wb_notice_line_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.max_limit IS NULL THEN
    NEW.max_limit := round(NEW.quantity * (1 + NEW.control_rate / 100), 4);
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.quantity_control := (SELECT n.ctrl_mode = 'QUANTITY' FROM wb_notice n WHERE n.id = NEW.notice_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER wb_notice_line_defaults BEFORE INSERT OR UPDATE OF max_limit ON wb_notice_line
  FOR EACH ROW EXECUTE FUNCTION wb_notice_line_defaults();

-- A header's control mode changed on the form: its lines follow (a line over its ceiling then
-- fails the CHECK, and the update with it).
CREATE FUNCTION wb_notice_ctrl_mode_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wb_notice_line SET quantity_control = (NEW.ctrl_mode = 'QUANTITY')
   WHERE notice_id = NEW.id AND quantity_control IS DISTINCT FROM (NEW.ctrl_mode = 'QUANTITY');
  RETURN NULL;
END $$;
CREATE TRIGGER wb_notice_ctrl_mode_follow AFTER UPDATE OF ctrl_mode ON wb_notice
  FOR EACH ROW WHEN (OLD.ctrl_mode IS DISTINCT FROM NEW.ctrl_mode) EXECUTE FUNCTION wb_notice_ctrl_mode_follow();

-- Allot notices as their receiving company reads them (peer_org_id): sent ones only, a draft
-- stays the shipping company's own.
CREATE VIEW wb_notice_al_received AS SELECT * FROM wb_notice_al WHERE doc_status <> 'FREE';

-- A truck is sent only against an audited notice: a hold on a line (in transit going up) on a
-- notice that is not audited is refused here as the last line, whatever read the notice's status
-- before the line's lock was taken (an audit withdrawn, a notice closed or voided meanwhile).
CREATE FUNCTION wb_notice_line_reserve_audited() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  notice record;
BEGIN
  SELECT n.notice_no, n.doc_status INTO notice FROM wb_notice n WHERE n.id = NEW.notice_id;
  IF notice.doc_status <> 'AUDITED' THEN
    RAISE EXCEPTION '通知单 % 未审核或已关闭、已作废，不能预装', notice.notice_no
      USING ERRCODE = 'check_violation', CONSTRAINT = 'wb_notice_line_reserve_audited', TABLE = 'wb_notice_line';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER wb_notice_line_reserve_audited BEFORE UPDATE OF in_transit ON wb_notice_line
  FOR EACH ROW WHEN (NEW.in_transit > OLD.in_transit) EXECUTE FUNCTION wb_notice_line_reserve_audited();

-- The other companies of the caller's group (org_id is the company looking): an allot notice's
-- receiving company is picked from these.
CREATE VIEW wb_notice_peer_org AS
  SELECT me.id AS org_id, o.id, o.org_code, o.org_name
    FROM sys_org me JOIN sys_org o ON o.group_id = me.group_id AND o.id <> me.id;

-- The lines a registry may name, by kind: lines of audited notices whose period has not ended,
-- with their header's number, counterparty and what is left under the ceiling.
CREATE VIEW wb_notice_line_open AS
  SELECT l.id, l.org_id, l.notice_id, l.seq, l.material_id, l.warehouse_id, l.to_warehouse_id, l.quantity, l.price,
         l.max_limit, l.min_limit, l.done_quantity, l.done_trips, l.in_transit, l.in_transit_trips, l.quantity_control,
         l.max_limit - l.done_quantity - l.in_transit AS remaining,
         n.kind, n.notice_no, n.vendor_id, n.customer_id, n.peer_org_id, n.carrier_id, n.start_time, n.end_time,
         n.contract_no, n.created_at
    FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id
   WHERE n.doc_status = 'AUDITED' AND n.end_time > now();
CREATE VIEW wb_notice_line_open_pu AS SELECT * FROM wb_notice_line_open WHERE kind = 'pu';
CREATE VIEW wb_notice_line_open_sa AS SELECT * FROM wb_notice_line_open WHERE kind = 'sa';
CREATE VIEW wb_notice_line_open_al AS SELECT * FROM wb_notice_line_open WHERE kind = 'al';
CREATE VIEW wb_notice_line_open_tr AS SELECT * FROM wb_notice_line_open WHERE kind = 'tr';
