-- 074 took set_config() from PUBLIC, so that a report's SELECT, run as the report reader, cannot
-- change its role or company. PostgreSQL has no grant that leaves out one role, and that revoke
-- took the function from every other role of the database too: a backup role's pg_dump calls it,
-- and so do monitoring tools and drivers. Here every role but the reader has it back (superusers
-- and the cluster's own pg_* roles need no grant). The migration runner calls this at every start,
-- so a role made later has it the next time the platform starts.
CREATE FUNCTION report_reader_set_config_grants() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN
    SELECT rolname FROM pg_roles
     WHERE rolname <> 'wb_report_reader' AND rolname !~ '^pg_' AND NOT rolsuper
       AND NOT has_function_privilege(oid, 'pg_catalog.set_config(text, text, boolean)', 'EXECUTE')
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO %I', r.rolname);
    n := n + 1;
  END LOOP;
  RETURN n;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING '数据源报表: 当前数据库用户不能授予 set_config 的执行权（需要超级用户），其他数据库角色仍不能调用 set_config';
  RETURN 0;
END $$;
REVOKE EXECUTE ON FUNCTION report_reader_set_config_grants() FROM PUBLIC;

SELECT report_reader_set_config_grants();
