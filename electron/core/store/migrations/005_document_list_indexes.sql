-- Indexes for the filters of the document lists (invoices, proformas, fiscal receipts,
-- payments, AWBs, inventories) that migration 003 does not cover yet.

-- bv_id on /fiscalreceipts/list/: without statistics (an account that grew after its last
-- ANALYZE) the planner prefers walking fiscal_receipts_company in id order over
-- fiscal_receipts_sale (sale_id); with the account first, the sale's receipts are one ordered
-- equality read whatever the statistics say.
CREATE INDEX fiscal_receipts_company_sale ON fiscal_receipts(company_id, sale_id);

-- Date filters on /fiscalreceipts/list/ act on the receipt's day: bf_date, or the day it was
-- registered (created_ts) when it has none. The list filters on exactly this expression.
CREATE INDEX fiscal_receipts_company_day
  ON fiscal_receipts(company_id, COALESCE(bf_date, substr(created_ts, 1, 10)));

-- Already served by migration 003 (checked with EXPLAIN QUERY PLAN, with and without ANALYZE
-- statistics, and kept so by tests/integration/documents-query-plans.test.ts):
--   date filters:              *_company_date (company_id, date); fiscal receipts above
--   modifiedafter / through:   *_company_changed (company_id, last_changed_ts)
--   pages in id order, id, minid: *_company (company_id), the primary key
--   skipcancelled, exclude:cancelled: *_company in id order (cancelled rows are few: an index
--                              on cancelled would save little and cost every write);
--                              fiscal receipts: status_id <> 0 the same way
--   invoices documentnr:       invoices_company_number (company_id, number)
--   proformas for_abon_tpl_id: proformas_company_template (company_id, subscription_template_id)
--   fiscal receipts raport_z_nr, pl_id, statie_id, status_id:
--                              fiscal_receipts_company_z / _workpoint / _station / _status
--   payments allocation_status: payments_company_allocation (company_id, allocation_status);
--                              has_allocated (<> 'not_allocated'): payments_company in id order
--   AWB documentnr:            awbs_company_nr (company_id, awb_nr)
--   include:items of receipts: sale_items_sale (sale_id, line_no)
--   include:allocations:       payment_allocations_payment (payment_id); documents by primary key
--   inventory totals and rows: inventory_rows_inventory (inventory_id)
--   payment types:             the primary key (company_id, code)
