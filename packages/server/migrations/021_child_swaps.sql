-- Child rows are saved as a set in one statement: a line's form may swap two points between rows
-- (进厂 and 皮重 chosen the other way round), a dictionary form two item codes. Checked row by row,
-- the unique keys would refuse the swap halfway; checked at the end of the statement they see
-- the set as saved. (Still immediate: two documents never hold one key at the end of a statement.)
ALTER TABLE md_line_point
  DROP CONSTRAINT md_line_point_line_id_point_key,
  ADD CONSTRAINT md_line_point_line_id_point_key UNIQUE (line_id, point) DEFERRABLE INITIALLY IMMEDIATE,
  DROP CONSTRAINT md_line_point_line_id_seq_key,
  ADD CONSTRAINT md_line_point_line_id_seq_key UNIQUE (line_id, seq) DEFERRABLE INITIALLY IMMEDIATE;
ALTER TABLE md_dict_item
  DROP CONSTRAINT md_dict_item_org_id_type_id_item_code_key,
  ADD CONSTRAINT md_dict_item_org_id_type_id_item_code_key UNIQUE (org_id, type_id, item_code) DEFERRABLE INITIALLY IMMEDIATE;
