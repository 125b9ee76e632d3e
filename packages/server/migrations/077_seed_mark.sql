-- What a start last wrote from code, by name (the templates): a fingerprint of the declarations
-- and of the rows they were written into. A start that finds the same fingerprint has nothing to
-- write and skips the seed; any change to the code, the menus or the templates' rows seeds again.
CREATE TABLE sys_seed_mark (
  name text PRIMARY KEY,
  fingerprint text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
