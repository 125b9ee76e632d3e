-- Money a party pays or is paid is held in cents (protocol money.ts payAmount; the READMEs of
-- domain/settlement, domain/freight-settlement and domain/money): a settlement's totals, its
-- payments, invoices and typed adjustment rows, a receipt, a refund, a credit line, the ledger's
-- receipt movements and freezes, a freight plan's remittances and fuel-card advances. What is
-- computed per ticket keeps its own precision (a settlement row, a loss charge, a quality
-- correction, a ticket's amount and unit price, the consumption that follows a ticket's amount):
-- the document's total is rounded once and the difference is its automatic rounding row.
--
-- The columns stay NUMERIC(19,4) (views read them); a CHECK holds them to 2 decimals. Existing rows
-- are rounded once, half up (no company had chosen another rule before this migration), and:
-- - a settlement's total is rounded once and the difference becomes its automatic ROUNDING row
--   (auto_rounding); paid and invoiced amounts are the sums of its rounded payments and invoices;
-- - a receipt's rounding moves its ledger rows with it, and the account's received and frozen
--   figures are summed again from its ledger, so the account still says what its ledger says.

ALTER TABLE wb_settlement_adjust ADD COLUMN auto_rounding boolean NOT NULL DEFAULT false;
-- one automatic rounding row a settlement at most, rewritten by every retotal
CREATE UNIQUE INDEX wb_settlement_adjust_rounding_idx ON wb_settlement_adjust (settlement_id) WHERE auto_rounding;
ALTER TABLE wb_settlement_adjust ADD CONSTRAINT wb_settlement_adjust_rounding_kind CHECK (NOT auto_rounding OR reason_kind = 'ROUNDING');

-- Typed and paid amounts, rounded once.
UPDATE wb_settlement_payment SET amount = round(amount, 2) WHERE amount <> round(amount, 2);
UPDATE wb_settlement_invoice SET amount = round(amount, 2), tax = round(tax, 2) WHERE amount <> round(amount, 2) OR tax <> round(tax, 2);
UPDATE wb_settlement_adjust SET amount = round(amount, 2), tax = round(tax, 2), amount_ex_tax = round(amount, 2) - round(tax, 2)
 WHERE reason_kind NOT IN ('QUALITY', 'LOSS') AND (amount <> round(amount, 2) OR tax <> round(tax, 2) OR amount_ex_tax <> round(amount_ex_tax, 2));
UPDATE wb_freight_remittance SET amount = round(amount, 2) WHERE amount <> round(amount, 2);
UPDATE wb_freight_fuel_advance SET amount = round(amount, 2) WHERE amount <> round(amount, 2);

-- Each settlement's totals from its rows and adjustment rows, rounded once; the difference its rounding row.
WITH sums AS (
  SELECT s.id, s.org_id,
         s.rows_amount + coalesce(a.amount, 0) AS amount, s.rows_tax + coalesce(a.tax, 0) AS tax,
         s.rows_amount_ex_tax + coalesce(a.ex_tax, 0) AS ex_tax, coalesce(a.max_seq, 0) AS max_seq
    FROM wb_settlement s
    LEFT JOIN (SELECT settlement_id, sum(amount) AS amount, sum(tax) AS tax, sum(amount_ex_tax) AS ex_tax, max(seq) AS max_seq
                 FROM wb_settlement_adjust GROUP BY settlement_id) a ON a.settlement_id = s.id
), off AS (
  SELECT id, org_id, max_seq, round(amount, 2) - amount AS d_amount, round(tax, 2) - tax AS d_tax,
         (round(amount, 2) - round(tax, 2)) - ex_tax AS d_ex_tax
    FROM sums WHERE amount <> round(amount, 2) OR tax <> round(tax, 2) OR ex_tax <> round(amount, 2) - round(tax, 2)
)
INSERT INTO wb_settlement_adjust (org_id, settlement_id, seq, reason_kind, reason, amount, tax, amount_ex_tax, auto_rounding)
SELECT org_id, id, max_seq + 1, 'ROUNDING', '金额取整到分', d_amount, d_tax, d_ex_tax, true FROM off;

