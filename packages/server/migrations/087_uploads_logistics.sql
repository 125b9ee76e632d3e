-- Uploads to other systems and the purchase family's logistics.
--
-- A subscription (接口配置) that uploads to a system which signs its callers in (SAP's HTTP adapter,
-- a freight platform) keeps the user name and the password it signs in with; the password sealed
-- like a data source's (domain/system/data-sources/secret-box.ts: AES-256-GCM), never returned.
ALTER TABLE sys_subscription
  ADD COLUMN auth_user text CHECK (auth_user <> ''),
  ADD COLUMN auth_password text CHECK (auth_password LIKE 'v1.%'),
  ADD CONSTRAINT sys_subscription_auth_pair CHECK ((auth_user IS NULL) = (auth_password IS NULL));

-- The route's set time on the road (物流: a truck dispatched by the vendor is expected this long
-- after, when the route's history has too few arrivals to say).
ALTER TABLE md_line ADD COLUMN transit_minutes integer CHECK (transit_minutes > 0 AND transit_minutes <= 10080);

-- The in-transit trucks of a notice (registered, not yet in) and the route's arrivals read for their usual time.
CREATE INDEX wb_registry_in_transit_idx ON wb_registry (org_id, notice_id) WHERE trip_state = 'PLANNED';
CREATE INDEX wb_registry_arrivals_idx ON wb_registry (org_id, kind, entered_at DESC) WHERE entered_at IS NOT NULL;
