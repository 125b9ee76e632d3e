-- Scheduled jobs (系统管理 → 定时任务, platform/jobs). The job library (pg-boss) keeps its own tables
-- in the schema pgboss, installed with the migrations (platform/jobs/boss.ts); these are the
-- platform's: each job a module declares, with the schedule the screen may change, and every run.
-- A job is the group's, not one company's (org_id NULL: it works across every company); the
-- views give each company's administrators the rows with their company's id, as lists expect.
CREATE TABLE sys_job (
  id bigserial PRIMARY KEY,
  org_id bigint REFERENCES sys_org(id),
  job_key text NOT NULL UNIQUE,
  name text NOT NULL,
  name_en text NOT NULL,
  cron text NOT NULL,
  default_cron text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- false: the module that declared it is gone from the code (kept for its history)
  declared boolean NOT NULL DEFAULT true,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_result text CHECK (last_result IN ('running', 'ok', 'failed')),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sys_job_run (
  id bigserial PRIMARY KEY,
  org_id bigint REFERENCES sys_org(id),
  job_key text NOT NULL REFERENCES sys_job(job_key) ON DELETE CASCADE,
  -- the firing this run belongs to (a run-now: the moment it was asked for)
  fire_at timestamptz NOT NULL,
  manual boolean NOT NULL DEFAULT false,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  duration_ms integer,
  result text NOT NULL CHECK (result IN ('running', 'ok', 'failed')),
  summary text,
  error text,
  -- which server instance ran it (host:pid:start)
  instance text NOT NULL,
  -- one run per firing and try, whichever instance takes it
  UNIQUE (job_key, fire_at, attempt)
);
CREATE INDEX sys_job_run_key_started ON sys_job_run (job_key, started_at DESC);

CREATE VIEW sys_job_org AS
  SELECT j.id, o.id AS org_id, j.job_key, j.name, j.name_en, j.cron, j.default_cron, j.enabled, j.declared,
         j.last_started_at, j.last_finished_at, j.last_result, j.last_error, j.created_at, j.updated_at
  FROM sys_job j JOIN sys_org o ON j.org_id IS NULL OR j.org_id = o.id;

CREATE VIEW sys_job_run_org AS
  SELECT r.id, o.id AS org_id, r.job_key, j.name AS job_name, j.name_en AS job_name_en, r.fire_at, r.manual, r.attempt,
         r.started_at, r.finished_at, r.duration_ms, r.result, r.summary, r.error, r.instance
  FROM sys_job_run r JOIN sys_job j ON j.job_key = r.job_key JOIN sys_org o ON r.org_id IS NULL OR r.org_id = o.id;
