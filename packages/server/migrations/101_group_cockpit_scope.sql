-- 集团驾驶舱 (group cockpit): the general manager's role looks over every plant of its group, so
-- it holds the 集团 data scope (lists read group as company: nothing else changes for it). A role
-- an administrator has already narrowed or widened keeps its scope.
UPDATE sys_role SET data_scope = 'group' WHERE role_code = 'ROLE_GENERAL_MANAGER' AND data_scope = 'company';
