-- Which menu and button entries the code's tree put there (seed/menus.ts): the start-time menu
-- sync retires such an entry once the tree no longer defines it (the per-area notice, registry and
-- ticket leaves of before the regrouping), and never touches one an administrator made.
ALTER TABLE sys_menu ADD COLUMN seeded boolean NOT NULL DEFAULT false;

-- An existing database: every entry came from the seed except those an administrator added or
-- changed through 菜单管理 (logged as createMenu / updateMenu "<name> <permission or path>") or
-- 登记权限 (logged as registerPermission "<permission>"). From now on an edit that points a seeded
-- entry at another path or permission makes it the administrator's (admin/menus/repo.ts).
UPDATE sys_menu m SET seeded = true
 WHERE NOT EXISTS (
   SELECT 1 FROM sys_log l
    WHERE l.action IN ('createMenu', 'updateMenu', 'registerPermission')
      AND (l.detail = coalesce(m.permission, m.path, m.name)
           OR l.detail = m.name || ' ' || coalesce(m.permission, m.path)));
