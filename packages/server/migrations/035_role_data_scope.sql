-- A role's data scope: which rows of a list its holders see inside the current company. own: the
-- rows they created; department: the rows created by anyone of their department there; company
-- and group: every row of the company (lists never leave the session's company, so group is
-- company read as "no narrowing"). A holder of several roles gets the widest. Existing roles keep
-- today's behaviour: company.
ALTER TABLE sys_role ADD COLUMN data_scope text NOT NULL DEFAULT 'company'
  CHECK (data_scope IN ('own', 'department', 'company', 'group'));

-- The column of a list's main table holding the user who created the row: what own and
-- department scopes narrow by. A list without one (a stock balance has no creator) is not narrowed.
ALTER TABLE cg_format ADD COLUMN owner_column text CHECK (owner_column ~ '^[a-z_][a-z0-9_]*$');
