-- One truth for what is paid (docs/data-model.md "What is paid"). Before this, a payment could be
-- allocated to a sales receipt or to that receipt's invoice, and each kept its own paid_amount:
-- a receipt paid in full could keep its invoice at rest = total, and the other way round.
--
-- From here on a payment is allocated to the sales receipt it pays, to an invoice only when the
-- invoice has no sales receipt (services, storno), and never to a cancelled document. The
-- ledger (electron/core/domains/payments/ledger.ts) writes a receipt's paid_amount; the
-- triggers below carry it, whatever code path wrote it, to:
--   - the receipt's invoice: paid_amount = the sum over its live receipts (same currency: an
--     invoice is issued in its receipts' currency), last_changed_ts moved with the receipt's
--     (a partner syncing with modifiedafter sees the invoice's new rest);
--   - the proforma the invoice was issued from: paid_amount = the invoice's, up to its total.
--
-- The data repair below applies the rule to data written by earlier versions: allocations to an
-- invoice that has receipts move to its oldest receipt, allocations of cancelled payments or to
-- cancelled documents go, and every figure is recomputed from the allocations (a payment in
-- another currency than its document is converted with the two stored document rates, the
-- nearest SQL can get to the ledger's rate of the payment day). Timestamps are left as they were.

UPDATE payments SET sale_id = (
    SELECT min(s.id) FROM payment_allocations a JOIN sales s ON s.invoice_id = a.doc_id AND s.company_id = a.company_id
     WHERE a.payment_id = payments.id AND a.doc_type = 'invoice')
 WHERE sale_id IS NULL
   AND EXISTS (SELECT 1 FROM payment_allocations a JOIN sales s ON s.invoice_id = a.doc_id AND s.company_id = a.company_id
                WHERE a.payment_id = payments.id AND a.doc_type = 'invoice');

UPDATE payment_allocations SET doc_type = 'sale', doc_id = (
    SELECT min(s.id) FROM sales s WHERE s.invoice_id = payment_allocations.doc_id AND s.company_id = payment_allocations.company_id)
 WHERE doc_type = 'invoice'
   AND EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = payment_allocations.doc_id AND s.company_id = payment_allocations.company_id);

DELETE FROM payment_allocations
 WHERE payment_id IN (SELECT id FROM payments WHERE cancelled = 1)
    OR (doc_type = 'sale' AND doc_id IN (SELECT id FROM sales WHERE cancelled = 1))
    OR (doc_type = 'invoice' AND doc_id IN (SELECT id FROM invoices WHERE cancelled = 1))
    OR (doc_type = 'proforma' AND doc_id IN (SELECT id FROM proformas WHERE cancelled = 1));

UPDATE payments SET allocated_amount = COALESCE(
    (SELECT round(sum(a.amount), 2) FROM payment_allocations a WHERE a.payment_id = payments.id AND a.company_id = payments.company_id), 0);
UPDATE payments SET allocation_status = CASE
    WHEN allocated_amount <= 0 THEN 'not_allocated'
    WHEN allocated_amount >= amount - 0.004 THEN 'fully_allocated'
    ELSE 'some_allocated' END;

UPDATE sales SET paid_amount = COALESCE((
    SELECT round(sum(CASE WHEN p.currency = sales.currency THEN a.amount ELSE a.amount * p.exchange_rate / sales.exchange_rate END), 2)
      FROM payment_allocations a JOIN payments p ON p.id = a.payment_id AND p.company_id = a.company_id
     WHERE a.doc_type = 'sale' AND a.doc_id = sales.id AND a.company_id = sales.company_id AND p.cancelled = 0), 0);

UPDATE invoices SET paid_amount = CASE
    WHEN EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = invoices.id AND s.company_id = invoices.company_id)
    THEN (SELECT round(COALESCE(sum(s.paid_amount), 0), 2) FROM sales s
           WHERE s.invoice_id = invoices.id AND s.company_id = invoices.company_id AND s.cancelled = 0)
    ELSE COALESCE((
      SELECT round(sum(CASE WHEN p.currency = invoices.currency THEN a.amount ELSE a.amount * p.exchange_rate / invoices.exchange_rate END), 2)
        FROM payment_allocations a JOIN payments p ON p.id = a.payment_id AND p.company_id = a.company_id
       WHERE a.doc_type = 'invoice' AND a.doc_id = invoices.id AND a.company_id = invoices.company_id AND p.cancelled = 0), 0)
    END;

UPDATE proformas SET paid_amount = CASE
    WHEN invoice_id IS NULL THEN COALESCE((
      SELECT round(sum(CASE WHEN p.currency = proformas.currency THEN a.amount ELSE a.amount * p.exchange_rate / proformas.exchange_rate END), 2)
        FROM payment_allocations a JOIN payments p ON p.id = a.payment_id AND p.company_id = a.company_id
       WHERE a.doc_type = 'proforma' AND a.doc_id = proformas.id AND a.company_id = proformas.company_id AND p.cancelled = 0), 0)
    ELSE COALESCE((SELECT min(proformas.total_with_vat, i.paid_amount) FROM invoices i WHERE i.id = proformas.invoice_id), 0)
    END;

