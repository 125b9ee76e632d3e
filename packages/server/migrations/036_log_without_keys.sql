-- The operation log is written beside every change, weighings included; a log row outlives what it
-- names (as the weigh log's do, migration 033), so it keeps the ids and the user's name as they
-- were and checks no foreign key: each key was a trigger run on every logged change.
ALTER TABLE sys_log DROP CONSTRAINT IF EXISTS sys_log_org_id_fkey;
ALTER TABLE sys_log DROP CONSTRAINT IF EXISTS sys_log_user_id_fkey;
