-- The pro sign-in (POST /api/pro/oauth/token): the session opens in the company the sign-in page
-- names and keeps it; switching the company of such a session is refused.
ALTER TABLE auth_session ADD COLUMN org_fixed boolean NOT NULL DEFAULT false;

-- A data source's 检测语句: one read-only statement the connection test runs after connecting
-- (the report centre's tables are there, the ERP's view answers), typed in the form's SQL editor.
ALTER TABLE sys_data_source ADD COLUMN validation_query text;

-- A blacklist entry may bar a truck or a driver from some businesses only (适用业务: the registry
-- kinds, comma-separated, e.g. 'sa,al'); NULL bars every business, as every entry did before.
ALTER TABLE md_blacklist ADD COLUMN business_kinds text;

-- An appointment rule's 限额日起始: the time of day ('HH:mm:ss', plant time) its day's quota starts
-- counting from, for a plant day that opens with the morning shift; NULL counts from midnight.
ALTER TABLE gt_appointment_rule ADD COLUMN quota_day_start text;

-- An appointment rule's 生效日期: the plant days ('yyyy-MM-dd,yyyy-MM-dd', both included) it governs
-- entry on, e.g. a holiday or a shutdown; NULL governs every day.
ALTER TABLE gt_appointment_rule ADD COLUMN valid_days text;
