-- A line's control points are edited in the line's own form now (its child rows); the separate
-- 线路控制点 screen is gone. A database seeded before keeps its menu entry, buttons and templates:
-- removed here (role grants and button entries go with the menu entry; fields with the formats).
DELETE FROM sys_menu WHERE kind = 'menu' AND path = '/masterdata/line-point';
DELETE FROM sys_menu WHERE permission LIKE 'md\_line\_point\_%';
DELETE FROM cg_format WHERE source = 'code' AND format_code LIKE 'masterdata.line-point.%';
