-- Sales receipts on the screen: what is left to pay (the "Open amount" column, total less
-- paid_amount) and Paid sort, and the payment state filters (paid, partly paid, unpaid:
-- lists.sales payment_state). The plan of 015 holds: each sort an index ordered by
-- (company_id, <sort>, id) that carries every column a filter reads, so the window and the
-- count walk the index alone. The payment state reads total_with_vat and paid_amount: the three
-- indexes of 015 are made again with both at their end, and two more order by paid_amount and by
-- the open amount (an expression index: the list sorts by exactly this expression).
DROP INDEX IF EXISTS sales_screen_id;
DROP INDEX IF EXISTS sales_screen_date;
DROP INDEX IF EXISTS sales_screen_total;
CREATE INDEX sales_screen_id ON sales(company_id, id, date, client_id, cancelled, invoice_id, added_by_api, total_with_vat, paid_amount);
CREATE INDEX sales_screen_date ON sales(company_id, date, id, client_id, cancelled, invoice_id, added_by_api, total_with_vat, paid_amount);
CREATE INDEX sales_screen_total ON sales(company_id, total_with_vat, id, date, client_id, cancelled, invoice_id, added_by_api, paid_amount);
CREATE INDEX sales_screen_paid ON sales(company_id, paid_amount, id, date, client_id, cancelled, invoice_id, added_by_api, total_with_vat);
CREATE INDEX sales_screen_open ON sales(company_id, round(total_with_vat - paid_amount, 2), id, date, client_id, cancelled, invoice_id, added_by_api, total_with_vat, paid_amount);
