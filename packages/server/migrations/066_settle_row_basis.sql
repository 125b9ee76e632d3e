-- A settlement row keeps the deductions it was settled with, by kind (tons; the site's 扣水, 扣杂 …
-- already out of the net, QUALITY out of the basis quantity), so the dialog and the statement say
-- why the row holds its quantity. Existing rows take their ticket's site deductions and their own
-- quality deduction.
ALTER TABLE wb_settlement_row ADD COLUMN deductions jsonb NOT NULL DEFAULT '{}'::jsonb;

UPDATE wb_settlement_row r
   SET deductions = coalesce((SELECT jsonb_object_agg(d.kind, trim_scale(d.amount)::text)
                                FROM wb_ticket_deduction d
                               WHERE d.ticket_id = r.ticket_id AND d.kind NOT IN ('QUALITY', 'HIDDEN') AND d.amount > 0), '{}'::jsonb)
                    || CASE WHEN r.quality_deduction <> 0 THEN jsonb_build_object('QUALITY', trim_scale(r.quality_deduction)::text) ELSE '{}'::jsonb END
 WHERE r.scope = 'GOODS';

-- The letterhead of a company's printed statements: its address and phone, when it has them.
ALTER TABLE sys_org ADD COLUMN address text, ADD COLUMN phone text;
