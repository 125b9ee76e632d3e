-- 预警中心 (domain/alert/scan.ts): the completed tickets the per-weighing rules are to look at, and
-- what the scan kept of each. The second weighing's statement writes the ticket's row (the marker;
-- one small insert, no job of the library; a first weighing on a scale writes it too, so its
-- readings are kept while the board still has them), and a poller on each instance running jobs takes the
-- rows not yet scanned after the commit (FOR UPDATE SKIP LOCKED: two instances never both scan a
-- ticket), so a transaction that commits late is never passed over as a cursor on completed_at or
-- id would pass it over. The row stays once scanned: it keeps the readings the scale showed up to
-- the stable one (the board, wb_scale_latest, keeps only the last minute) and the time the truck
-- stood loaded on the scale, the history the lane's usual time on the scale is measured against.
CREATE TABLE wb_alert_scan (
  org_id        bigint NOT NULL REFERENCES sys_org(id),
  ticket_id     bigint NOT NULL,
  queued_at     timestamptz NOT NULL DEFAULT now(),
  scanned_at    timestamptz,
  -- the scale of the second weighing, when an indicator or a station gave its figure
  scale_id      text,
  -- the seconds the scale showed a load before the weighing took its reading (from the readings)
  dwell_seconds integer CHECK (dwell_seconds >= 0),
  -- the scale's readings before and up to the second weighing: [[at ms, kg], ...]
  readings      jsonb,
  -- the same of the first weighing, kept by a scan after it (a first weighing on a scale leaves the
  -- marker too; the completion's marker then asks for the ticket's scan again)
  first_readings jsonb,
  PRIMARY KEY (org_id, ticket_id)
);
-- the poller's work: the rows waiting, oldest first
CREATE INDEX wb_alert_scan_waiting_idx ON wb_alert_scan (queued_at) WHERE scanned_at IS NULL;
-- a lane's usual time on the scale: its last scanned weighings
CREATE INDEX wb_alert_scan_dwell_idx ON wb_alert_scan (org_id, scale_id, scanned_at DESC) WHERE dwell_seconds IS NOT NULL;
