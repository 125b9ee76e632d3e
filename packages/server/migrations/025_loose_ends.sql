-- Which menu and button entries the code's tree put there (seed/menus.ts): the start-time menu
-- sync retires such an entry once the tree no longer defines it (the per-area notice, registry and
-- ticket leaves of before the regrouping), and never touches one an administrator made.
ALTER TABLE sys_menu ADD COLUMN seeded boolean NOT NULL DEFAULT false;

-- An existing database: every entry came from the seed except those an administrator added
-- through 菜单管理 (logged as createMenu "<name> <permission or path>") or 登记权限 (logged as
-- registerPermission "<permission>").
UPDATE sys_menu m SET seeded = true
 WHERE NOT EXISTS (
   SELECT 1 FROM sys_log l
    WHERE l.action IN ('createMenu', 'registerPermission')
      AND (l.detail = coalesce(m.permission, m.path, m.name)
           OR l.detail = m.name || ' ' || coalesce(m.permission, m.path)));
