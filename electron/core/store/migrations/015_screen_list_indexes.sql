-- Indexes of the screen lists (the lists.* operations: shared/contract/operations-lists.ts) and
-- of the command palette (search.global). docs/data-model.md, "Screen lists", explains the plan.
--
-- A screen list reads a window at any offset (late row lookup): first the ids of the window,
-- SELECT id ... WHERE <filters> ORDER BY <sort>, id LIMIT ? OFFSET ?, then those rows by id;
-- and the total, SELECT count(*) ... WHERE <filters>. Both walk one index from end to end at
-- worst, so each sort gets an index that orders by (company_id, <sort>, id) and carries every
-- column a filter of that list reads after the id: the walk then never leaves the index (a
-- COVERING INDEX), whatever flags are set, and an offset deep in 300k rows costs a walk of
-- index entries, not 300k row lookups. The columns after id do not change the order (id is
-- unique), they are only there to be read.
--
-- The REST lists keep their indexes of 003-007 (narrower: the planner keeps choosing them for
-- the keyset pages). Sorting on names uses NOCASE, the collation a LIKE prefix needs.

-- Sales receipts: sorts bv_id, doc_date, document_value_with_vat; filters date range,
-- client_id, cancelled, invoiced (invoice_id), added_by_api.
CREATE INDEX sales_screen_id ON sales(company_id, id, date, client_id, cancelled, invoice_id, added_by_api);
CREATE INDEX sales_screen_date ON sales(company_id, date, id, client_id, cancelled, invoice_id, added_by_api);
CREATE INDEX sales_screen_total ON sales(company_id, total_with_vat, id, date, client_id, cancelled, invoice_id, added_by_api);
-- q: the number (any series; with a series the row is checked), the start of the client's name.
CREATE INDEX sales_company_number ON sales(company_id, number);
CREATE INDEX sales_company_client_name ON sales(company_id, client_name COLLATE NOCASE);

-- Invoices: sorts bocp_id, doc_date, document_value_with_vat; filters date range, client_id,
-- cancelled, paid (total_with_vat and paid_amount). q: invoices_company_number (003).
CREATE INDEX invoices_screen_id ON invoices(company_id, id, date, client_id, cancelled, total_with_vat, paid_amount);
CREATE INDEX invoices_screen_date ON invoices(company_id, date, id, client_id, cancelled, total_with_vat, paid_amount);
CREATE INDEX invoices_screen_total ON invoices(company_id, total_with_vat, id, date, client_id, cancelled, paid_amount);
CREATE INDEX invoices_company_client_name ON invoices(company_id, client_name COLLATE NOCASE);

-- Proformas: sorts proforma_id, doc_date; filters date range, client_id, cancelled.
CREATE INDEX proformas_screen_id ON proformas(company_id, id, date, client_id, cancelled);
CREATE INDEX proformas_screen_date ON proformas(company_id, date, id, client_id, cancelled);
CREATE INDEX proformas_company_number ON proformas(company_id, number);
CREATE INDEX proformas_company_client_name ON proformas(company_id, client_name COLLATE NOCASE);

-- Fiscal receipts: sorts fiscal_receipt_id, doc_date (the receipt's day, the expression of
-- fiscal_receipts_company_day, 005); filters the day range, status_id, bv_id (sale_id).
-- q: the printed receipt number, or the receipt's sale as the sales q finds it.
CREATE INDEX fiscal_receipts_screen_id
  ON fiscal_receipts(company_id, id, COALESCE(bf_date, substr(created_ts, 1, 10)), status_id, sale_id);
CREATE INDEX fiscal_receipts_screen_day
  ON fiscal_receipts(company_id, COALESCE(bf_date, substr(created_ts, 1, 10)), id, status_id, sale_id);
CREATE INDEX fiscal_receipts_company_bon ON fiscal_receipts(company_id, bon_nr);

-- Payments: sorts incasare_id, doc_date, amount; filters date range, client_id, bv_id
-- (sale_id), payment_type, cancelled.
CREATE INDEX payments_screen_id ON payments(company_id, id, date, client_id, sale_id, payment_type, cancelled);
CREATE INDEX payments_screen_date ON payments(company_id, date, id, client_id, sale_id, payment_type, cancelled);
CREATE INDEX payments_screen_amount ON payments(company_id, amount, id, date, client_id, sale_id, payment_type, cancelled);
CREATE INDEX payments_company_number ON payments(company_id, number);
CREATE INDEX payments_company_client_name ON payments(company_id, client_name COLLATE NOCASE);

