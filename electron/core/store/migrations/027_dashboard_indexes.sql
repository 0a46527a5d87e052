-- The overview's aggregates (electron/core/domains/dashboard): each reads one index, never a
-- table. The partial ones hold only the rows an aggregate counts, so their size follows the
-- business still open, not the whole history (tests/integration/dashboard.test.ts checks the plans).

-- Sales per day and the sales of today / this month: live receipts by date, with their RON value.
CREATE INDEX sales_live_day_ron ON sales(company_id, date, total_ron) WHERE cancelled = 0;

-- Receivables: live invoices with something left to pay (the list's paid=false, the same term),
-- by date (age groups), with what the rest is computed from (overdue: due_date).
CREATE INDEX invoices_open_receivables ON invoices(company_id, date, due_date, total_with_vat, paid_amount, total_ron)
  WHERE cancelled = 0 AND round(total_with_vat - paid_amount, 2) > 0;

-- Orders by status.
CREATE INDEX connector_orders_company_live_status ON connector_orders(company_id, cancelled, order_status);

-- Deliveries per hour: webhook_outbox_company_created (009) finds the last hours' few rows.

-- Orders waiting for an invoice / an AWB. Whether an order has a live invoice (through one of its
-- live sales receipts) or a live AWB (made for it, or attached to one of its receipts) is kept on
-- the order by the triggers below, as products.stock_total is (015): counting the orders without
-- one is then a walk of a partial index of just those orders, where asking each of 80,000 orders
-- took a second. Every trigger computes the flags again from the links themselves, whatever code
-- path wrote them and in whichever order an order and its documents are written.
ALTER TABLE connector_orders ADD COLUMN has_invoice INTEGER NOT NULL DEFAULT 0;
ALTER TABLE connector_orders ADD COLUMN has_awb INTEGER NOT NULL DEFAULT 0;
UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE 1;

CREATE INDEX connector_orders_waiting_invoice ON connector_orders(company_id) WHERE cancelled = 0 AND has_invoice = 0;
CREATE INDEX connector_orders_waiting_awb ON connector_orders(company_id) WHERE cancelled = 0 AND has_awb = 0;

CREATE TRIGGER connector_orders_links_insert AFTER INSERT ON connector_orders
BEGIN
  UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE id = NEW.id;
END;

CREATE TRIGGER sales_order_links_insert AFTER INSERT ON sales WHEN NEW.connector_order_id IS NOT NULL
BEGIN
  UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE id = NEW.connector_order_id;
END;

CREATE TRIGGER sales_order_links_update AFTER UPDATE OF invoice_id, cancelled, connector_order_id ON sales
 WHEN NEW.connector_order_id IS NOT NULL OR OLD.connector_order_id IS NOT NULL
BEGIN
  UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE id IN (NEW.connector_order_id, OLD.connector_order_id);
END;

CREATE TRIGGER sales_order_links_delete AFTER DELETE ON sales WHEN OLD.connector_order_id IS NOT NULL
BEGIN
  UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE id = OLD.connector_order_id;
END;

CREATE TRIGGER invoices_order_links_cancel AFTER UPDATE OF cancelled ON invoices
BEGIN
  UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE id IN (SELECT connector_order_id FROM sales WHERE invoice_id = NEW.id);
END;

CREATE TRIGGER awbs_order_links_insert AFTER INSERT ON awbs
BEGIN
  UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE id IN (NEW.connector_order_id, (SELECT connector_order_id FROM sales WHERE id = NEW.sale_id));
END;

CREATE TRIGGER awbs_order_links_update AFTER UPDATE OF cancelled, connector_order_id, sale_id ON awbs
BEGIN
  UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE id IN (NEW.connector_order_id, OLD.connector_order_id, (SELECT connector_order_id FROM sales WHERE id = NEW.sale_id), (SELECT connector_order_id FROM sales WHERE id = OLD.sale_id));
END;

CREATE TRIGGER awbs_order_links_delete AFTER DELETE ON awbs
BEGIN
  UPDATE connector_orders
     SET has_invoice = EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id WHERE s.connector_order_id = connector_orders.id AND s.cancelled = 0 AND i.cancelled = 0),
         has_awb = (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = connector_orders.id AND a.cancelled = 0)
                 OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = connector_orders.id AND a.cancelled = 0))
   WHERE id IN (OLD.connector_order_id, (SELECT connector_order_id FROM sales WHERE id = OLD.sale_id));
END;
