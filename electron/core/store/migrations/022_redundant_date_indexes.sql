-- The documents' (company_id, date) indexes (003, 004; the fiscal receipts' day, 005) are exact
-- prefixes of the screen indexes that came later (015): an index ends with the rowid, so
-- (company_id, date) holds its entries in the order of (company_id, date, id, ...), and every
-- query one served, the other serves the same way (same constraints, same order, covering more).
-- They only cost: one more b-tree written by every insert and every change of the date (a
-- payment POST ~5% of its CPU), and built by every seed. The plan tests
-- (tests/integration/documents-query-plans.test.ts) check that the date filters use the screen
-- indexes, without statistics and with.
--
-- Kept: the narrow (company_id) indexes, whose order the screen_id indexes repeat too, because
-- they are what a count of an account's rows reads (the smallest index that answers it).
DROP INDEX IF EXISTS sales_company_date;
DROP INDEX IF EXISTS invoices_company_date;
DROP INDEX IF EXISTS proformas_company_date;
DROP INDEX IF EXISTS payments_company_date;
DROP INDEX IF EXISTS awbs_company_date;
DROP INDEX IF EXISTS connector_orders_company_date;
DROP INDEX IF EXISTS fiscal_receipts_company_day;