-- The proformas of an invoice (the trigger below and the invoice detail).
CREATE INDEX proformas_invoice ON proformas(invoice_id);

-- A receipt's paid_amount, invoice link or cancellation reaches its invoice (the old one too,
-- when the link moves). Runs for every UPDATE naming those columns, also when the value stays.
CREATE TRIGGER sales_paid_to_invoice AFTER UPDATE OF paid_amount, invoice_id, cancelled ON sales
 WHEN NEW.invoice_id IS NOT NULL OR OLD.invoice_id IS NOT NULL
BEGIN
  UPDATE invoices
     SET paid_amount = (SELECT round(COALESCE(sum(s.paid_amount), 0), 2) FROM sales s
                         WHERE s.invoice_id = invoices.id AND s.company_id = invoices.company_id AND s.cancelled = 0),
         last_changed_ts = max(last_changed_ts, NEW.last_changed_ts)
   WHERE company_id = NEW.company_id AND id IN (NEW.invoice_id, OLD.invoice_id);
END;

-- An invoice's paid_amount reaches the proforma it was issued from.
CREATE TRIGGER invoices_paid_to_proforma AFTER UPDATE OF paid_amount ON invoices
BEGIN
  UPDATE proformas
     SET paid_amount = min(total_with_vat, NEW.paid_amount),
         last_changed_ts = max(last_changed_ts, NEW.last_changed_ts)
   WHERE company_id = NEW.company_id AND invoice_id = NEW.id;
END;

-- A proforma linked to its invoice takes the invoice's paid_amount at once.
CREATE TRIGGER proformas_invoiced_paid AFTER UPDATE OF invoice_id ON proformas
 WHEN NEW.invoice_id IS NOT NULL
BEGIN
  UPDATE proformas
     SET paid_amount = COALESCE((SELECT min(NEW.total_with_vat, i.paid_amount) FROM invoices i
                                  WHERE i.id = NEW.invoice_id AND i.company_id = NEW.company_id), 0)
   WHERE id = NEW.id;
END;

-- A cancelled document carries no allocation: cancelling a receipt (or an invoice without one)
-- releases its payments, whatever code path cancels it. Each payment keeps what it paid
-- elsewhere; the part that paid this document is unallocated again (the client's credit). The
-- document's paid_amount goes to 0, and the receipt's trigger above carries that to its invoice.
CREATE TRIGGER sales_cancel_releases_payments AFTER UPDATE OF cancelled ON sales
 WHEN NEW.cancelled = 1 AND OLD.cancelled = 0
BEGIN
  UPDATE payments
     SET allocated_amount = max(0, round(allocated_amount - (SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = payments.id AND a.doc_type = 'sale' AND a.doc_id = NEW.id), 2)),
         allocation_status = CASE WHEN max(0, round(allocated_amount - (SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = payments.id AND a.doc_type = 'sale' AND a.doc_id = NEW.id), 2)) <= 0 THEN 'not_allocated'
                                  WHEN max(0, round(allocated_amount - (SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = payments.id AND a.doc_type = 'sale' AND a.doc_id = NEW.id), 2)) >= amount - 0.004 THEN 'fully_allocated'
                                  ELSE 'some_allocated' END,
         last_changed_ts = NEW.last_changed_ts
   WHERE company_id = NEW.company_id
     AND id IN (SELECT payment_id FROM payment_allocations WHERE doc_type = 'sale' AND doc_id = NEW.id);
  DELETE FROM payment_allocations WHERE doc_type = 'sale' AND doc_id = NEW.id;
  UPDATE sales SET paid_amount = 0 WHERE id = NEW.id;
END;

CREATE TRIGGER invoices_cancel_releases_payments AFTER UPDATE OF cancelled ON invoices
 WHEN NEW.cancelled = 1 AND OLD.cancelled = 0
BEGIN
  UPDATE payments
     SET allocated_amount = max(0, round(allocated_amount - (SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = payments.id AND a.doc_type = 'invoice' AND a.doc_id = NEW.id), 2)),
         allocation_status = CASE WHEN max(0, round(allocated_amount - (SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = payments.id AND a.doc_type = 'invoice' AND a.doc_id = NEW.id), 2)) <= 0 THEN 'not_allocated'
                                  WHEN max(0, round(allocated_amount - (SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = payments.id AND a.doc_type = 'invoice' AND a.doc_id = NEW.id), 2)) >= amount - 0.004 THEN 'fully_allocated'
                                  ELSE 'some_allocated' END,
         last_changed_ts = NEW.last_changed_ts
   WHERE company_id = NEW.company_id
     AND id IN (SELECT payment_id FROM payment_allocations WHERE doc_type = 'invoice' AND doc_id = NEW.id);
  DELETE FROM payment_allocations WHERE doc_type = 'invoice' AND doc_id = NEW.id;
  UPDATE invoices SET paid_amount = 0 WHERE id = NEW.id AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = NEW.id);
END;
