-- The overview's aggregates (electron/core/domains/dashboard): each reads one index, never a
-- table. The partial ones hold only the rows an aggregate counts, so their size follows the
-- business still open, not the whole history (tests/integration/dashboard.test.ts checks the plans).

-- Sales per day and the sales of today / this month: live receipts by date, with their RON value.
CREATE INDEX sales_live_day_ron ON sales(company_id, date, total_ron) WHERE cancelled = 0;

-- Receivables: live invoices with something left to pay (the list's paid=false, the same term),
-- by date (age groups), with what the rest is computed from (overdue: due_date).
CREATE INDEX invoices_open_receivables ON invoices(company_id, date, due_date, total_with_vat, paid_amount, total_ron)
  WHERE cancelled = 0 AND round(total_with_vat - paid_amount, 2) > 0;

-- Orders by status, and the live orders the "waiting for an invoice / an AWB" counts walk.
CREATE INDEX connector_orders_company_live_status ON connector_orders(company_id, cancelled, order_status);

-- Deliveries per hour by where they stand: created in the last hours, with their status.
CREATE INDEX webhook_outbox_company_created_status ON webhook_outbox(company_id, created_ts, status);
