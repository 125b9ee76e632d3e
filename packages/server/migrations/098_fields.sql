-- The pro sign-in (POST /api/pro/oauth/token): the session opens in the company the sign-in page
-- names and keeps it; switching the company of such a session is refused.
ALTER TABLE auth_session ADD COLUMN org_fixed boolean NOT NULL DEFAULT false;
