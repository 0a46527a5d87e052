-- Values behind keys the real service's product and contact records carry (issue 9;
-- ../shared/docs/real-service.md). docs/data-model.md says which meanings are observed and
-- which are inferred.

-- cod_intern: the product's internal code, kept beside cod_produs (the article code orders
-- use) and barcode (the EAN). Free text set by the ERP's staff, '' when none; products that
-- predate this migration have none recorded.
ALTER TABLE products ADD COLUMN cod_intern TEXT NOT NULL DEFAULT '';

-- delistat (inferred): 1 when the product was withdrawn from the assortment ("delistat",
-- delisted): not re-ordered and not offered to new listings, while it may still be sold as long
-- as stock lasts (sellable is a flag of its own). An archived product has left the
-- assortment, so the products archived before this migration are marked delisted.
ALTER TABLE products ADD COLUMN delisted INTEGER NOT NULL DEFAULT 0 CHECK (delisted IN (0, 1));
UPDATE products SET delisted = 1 WHERE archived = 1;

-- client_code: the code the ERP gives a client (CL + the contact id on 6 digits, as the
-- contacts domain assigns it to a new client); '' for a contact that is not a client. The
-- existing clients get theirs here.
ALTER TABLE contacts ADD COLUMN client_code TEXT NOT NULL DEFAULT '';
UPDATE contacts SET client_code = printf('CL%06d', id) WHERE is_client = 1;
