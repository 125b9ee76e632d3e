-- A receipt, a refund, a credit line and an account are the company's money with a customer the
-- company was given (md_customer_alloc), as every other company row that names a customer is
-- (wb_notice, wb_ticket, wb_settlement): 039 let them name any archive of the group, so a row could
-- hold money of a customer the company has no business with and that none of its lists shows.
-- NOT VALID first, so an upgrade never stops on old rows; validated at once where none breaks it
-- (the consistency check lists the rows of a company that does).
ALTER TABLE fm_receipt
  DROP CONSTRAINT fm_receipt_customer_id_fkey,
  ADD CONSTRAINT fm_receipt_customer_alloc_fk FOREIGN KEY (org_id, customer_id) REFERENCES md_customer_alloc (org_id, archive_id) NOT VALID;
ALTER TABLE fm_credit
  DROP CONSTRAINT fm_credit_customer_id_fkey,
  ADD CONSTRAINT fm_credit_customer_alloc_fk FOREIGN KEY (org_id, customer_id) REFERENCES md_customer_alloc (org_id, archive_id) NOT VALID;
ALTER TABLE fm_account
  DROP CONSTRAINT fm_account_customer_id_fkey,
  ADD CONSTRAINT fm_account_customer_alloc_fk FOREIGN KEY (org_id, customer_id) REFERENCES md_customer_alloc (org_id, archive_id) NOT VALID;

DO $$
DECLARE
  t text;
  breaking boolean;
BEGIN
  FOREACH t IN ARRAY ARRAY['fm_receipt', 'fm_credit', 'fm_account'] LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I x WHERE NOT EXISTS (SELECT 1 FROM md_customer_alloc a WHERE a.org_id = x.org_id AND a.archive_id = x.customer_id))', t)
      INTO breaking;
    IF NOT breaking THEN
      EXECUTE format('ALTER TABLE %I VALIDATE CONSTRAINT %I', t, t || '_customer_alloc_fk');
    END IF;
  END LOOP;
END $$;
