-- The pro sign-in (POST /api/pro/oauth/token): the session opens in the company the sign-in page
-- names and keeps it; switching the company of such a session is refused.
ALTER TABLE auth_session ADD COLUMN org_fixed boolean NOT NULL DEFAULT false;

-- A data source's 检测语句: one read-only statement the connection test runs after connecting
-- (the report centre's tables are there, the ERP's view answers), typed in the form's SQL editor.
ALTER TABLE sys_data_source ADD COLUMN validation_query text;

-- A blacklist entry may bar a truck or a driver from some businesses only (适用业务: the registry
-- kinds, comma-separated, e.g. 'sa,al'); NULL bars every business, as every entry did before.
ALTER TABLE md_blacklist ADD COLUMN business_kinds text;
