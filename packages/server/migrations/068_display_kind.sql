-- What a template field's figure is (protocol display.ts DisplayKind): money, a unit price or a
-- weight. Every screen formats the column by it (¥1,214.10; the plant's unit price precision; the
-- plant's weight unit and decimals), so a figure reads alike in every list, form and dialog.
ALTER TABLE cg_format_field ADD COLUMN display_kind text;
ALTER TABLE cg_format_field ADD CONSTRAINT cg_format_field_display_kind CHECK (display_kind IN ('money', 'unitPrice', 'weight'));
-- fields declared MONEY before the kind existed read as money
UPDATE cg_format_field SET display_kind = 'money' WHERE class_type = 'MONEY';
