-- A menu leaf the sidebar and the menu search do not show while its page keeps its route: a form
-- that is a page of its own (收款登记单, opened from its list) or a screen another leaf already
-- covers. The code's tree sets it on the entries it seeded (seed/menu-upgrade.ts).
ALTER TABLE sys_menu ADD COLUMN hidden boolean NOT NULL DEFAULT false;