UPDATE wb_settlement s SET
  adjust_amount = a.amount, adjust_tax = a.tax,
  total_amount = s.rows_amount + a.amount, total_tax = s.rows_tax + a.tax, total_amount_ex_tax = s.rows_amount_ex_tax + a.ex_tax
  FROM (SELECT settlement_id, sum(amount) AS amount, sum(tax) AS tax, sum(amount_ex_tax) AS ex_tax FROM wb_settlement_adjust GROUP BY settlement_id) a
 WHERE a.settlement_id = s.id
   AND (s.adjust_amount <> a.amount OR s.adjust_tax <> a.tax OR s.total_amount <> s.rows_amount + a.amount OR s.total_tax <> s.rows_tax + a.tax
        OR s.total_amount_ex_tax <> s.rows_amount_ex_tax + a.ex_tax);

UPDATE wb_settlement s SET paid_amount = coalesce((SELECT sum(p.amount) FROM wb_settlement_payment p WHERE p.settlement_id = s.id), 0)
 WHERE paid_amount <> round(paid_amount, 2);
UPDATE wb_settlement s SET invoiced_amount = coalesce((SELECT sum(i.amount) FROM wb_settlement_invoice i WHERE i.settlement_id = s.id), 0)
 WHERE invoiced_amount <> round(invoiced_amount, 2);

-- Receipts, refunds and credit lines, and the ledger's movements of them and of freezes.
UPDATE fm_receipt SET amount = round(amount, 2), tax_amount = round(tax_amount, 2)
 WHERE amount <> round(amount, 2) OR tax_amount <> round(tax_amount, 2);
UPDATE fm_credit SET amount = round(amount, 2) WHERE amount <> round(amount, 2);
UPDATE fm_ledger SET delta = round(delta, 2)
 WHERE kind IN ('RECEIPT', 'RECEIPT_WITHDRAWN', 'REFUND', 'REFUND_WITHDRAWN') AND delta <> round(delta, 2);
UPDATE fm_ledger SET frozen_delta = round(frozen_delta, 2) WHERE frozen_delta <> round(frozen_delta, 2);
UPDATE fm_account a SET received = l.received, frozen = greatest(l.frozen, 0), updated_at = now()
  FROM (SELECT org_id, customer_id,
               coalesce(sum(delta) FILTER (WHERE kind IN ('RECEIPT', 'RECEIPT_WITHDRAWN', 'REFUND', 'REFUND_WITHDRAWN')), 0) AS received,
               coalesce(sum(frozen_delta), 0) AS frozen
          FROM fm_ledger GROUP BY org_id, customer_id) l
 WHERE l.org_id = a.org_id AND l.customer_id = a.customer_id AND (a.received <> l.received OR a.frozen <> greatest(l.frozen, 0))
   AND (a.received <> round(a.received, 2) OR a.frozen <> round(a.frozen, 2));

-- From now on, cents.
ALTER TABLE wb_settlement
  ADD CONSTRAINT wb_settlement_cents CHECK (total_amount = round(total_amount, 2) AND total_tax = round(total_tax, 2)
    AND total_amount_ex_tax = round(total_amount_ex_tax, 2) AND paid_amount = round(paid_amount, 2) AND invoiced_amount = round(invoiced_amount, 2));
ALTER TABLE wb_settlement_payment ADD CONSTRAINT wb_settlement_payment_cents CHECK (amount = round(amount, 2));
ALTER TABLE wb_settlement_invoice ADD CONSTRAINT wb_settlement_invoice_cents CHECK (amount = round(amount, 2) AND tax = round(tax, 2));
ALTER TABLE wb_settlement_adjust ADD CONSTRAINT wb_settlement_adjust_cents CHECK (
  auto_rounding OR reason_kind IN ('QUALITY', 'LOSS') OR (amount = round(amount, 2) AND tax = round(tax, 2) AND amount_ex_tax = round(amount_ex_tax, 2)));
ALTER TABLE wb_freight_remittance ADD CONSTRAINT wb_freight_remittance_cents CHECK (amount = round(amount, 2));
ALTER TABLE wb_freight_fuel_advance ADD CONSTRAINT wb_freight_fuel_advance_cents CHECK (amount = round(amount, 2));
ALTER TABLE fm_receipt ADD CONSTRAINT fm_receipt_cents CHECK (amount = round(amount, 2) AND tax_amount = round(tax_amount, 2));
ALTER TABLE fm_credit ADD CONSTRAINT fm_credit_cents CHECK (amount = round(amount, 2));
ALTER TABLE fm_ledger ADD CONSTRAINT fm_ledger_cents CHECK (frozen_delta = round(frozen_delta, 2)
  AND (kind NOT IN ('RECEIPT', 'RECEIPT_WITHDRAWN', 'REFUND', 'REFUND_WITHDRAWN') OR delta = round(delta, 2)));
