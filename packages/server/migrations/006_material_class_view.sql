-- Inventory classes are kept once per group and used by every company of it (no allocation):
-- the class list reads them once per company of the group, so the list engine's company filter
-- (alloc_org_id) answers the caller's group's classes.
CREATE VIEW md_material_class_in_org AS
  SELECT o.id AS alloc_org_id, c.* FROM md_material_class c JOIN sys_org o ON o.group_id = c.group_id;
