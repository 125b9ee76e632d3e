-- 报表设计: a designed report placed in the menu is a leaf of its organisation only. The menu is
-- otherwise global to the platform (org_id NULL); an organisation's own leaf is shown to its users
-- there and nowhere else, and one organisation has one leaf per path.
ALTER TABLE sys_menu ADD COLUMN org_id bigint REFERENCES sys_org(id) ON DELETE CASCADE;
CREATE UNIQUE INDEX sys_menu_org_path_uq ON sys_menu (org_id, path) WHERE org_id IS NOT NULL AND kind = 'menu';
