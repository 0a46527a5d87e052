-- The staff document actions (issue 29): a storno names the invoice it reverses (storno_of_id),
-- and an invoice reversed by a live storno has nothing left to pay (its rest, read by every
-- invoice row and the Paid filter); a proforma of a connector order is invoiced through its
-- order. Both lookups go by these indexes (only the few rows that have a value are indexed).
CREATE INDEX invoices_storno_of ON invoices(storno_of_id) WHERE storno_of_id IS NOT NULL;
CREATE INDEX connector_orders_proforma ON connector_orders(proforma_id) WHERE proforma_id IS NOT NULL;
