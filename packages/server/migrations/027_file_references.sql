-- What keeps an uploaded file (platform/files/README.md: "attached"): the vehicle's photo columns
-- and the weighings' camera snapshots. The periodic sweep removes an upload no document points at
-- once it is older than the grace period; these make that question cheap and the answer safe.

-- A vehicle's photo is a file of its own company, and a referenced file cannot be deleted under it.
-- NOT VALID: rows written before are not checked (an earlier release did not require it); new
-- writes are.
ALTER TABLE md_vehicle
  ADD CONSTRAINT md_vehicle_main_photo_fk FOREIGN KEY (org_id, main_vehicle_photo_id) REFERENCES sys_file (org_id, id) NOT VALID,
  ADD CONSTRAINT md_vehicle_driving_photo_fk FOREIGN KEY (org_id, driving_license_photo_id) REFERENCES sys_file (org_id, id) NOT VALID,
  ADD CONSTRAINT md_vehicle_road_photo_fk FOREIGN KEY (org_id, road_license_photo_id) REFERENCES sys_file (org_id, id) NOT VALID;
CREATE INDEX md_vehicle_main_photo_idx ON md_vehicle (main_vehicle_photo_id) WHERE main_vehicle_photo_id IS NOT NULL;
CREATE INDEX md_vehicle_driving_photo_idx ON md_vehicle (driving_license_photo_id) WHERE driving_license_photo_id IS NOT NULL;
CREATE INDEX md_vehicle_road_photo_idx ON md_vehicle (road_license_photo_id) WHERE road_license_photo_id IS NOT NULL;

-- An array holds no foreign key: the weighing locks its snapshots' rows instead (FOR KEY SHARE),
-- and the sweep finds the weighings holding a file through this index.
CREATE INDEX wb_weighing_snapshots_idx ON wb_weighing USING gin (snapshot_file_ids) WHERE snapshot_file_ids <> '{}';

-- the sweep reads the oldest uploads first
CREATE INDEX sys_file_created_idx ON sys_file (created_at);
