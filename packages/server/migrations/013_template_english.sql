-- A format's name in English, as its fields already carry fieldExplainEn: a form's title, a
-- popup's title and a list's tab read it when the screen is in English.
ALTER TABLE cg_format ADD COLUMN format_name_en text;