-- AWBs: sorts awb_id, doc_date; filters date range, sale_id, awb_type, cancelled.
-- q: awbs_company_nr (003) for the tracking number.
CREATE INDEX awbs_screen_id ON awbs(company_id, id, date, sale_id, awb_type, cancelled);
CREATE INDEX awbs_screen_date ON awbs(company_id, date, id, sale_id, awb_type, cancelled);
CREATE INDEX awbs_company_client_name ON awbs(company_id, client_name COLLATE NOCASE);

-- Contacts: sorts bocp_id, name; filters is_client, is_supplier (deleted ones never shown).
-- The name index also serves the name prefix of q; vat_id: contacts_company_cui (002).
CREATE INDEX contacts_screen_id ON contacts(company_id, id, deleted, is_client, is_supplier);
CREATE INDEX contacts_screen_name ON contacts(company_id, name COLLATE NOCASE, id, deleted, is_client, is_supplier);

-- Products: the global stock (stoc_global: the quantity at every live workpoint) is kept on
-- the product by triggers, so the list can sort and filter (in_stock) on it through an index
-- instead of summing the stock of every product of the catalogue for each window.
ALTER TABLE products ADD COLUMN stock_total REAL NOT NULL DEFAULT 0;
UPDATE products SET stock_total = COALESCE((
  SELECT round(sum(s.quantity), 3) FROM stock s JOIN workpoints w ON w.id = s.workpoint_id AND w.deleted = 0
   WHERE s.product_id = products.id), 0);

CREATE TRIGGER stock_total_after_insert AFTER INSERT ON stock BEGIN
  UPDATE products SET stock_total = COALESCE((
    SELECT round(sum(s.quantity), 3) FROM stock s JOIN workpoints w ON w.id = s.workpoint_id AND w.deleted = 0
     WHERE s.product_id = NEW.product_id), 0)
   WHERE id = NEW.product_id;
END;
CREATE TRIGGER stock_total_after_update AFTER UPDATE OF quantity, product_id, workpoint_id ON stock BEGIN
  UPDATE products SET stock_total = COALESCE((
    SELECT round(sum(s.quantity), 3) FROM stock s JOIN workpoints w ON w.id = s.workpoint_id AND w.deleted = 0
     WHERE s.product_id = products.id), 0)
   WHERE id IN (NEW.product_id, OLD.product_id);
END;
CREATE TRIGGER stock_total_after_delete AFTER DELETE ON stock BEGIN
  UPDATE products SET stock_total = COALESCE((
    SELECT round(sum(s.quantity), 3) FROM stock s JOIN workpoints w ON w.id = s.workpoint_id AND w.deleted = 0
     WHERE s.product_id = OLD.product_id), 0)
   WHERE id = OLD.product_id;
END;
-- A workpoint deleted (or brought back) stops (or starts) counting in its products' stock.
CREATE TRIGGER stock_total_after_workpoint AFTER UPDATE OF deleted ON workpoints BEGIN
  UPDATE products SET stock_total = COALESCE((
    SELECT round(sum(s.quantity), 3) FROM stock s JOIN workpoints w ON w.id = s.workpoint_id AND w.deleted = 0
     WHERE s.product_id = products.id), 0)
   WHERE id IN (SELECT product_id FROM stock WHERE company_id = NEW.company_id AND workpoint_id = NEW.id);
END;

-- Products: sorts product_id, product_name, stoc_global (stock_total), pret_vanzare; filters
-- deleted, archived, category_id, manufacturer_id, in_stock. Published to a connector: the
-- primary key of connector_products, one probe per product. The date range (the day it was
-- created): products_company_created (007). q: products_company_code / _barcode / _variant
-- (002) for the codes, the name index for the name prefix.
CREATE INDEX products_screen_id ON products(company_id, id, deleted, archived, category_id, manufacturer_id, stock_total);
CREATE INDEX products_screen_name
  ON products(company_id, product_name COLLATE NOCASE, id, deleted, archived, category_id, manufacturer_id, stock_total);
CREATE INDEX products_screen_stock ON products(company_id, stock_total, id, deleted, archived, category_id, manufacturer_id);
CREATE INDEX products_screen_price
  ON products(company_id, pret_vanzare, id, deleted, archived, category_id, manufacturer_id, stock_total);

-- Connector orders: sorts SERVICE_order_id, order_date; filters the date range, connector_id,
-- cancelled, order_status. q: the order's id on the connector (order_unique_id, any connector).
CREATE INDEX connector_orders_screen_id ON connector_orders(company_id, id, order_date, connector_id, cancelled, order_status);
CREATE INDEX connector_orders_screen_date ON connector_orders(company_id, order_date, id, connector_id, cancelled, order_status);
CREATE INDEX connector_orders_company_unique ON connector_orders(company_id, order_unique_id);
